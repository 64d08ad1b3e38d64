package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/underground/maps"
)

// ugNewGameScene sets up an Underground table: 2 to 5 seats (U1.1), each
// a human with a name or a computer player with a level; the map follows
// the player count (U2.1) and is named with its game turns; a seed.
// Keyboard: Tab through the name and seed fields, Enter starts, Esc goes
// back.
type ugNewGameScene struct {
	seatEditor // the seats and the seed
	p          painter
	start      button
	back       button
	err        string
}

func newUGNewGameScene(a *App) *ugNewGameScene {
	lo, hi := ugGame.Seats()
	return &ugNewGameScene{seatEditor: newSeatEditor(a, 3, lo, hi, ugLevels, "ug")}
}

// newUGAutoplayNewGame is the new-game scene as --autoplay fills it.
func newUGAutoplayNewGame(a *App) *ugNewGameScene {
	s := newUGNewGameScene(a)
	s.seats = ugAutoplaySeats(a)
	return s
}

func (s *ugNewGameScene) Name() string { return "ug-newgame" }

func (s *ugNewGameScene) layout(a *App) {
	w, h := float64(a.w), float64(a.h)
	u := a.U
	s.seatEditor.layout(a, rect{w - u(40) - u(500), u(150), u(500), u(42)})
	s.start = button{r: rect{w/2 + u(20), h - u(80), u(300), u(54)}, label: a.T("scene.newgame.start"), enabled: true, primary: true}
	s.back = button{r: rect{w/2 - u(320), h - u(80), u(300), u(54)}, label: a.T("scene.back"), enabled: true}
	if a.RTL() {
		s.start.r, s.back.r = s.back.r, s.start.r
	}
}

func (s *ugNewGameScene) Update(a *App) error {
	s.layout(a)
	if s.seatEditor.update(a) {
		return nil
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
func (s *ugNewGameScene) begin(a *App) {
	seats, seed, errText := s.result(a)
	if errText != "" {
		s.err = errText
		return
	}
	st := ugSetup{Seats: seats, Seed: seed}
	if a.cfg.Autoplay && st.Seed == 0 {
		st.Seed = a.cfg.Seed
	}
	m, err := newUGMatch(a, st)
	if err != nil {
		s.err = a.T("scene.error", "error", err.Error())
		return
	}
	a.GoTo(newUGPlayScene(a, m))
}

func (s *ugNewGameScene) Draw(a *App, dst *ebiten.Image) {
	s.layout(a)
	drawTableBackground(a, &s.p, dst)
	w, h := float64(a.w), float64(a.h)
	drawText(a, dst, a.T("ug.newgame.title"), a.U(32), w/2, a.U(44), alignCenter, colGold)
	s.seatEditor.draw(a, &s.p, dst)
	lx, al := startOf(a, rect{s.seedR.x, 0, s.seedR.w, 0}, 0)
	if mp, err := maps.ForPlayers(len(s.seats)); err == nil {
		drawText(a, dst, fit(a, a.T("ug.newgame.map", "map", mp.Name, "turns", mp.Turns), a.U(17), s.seedR.w), a.U(17), lx, a.U(104), al, colText)
	}
	drawWrapped(a, dst, a.T("ug.newgame.about"), a.U(14), s.seedR.cx(), s.seedR.y+s.seedR.h+a.U(30), s.seedR.w, alignCenter, colTextDim)
	if s.err != "" {
		drawText(a, dst, s.err, a.U(15), w/2, h-a.U(100), alignCenter, colBad)
	}
	drawButton(a, &s.p, dst, &s.back)
	drawButton(a, &s.p, dst, &s.start)
}
