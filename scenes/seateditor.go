package scenes

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"
)

// seatEditor is the seat list and seed of a new-game scene: a row per
// seat (human with a name field, or computer player with its level),
// "add a player" up to the game's most seats, a remove button down to its
// fewest, and the seed field. Keyboard: Tab and Shift+Tab go through the
// humans' names and the seed (nextField), typed characters go to the
// focused field (typeInto). Incan Gold's and Underground's new-game scenes
// use it; their own options sit beside it.
type seatEditor struct {
	seats    []SeatSetup
	seed     string // the seed field's text: digits, or "" for random
	focus    int    // seat i's name field, or fieldSeed; -1 none
	min, max int    // the game's seat counts
	levels   []string
	keys     string // catalogue prefix of "<keys>.seat.human", "<keys>.seat.computer", "<keys>.level.<level>"

	rows  []seatRow
	add   button
	seedR rect
	chars []rune
	ticks int
}

// newSeatEditor starts with a human at seat 0 and n-1 computer players at
// normal level.
func newSeatEditor(a *App, n, lo, hi int, levels []string, keys string) seatEditor {
	e := seatEditor{focus: -1, min: lo, max: hi, levels: levels, keys: keys}
	e.seats = []SeatSetup{{Human: true, Name: defaultPlayerName(a)}}
	for i := 2; i <= n; i++ {
		e.seats = append(e.seats, SeatSetup{Name: a.T("scene.bot.name", "n", i), Level: "normal"})
	}
	return e
}

// layout places the rows from (x0, y0) down, each rowH pixels high, and
// the seed field at seedR; mirrored for a right-to-left language across
// the screen's width.
func (e *seatEditor) layout(a *App, seedR rect) {
	w, u := float64(a.w), a.U
	x0, y0, rowH := u(40), u(96), u(46)
	n := len(e.seats)
	e.rows = e.rows[:0]
	for i, st := range e.seats {
		r := rect{x0, y0 + float64(i)*rowH, u(560), rowH - u(6)}
		row := seatRow{r: r}
		row.kind = button{r: rect{r.x, r.y, u(130), r.h}, enabled: true, label: a.T(e.keys + ".seat.computer")}
		if st.Human {
			row.kind.label = a.T(e.keys + ".seat.human")
		}
		row.name = rect{r.x + u(140), r.y, u(300), r.h}
		row.levelL = button{r: rect{r.x + u(140), r.y, u(44), r.h}, label: "‹", enabled: true}
		row.level = rect{r.x + u(188), r.y, u(208), r.h}
		row.levelR = button{r: rect{r.x + u(400), r.y, u(40), r.h}, label: "›", enabled: true}
		row.remove = button{r: rect{r.x + u(450), r.y, u(44), r.h}, label: "×", enabled: n > e.min}
		e.rows = append(e.rows, row)
	}
	e.add = button{r: rect{x0, y0 + float64(n)*rowH, u(494), u(40)}, label: a.T("scene.newgame.add"), enabled: n < e.max}
	e.seedR = seedR
	if a.RTL() {
		for i := range e.rows {
			r := &e.rows[i]
			r.r, r.kind.r, r.name, r.level, r.remove.r = r.r.mirror(w), r.kind.r.mirror(w), r.name.mirror(w), r.level.mirror(w), r.remove.r.mirror(w)
			r.levelL.r, r.levelR.r = r.levelR.r.mirror(w), r.levelL.r.mirror(w)
		}
		e.add.r, e.seedR = e.add.r.mirror(w), e.seedR.mirror(w)
	}
}

// cycleLevel is the level d steps from l in the game's list, round and
// round.
func (e *seatEditor) cycleLevel(l string, d int) string {
	i := max(slices.Index(e.levels, l), 0)
	n := len(e.levels)
	return e.levels[(i+d+n)%n]
}

// update reads the clicks on the rows, "add" and the seed field, then
// Tab or the typed characters; it reports whether a seat was removed (the
// rows are stale until the next layout).
func (e *seatEditor) update(a *App) (removed bool) {
	e.ticks++
	for i := range e.rows {
		r, st := &e.rows[i], &e.seats[i]
		switch {
		case r.kind.clicked(a):
			st.Human = !st.Human
			if st.Human {
				st.Name, st.Level = playerName(a, i+1), ""
			} else {
				st.Name, st.Level = a.T("scene.bot.name", "n", i+1), "normal"
				if e.focus == i {
					e.focus = -1
				}
			}
		case st.Human && a.Clicked(r.name):
			e.focus = i
		case !st.Human && r.levelL.clicked(a):
			st.Level = e.cycleLevel(st.Level, -1)
		case !st.Human && (r.levelR.clicked(a) || a.Clicked(r.level)):
			st.Level = e.cycleLevel(st.Level, 1)
		case r.remove.clicked(a):
			e.seats = slices.Delete(e.seats, i, i+1)
			e.focus = -1
			return true
		}
	}
	if e.add.clicked(a) {
		e.seats = append(e.seats, SeatSetup{Name: a.T("scene.bot.name", "n", len(e.seats)+1), Level: "normal"})
	}
	if a.Clicked(e.seedR) {
		e.focus = fieldSeed
	}
	if a.Key(ebiten.KeyTab) {
		e.focus = nextField(e.seats, e.focus, a.in.KeyPressed(ebiten.KeyShift))
	} else {
		e.chars = typeInto(a, e.chars, &e.focus, e.seats, &e.seed)
	}
	return false
}

// result is the seats with their names trimmed (an empty one becomes
// "Player n") and the seed (0: random); a seed that does not read as a
// number is an error text for the scene.
func (e *seatEditor) result(a *App) (seats []SeatSetup, seed uint64, errText string) {
	seats = slices.Clone(e.seats)
	for i := range seats {
		seats[i].Name = strings.TrimSpace(seats[i].Name)
		if seats[i].Name == "" {
			seats[i].Name = playerName(a, i+1)
		}
	}
	if e.seed != "" {
		v, err := strconv.ParseUint(e.seed, 10, 64)
		if err != nil {
			return nil, 0, a.T("scene.newgame.bad_seed")
		}
		seed = v
	}
	return seats, seed, ""
}

// draw draws the rows, "add", the seed's label and field.
func (e *seatEditor) draw(a *App, p *painter, dst *ebiten.Image) {
	for i, r := range e.rows {
		st := e.seats[i]
		drawButton(a, p, dst, &r.kind)
		if st.Human {
			drawField(a, p, dst, r.name, st.Name, playerName(a, i+1), e.focus == i, e.ticks)
		} else {
			drawButton(a, p, dst, &r.levelL)
			p.round(dst, r.level, a.U(6), colPanel, a.U(1), colEdge)
			label := st.Name + " · " + a.T(e.keys+".level."+st.Level)
			drawText(a, dst, fit(a, label, a.U(15), r.level.w-a.U(12)), a.U(15), r.level.cx(), r.level.cy(), alignCenter, colText)
			drawButton(a, p, dst, &r.levelR)
		}
		drawButton(a, p, dst, &r.remove)
	}
	drawButton(a, p, dst, &e.add)
	lx, al := startOf(a, rect{e.seedR.x, 0, e.seedR.w, 0}, 0)
	drawText(a, dst, fit(a, a.T("scene.newgame.seed"), a.U(15), e.seedR.w), a.U(15), lx, e.seedR.y-a.U(14), al, colTextDim)
	drawField(a, p, dst, e.seedR, e.seed, a.T("scene.newgame.seed_random"), e.focus == fieldSeed, e.ticks)
}

// typeInto sends the characters typed this frame to the focused text
// field: seat focus's name (printable, at most 16 characters) or, for
// fieldSeed, the seed (digits, at most 19). Backspace deletes; Enter
// leaves the field. It returns the rune buffer for the next frame.
func typeInto(a *App, chars []rune, focus *int, seats []SeatSetup, seed *string) []rune {
	if *focus < 0 {
		return chars
	}
	if a.Key(ebiten.KeyEnter) {
		*focus = -1
		return chars
	}
	chars = a.in.AppendChars(chars[:0])
	var field *string
	limit := 16
	switch {
	case *focus == fieldSeed:
		field, limit = seed, 19
	case *focus < len(seats):
		field = &seats[*focus].Name
	default:
		*focus = -1
		return chars
	}
	for _, r := range chars {
		if *focus == fieldSeed && !unicode.IsDigit(r) || !unicode.IsPrint(r) || utf8.RuneCountInString(*field) >= limit {
			continue
		}
		*field += string(r)
	}
	if a.Key(ebiten.KeyBackspace) && *field != "" {
		_, size := utf8.DecodeLastRuneInString(*field)
		*field = (*field)[:len(*field)-size]
	}
	return chars
}

// nextField is the text field Tab (back: Shift+Tab) moves the keyboard to
// from focus: the humans' names in seat order, then the seed, then none,
// round and round.
func nextField(seats []SeatSetup, focus int, back bool) int {
	fields := []int{-1}
	for i, st := range seats {
		if st.Human {
			fields = append(fields, i)
		}
	}
	fields = append(fields, fieldSeed)
	k := max(slices.Index(fields, focus), 0)
	if back {
		return fields[(k-1+len(fields))%len(fields)]
	}
	return fields[(k+1)%len(fields)]
}
