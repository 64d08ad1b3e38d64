package scenes

import (
	"math"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
)

// newGameScene sets up a table: 3 to 10 seats, each a human (with a name)
// or a computer player (with a level); the table options of SABOTEUR.md
// (R5.5, R8.1a, R8.1b); who is youngest, or a random first player (R3.5);
// and a seed for a reproducible game.
type newGameScene struct {
	p      painter
	setup  Setup
	seed   string // the seed field's text; "" = random
	focus  int    // text field with the keyboard: seat i's name, or fieldSeed; -1 none
	rows   []seatRow
	add    button
	opts   [3]button
	random button
	seedR  rect
	start  button
	back   button
	chars  []rune
	err    string
	ticks  int
	ask    overwriteAsk // asks before a new game replaces an unfinished saved one
}

const fieldSeed = 100

// seatRow is one seat's controls.
type seatRow struct {
	r        rect
	kind     button // human / computer
	name     rect   // the name field (humans)
	levelL   button // computer level: previous
	levelR   button // next
	level    rect
	youngest rect
	remove   button
}

func defaultPlayerName(a *App) string {
	for _, k := range []string{"USER", "USERNAME", "LOGNAME"} {
		if v := os.Getenv(k); v != "" && utf8.RuneCountInString(v) <= 16 {
			r, size := utf8.DecodeRuneInString(v)
			return string(unicode.ToUpper(r)) + v[size:]
		}
	}
	return a.T("scene.newgame.you")
}

func newNewGameScene(a *App) *newGameScene {
	s := &newGameScene{focus: -1}
	if a.settings.LastSetup != nil {
		s.setup = *a.settings.LastSetup
		s.setup.Seats = append([]SeatSetup(nil), a.settings.LastSetup.Seats...)
		for i := range s.setup.Seats {
			// Names the game gave follow today's language (localnames.go).
			s.setup.Seats[i].Name = localName(a, s.setup.Seats[i].Name)
		}
		s.setup.Seed = 0
	} else {
		s.setup = Setup{Youngest: 0}
		s.setup.Seats = append(s.setup.Seats, SeatSetup{Human: true, Name: defaultPlayerName(a), Level: string(bot.Normal)})
		for i := 1; i <= 4; i++ {
			s.setup.Seats = append(s.setup.Seats, SeatSetup{Name: a.T("scene.bot.name", "n", i), Level: string(bot.Normal)})
		}
	}
	return s
}

func (s *newGameScene) Name() string { return "newgame" }

// summary is the line above Start: how many players, saboteurs and
// gold-diggers the table deals (R1.2).
func (s *newGameScene) summary(a *App) string {
	sab, dig := saboteur.RoleCards(len(s.setup.Seats))
	return a.T("scene.newgame.summary", "players", a.N("player.count", len(s.setup.Seats)),
		"saboteurs", a.N("role.count.saboteur", sab), "diggers", a.N("role.count.gold_digger", dig))
}

func (s *newGameScene) layout(a *App) {
	w, h := float64(a.w), float64(a.h)
	total := a.U(940)
	x0 := (w - total) / 2
	top := a.U(96)
	rowH := math.Min(a.U(44), (h-top-a.U(80))/11)
	leftW := a.U(560)
	s.rows = s.rows[:0]
	for i, st := range s.setup.Seats {
		y := top + float64(i)*rowH
		r := seatRow{r: rect{x0, y, leftW, rowH - a.U(4)}}
		bh := rowH - a.U(10)
		by := y + a.U(3)
		r.youngest = rect{x0 + a.U(6), by, bh, bh}
		r.kind = button{r: rect{x0 + a.U(44), by, a.U(150), bh}, enabled: true}
		if st.Human {
			r.kind.label = a.T("player.human")
		} else {
			r.kind.label = a.T("scene.newgame.computer")
		}
		r.name = rect{x0 + a.U(204), by, a.U(230), bh}
		r.levelL = button{r: rect{x0 + a.U(204), by, bh, bh}, label: "‹", enabled: true}
		r.level = rect{x0 + a.U(204) + bh, by, a.U(230) - 2*bh, bh}
		r.levelR = button{r: rect{x0 + a.U(434) - bh, by, bh, bh}, label: "›", enabled: true}
		r.remove = button{r: rect{x0 + a.U(444), by, a.U(110), bh}, label: a.T("scene.newgame.remove"),
			enabled: len(s.setup.Seats) > saboteur.MinPlayers}
		s.rows = append(s.rows, r)
	}
	y := top + float64(len(s.setup.Seats))*rowH + a.U(6)
	s.add = button{r: rect{x0 + a.U(44), y, a.U(220), rowH - a.U(10)}, label: a.T("scene.newgame.add"),
		enabled: len(s.setup.Seats) < saboteur.MaxPlayers}
	rx, rw := x0+leftW+a.U(30), total-leftW-a.U(30)
	oy := top + a.U(28)
	// The summary sits above Start (see Draw); in a short window, or in a
	// language whose summary takes more lines, the options close up so the
	// seed field ends above the summary instead of under it.
	startY := h - a.U(76)
	step, gap := a.U(86), a.U(110)
	if over := oy + 3*step + gap + a.U(40) - (startY - a.U(16) - wrappedHeight(a, s.summary(a), a.U(13), rw)); over > 0 {
		cut := math.Min(over/4, a.U(10))
		step, gap = step-cut, gap-cut
	}
	keys := [3]string{"option.connect_to_start", "option.one_nugget_each", "option.sabotaged_get_nothing"}
	vals := [3]bool{s.setup.ConnectToStart, s.setup.OneNuggetPerDigger, s.setup.SabotagedGetNothing}
	for i := range s.opts {
		s.opts[i] = button{r: rect{rx, oy, rw, a.U(40)}, label: a.T(keys[i]), enabled: true, focus: vals[i]}
		oy += step
	}
	s.random = button{r: rect{rx, oy, rw, a.U(40)}, label: a.T("scene.newgame.random_first"), enabled: true, focus: s.setup.Youngest < 0}
	oy += gap // room for two lines of help above the seed's label
	s.seedR = rect{rx, oy, rw, a.U(40)}
	s.start = button{r: rect{rx, startY, rw, a.U(52)}, label: a.T("scene.newgame.start"), enabled: true, primary: true}
	s.back = button{r: rect{x0, h - a.U(76), a.U(200), a.U(52)}, label: a.T("scene.back"), enabled: true}
	if a.RTL() {
		// A right-to-left reader starts at the right: mirror everything.
		for i := range s.rows {
			r := &s.rows[i]
			r.r, r.name, r.level, r.youngest = r.r.mirror(w), r.name.mirror(w), r.level.mirror(w), r.youngest.mirror(w)
			r.kind.r, r.remove.r = r.kind.r.mirror(w), r.remove.r.mirror(w)
			r.levelL.r, r.levelR.r = r.levelR.r.mirror(w), r.levelL.r.mirror(w)
			r.levelL.r, r.levelR.r = r.levelR.r, r.levelL.r
			r.levelL.label, r.levelR.label = "›", "‹"
		}
		s.add.r, s.start.r, s.back.r, s.seedR = s.add.r.mirror(w), s.start.r.mirror(w), s.back.r.mirror(w), s.seedR.mirror(w)
		for i := range s.opts {
			s.opts[i].r = s.opts[i].r.mirror(w)
		}
		s.random.r = s.random.r.mirror(w)
	}
}

func (s *newGameScene) Update(a *App) error {
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
		case r.kind.clicked(a):
			st.Human = !st.Human
			if st.Human {
				st.Name = playerName(a, i+1)
			}
			if !st.Human {
				st.Name = a.T("scene.bot.name", "n", i+1)
				if s.focus == i {
					s.focus = -1
				}
			}
		case st.Human && a.Clicked(r.name):
			s.focus = i
		case !st.Human && r.levelL.clicked(a):
			st.Level = string(cycleLevel(st.Level, -1))
		case !st.Human && (r.levelR.clicked(a) || a.Clicked(r.level)):
			st.Level = string(cycleLevel(st.Level, 1))
		case a.Clicked(r.youngest):
			s.setup.Youngest = i
		case r.remove.clicked(a):
			s.setup.Seats = append(seats[:i], seats[i+1:]...)
			if s.setup.Youngest >= len(s.setup.Seats) {
				s.setup.Youngest = 0
			}
			s.focus = -1
			return nil
		}
	}
	if s.add.clicked(a) {
		n := len(s.setup.Seats) + 1
		s.setup.Seats = append(s.setup.Seats, SeatSetup{Name: a.T("scene.bot.name", "n", n), Level: string(bot.Normal)})
	}
	switch {
	case s.opts[0].clicked(a):
		s.setup.ConnectToStart = !s.setup.ConnectToStart
	case s.opts[1].clicked(a):
		s.setup.OneNuggetPerDigger = !s.setup.OneNuggetPerDigger
	case s.opts[2].clicked(a):
		s.setup.SabotagedGetNothing = !s.setup.SabotagedGetNothing
	case s.random.clicked(a):
		if s.setup.Youngest < 0 {
			s.setup.Youngest = 0
		} else {
			s.setup.Youngest = -1
		}
	case a.Clicked(s.seedR):
		s.focus = fieldSeed
	}
	// Enter in a text field only leaves the field; with no field active
	// it starts the game (README).
	typing := s.focus >= 0
	if a.Key(ebiten.KeyTab) {
		s.focus = s.nextField(a.in.KeyPressed(ebiten.KeyShift))
	} else {
		s.typeInto(a)
	}
	if s.back.clicked(a) || a.Key(ebiten.KeyEscape) {
		a.GoTo(newMenuScene(a))
		return nil
	}
	if s.start.clicked(a) || (a.Key(ebiten.KeyEnter) && !typing) || (a.Key(ebiten.KeyEnter) && a.in.KeyPressed(ebiten.KeyControl)) {
		s.begin(a)
	}
	return nil
}

// typeInto sends typed characters to the focused field (typeInto).
func (s *newGameScene) typeInto(a *App) {
	s.chars = typeInto(a, s.chars, &s.focus, s.setup.Seats, &s.seed)
}

// nextField is the text field Tab (Shift-Tab: back) moves the keyboard
// to (nextField).
func (s *newGameScene) nextField(back bool) int { return nextField(s.setup.Seats, s.focus, back) }

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

// begin starts the game.
func (s *newGameScene) begin(a *App) {
	st := s.setup
	st.Seats = append([]SeatSetup(nil), s.setup.Seats...)
	for i := range st.Seats {
		st.Seats[i].Name = strings.TrimSpace(st.Seats[i].Name)
		if st.Seats[i].Name == "" {
			st.Seats[i].Name = playerName(a, i+1)
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
	if !s.ask.agreed && !a.cfg.Autoplay && canContinue(a) {
		// An unfinished game is saved: starting replaces it, so ask.
		s.ask = overwriteAsk{on: true}
		return
	}
	var m *match
	var err error
	if a.cfg.Autoplay {
		m, err = newAutoplayMatch(a)
	} else {
		m, err = newMatch(a, st)
	}
	if err != nil {
		s.err = a.T("scene.error", "error", err.Error())
		return
	}
	saved := st
	saved.Seed = 0
	a.settings.LastSetup = &saved
	a.saveSettings()
	a.GoTo(startScene(a, m))
}

func (s *newGameScene) Draw(a *App, dst *ebiten.Image) {
	s.layout(a)
	drawTableBackground(a, &s.p, dst)
	w := float64(a.w)
	drawText(a, dst, a.T("scene.newgame.title"), a.U(34), w/2, a.U(40), alignCenter, colGold)
	if len(s.rows) > 0 {
		r0 := s.rows[0]
		hy := r0.r.y - a.U(14)
		drawText(a, dst, a.T("scene.newgame.youngest_col"), a.U(13), r0.youngest.cx(), hy, alignCenter, colTextDim)
		drawText(a, dst, a.T("scene.newgame.seat_col"), a.U(13), r0.kind.r.cx(), hy, alignCenter, colTextDim)
		drawText(a, dst, a.T("scene.newgame.name_col"), a.U(13), r0.name.cx(), hy, alignCenter, colTextDim)
	}
	caret := (s.ticks/30)%2 == 0
	for i := range s.rows {
		r := &s.rows[i]
		st := s.setup.Seats[i]
		bg := colPanel
		if i%2 == 1 {
			bg = colPanelHi
		}
		s.p.round(dst, r.r, a.U(6), bg, 0, bg)
		// The youngest-player radio (R3.5).
		on := s.setup.Youngest == i
		s.p.round(dst, r.youngest.inset(a.U(4)), a.U(12), colPanel, a.U(2), colEdge)
		if on {
			s.p.round(dst, r.youngest.inset(a.U(10)), a.U(8), colGold, 0, colGold)
		}
		drawButton(a, &s.p, dst, &r.kind)
		if st.Human {
			edge := colEdge
			if s.focus == i {
				edge = colGold
			}
			s.p.round(dst, r.name, a.U(6), colTextDark, a.U(2), edge)
			txt := st.Name
			if s.focus == i && caret {
				txt += "|"
			}
			x, al := startOf(a, r.name, a.U(10))
			drawText(a, dst, txt, a.U(17), x, r.name.cy(), al, colText)
		} else {
			drawButton(a, &s.p, dst, &r.levelL)
			drawButton(a, &s.p, dst, &r.levelR)
			drawText(a, dst, a.T("scene.level."+st.Level), a.U(17), r.level.cx(), r.level.cy(), alignCenter, colText)
		}
		drawButton(a, &s.p, dst, &r.remove)
	}
	drawButton(a, &s.p, dst, &s.add)
	// Right column: options, first player, seed.
	rx := s.opts[0].r.x
	ox, oal := startOf(a, s.opts[0].r, 0)
	drawText(a, dst, a.T("option.title"), a.U(18), ox, s.opts[0].r.y-a.U(16), oal, colGold)
	helps := [3]string{"option.connect_to_start.help", "option.one_nugget_each.help", "option.sabotaged_get_nothing.help"}
	for i := range s.opts {
		drawToggle(a, &s.p, dst, &s.opts[i])
		drawWrapped(a, dst, a.T(helps[i]), a.U(12), rx, s.opts[i].r.y+s.opts[i].r.h+a.U(4), s.opts[i].r.w, alignStart, colTextDim)
	}
	drawToggle(a, &s.p, dst, &s.random)
	drawWrapped(a, dst, a.T("scene.newgame.first_help"), a.U(12), rx, s.random.r.y+s.random.r.h+a.U(4), s.random.r.w, alignStart, colTextDim)
	drawText(a, dst, a.T("scene.newgame.seed"), a.U(15), ox, s.seedR.y-a.U(12), oal, colText)
	edge := colEdge
	if s.focus == fieldSeed {
		edge = colGold
	}
	s.p.round(dst, s.seedR, a.U(6), colTextDark, a.U(2), edge)
	seed := s.seed
	col := colText
	if seed == "" && s.focus != fieldSeed {
		seed, col = a.T("scene.newgame.seed_random"), colTextDim
	}
	if s.focus == fieldSeed && (s.ticks/30)%2 == 0 {
		seed += "|"
	}
	sx, sal := startOf(a, s.seedR, a.U(10))
	drawText(a, dst, seed, a.U(17), sx, s.seedR.cy(), sal, col)
	drawButton(a, &s.p, dst, &s.start)
	drawButton(a, &s.p, dst, &s.back)
	// The keys of the text fields, in the gap between Back and Start.
	kx0 := math.Min(s.back.r.x+s.back.r.w, s.start.r.x+s.start.r.w) + a.U(16)
	kx1 := math.Max(s.back.r.x, s.start.r.x) - a.U(16)
	keys := a.T("scene.newgame.keys")
	kh := wrappedHeight(a, keys, a.U(13), kx1-kx0)
	drawWrapped(a, dst, keys, a.U(13), (kx0+kx1)/2, s.start.r.cy()-kh/2, kx1-kx0, alignCenter, colTextDim)
	summary := s.summary(a)
	// Above the start button, in the right column, where there is room
	// even with ten seats in the smallest window.
	// Its last line ends a little above the button, however many lines
	// the language needs; an error goes above it.
	sy := s.start.r.y - a.U(8) - wrappedHeight(a, summary, a.U(13), s.start.r.w)
	drawWrapped(a, dst, summary, a.U(13), s.start.r.x, sy, s.start.r.w, alignStart, colTextDim)
	if s.err != "" {
		ey := sy - a.U(8) - wrappedHeight(a, s.err, a.U(14), s.start.r.w)
		drawWrapped(a, dst, s.err, a.U(14), s.start.r.x, ey, s.start.r.w, alignStart, colBad)
	}
	if s.ask.on {
		s.drawAsk(a, dst)
	}
}

// drawToggle draws a button with a check box; b.focus holds its state.
func drawToggle(a *App, p *painter, dst *ebiten.Image, b *button) {
	bg := colPanel
	if a.Hover(b.r) {
		bg = colPanelHi
	}
	p.round(dst, b.r, a.U(6), bg, a.U(1), colEdge)
	box := rect{b.r.x + a.U(8), b.r.cy() - a.U(11), a.U(22), a.U(22)}
	tx, al := box.x+box.w+a.U(10), alignStart
	if a.RTL() {
		box.x = b.r.x + b.r.w - a.U(30)
		tx, al = box.x-a.U(10), alignEnd
	}
	p.round(dst, box, a.U(4), colTextDark, a.U(2), colEdge)
	if b.focus {
		p.round(dst, box.inset(a.U(5)), a.U(2), colGold, 0, colGold)
	}
	// Long option names in some languages are drawn smaller until they fit.
	avail := b.r.w - box.w - a.U(26)
	size := fitSize(a, b.label, a.U(15), avail)
	drawText(a, dst, fit(a, b.label, size, avail), size, tx, b.r.cy(), al, colText)
}
