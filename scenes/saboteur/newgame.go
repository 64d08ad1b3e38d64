package saboteur

import (
	"encoding/json"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
	"github.com/goldvein/goldvein/scenes"
)

// newGameScene sets up a table on the box's New game screen
// (scenes.NewGameForm): 3 to 10 seats (R1.1), each a human (with a name)
// or a computer player (with a level); who is youngest (R3.5), or a
// random first player; the table options of SABOTEUR.md (R5.5, R8.1a,
// R8.1b); and a seed for a reproducible game.
type newGameScene struct {
	scenes.NewGameForm
	setup Setup          // the options; Seats and Youngest are the form's at Begin
	ask   overwriteAsk   // asks before a new game replaces an unfinished saved one
	p     scenes.Painter // the question's
}

func newNewGameScene(a *scenes.App) *newGameScene {
	s := &newGameScene{}
	var seats []scenes.SeatSetup
	if last := lastSetup(a.Settings); last != nil {
		s.setup = *last
		seats = last.Seats
		s.setup.Seed = 0
	} else {
		seats = scenes.DefaultSeats(a, 5)
	}
	s.NewGameForm = scenes.NewNewGameForm("scene.newgame.title",
		scenes.NewSeatEditor(a, seats, s.setup.Youngest, saboteur.MinPlayers, saboteur.MaxPlayers, levels(), "scene.newgame.youngest_col"))
	return s
}

// levels are the computer players' levels as the seat editor names them.
func levels() []string {
	var ls []string
	for _, l := range bot.Levels {
		ls = append(ls, string(l))
	}
	return ls
}

func (s *newGameScene) Name() string { return "newgame" }

// summary is the line above Start: how many players, saboteurs and
// gold-diggers the table deals (R1.2).
func (s *newGameScene) summary(a *scenes.App) string {
	sab, dig := saboteur.RoleCards(len(s.Seats))
	return a.T("scene.newgame.summary", "players", a.N("player.count", len(s.Seats)),
		"saboteurs", a.N("role.count.saboteur", sab), "diggers", a.N("role.count.gold_digger", dig))
}

// fill gives the form this frame's options and summary: the three table
// options of SABOTEUR.md and the random first player (R3.5).
func (s *newGameScene) fill(a *scenes.App) {
	s.Options.Items = append(s.Options.Items[:0],
		scenes.Option{Key: "option.connect_to_start", On: s.setup.ConnectToStart},
		scenes.Option{Key: "option.one_nugget_each", On: s.setup.OneNuggetPerDigger},
		scenes.Option{Key: "option.sabotaged_get_nothing", On: s.setup.SabotagedGetNothing},
		scenes.Option{Key: "scene.newgame.random_first", On: s.First < 0})
	s.Summary = s.summary(a)
}

func (s *newGameScene) Update(a *scenes.App) error {
	s.fill(a)
	if s.ask.on {
		s.Layout(a)
		s.askUpdate(a)
		return nil
	}
	opt, start := s.NewGameForm.Update(a)
	switch opt {
	case 0:
		s.setup.ConnectToStart = !s.setup.ConnectToStart
	case 1:
		s.setup.OneNuggetPerDigger = !s.setup.OneNuggetPerDigger
	case 2:
		s.setup.SabotagedGetNothing = !s.setup.SabotagedGetNothing
	case 3:
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

// Begin starts the game.
func (s *newGameScene) Begin(a *scenes.App) {
	seats, seed, errText := s.Result(a)
	if errText != "" {
		s.Err = errText
		return
	}
	st := s.setup
	st.Seats, st.Seed, st.Youngest = seats, seed, s.First
	if unfinished, _ := canContinue(a); !s.ask.agreed && !a.Cfg.Autoplay && unfinished {
		// An unfinished game is saved: starting replaces it, so ask.
		s.ask = overwriteAsk{on: true}
		return
	}
	var m *match
	var err error
	if a.Cfg.Autoplay {
		m, err = newAutoplayMatch(a)
	} else {
		m, err = NewMatch(a, st)
	}
	if err != nil {
		s.Err = a.T("scene.error", "error", err.Error())
		return
	}
	saved := st
	saved.Seed = 0
	a.Settings.LastSetup = scenes.JSONOf(saved)
	a.SaveSettings()
	s.Begun(a, seats)
	a.GoTo(startScene(a, m))
}

func (s *newGameScene) Draw(a *scenes.App, dst *ebiten.Image) {
	s.fill(a)
	s.NewGameForm.Draw(a, dst)
	if s.ask.on {
		s.drawAsk(a, dst)
	}
}

// newAutoplayNewGame is the new-game scene as --autoplay fills it: every
// seat a computer player.
func newAutoplayNewGame(a *scenes.App) *newGameScene {
	s := newNewGameScene(a)
	n := a.Cfg.Players
	if n == 0 {
		n = 5
	}
	s.setup = Setup{Youngest: 0}
	s.Seats, s.First = nil, 0
	for i := 1; i <= n; i++ {
		s.Seats = append(s.Seats, scenes.SeatSetup{Name: a.T("scene.bot.name", "n", i), Level: "normal"})
	}
	return s
}

// lastSetup is the last new-game setup of the settings (Settings.LastSetup),
// nil when there is none or it does not hold a valid Saboteur table. A name
// is drawn as it is: one that fails saboteur.CheckName (too long, a control
// character, a bidi override) is cut to fit.
func lastSetup(st scenes.Settings) *Setup {
	if len(st.LastSetup) == 0 {
		return nil
	}
	var s Setup
	if err := json.Unmarshal(st.LastSetup, &s); err != nil || s.validate() != nil {
		return nil
	}
	for i := range s.Seats {
		if n := &s.Seats[i].Name; saboteur.CheckName(*n) != nil {
			*n = saboteur.CutName(*n)
		}
	}
	return &s
}
