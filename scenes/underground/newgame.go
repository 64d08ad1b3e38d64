package underground

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
)

// ugNewGameScene sets up an Underground table: 2 to 5 seats (U1.1), each
// a human with a name or a computer player with a level; the map follows
// the player count (U2.1) and is named with its game turns; a seed.
// Keyboard: Tab through the name and seed fields, Enter starts, Esc goes
// back.
type ugNewGameScene struct {
	scenes.SeatEditor // the seats and the seed
	p                 scenes.Painter
	start             scenes.Button
	back              scenes.Button
	err               string
	warmed            int // the seat count whose map's geometry is made ahead
}

func newUGNewGameScene(a *scenes.App) *ugNewGameScene {
	lo, hi := ugGame.Seats()
	return &ugNewGameScene{SeatEditor: scenes.NewSeatEditor(a, 3, lo, hi, ugLevels, "ug")}
}

// newUGAutoplayNewGame is the new-game scene as --autoplay fills it.
func newUGAutoplayNewGame(a *scenes.App) *ugNewGameScene {
	s := newUGNewGameScene(a)
	s.Seats = ugAutoplaySeats(a)
	return s
}

func (s *ugNewGameScene) Name() string { return "ug-newgame" }

func (s *ugNewGameScene) layout(a *scenes.App) {
	w, h := float64(a.W), float64(a.H)
	u := a.U
	s.SeatEditor.Layout(a, scenes.R(w-u(40)-u(500), u(150), u(500), u(42)))
	s.start = scenes.Button{R: scenes.R(w/2+u(20), h-u(80), u(300), u(54)), Label: a.T("scene.newgame.start"), Enabled: true, Primary: true}
	s.back = scenes.Button{R: scenes.R(w/2-u(320), h-u(80), u(300), u(54)), Label: a.T("scene.back"), Enabled: true}
	if a.RTL() {
		s.start.R, s.back.R = s.back.R, s.start.R
	}
}

func (s *ugNewGameScene) Update(a *scenes.App) error {
	s.layout(a)
	if n := len(s.Seats); n != s.warmed {
		s.warmed = n
		warmUGGeom(a, n) // the board's geometry, made off the frame (board_art.go)
	}
	if s.SeatEditor.Update(a) {
		return nil
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
func (s *ugNewGameScene) Begin(a *scenes.App) {
	seats, seed, errText := s.Result(a)
	if errText != "" {
		s.err = errText
		return
	}
	st := ugSetup{Seats: seats, Seed: seed}
	if a.Cfg.Autoplay && st.Seed == 0 {
		st.Seed = a.Cfg.Seed
	}
	m, err := newUGMatch(a, st)
	if err != nil {
		s.err = a.T("scene.error", "error", err.Error())
		return
	}
	a.GoTo(newUGPlayScene(a, m))
}

func (s *ugNewGameScene) Draw(a *scenes.App, dst *ebiten.Image) {
	s.layout(a)
	scenes.DrawTableBackground(a, &s.p, dst)
	w, h := float64(a.W), float64(a.H)
	scenes.DrawText(a, dst, a.T("ug.newgame.title"), a.U(32), w/2, a.U(44), scenes.AlignCenter, scenes.ColGold)
	s.SeatEditor.Draw(a, &s.p, dst)
	lx, al := scenes.StartOf(a, scenes.R(s.SeedR.X, 0, s.SeedR.W, 0), 0)
	if mp, err := maps.ForPlayers(len(s.Seats)); err == nil {
		scenes.DrawText(a, dst, scenes.Fit(a, a.T("ug.newgame.map", "map", mp.Name, "turns", mp.Turns), a.U(17), s.SeedR.W), a.U(17), lx, a.U(104), al, scenes.ColText)
	}
	scenes.DrawWrapped(a, dst, a.T("ug.newgame.about"), a.U(14), s.SeedR.Cx(), s.SeedR.Y+s.SeedR.H+a.U(30), s.SeedR.W, scenes.AlignCenter, scenes.ColTextDim)
	if s.err != "" {
		scenes.DrawText(a, dst, s.err, a.U(15), w/2, h-a.U(100), scenes.AlignCenter, scenes.ColBad)
	}
	scenes.DrawButton(a, &s.p, dst, &s.back)
	scenes.DrawButton(a, &s.p, dst, &s.start)
}
