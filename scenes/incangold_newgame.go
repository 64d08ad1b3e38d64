package scenes

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/incangold"
)

// igNewGameScene sets up an Incan Gold table: 3 to 8 seats (I1.1), each a
// human with a name or a computer player with a level; the table options
// (O1-O4); the start player, chosen or drawn (I2.4); the learning aid
// "chance the next card ends the round" (off by default); and a seed.
type igNewGameScene struct {
	p      painter
	setup  igSetup
	seed   string
	focus  int // a human's name field, or fieldSeed; -1 none
	rows   []seatRow
	add    button
	opts   [5]button
	startP button
	seedR  rect
	start  button
	back   button
	chars  []rune
	err    string
	ticks  int
}

func newIGNewGameScene(a *App) *igNewGameScene {
	s := &igNewGameScene{focus: -1}
	s.setup.Options = incangold.DefaultOptions()
	s.setup.Seats = []SeatSetup{{Human: true, Name: defaultPlayerName(a)}}
	for i := 2; i <= 5; i++ {
		s.setup.Seats = append(s.setup.Seats, SeatSetup{Name: a.T("scene.bot.name", "n", i), Level: "normal"})
	}
	return s
}

// newIGAutoplayNewGame is the new-game scene as --autoplay fills it.
func newIGAutoplayNewGame(a *App) *igNewGameScene {
	s := newIGNewGameScene(a)
	s.setup.Seats = igAutoplaySeats(a)
	return s
}

func (s *igNewGameScene) Name() string { return "ig-newgame" }

func (s *igNewGameScene) layout(a *App) {
	w, h := float64(a.w), float64(a.h)
	u := a.U
	n := len(s.setup.Seats)
	rowH := u(46)
	tw := u(560)
	x0 := u(40)
	y := u(96)
	s.rows = s.rows[:0]
	for i, st := range s.setup.Seats {
		r := rect{x0, y + float64(i)*rowH, tw, rowH - u(6)}
		row := seatRow{r: r}
		row.kind = button{r: rect{r.x, r.y, u(130), r.h}, enabled: true}
		if st.Human {
			row.kind.label = a.T("ig.seat.human")
		} else {
			row.kind.label = a.T("ig.seat.computer")
		}
		row.name = rect{r.x + u(140), r.y, u(300), r.h}
		row.levelL = button{r: rect{r.x + u(140), r.y, u(44), r.h}, label: "‹", enabled: true}
		row.level = rect{r.x + u(188), r.y, u(208), r.h}
		row.levelR = button{r: rect{r.x + u(400), r.y, u(40), r.h}, label: "›", enabled: true}
		row.remove = button{r: rect{r.x + u(450), r.y, u(44), r.h}, label: "×", enabled: n > incangold.MinPlayers}
		s.rows = append(s.rows, row)
	}
	s.add = button{r: rect{x0, y + float64(n)*rowH, u(494), u(40)}, label: a.T("scene.newgame.add"), enabled: n < incangold.MaxPlayers}
	ox := w - u(40) - u(500)
	keys := [5]string{"ig.opt.diamant", "ig.opt.artifacts2020", "ig.opt.tiebreak_value", "ig.opt.open_tents", "ig.opt.chance"}
	on := [5]bool{s.setup.Options.Diamant, s.setup.Options.Artifacts2020, s.setup.Options.TiebreakValue, s.setup.Options.OpenTents, s.setup.ShowChance}
	for i := range s.opts {
		s.opts[i] = button{r: rect{ox, u(96) + float64(i)*u(50), u(500), u(42)}, label: a.T(keys[i]), enabled: true, focus: on[i]}
	}
	sp := a.T("ig.start.drawn")
	if p := s.setup.Options.StartPlayer; p >= 0 && p < n {
		sp = a.T("ig.start.seat", "name", s.setup.Seats[p].Name)
	}
	s.startP = button{r: rect{ox, u(96) + 5*u(50) + u(10), u(500), u(44)}, label: sp, enabled: true}
	s.seedR = rect{ox, u(96) + 6*u(50) + u(44), u(500), u(42)}
	s.start = button{r: rect{w/2 + u(20), h - u(80), u(300), u(54)}, label: a.T("scene.newgame.start"), enabled: true, primary: true}
	s.back = button{r: rect{w/2 - u(320), h - u(80), u(300), u(54)}, label: a.T("scene.back"), enabled: true}
	if a.RTL() {
		for i := range s.rows {
			r := &s.rows[i]
			r.r, r.kind.r, r.name, r.level, r.remove.r = r.r.mirror(w), r.kind.r.mirror(w), r.name.mirror(w), r.level.mirror(w), r.remove.r.mirror(w)
			r.levelL.r, r.levelR.r = r.levelR.r.mirror(w), r.levelL.r.mirror(w)
		}
		s.add.r = s.add.r.mirror(w)
		for i := range s.opts {
			s.opts[i].r = s.opts[i].r.mirror(w)
		}
		s.startP.r, s.seedR = s.startP.r.mirror(w), s.seedR.mirror(w)
		s.start.r, s.back.r = s.back.r, s.start.r
	}
}

func igCycleLevel(l string, d int) string {
	i := max(slices.Index(incangold.Levels, l), 0)
	n := len(incangold.Levels)
	return incangold.Levels[(i+d+n)%n]
}

func (s *igNewGameScene) Update(a *App) error {
	s.ticks++
	s.layout(a)
	seats := s.setup.Seats
	for i := range s.rows {
		r := &s.rows[i]
		st := &seats[i]
		switch {
		case r.kind.clicked(a):
			st.Human = !st.Human
			if st.Human {
				st.Name, st.Level = playerName(a, i+1), ""
			} else {
				st.Name, st.Level = a.T("scene.bot.name", "n", i+1), "normal"
				if s.focus == i {
					s.focus = -1
				}
			}
		case st.Human && a.Clicked(r.name):
			s.focus = i
		case !st.Human && r.levelL.clicked(a):
			st.Level = igCycleLevel(st.Level, -1)
		case !st.Human && (r.levelR.clicked(a) || a.Clicked(r.level)):
			st.Level = igCycleLevel(st.Level, 1)
		case r.remove.clicked(a):
			s.setup.Seats = append(seats[:i], seats[i+1:]...)
			if s.setup.Options.StartPlayer >= len(s.setup.Seats) {
				s.setup.Options.StartPlayer = incangold.DrawStart
			}
			s.focus = -1
			return nil
		}
	}
	if s.add.clicked(a) {
		n := len(s.setup.Seats) + 1
		s.setup.Seats = append(s.setup.Seats, SeatSetup{Name: a.T("scene.bot.name", "n", n), Level: "normal"})
	}
	o := &s.setup.Options
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
		if o.StartPlayer >= len(s.setup.Seats) {
			o.StartPlayer = incangold.DrawStart
		}
	case a.Clicked(s.seedR):
		s.focus = fieldSeed
	}
	if a.Key(ebiten.KeyTab) {
		s.focus = s.nextField(a.in.KeyPressed(ebiten.KeyShift))
	} else {
		s.typeInto(a)
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

func (s *igNewGameScene) typeInto(a *App) {
	if s.focus < 0 {
		return
	}
	if a.Key(ebiten.KeyEnter) {
		s.focus = -1
		return
	}
	s.chars = a.in.AppendChars(s.chars[:0])
	var field *string
	limit := 16
	switch {
	case s.focus == fieldSeed:
		field, limit = &s.seed, 19
	case s.focus < len(s.setup.Seats):
		field = &s.setup.Seats[s.focus].Name
	default:
		s.focus = -1
		return
	}
	for _, r := range s.chars {
		if s.focus == fieldSeed && !unicode.IsDigit(r) || !unicode.IsPrint(r) || utf8.RuneCountInString(*field) >= limit {
			continue
		}
		*field += string(r)
	}
	if a.Key(ebiten.KeyBackspace) && *field != "" {
		_, size := utf8.DecodeLastRuneInString(*field)
		*field = (*field)[:len(*field)-size]
	}
}

func (s *igNewGameScene) nextField(back bool) int {
	fields := []int{-1}
	for i, st := range s.setup.Seats {
		if st.Human {
			fields = append(fields, i)
		}
	}
	fields = append(fields, fieldSeed)
	k := max(slices.Index(fields, s.focus), 0)
	if back {
		return fields[(k-1+len(fields))%len(fields)]
	}
	return fields[(k+1)%len(fields)]
}

// begin starts the game on its board.
func (s *igNewGameScene) begin(a *App) {
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
	if a.cfg.Autoplay {
		m, err := newIGAutoplayMatch(a)
		if err != nil {
			s.err = a.T("scene.error", "error", err.Error())
			return
		}
		a.GoTo(newIGBoardScene(a, m))
		return
	}
	m, err := newIGMatch(a, st)
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
	for i, r := range s.rows {
		st := s.setup.Seats[i]
		drawButton(a, &s.p, dst, &r.kind)
		if st.Human {
			drawField(a, &s.p, dst, r.name, st.Name, playerName(a, i+1), s.focus == i, s.ticks)
		} else {
			drawButton(a, &s.p, dst, &r.levelL)
			s.p.round(dst, r.level, a.U(6), colPanel, a.U(1), colEdge)
			drawText(a, dst, fit(a, st.Name+" · "+a.T("ig.level."+st.Level), a.U(15), r.level.w-a.U(12)), a.U(15), r.level.cx(), r.level.cy(), alignCenter, colText)
			drawButton(a, &s.p, dst, &r.levelR)
		}
		drawButton(a, &s.p, dst, &r.remove)
	}
	drawButton(a, &s.p, dst, &s.add)
	for i := range s.opts {
		drawToggle(a, &s.p, dst, &s.opts[i])
	}
	drawButton(a, &s.p, dst, &s.startP)
	lx, al := startOf(a, rect{s.startP.r.x, 0, s.startP.r.w, 0}, 0)
	drawText(a, dst, fit(a, a.T("scene.newgame.seed"), a.U(15), s.seedR.w), a.U(15), lx, s.seedR.y-a.U(14), al, colTextDim)
	drawField(a, &s.p, dst, s.seedR, s.seed, a.T("scene.newgame.seed_random"), s.focus == fieldSeed, s.ticks)
	drawWrapped(a, dst, a.T("ig.newgame.about"), a.U(14), s.startP.r.cx(), s.seedR.y+s.seedR.h+a.U(30), s.startP.r.w, alignCenter, colTextDim)
	if s.err != "" {
		drawText(a, dst, s.err, a.U(15), w/2, h-a.U(100), alignCenter, colBad)
	}
	drawButton(a, &s.p, dst, &s.back)
	drawButton(a, &s.p, dst, &s.start)
}
