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
	box    Rect
	yes    Button // start the new game
	no     Button // back to the table set-up; the saved game stays
}

func (s *newGameScene) askLayout(a *App) {
	w, h := float64(a.W), float64(a.H)
	q := &s.ask
	q.box = Rect{w/2 - a.U(260), h/2 - a.U(110), a.U(520), a.U(220)}
	bw := a.U(230)
	q.yes = Button{R: Rect{q.box.Cx() + a.U(10), q.box.Y + q.box.H - a.U(70), bw, a.U(50)},
		Label: a.T("scene.newgame.replace_yes"), Enabled: true, Primary: true}
	q.no = Button{R: Rect{q.box.Cx() - a.U(10) - bw, q.box.Y + q.box.H - a.U(70), bw, a.U(50)},
		Label: a.T("scene.newgame.replace_no"), Enabled: true}
	if a.RTL() {
		q.yes.R, q.no.R = q.yes.R.Mirror(w), q.no.R.Mirror(w)
	}
}

// askUpdate takes the answer: the button, Enter (start) or Esc (back).
func (s *newGameScene) askUpdate(a *App) {
	s.askLayout(a)
	q := &s.ask
	switch {
	case q.yes.Clicked(a) || a.Key(ebiten.KeyEnter) || a.Key(ebiten.KeyKPEnter):
		q.on, q.agreed = false, true
		s.Begin(a)
	case q.no.Clicked(a) || a.Key(ebiten.KeyEscape):
		q.on = false
	}
}

func (s *newGameScene) drawAsk(a *App, dst *ebiten.Image) {
	s.askLayout(a)
	q := &s.ask
	a.FlushText()
	s.p.Fill(dst, Rect{0, 0, float64(a.W), float64(a.H)}, ColShade)
	s.p.Round(dst, q.box, a.U(12), ColPanel, a.U(3), ColGold)
	DrawText(a, dst, a.T("scene.newgame.replace_title"), a.U(20), q.box.Cx(), q.box.Y+a.U(34), AlignCenter, ColGold)
	DrawWrapped(a, dst, a.T("scene.newgame.replace_body"), a.U(15), q.box.Cx(), q.box.Y+a.U(62), q.box.W-a.U(40), AlignCenter, ColText)
	DrawButton(a, &s.p, dst, &q.yes)
	DrawButton(a, &s.p, dst, &q.no)
}
