package underground

import (
	"encoding/json"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
)

// ugNewGameScene sets up an Underground table on the box's New game
// screen (scenes.NewGameForm): 2 to 5 seats (U1.1), each a human with a
// name or a computer player with a level; the first player, ticked or
// drawn (U2.7); open coins; a seed. The map follows the player count
// (U2.1) and is named with its game turns in the summary.
type ugNewGameScene struct {
	scenes.NewGameForm
	setup  ugSetup // the options; Seats and the first player are the form's at Begin
	warmed int     // the seat count whose map's geometry is made ahead
	mapOf  ugMapSummary
}

// ugMapSummary is what the summary says of the map of a seat count: it
// is looked up when the count changes, not every tick (maps.ForPlayers
// copies the whole map; issue 28).
type ugMapSummary struct {
	players int
	name    string
	turns   int
	ok      bool // the count has a map
}

func newUGNewGameScene(a *scenes.App) *ugNewGameScene {
	lo, hi := ugGame.Seats()
	s := &ugNewGameScene{setup: ugSetup{Seats: scenes.DefaultSeats(a, 3)}}
	if last := lastUGSetup(a); last != nil {
		s.setup = *last
	}
	first := -1
	if f := s.setup.Options.FirstPlayer; f != nil {
		first = *f
	}
	s.NewGameForm = scenes.NewNewGameForm("ug.newgame.title", scenes.NewSeatEditor(a, s.setup.Seats, first, lo, hi, ugLevels, "scene.newgame.starts_col"))
	return s
}

// lastUGSetup is the table last started on this screen
// (scenes.LastTable), nil when there is none or it does not read or
// check (a corrupt settings file).
func lastUGSetup(a *scenes.App) *ugSetup {
	var st ugSetup
	if data := scenes.LastTable(a, ugGameID); len(data) == 0 || json.Unmarshal(data, &st) != nil || st.validate() != nil {
		return nil
	}
	st.Seed = 0
	return &st
}

// newUGAutoplayNewGame is the new-game scene as --autoplay fills it.
func newUGAutoplayNewGame(a *scenes.App) *ugNewGameScene {
	s := newUGNewGameScene(a)
	s.Seats = ugAutoplaySeats(a)
	return s
}

func (s *ugNewGameScene) Name() string { return "ug-newgame" }

// fill gives the form this frame's options and summary (the map of the
// player count and its game turns, U2.1).
func (s *ugNewGameScene) fill(a *scenes.App) {
	s.Options.Items = append(s.Options.Items[:0],
		scenes.Option{Key: "ug.opt.open_coins", On: s.setup.Options.OpenCoins},
		scenes.Option{Key: "ug.opt.first_drawn", On: s.First < 0})
	if n := len(s.Seats); s.mapOf.players != n {
		s.mapOf = ugMapSummary{players: n}
		if mp, err := maps.ForPlayers(n); err == nil {
			s.mapOf.name, s.mapOf.turns, s.mapOf.ok = mp.Name, mp.Turns, true
		}
	}
	s.Summary = ""
	if s.mapOf.ok {
		s.Summary = a.T("ug.newgame.map", "map", s.mapOf.name, "turns", s.mapOf.turns)
	}
}

func (s *ugNewGameScene) Update(a *scenes.App) error {
	s.fill(a)
	if n := len(s.Seats); n != s.warmed {
		s.warmed = n
		warmUGGeom(a, n) // the board's geometry, made off the frame (board_art.go)
	}
	opt, start := s.NewGameForm.Update(a)
	switch opt {
	case 0:
		s.setup.Options.OpenCoins = !s.setup.Options.OpenCoins
	case 1:
		if s.First < 0 {
			s.First = 0
		} else {
			s.First = -1
		}
	}
	if start {
		s.Begin(a)
	}
	return nil
}

// Begin starts the game on its board.
func (s *ugNewGameScene) Begin(a *scenes.App) {
	seats, seed, errText := s.Result(a)
	if errText != "" {
		s.Err = errText
		return
	}
	st := ugSetup{Seats: seats, Options: s.setup.Options, Seed: seed}
	st.Options.FirstPlayer = nil
	if s.First >= 0 {
		first := s.First
		st.Options.FirstPlayer = &first
	}
	if a.Cfg.Autoplay && st.Seed == 0 {
		st.Seed = a.Cfg.Seed
	}
	m, err := newUGMatch(a, st)
	if err != nil {
		s.Err = a.T("scene.error", "error", err.Error())
		return
	}
	s.Begun(a, seats)
	if !a.Cfg.Autoplay {
		kept := st
		kept.Seed = 0
		scenes.KeepTable(a, ugGameID, kept)
	}
	a.GoTo(newUGPlayScene(a, m))
}

func (s *ugNewGameScene) Draw(a *scenes.App, dst *ebiten.Image) {
	s.fill(a)
	s.NewGameForm.Draw(a, dst)
}
