package scenes

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"
)

// SeatEditor is the seat list and seed of a new-game scene: a row per
// seat (human with a name field, or computer player with its level),
// "add a player" up to the game's most seats, a remove button down to its
// fewest, and the seed field. Keyboard: Tab and Shift+Tab go through the
// humans' names and the seed (nextField), typed characters go to the
// focused field (typeInto). Incan Gold's and Underground's new-game scenes
// use it; their own options sit beside it.
type SeatEditor struct {
	Seats    []SeatSetup
	seed     string // the seed field's text: digits, or "" for random
	Focus    int    // seat i's name field, or fieldSeed; -1 none
	min, max int    // the game's seat counts
	levels   []string
	keys     string // catalogue prefix of "<keys>.seat.human", "<keys>.seat.computer", "<keys>.level.<level>"

	Rows  []SeatRow
	Add   Button
	SeedR Rect
	chars []rune
	ticks int
}

// NewSeatEditor starts with a human at seat 0 and n-1 computer players at
// normal level.
func NewSeatEditor(a *App, n, lo, hi int, levels []string, keys string) SeatEditor {
	e := SeatEditor{Focus: -1, min: lo, max: hi, levels: levels, keys: keys}
	e.Seats = []SeatSetup{{Human: true, Name: DefaultPlayerName(a)}}
	for i := 2; i <= n; i++ {
		e.Seats = append(e.Seats, SeatSetup{Name: a.T("scene.bot.name", "n", i), Level: "normal"})
	}
	return e
}

// Layout places the rows from (x0, y0) down, each rowH pixels high, and
// the seed field at seedR; mirrored for a right-to-left language across
// the screen's width.
func (e *SeatEditor) Layout(a *App, seedR Rect) {
	w, u := float64(a.W), a.U
	x0, y0, rowH := u(40), u(96), u(46)
	n := len(e.Seats)
	e.Rows = e.Rows[:0]
	for i, st := range e.Seats {
		r := Rect{x0, y0 + float64(i)*rowH, u(560), rowH - u(6)}
		row := SeatRow{R: r}
		row.Kind = Button{R: Rect{r.X, r.Y, u(130), r.H}, Enabled: true, Label: a.T(e.keys + ".seat.computer")}
		if st.Human {
			row.Kind.Label = a.T(e.keys + ".seat.human")
		}
		row.Name = Rect{r.X + u(140), r.Y, u(300), r.H}
		row.LevelL = Button{R: Rect{r.X + u(140), r.Y, u(44), r.H}, Label: "‹", Enabled: true}
		row.Level = Rect{r.X + u(188), r.Y, u(208), r.H}
		row.LevelR = Button{R: Rect{r.X + u(400), r.Y, u(40), r.H}, Label: "›", Enabled: true}
		row.Remove = Button{R: Rect{r.X + u(450), r.Y, u(44), r.H}, Label: "×", Enabled: n > e.min}
		e.Rows = append(e.Rows, row)
	}
	e.Add = Button{R: Rect{x0, y0 + float64(n)*rowH, u(494), u(40)}, Label: a.T("scene.newgame.add"), Enabled: n < e.max}
	e.SeedR = seedR
	if a.RTL() {
		for i := range e.Rows {
			r := &e.Rows[i]
			r.R, r.Kind.R, r.Name, r.Level, r.Remove.R = r.R.Mirror(w), r.Kind.R.Mirror(w), r.Name.Mirror(w), r.Level.Mirror(w), r.Remove.R.Mirror(w)
			r.LevelL.R, r.LevelR.R = r.LevelR.R.Mirror(w), r.LevelL.R.Mirror(w)
		}
		e.Add.R, e.SeedR = e.Add.R.Mirror(w), e.SeedR.Mirror(w)
	}
}

// cycleLevel is the level d steps from l in the game's list, round and
// round.
func (e *SeatEditor) cycleLevel(l string, d int) string {
	i := max(slices.Index(e.levels, l), 0)
	n := len(e.levels)
	return e.levels[(i+d+n)%n]
}

// Update reads the clicks on the rows, "add" and the seed field, then
// Tab or the typed characters; it reports whether a seat was removed (the
// rows are stale until the next layout).
func (e *SeatEditor) Update(a *App) (removed bool) {
	e.ticks++
	for i := range e.Rows {
		r, st := &e.Rows[i], &e.Seats[i]
		switch {
		case r.Kind.Clicked(a):
			st.Human = !st.Human
			if st.Human {
				st.Name, st.Level = PlayerName(a, i+1), ""
			} else {
				st.Name, st.Level = a.T("scene.bot.name", "n", i+1), "normal"
				if e.Focus == i {
					e.Focus = -1
				}
			}
		case st.Human && a.Clicked(r.Name):
			e.Focus = i
		case !st.Human && r.LevelL.Clicked(a):
			st.Level = e.cycleLevel(st.Level, -1)
		case !st.Human && (r.LevelR.Clicked(a) || a.Clicked(r.Level)):
			st.Level = e.cycleLevel(st.Level, 1)
		case r.Remove.Clicked(a):
			e.Seats = slices.Delete(e.Seats, i, i+1)
			e.Focus = -1
			return true
		}
	}
	if e.Add.Clicked(a) {
		e.Seats = append(e.Seats, SeatSetup{Name: a.T("scene.bot.name", "n", len(e.Seats)+1), Level: "normal"})
	}
	if a.Clicked(e.SeedR) {
		e.Focus = FieldSeed
	}
	if a.Key(ebiten.KeyTab) {
		e.Focus = NextField(e.Seats, e.Focus, a.In.KeyPressed(ebiten.KeyShift))
	} else {
		e.chars = TypeInto(a, e.chars, &e.Focus, e.Seats, &e.seed)
	}
	return false
}

// Result is the seats with their names trimmed (an empty one becomes
// "Player n") and the seed (0: random); a seed that does not read as a
// number is an error text for the scene.
func (e *SeatEditor) Result(a *App) (seats []SeatSetup, seed uint64, errText string) {
	seats = slices.Clone(e.Seats)
	for i := range seats {
		seats[i].Name = strings.TrimSpace(seats[i].Name)
		if seats[i].Name == "" {
			seats[i].Name = PlayerName(a, i+1)
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

// Draw draws the rows, "add", the seed's label and field.
func (e *SeatEditor) Draw(a *App, p *Painter, dst *ebiten.Image) {
	for i, r := range e.Rows {
		st := e.Seats[i]
		DrawButton(a, p, dst, &r.Kind)
		if st.Human {
			drawField(a, p, dst, r.Name, st.Name, PlayerName(a, i+1), e.Focus == i, e.ticks)
		} else {
			DrawButton(a, p, dst, &r.LevelL)
			p.Round(dst, r.Level, a.U(6), ColPanel, a.U(1), ColEdge)
			label := st.Name + " · " + a.T(e.keys+".level."+st.Level)
			DrawText(a, dst, Fit(a, label, a.U(15), r.Level.W-a.U(12)), a.U(15), r.Level.Cx(), r.Level.Cy(), AlignCenter, ColText)
			DrawButton(a, p, dst, &r.LevelR)
		}
		DrawButton(a, p, dst, &r.Remove)
	}
	DrawButton(a, p, dst, &e.Add)
	lx, al := StartOf(a, Rect{e.SeedR.X, 0, e.SeedR.W, 0}, 0)
	DrawText(a, dst, Fit(a, a.T("scene.newgame.seed"), a.U(15), e.SeedR.W), a.U(15), lx, e.SeedR.Y-a.U(14), al, ColTextDim)
	drawField(a, p, dst, e.SeedR, e.seed, a.T("scene.newgame.seed_random"), e.Focus == FieldSeed, e.ticks)
}

// TypeInto sends the characters typed this frame to the focused text
// field: seat focus's name (printable, at most 16 characters) or, for
// fieldSeed, the seed (digits, at most 19). Backspace deletes; Enter
// leaves the field. It returns the rune buffer for the next frame.
func TypeInto(a *App, chars []rune, focus *int, seats []SeatSetup, seed *string) []rune {
	if *focus < 0 {
		return chars
	}
	if a.Key(ebiten.KeyEnter) {
		*focus = -1
		return chars
	}
	chars = a.In.AppendChars(chars[:0])
	var field *string
	limit := 16
	switch {
	case *focus == FieldSeed:
		field, limit = seed, 19
	case *focus < len(seats):
		field = &seats[*focus].Name
	default:
		*focus = -1
		return chars
	}
	for _, r := range chars {
		if *focus == FieldSeed && !unicode.IsDigit(r) || !unicode.IsPrint(r) || utf8.RuneCountInString(*field) >= limit {
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

// NextField is the text field Tab (back: Shift+Tab) moves the keyboard to
// from focus: the humans' names in seat order, then the seed, then none,
// round and round.
func NextField(seats []SeatSetup, focus int, back bool) int {
	fields := []int{-1}
	for i, st := range seats {
		if st.Human {
			fields = append(fields, i)
		}
	}
	fields = append(fields, FieldSeed)
	k := max(slices.Index(fields, focus), 0)
	if back {
		return fields[(k-1+len(fields))%len(fields)]
	}
	return fields[(k+1)%len(fields)]
}

// SeatSetup is one seat of a new game: a human with a name, or a computer
// player of a level (bot.Level).
type SeatSetup struct {
	Human bool   `json:"human"`
	Name  string `json:"name"`
	Level string `json:"level"`
}

// BotSeed is the seed of the computer player in seat of a game dealt
// with seed: distinct per seat, the same on every replay.
func BotSeed(seed uint64, seat int) uint64 { return seed*0x9e3779b97f4a7c15 + uint64(seat+1) }

const FieldSeed = 100

// SeatRow is one seat's controls.
type SeatRow struct {
	R        Rect
	Kind     Button // human / computer
	Name     Rect   // the name field (humans)
	LevelL   Button // computer level: previous
	LevelR   Button // next
	Level    Rect
	Youngest Rect
	Remove   Button
}

func DefaultPlayerName(a *App) string {
	for _, k := range []string{"USER", "USERNAME", "LOGNAME"} {
		if v := os.Getenv(k); v != "" && utf8.RuneCountInString(v) <= 16 {
			r, size := utf8.DecodeRuneInString(v)
			return string(unicode.ToUpper(r)) + v[size:]
		}
	}
	return a.T("scene.newgame.you")
}
