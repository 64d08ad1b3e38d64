package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/incangold"
)

// igNewGameScene sets up an Incan Gold table: 3 to 8 seats (I1.1), each a
// human with a name or a computer player with a level; the table options
// (O1-O4); the start player, chosen or drawn (I2.4); the learning aid
// "chance the next card ends the round" (off by default); and a seed.
type igNewGameScene struct {
	seatEditor // the seats and the seed; setup.Seats is set at Start
	p          painter
	setup      igSetup // the options and the learning aid
	opts       [5]button
	startP     button
	start      button
	back       button
	err        string
}

func newIGNewGameScene(a *App) *igNewGameScene {
	s := &igNewGameScene{seatEditor: newSeatEditor(a, 5, incangold.MinPlayers, incangold.MaxPlayers, incangold.Levels, "ig")}
	s.setup.Options = incangold.DefaultOptions()
	return s
}

// newIGAutoplayNewGame is the new-game scene as --autoplay fills it.
func newIGAutoplayNewGame(a *App) *igNewGameScene {
	s := newIGNewGameScene(a)
	s.seats = igAutoplaySeats(a)
	return s
}

func (s *igNewGameScene) Name() string { return "ig-newgame" }

func (s *igNewGameScene) layout(a *App) {
	w, h := float64(a.w), float64(a.h)
	u := a.U
	ox := w - u(40) - u(500)
	s.seatEditor.layout(a, rect{ox, u(96) + 6*u(50) + u(44), u(500), u(42)})
	keys := [5]string{"ig.opt.diamant", "ig.opt.artifacts2020", "ig.opt.tiebreak_value", "ig.opt.open_tents", "ig.opt.chance"}
	on := [5]bool{s.setup.Options.Diamant, s.setup.Options.Artifacts2020, s.setup.Options.TiebreakValue, s.setup.Options.OpenTents, s.setup.ShowChance}
	for i := range s.opts {
		s.opts[i] = button{r: rect{ox, u(96) + float64(i)*u(50), u(500), u(42)}, label: a.T(keys[i]), enabled: true, focus: on[i]}
	}
	sp := a.T("ig.start.drawn")
	if p := s.setup.Options.StartPlayer; p >= 0 && p < len(s.seats) {
		sp = a.T("ig.start.seat", "name", s.seats[p].Name)
	}
	s.startP = button{r: rect{ox, u(96) + 5*u(50) + u(10), u(500), u(44)}, label: sp, enabled: true}
	s.start = button{r: rect{w/2 + u(20), h - u(80), u(300), u(54)}, label: a.T("scene.newgame.start"), enabled: true, primary: true}
	s.back = button{r: rect{w/2 - u(320), h - u(80), u(300), u(54)}, label: a.T("scene.back"), enabled: true}
	if a.RTL() {
		for i := range s.opts {
			s.opts[i].r = s.opts[i].r.mirror(w)
		}
		s.startP.r = s.startP.r.mirror(w)
		s.start.r, s.back.r = s.back.r, s.start.r
	}
}

func (s *igNewGameScene) Update(a *App) error {
	s.layout(a)
	o := &s.setup.Options
	if s.seatEditor.update(a) {
		if o.StartPlayer >= len(s.seats) {
			o.StartPlayer = incangold.DrawStart
		}
		return nil
	}
	switch {
	case s.opts[0].clicked(a):
		o.Diamant = !o.Diamant
		if o.Diamant {
			o.Artifacts2020, o.TiebreakValue = false, false
		}
	case s.opts[1].clicked(a):
		o.Artifacts2020 = !o.Artifacts2020 && !o.Diamant
	case s.opts[2].clicked(a):
		o.TiebreakValue = !o.TiebreakValue && !o.Diamant
	case s.opts[3].clicked(a):
		o.OpenTents = !o.OpenTents
	case s.opts[4].clicked(a):
		s.setup.ShowChance = !s.setup.ShowChance
	case s.startP.clicked(a):
		o.StartPlayer++
		if o.StartPlayer >= len(s.seats) {
			o.StartPlayer = incangold.DrawStart
		}
	}
	if s.back.clicked(a) || a.Key(ebiten.KeyEscape) {
		a.GoTo(newMenuScene(a))
		return nil
	}
	if s.start.clicked(a) || (a.Key(ebiten.KeyEnter) && s.focus < 0) {
		s.begin(a)
	}
	return nil
}

// begin starts the game on its board.
func (s *igNewGameScene) begin(a *App) {
	seats, seed, errText := s.result(a)
	if errText != "" {
		s.err = errText
		return
	}
	st := s.setup
	st.Seats, st.Seed = seats, seed
	var m *igMatch
	var err error
	if a.cfg.Autoplay {
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

func (s *igNewGameScene) Draw(a *App, dst *ebiten.Image) {
	s.layout(a)
	drawTableBackground(a, &s.p, dst)
	w, h := float64(a.w), float64(a.h)
	drawText(a, dst, a.T("ig.newgame.title"), a.U(32), w/2, a.U(44), alignCenter, colGold)
	s.seatEditor.draw(a, &s.p, dst)
	for i := range s.opts {
		drawToggle(a, &s.p, dst, &s.opts[i])
	}
	drawButton(a, &s.p, dst, &s.startP)
	drawWrapped(a, dst, a.T("ig.newgame.about"), a.U(14), s.startP.r.cx(), s.seedR.y+s.seedR.h+a.U(30), s.startP.r.w, alignCenter, colTextDim)
	if s.err != "" {
		drawText(a, dst, s.err, a.U(15), w/2, h-a.U(100), alignCenter, colBad)
	}
	drawButton(a, &s.p, dst, &s.back)
	drawButton(a, &s.p, dst, &s.start)
}
