package scenes

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/underground/maps"
)

// ugNewGameScene sets up an Underground table: 2 to 5 seats (U1.1), each
// a human with a name or a computer player with a level; the map follows
// the player count (U2.1) and is named with its game turns; a seed.
// Keyboard: Tab through the name and seed fields, Enter starts, Esc goes
// back.
type ugNewGameScene struct {
	p     painter
	setup ugSetup
	seed  string
	focus int // a human's name field, or fieldSeed; -1 none
	rows  []seatRow
	add   button
	seedR rect
	start button
	back  button
	chars []rune
	err   string
	ticks int
}

func newUGNewGameScene(a *App) *ugNewGameScene {
	s := &ugNewGameScene{focus: -1}
	s.setup.Seats = []SeatSetup{{Human: true, Name: defaultPlayerName(a)}}
	for i := 2; i <= 3; i++ {
		s.setup.Seats = append(s.setup.Seats, SeatSetup{Name: a.T("scene.bot.name", "n", i), Level: "normal"})
	}
	return s
}

// newUGAutoplayNewGame is the new-game scene as --autoplay fills it.
func newUGAutoplayNewGame(a *App) *ugNewGameScene {
	s := newUGNewGameScene(a)
	s.setup.Seats = ugAutoplaySeats(a)
	return s
}

func (s *ugNewGameScene) Name() string { return "ug-newgame" }

func (s *ugNewGameScene) layout(a *App) {
	w, h := float64(a.w), float64(a.h)
	u := a.U
	n := len(s.setup.Seats)
	lo, hi := ugGame.Seats()
	rowH := u(46)
	x0 := u(40)
	y := u(96)
	s.rows = s.rows[:0]
	for i, st := range s.setup.Seats {
		r := rect{x0, y + float64(i)*rowH, u(560), rowH - u(6)}
		row := seatRow{r: r}
		row.kind = button{r: rect{r.x, r.y, u(130), r.h}, enabled: true, label: a.T("ug.seat.computer")}
		if st.Human {
			row.kind.label = a.T("ug.seat.human")
		}
		row.name = rect{r.x + u(140), r.y, u(300), r.h}
		row.levelL = button{r: rect{r.x + u(140), r.y, u(44), r.h}, label: "‹", enabled: true}
		row.level = rect{r.x + u(188), r.y, u(208), r.h}
		row.levelR = button{r: rect{r.x + u(400), r.y, u(40), r.h}, label: "›", enabled: true}
		row.remove = button{r: rect{r.x + u(450), r.y, u(44), r.h}, label: "×", enabled: n > lo}
		s.rows = append(s.rows, row)
	}
	s.add = button{r: rect{x0, y + float64(n)*rowH, u(494), u(40)}, label: a.T("scene.newgame.add"), enabled: n < hi}
	ox := w - u(40) - u(500)
	s.seedR = rect{ox, u(150), u(500), u(42)}
	s.start = button{r: rect{w/2 + u(20), h - u(80), u(300), u(54)}, label: a.T("scene.newgame.start"), enabled: true, primary: true}
	s.back = button{r: rect{w/2 - u(320), h - u(80), u(300), u(54)}, label: a.T("scene.back"), enabled: true}
	if a.RTL() {
		for i := range s.rows {
			r := &s.rows[i]
			r.r, r.kind.r, r.name, r.level, r.remove.r = r.r.mirror(w), r.kind.r.mirror(w), r.name.mirror(w), r.level.mirror(w), r.remove.r.mirror(w)
			r.levelL.r, r.levelR.r = r.levelR.r.mirror(w), r.levelL.r.mirror(w)
		}
		s.add.r, s.seedR = s.add.r.mirror(w), s.seedR.mirror(w)
		s.start.r, s.back.r = s.back.r, s.start.r
	}
}

func ugCycleLevel(l string, d int) string {
	i := max(slices.Index(ugLevels, l), 0)
	n := len(ugLevels)
	return ugLevels[(i+d+n)%n]
}

func (s *ugNewGameScene) Update(a *App) error {
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
			st.Level = ugCycleLevel(st.Level, -1)
		case !st.Human && (r.levelR.clicked(a) || a.Clicked(r.level)):
			st.Level = ugCycleLevel(st.Level, 1)
		case r.remove.clicked(a):
			s.setup.Seats = append(seats[:i], seats[i+1:]...)
			s.focus = -1
			return nil
		}
	}
	if s.add.clicked(a) {
		n := len(s.setup.Seats) + 1
		s.setup.Seats = append(s.setup.Seats, SeatSetup{Name: a.T("scene.bot.name", "n", n), Level: "normal"})
	}
	if a.Clicked(s.seedR) {
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

func (s *ugNewGameScene) typeInto(a *App) {
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

func (s *ugNewGameScene) nextField(back bool) int {
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
func (s *ugNewGameScene) begin(a *App) {
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
	for i, r := range s.rows {
		st := s.setup.Seats[i]
		drawButton(a, &s.p, dst, &r.kind)
		if st.Human {
			drawField(a, &s.p, dst, r.name, st.Name, playerName(a, i+1), s.focus == i, s.ticks)
		} else {
			drawButton(a, &s.p, dst, &r.levelL)
			s.p.round(dst, r.level, a.U(6), colPanel, a.U(1), colEdge)
			drawText(a, dst, fit(a, st.Name+" · "+a.T("ug.level."+st.Level), a.U(15), r.level.w-a.U(12)), a.U(15), r.level.cx(), r.level.cy(), alignCenter, colText)
			drawButton(a, &s.p, dst, &r.levelR)
		}
		drawButton(a, &s.p, dst, &r.remove)
	}
	drawButton(a, &s.p, dst, &s.add)
	lx, al := startOf(a, rect{s.seedR.x, 0, s.seedR.w, 0}, 0)
	if mp, err := maps.ForPlayers(len(s.setup.Seats)); err == nil {
		drawText(a, dst, fit(a, a.T("ug.newgame.map", "map", mp.Name, "turns", mp.Turns), a.U(17), s.seedR.w), a.U(17), lx, a.U(104), al, colText)
	}
	drawText(a, dst, fit(a, a.T("scene.newgame.seed"), a.U(15), s.seedR.w), a.U(15), lx, s.seedR.y-a.U(14), al, colTextDim)
	drawField(a, &s.p, dst, s.seedR, s.seed, a.T("scene.newgame.seed_random"), s.focus == fieldSeed, s.ticks)
	drawWrapped(a, dst, a.T("ug.newgame.about"), a.U(14), s.seedR.cx(), s.seedR.y+s.seedR.h+a.U(30), s.seedR.w, alignCenter, colTextDim)
	if s.err != "" {
		drawText(a, dst, s.err, a.U(15), w/2, h-a.U(100), alignCenter, colBad)
	}
	drawButton(a, &s.p, dst, &s.back)
	drawButton(a, &s.p, dst, &s.start)
}
