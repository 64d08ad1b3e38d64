package saboteur

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
	"github.com/goldvein/goldvein/scenes"
)

// newGameScene sets up a table: 3 to 10 seats, each a human (with a name)
// or a computer player (with a level); the table options of SABOTEUR.md
// (R5.5, R8.1a, R8.1b); who is youngest, or a random first player (R3.5);
// and a seed for a reproducible game.
type newGameScene struct {
	p      scenes.Painter
	setup  Setup
	seed   string // the seed field's text; "" = random
	focus  int    // text field with the keyboard: seat i's name, or fieldSeed; -1 none
	rows   []scenes.SeatRow
	add    scenes.Button
	opts   [3]scenes.Button
	random scenes.Button
	seedR  scenes.Rect
	start  scenes.Button
	back   scenes.Button
	chars  []rune
	err    string
	ticks  int
	ask    overwriteAsk // asks before a new game replaces an unfinished saved one
}

func newNewGameScene(a *scenes.App) *newGameScene {
	s := &newGameScene{focus: -1}
	if last := lastSetup(a.Settings); last != nil {
		s.setup = *last
		for i := range s.setup.Seats {
			// Names the game gave follow today's language (localnames.go).
			s.setup.Seats[i].Name = scenes.LocalName(a, s.setup.Seats[i].Name)
		}
		s.setup.Seed = 0
	} else {
		s.setup = Setup{Youngest: 0}
		s.setup.Seats = append(s.setup.Seats, scenes.SeatSetup{Human: true, Name: scenes.DefaultPlayerName(a), Level: string(bot.Normal)})
		for i := 1; i <= 4; i++ {
			s.setup.Seats = append(s.setup.Seats, scenes.SeatSetup{Name: a.T("scene.bot.name", "n", i), Level: string(bot.Normal)})
		}
	}
	return s
}

func (s *newGameScene) Name() string { return "newgame" }

// summary is the line above Start: how many players, saboteurs and
// gold-diggers the table deals (R1.2).
func (s *newGameScene) summary(a *scenes.App) string {
	sab, dig := saboteur.RoleCards(len(s.setup.Seats))
	return a.T("scene.newgame.summary", "players", a.N("player.count", len(s.setup.Seats)),
		"saboteurs", a.N("role.count.saboteur", sab), "diggers", a.N("role.count.gold_digger", dig))
}

func (s *newGameScene) layout(a *scenes.App) {
	w, h := float64(a.W), float64(a.H)
	total := a.U(940)
	x0 := (w - total) / 2
	top := a.U(96)
	rowH := math.Min(a.U(44), (h-top-a.U(80))/11)
	leftW := a.U(560)
	s.rows = s.rows[:0]
	for i, st := range s.setup.Seats {
		y := top + float64(i)*rowH
		r := scenes.SeatRow{R: scenes.R(x0, y, leftW, rowH-a.U(4))}
		bh := rowH - a.U(10)
		by := y + a.U(3)
		r.Youngest = scenes.R(x0+a.U(6), by, bh, bh)
		r.Kind = scenes.Button{R: scenes.R(x0+a.U(44), by, a.U(150), bh), Enabled: true}
		if st.Human {
			r.Kind.Label = a.T("player.human")
		} else {
			r.Kind.Label = a.T("scene.newgame.computer")
		}
		r.Name = scenes.R(x0+a.U(204), by, a.U(230), bh)
		r.LevelL = scenes.Button{R: scenes.R(x0+a.U(204), by, bh, bh), Label: "‹", Enabled: true}
		r.Level = scenes.R(x0+a.U(204)+bh, by, a.U(230)-2*bh, bh)
		r.LevelR = scenes.Button{R: scenes.R(x0+a.U(434)-bh, by, bh, bh), Label: "›", Enabled: true}
		r.Remove = scenes.Button{R: scenes.R(x0+a.U(444), by, a.U(110), bh), Label: a.T("scene.newgame.remove"),
			Enabled: len(s.setup.Seats) > saboteur.MinPlayers}
		s.rows = append(s.rows, r)
	}
	y := top + float64(len(s.setup.Seats))*rowH + a.U(6)
	s.add = scenes.Button{R: scenes.R(x0+a.U(44), y, a.U(220), rowH-a.U(10)), Label: a.T("scene.newgame.add"),
		Enabled: len(s.setup.Seats) < saboteur.MaxPlayers}
	rx, rw := x0+leftW+a.U(30), total-leftW-a.U(30)
	oy := top + a.U(28)
	// The summary sits above Start (see Draw); in a short window, or in a
	// language whose summary takes more lines, the options close up so the
	// seed field ends above the summary instead of under it.
	startY := h - a.U(76)
	step, gap := a.U(86), a.U(110)
	if over := oy + 3*step + gap + a.U(40) - (startY - a.U(16) - scenes.WrappedHeight(a, s.summary(a), a.U(13), rw)); over > 0 {
		cut := math.Min(over/4, a.U(10))
		step, gap = step-cut, gap-cut
	}
	keys := [3]string{"option.connect_to_start", "option.one_nugget_each", "option.sabotaged_get_nothing"}
	vals := [3]bool{s.setup.ConnectToStart, s.setup.OneNuggetPerDigger, s.setup.SabotagedGetNothing}
	for i := range s.opts {
		s.opts[i] = scenes.Button{R: scenes.R(rx, oy, rw, a.U(40)), Label: a.T(keys[i]), Enabled: true, Focus: vals[i]}
		oy += step
	}
	s.random = scenes.Button{R: scenes.R(rx, oy, rw, a.U(40)), Label: a.T("scene.newgame.random_first"), Enabled: true, Focus: s.setup.Youngest < 0}
	oy += gap // room for two lines of help above the seed's label
	s.seedR = scenes.R(rx, oy, rw, a.U(40))
	s.start = scenes.Button{R: scenes.R(rx, startY, rw, a.U(52)), Label: a.T("scene.newgame.start"), Enabled: true, Primary: true}
	s.back = scenes.Button{R: scenes.R(x0, h-a.U(76), a.U(200), a.U(52)), Label: a.T("scene.back"), Enabled: true}
	if a.RTL() {
		// A right-to-left reader starts at the right: mirror everything.
		for i := range s.rows {
			r := &s.rows[i]
			r.R, r.Name, r.Level, r.Youngest = r.R.Mirror(w), r.Name.Mirror(w), r.Level.Mirror(w), r.Youngest.Mirror(w)
			r.Kind.R, r.Remove.R = r.Kind.R.Mirror(w), r.Remove.R.Mirror(w)
			r.LevelL.R, r.LevelR.R = r.LevelR.R.Mirror(w), r.LevelL.R.Mirror(w)
			r.LevelL.R, r.LevelR.R = r.LevelR.R, r.LevelL.R
			r.LevelL.Label, r.LevelR.Label = "›", "‹"
		}
		s.add.R, s.start.R, s.back.R, s.seedR = s.add.R.Mirror(w), s.start.R.Mirror(w), s.back.R.Mirror(w), s.seedR.Mirror(w)
		for i := range s.opts {
			s.opts[i].R = s.opts[i].R.Mirror(w)
		}
		s.random.R = s.random.R.Mirror(w)
	}
}

func (s *newGameScene) Update(a *scenes.App) error {
	s.ticks++
	s.layout(a)
	if s.ask.on {
		s.askUpdate(a)
		return nil
	}
	seats := s.setup.Seats
	for i := range s.rows {
		r := &s.rows[i]
		st := &seats[i]
		switch {
		case r.Kind.Clicked(a):
			st.Human = !st.Human
			if st.Human {
				st.Name = scenes.PlayerName(a, i+1)
			}
			if !st.Human {
				st.Name = a.T("scene.bot.name", "n", i+1)
				if s.focus == i {
					s.focus = -1
				}
			}
		case st.Human && a.Clicked(r.Name):
			s.focus = i
		case !st.Human && r.LevelL.Clicked(a):
			st.Level = string(cycleLevel(st.Level, -1))
		case !st.Human && (r.LevelR.Clicked(a) || a.Clicked(r.Level)):
			st.Level = string(cycleLevel(st.Level, 1))
		case a.Clicked(r.Youngest):
			s.setup.Youngest = i
		case r.Remove.Clicked(a):
			s.setup.Seats = append(seats[:i], seats[i+1:]...)
			if s.setup.Youngest >= len(s.setup.Seats) {
				s.setup.Youngest = 0
			}
			s.focus = -1
			return nil
		}
	}
	if s.add.Clicked(a) {
		n := len(s.setup.Seats) + 1
		s.setup.Seats = append(s.setup.Seats, scenes.SeatSetup{Name: a.T("scene.bot.name", "n", n), Level: string(bot.Normal)})
	}
	switch {
	case s.opts[0].Clicked(a):
		s.setup.ConnectToStart = !s.setup.ConnectToStart
	case s.opts[1].Clicked(a):
		s.setup.OneNuggetPerDigger = !s.setup.OneNuggetPerDigger
	case s.opts[2].Clicked(a):
		s.setup.SabotagedGetNothing = !s.setup.SabotagedGetNothing
	case s.random.Clicked(a):
		if s.setup.Youngest < 0 {
			s.setup.Youngest = 0
		} else {
			s.setup.Youngest = -1
		}
	case a.Clicked(s.seedR):
		s.focus = scenes.FieldSeed
	}
	// Enter in a text field only leaves the field; with no field active
	// it starts the game (README).
	typing := s.focus >= 0
	if a.Key(ebiten.KeyTab) {
		s.focus = s.nextField(a.In.KeyPressed(ebiten.KeyShift))
	} else {
		s.typeInto(a)
	}
	if s.back.Clicked(a) || a.Key(ebiten.KeyEscape) {
		a.GoTo(scenes.NewMenuScene(a))
		return nil
	}
	if s.start.Clicked(a) || (a.Key(ebiten.KeyEnter) && !typing) || (a.Key(ebiten.KeyEnter) && a.In.KeyPressed(ebiten.KeyControl)) {
		s.Begin(a)
	}
	return nil
}

// typeInto sends typed characters to the focused field (typeInto).
func (s *newGameScene) typeInto(a *scenes.App) {
	s.chars = scenes.TypeInto(a, s.chars, &s.focus, s.setup.Seats, &s.seed)
}

// nextField is the text field Tab (Shift-Tab: back) moves the keyboard
// to (nextField).
func (s *newGameScene) nextField(back bool) int {
	return scenes.NextField(s.setup.Seats, s.focus, back)
}

func cycleLevel(l string, d int) bot.Level {
	i := 0
	for k, x := range bot.Levels {
		if string(x) == l {
			i = k
		}
	}
	n := len(bot.Levels)
	return bot.Levels[(i+d+n)%n]
}

// Begin starts the game.
func (s *newGameScene) Begin(a *scenes.App) {
	st := s.setup
	st.Seats = append([]scenes.SeatSetup(nil), s.setup.Seats...)
	for i := range st.Seats {
		st.Seats[i].Name = strings.TrimSpace(st.Seats[i].Name)
		if st.Seats[i].Name == "" {
			st.Seats[i].Name = scenes.PlayerName(a, i+1)
		}
	}
	if s.seed != "" {
		v, err := strconv.ParseUint(s.seed, 10, 64)
		if err != nil {
			s.err = a.T("scene.newgame.bad_seed")
			return
		}
		st.Seed = v
	}
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
		s.err = a.T("scene.error", "error", err.Error())
		return
	}
	saved := st
	saved.Seed = 0
	a.Settings.LastSetup = scenes.JSONOf(saved)
	a.SaveSettings()
	a.GoTo(startScene(a, m))
}

func (s *newGameScene) Draw(a *scenes.App, dst *ebiten.Image) {
	s.layout(a)
	scenes.DrawTableBackground(a, &s.p, dst)
	w := float64(a.W)
	scenes.DrawText(a, dst, a.T("scene.newgame.title"), a.U(34), w/2, a.U(40), scenes.AlignCenter, scenes.ColGold)
	if len(s.rows) > 0 {
		r0 := s.rows[0]
		hy := r0.R.Y - a.U(14)
		scenes.DrawText(a, dst, a.T("scene.newgame.youngest_col"), a.U(13), r0.Youngest.Cx(), hy, scenes.AlignCenter, scenes.ColTextDim)
		scenes.DrawText(a, dst, a.T("scene.newgame.seat_col"), a.U(13), r0.Kind.R.Cx(), hy, scenes.AlignCenter, scenes.ColTextDim)
		scenes.DrawText(a, dst, a.T("scene.newgame.name_col"), a.U(13), r0.Name.Cx(), hy, scenes.AlignCenter, scenes.ColTextDim)
	}
	caret := (s.ticks/30)%2 == 0
	for i := range s.rows {
		r := &s.rows[i]
		st := s.setup.Seats[i]
		bg := scenes.ColPanel
		if i%2 == 1 {
			bg = scenes.ColPanelHi
		}
		s.p.Round(dst, r.R, a.U(6), bg, 0, bg)
		// The youngest-player radio (R3.5).
		on := s.setup.Youngest == i
		s.p.Round(dst, r.Youngest.Inset(a.U(4)), a.U(12), scenes.ColPanel, a.U(2), scenes.ColEdge)
		if on {
			s.p.Round(dst, r.Youngest.Inset(a.U(10)), a.U(8), scenes.ColGold, 0, scenes.ColGold)
		}
		scenes.DrawButton(a, &s.p, dst, &r.Kind)
		if st.Human {
			edge := scenes.ColEdge
			if s.focus == i {
				edge = scenes.ColGold
			}
			s.p.Round(dst, r.Name, a.U(6), scenes.ColTextDark, a.U(2), edge)
			txt := st.Name
			if s.focus == i && caret {
				txt += "|"
			}
			x, al := scenes.StartOf(a, r.Name, a.U(10))
			scenes.DrawText(a, dst, txt, a.U(17), x, r.Name.Cy(), al, scenes.ColText)
		} else {
			scenes.DrawButton(a, &s.p, dst, &r.LevelL)
			scenes.DrawButton(a, &s.p, dst, &r.LevelR)
			scenes.DrawText(a, dst, a.T("scene.level."+st.Level), a.U(17), r.Level.Cx(), r.Level.Cy(), scenes.AlignCenter, scenes.ColText)
		}
		scenes.DrawButton(a, &s.p, dst, &r.Remove)
	}
	scenes.DrawButton(a, &s.p, dst, &s.add)
	// Right column: options, first player, seed.
	rx := s.opts[0].R.X
	ox, oal := scenes.StartOf(a, s.opts[0].R, 0)
	scenes.DrawText(a, dst, a.T("option.title"), a.U(18), ox, s.opts[0].R.Y-a.U(16), oal, scenes.ColGold)
	helps := [3]string{"option.connect_to_start.help", "option.one_nugget_each.help", "option.sabotaged_get_nothing.help"}
	for i := range s.opts {
		scenes.DrawToggle(a, &s.p, dst, &s.opts[i])
		scenes.DrawWrapped(a, dst, a.T(helps[i]), a.U(12), rx, s.opts[i].R.Y+s.opts[i].R.H+a.U(4), s.opts[i].R.W, scenes.AlignStart, scenes.ColTextDim)
	}
	scenes.DrawToggle(a, &s.p, dst, &s.random)
	scenes.DrawWrapped(a, dst, a.T("scene.newgame.first_help"), a.U(12), rx, s.random.R.Y+s.random.R.H+a.U(4), s.random.R.W, scenes.AlignStart, scenes.ColTextDim)
	scenes.DrawText(a, dst, a.T("scene.newgame.seed"), a.U(15), ox, s.seedR.Y-a.U(12), oal, scenes.ColText)
	edge := scenes.ColEdge
	if s.focus == scenes.FieldSeed {
		edge = scenes.ColGold
	}
	s.p.Round(dst, s.seedR, a.U(6), scenes.ColTextDark, a.U(2), edge)
	seed := s.seed
	col := scenes.ColText
	if seed == "" && s.focus != scenes.FieldSeed {
		seed, col = a.T("scene.newgame.seed_random"), scenes.ColTextDim
	}
	if s.focus == scenes.FieldSeed && (s.ticks/30)%2 == 0 {
		seed += "|"
	}
	sx, sal := scenes.StartOf(a, s.seedR, a.U(10))
	scenes.DrawText(a, dst, seed, a.U(17), sx, s.seedR.Cy(), sal, col)
	scenes.DrawButton(a, &s.p, dst, &s.start)
	scenes.DrawButton(a, &s.p, dst, &s.back)
	// The keys of the text fields, in the gap between Back and Start.
	kx0 := math.Min(s.back.R.X+s.back.R.W, s.start.R.X+s.start.R.W) + a.U(16)
	kx1 := math.Max(s.back.R.X, s.start.R.X) - a.U(16)
	keys := a.T("scene.newgame.keys")
	kh := scenes.WrappedHeight(a, keys, a.U(13), kx1-kx0)
	scenes.DrawWrapped(a, dst, keys, a.U(13), (kx0+kx1)/2, s.start.R.Cy()-kh/2, kx1-kx0, scenes.AlignCenter, scenes.ColTextDim)
	summary := s.summary(a)
	// Above the start button, in the right column, where there is room
	// even with ten seats in the smallest window.
	// Its last line ends a little above the button, however many lines
	// the language needs; an error goes above it.
	sy := s.start.R.Y - a.U(8) - scenes.WrappedHeight(a, summary, a.U(13), s.start.R.W)
	scenes.DrawWrapped(a, dst, summary, a.U(13), s.start.R.X, sy, s.start.R.W, scenes.AlignStart, scenes.ColTextDim)
	if s.err != "" {
		ey := sy - a.U(8) - scenes.WrappedHeight(a, s.err, a.U(14), s.start.R.W)
		scenes.DrawWrapped(a, dst, s.err, a.U(14), s.start.R.X, ey, s.start.R.W, scenes.AlignStart, scenes.ColBad)
	}
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
	for i := 1; i <= n; i++ {
		s.setup.Seats = append(s.setup.Seats, scenes.SeatSetup{Name: a.T("scene.bot.name", "n", i), Level: "normal"})
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
