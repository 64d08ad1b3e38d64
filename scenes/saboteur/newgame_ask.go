package saboteur

import (
	"github.com/goldvein/goldvein/scenes"
	"github.com/hajimehoshi/ebiten/v2"
)

// overwriteAsk is the question New game asks when an unfinished game is
// saved: starting a new one replaces the autosave, so Continue could no
// longer bring it back.
type overwriteAsk struct {
	on     bool
	agreed bool // the player chose to start anyway
	box    scenes.Rect
	yes    scenes.Button // start the new game
	no     scenes.Button // back to the table set-up; the saved game stays
}

func (s *newGameScene) askLayout(a *scenes.App) {
	w, h := float64(a.W), float64(a.H)
	q := &s.ask
	q.box = scenes.R(w/2-a.U(260), h/2-a.U(110), a.U(520), a.U(220))
	bw := a.U(230)
	q.yes = scenes.Button{R: scenes.R(q.box.Cx()+a.U(10), q.box.Y+q.box.H-a.U(70), bw, a.U(50)),
		Label: a.T("scene.newgame.replace_yes"), Enabled: true, Primary: true}
	q.no = scenes.Button{R: scenes.R(q.box.Cx()-a.U(10)-bw, q.box.Y+q.box.H-a.U(70), bw, a.U(50)),
		Label: a.T("scene.newgame.replace_no"), Enabled: true}
	if a.RTL() {
		q.yes.R, q.no.R = q.yes.R.Mirror(w), q.no.R.Mirror(w)
	}
}

// askUpdate takes the answer: the button, Enter (start) or Esc (back).
func (s *newGameScene) askUpdate(a *scenes.App) {
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

func (s *newGameScene) drawAsk(a *scenes.App, dst *ebiten.Image) {
	s.askLayout(a)
	q := &s.ask
	a.FlushText()
	s.p.Fill(dst, scenes.R(0, 0, float64(a.W), float64(a.H)), scenes.ColShade)
	s.p.Round(dst, q.box, a.U(12), scenes.ColPanel, a.U(3), scenes.ColGold)
	scenes.DrawText(a, dst, a.T("scene.newgame.replace_title"), a.U(20), q.box.Cx(), q.box.Y+a.U(34), scenes.AlignCenter, scenes.ColGold)
	scenes.DrawWrapped(a, dst, a.T("scene.newgame.replace_body"), a.U(15), q.box.Cx(), q.box.Y+a.U(62), q.box.W-a.U(40), scenes.AlignCenter, scenes.ColText)
	scenes.DrawButton(a, &s.p, dst, &q.yes)
	scenes.DrawButton(a, &s.p, dst, &q.no)
}
