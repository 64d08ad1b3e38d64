package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"
)

// overwriteAsk is the question New game asks when an unfinished game is
// saved: starting a new one replaces the autosave, so Continue could no
// longer bring it back.
type overwriteAsk struct {
	on     bool
	agreed bool // the player chose to start anyway
	box    rect
	yes    button // start the new game
	no     button // back to the table set-up; the saved game stays
}

func (s *newGameScene) askLayout(a *App) {
	w, h := float64(a.w), float64(a.h)
	q := &s.ask
	q.box = rect{w/2 - a.U(260), h/2 - a.U(110), a.U(520), a.U(220)}
	bw := a.U(230)
	q.yes = button{r: rect{q.box.cx() + a.U(10), q.box.y + q.box.h - a.U(70), bw, a.U(50)},
		label: a.T("scene.newgame.replace_yes"), enabled: true, primary: true}
	q.no = button{r: rect{q.box.cx() - a.U(10) - bw, q.box.y + q.box.h - a.U(70), bw, a.U(50)},
		label: a.T("scene.newgame.replace_no"), enabled: true}
	if a.RTL() {
		q.yes.r, q.no.r = q.yes.r.mirror(w), q.no.r.mirror(w)
	}
}

// askUpdate takes the answer: the button, Enter (start) or Esc (back).
func (s *newGameScene) askUpdate(a *App) {
	s.askLayout(a)
	q := &s.ask
	switch {
	case q.yes.clicked(a) || a.Key(ebiten.KeyEnter) || a.Key(ebiten.KeyKPEnter):
		q.on, q.agreed = false, true
		s.begin(a)
	case q.no.clicked(a) || a.Key(ebiten.KeyEscape):
		q.on = false
	}
}

func (s *newGameScene) drawAsk(a *App, dst *ebiten.Image) {
	s.askLayout(a)
	q := &s.ask
	a.flushText()
	s.p.fill(dst, rect{0, 0, float64(a.w), float64(a.h)}, colShade)
	s.p.round(dst, q.box, a.U(12), colPanel, a.U(3), colGold)
	drawText(a, dst, a.T("scene.newgame.replace_title"), a.U(20), q.box.cx(), q.box.y+a.U(34), alignCenter, colGold)
	drawWrapped(a, dst, a.T("scene.newgame.replace_body"), a.U(15), q.box.cx(), q.box.y+a.U(62), q.box.w-a.U(40), alignCenter, colText)
	drawButton(a, &s.p, dst, &q.yes)
	drawButton(a, &s.p, dst, &q.no)
}
