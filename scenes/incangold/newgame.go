package incangold

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

// igNewGameScene sets up an Incan Gold table: 3 to 8 seats (I1.1), each a
// human with a name or a computer player with a level; the table options
// (O1-O4); the start player, chosen or drawn (I2.4); the learning aid
// "chance the next card ends the round" (off by default); and a seed.
type igNewGameScene struct {
	scenes.SeatEditor // the seats and the seed; setup.Seats is set at Start
	p                 scenes.Painter
	setup             igSetup // the options and the learning aid
	opts              [5]scenes.Button
	startP            scenes.Button
	start             scenes.Button
	back              scenes.Button
	err               string
}

func newIGNewGameScene(a *scenes.App) *igNewGameScene {
	s := &igNewGameScene{SeatEditor: scenes.NewSeatEditor(a, 5, incangold.MinPlayers, incangold.MaxPlayers, incangold.Levels, "ig")}
	s.setup.Options = incangold.DefaultOptions()
	return s
}

// newIGAutoplayNewGame is the new-game scene as --autoplay fills it.
func newIGAutoplayNewGame(a *scenes.App) *igNewGameScene {
	s := newIGNewGameScene(a)
	s.Seats = igAutoplaySeats(a)
	return s
}

func (s *igNewGameScene) Name() string { return "ig-newgame" }

func (s *igNewGameScene) layout(a *scenes.App) {
	w, h := float64(a.W), float64(a.H)
	u := a.U
	ox := w - u(40) - u(500)
	s.SeatEditor.Layout(a, scenes.R(ox, u(96)+6*u(50)+u(44), u(500), u(42)))
	keys := [5]string{"ig.opt.diamant", "ig.opt.artifacts2020", "ig.opt.tiebreak_value", "ig.opt.open_tents", "ig.opt.chance"}
	on := [5]bool{s.setup.Options.Diamant, s.setup.Options.Artifacts2020, s.setup.Options.TiebreakValue, s.setup.Options.OpenTents, s.setup.ShowChance}
	for i := range s.opts {
		s.opts[i] = scenes.Button{R: scenes.R(ox, u(96)+float64(i)*u(50), u(500), u(42)), Label: a.T(keys[i]), Enabled: true, Focus: on[i]}
	}
	sp := a.T("ig.start.drawn")
	if p := s.setup.Options.StartPlayer; p >= 0 && p < len(s.Seats) {
		sp = a.T("ig.start.seat", "name", s.Seats[p].Name)
	}
	s.startP = scenes.Button{R: scenes.R(ox, u(96)+5*u(50)+u(10), u(500), u(44)), Label: sp, Enabled: true}
	s.start = scenes.Button{R: scenes.R(w/2+u(20), h-u(80), u(300), u(54)), Label: a.T("scene.newgame.start"), Enabled: true, Primary: true}
	s.back = scenes.Button{R: scenes.R(w/2-u(320), h-u(80), u(300), u(54)), Label: a.T("scene.back"), Enabled: true}
	if a.RTL() {
		for i := range s.opts {
			s.opts[i].R = s.opts[i].R.Mirror(w)
		}
		s.startP.R = s.startP.R.Mirror(w)
		s.start.R, s.back.R = s.back.R, s.start.R
	}
}

func (s *igNewGameScene) Update(a *scenes.App) error {
	s.layout(a)
	o := &s.setup.Options
	if s.SeatEditor.Update(a) {
		if o.StartPlayer >= len(s.Seats) {
			o.StartPlayer = incangold.DrawStart
		}
		return nil
	}
	switch {
	case s.opts[0].Clicked(a):
		o.Diamant = !o.Diamant
		if o.Diamant {
			o.Artifacts2020, o.TiebreakValue = false, false
		}
	case s.opts[1].Clicked(a):
		o.Artifacts2020 = !o.Artifacts2020 && !o.Diamant
	case s.opts[2].Clicked(a):
		o.TiebreakValue = !o.TiebreakValue && !o.Diamant
	case s.opts[3].Clicked(a):
		o.OpenTents = !o.OpenTents
	case s.opts[4].Clicked(a):
		s.setup.ShowChance = !s.setup.ShowChance
	case s.startP.Clicked(a):
		o.StartPlayer++
		if o.StartPlayer >= len(s.Seats) {
			o.StartPlayer = incangold.DrawStart
		}
	}
	if s.back.Clicked(a) || a.Key(ebiten.KeyEscape) {
		a.GoTo(scenes.NewMenuScene(a))
		return nil
	}
	if s.start.Clicked(a) || (a.Key(ebiten.KeyEnter) && s.Focus < 0) {
		s.Begin(a)
	}
	return nil
}

// Begin starts the game on its board.
func (s *igNewGameScene) Begin(a *scenes.App) {
	seats, seed, errText := s.Result(a)
	if errText != "" {
		s.err = errText
		return
	}
	st := s.setup
	st.Seats, st.Seed = seats, seed
	var m *igMatch
	var err error
	if a.Cfg.Autoplay {
		m, err = newIGAutoplayMatch(a)
	} else {
		m, err = newIGMatch(a, st)
	}
	if err != nil {
		s.err = a.T("scene.error", "error", err.Error())
		return
	}
	a.GoTo(newIGBoardScene(a, m))
}

func (s *igNewGameScene) Draw(a *scenes.App, dst *ebiten.Image) {
	s.layout(a)
	scenes.DrawTableBackground(a, &s.p, dst)
	w, h := float64(a.W), float64(a.H)
	scenes.DrawText(a, dst, a.T("ig.newgame.title"), a.U(32), w/2, a.U(44), scenes.AlignCenter, scenes.ColGold)
	s.SeatEditor.Draw(a, &s.p, dst)
	for i := range s.opts {
		scenes.DrawToggle(a, &s.p, dst, &s.opts[i])
	}
	scenes.DrawButton(a, &s.p, dst, &s.startP)
	scenes.DrawWrapped(a, dst, a.T("ig.newgame.about"), a.U(14), s.startP.R.Cx(), s.SeedR.Y+s.SeedR.H+a.U(30), s.startP.R.W, scenes.AlignCenter, scenes.ColTextDim)
	if s.err != "" {
		scenes.DrawText(a, dst, s.err, a.U(15), w/2, h-a.U(100), scenes.AlignCenter, scenes.ColBad)
	}
	scenes.DrawButton(a, &s.p, dst, &s.back)
	scenes.DrawButton(a, &s.p, dst, &s.start)
}
