package incangold

import (
	"encoding/json"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

// igNewGameScene sets up an Incan Gold table on the box's New game screen
// (scenes.NewGameForm): 3 to 8 seats (I1.1), each a human with a name or
// a computer player with a level; the start player, ticked or drawn
// (I2.4); the table options (O1-O4); the learning aid "chance the next
// card ends the round" (off by default); and a seed.
type igNewGameScene struct {
	scenes.NewGameForm
	setup igSetup // the options and the learning aid; Seats and the start player are the form's at Begin
}

func newIGNewGameScene(a *scenes.App) *igNewGameScene {
	s := &igNewGameScene{}
	s.setup = igSetup{Seats: scenes.DefaultSeats(a, 5), Options: incangold.DefaultOptions()}
	if last := lastIGSetup(a); last != nil {
		s.setup = *last
	}
	s.NewGameForm = scenes.NewNewGameForm("ig.newgame.title", scenes.NewSeatEditor(a, s.setup.Seats,
		s.setup.Options.StartPlayer, incangold.MinPlayers, incangold.MaxPlayers, incangold.Levels, "scene.newgame.starts_col"))
	return s
}

// lastIGSetup is the table last started on this screen
// (scenes.LastTable), nil when there is none or it does not read or
// check (a corrupt settings file).
func lastIGSetup(a *scenes.App) *igSetup {
	var st igSetup
	if data := scenes.LastTable(a, igGameID); len(data) == 0 || json.Unmarshal(data, &st) != nil || st.validate() != nil {
		return nil
	}
	st.Seed = 0
	return &st
}

// newIGAutoplayNewGame is the new-game scene as --autoplay fills it.
func newIGAutoplayNewGame(a *scenes.App) *igNewGameScene {
	s := newIGNewGameScene(a)
	s.Seats = igAutoplaySeats(a)
	return s
}

func (s *igNewGameScene) Name() string { return "ig-newgame" }

// fill gives the form this frame's options (diamant rules out the 2020
// artifacts and the tie-break by worth: O1) and summary.
func (s *igNewGameScene) fill(a *scenes.App) {
	o := s.setup.Options
	s.Options.Items = append(s.Options.Items[:0],
		scenes.Option{Key: "ig.opt.diamant", On: o.Diamant},
		scenes.Option{Key: "ig.opt.artifacts2020", On: o.Artifacts2020, Off: o.Diamant},
		scenes.Option{Key: "ig.opt.tiebreak_value", On: o.TiebreakValue, Off: o.Diamant},
		scenes.Option{Key: "ig.opt.open_tents", On: o.OpenTents},
		scenes.Option{Key: "ig.opt.chance", On: s.setup.ShowChance},
		scenes.Option{Key: "ig.opt.start_drawn", On: s.First < 0})
	s.Summary = a.T("ig.newgame.summary", "players", a.N("player.count", len(s.Seats)))
}

func (s *igNewGameScene) Update(a *scenes.App) error {
	s.fill(a)
	o := &s.setup.Options
	opt, start := s.NewGameForm.Update(a)
	switch opt {
	case 0:
		o.Diamant = !o.Diamant
		if o.Diamant {
			o.Artifacts2020, o.TiebreakValue = false, false
		}
	case 1:
		o.Artifacts2020 = !o.Artifacts2020
	case 2:
		o.TiebreakValue = !o.TiebreakValue
	case 3:
		o.OpenTents = !o.OpenTents
	case 4:
		s.setup.ShowChance = !s.setup.ShowChance
	case 5:
		if s.First < 0 {
			s.First = 0
		} else {
			s.First = incangold.DrawStart
		}
	}
	if start {
		s.Begin(a)
	}
	return nil
}

// Begin starts the game on its board.
func (s *igNewGameScene) Begin(a *scenes.App) {
	seats, seed, errText := s.Result(a)
	if errText != "" {
		s.Err = errText
		return
	}
	st := s.setup
	st.Seats, st.Seed = seats, seed
	st.Options.StartPlayer = s.First
	if s.First < 0 {
		st.Options.StartPlayer = incangold.DrawStart
	}
	var m *igMatch
	var err error
	if a.Cfg.Autoplay {
		m, err = newIGAutoplayMatch(a)
	} else {
		m, err = newIGMatch(a, st)
	}
	if err != nil {
		s.Err = a.T("scene.error", "error", err.Error())
		return
	}
	s.Begun(a, seats)
	if !a.Cfg.Autoplay {
		kept := st
		kept.Seed = 0
		scenes.KeepTable(a, igGameID, kept)
	}
	a.GoTo(newIGBoardScene(a, m))
}

func (s *igNewGameScene) Draw(a *scenes.App, dst *ebiten.Image) {
	s.fill(a)
	s.NewGameForm.Draw(a, dst)
}
