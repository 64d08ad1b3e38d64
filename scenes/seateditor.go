package scenes

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules"
)

// SeatEditor is the seat list and seed of every game's New game screen
// (NewGameForm): a row per seat, each with the first player's radio when
// the game has one (Saboteur's youngest, R3.5; Incan Gold's start player,
// I2.4; Underground's first player, U2.7), the seat's kind (human or
// computer player), the human's name field or the computer player's level
// between ‹ and ›, and × to remove the seat down to the game's fewest;
// "+ Add a player" up to its most; and the seed field. Keyboard: Tab and
// Shift+Tab go through the humans' names and the seed (NextField), typed
// characters go to the focused field (TypeInto).
type SeatEditor struct {
	Seats []SeatSetup
	// First is the seat ticked in the first-player column; -1 when the
	// first player is drawn at random (or the game has no such column).
	First    int
	Seed     string // the seed field's text: digits, or "" for random
	Focus    int    // seat i's name field, or FieldSeed; -1 none
	min, max int    // the game's seat counts
	levels   []string
	firstKey string // catalogue key of the first-player column's heading; "" for none

	Rows  []SeatRow
	Add   Button
	SeedR Rect
	chars []rune
	ticks int
}

// NewSeatEditor is the editor of a game of lo to hi seats with computer
// players of levels (each has a catalogue name "scene.level.<level>");
// firstKey heads the first-player column ("" for a game without one).
// It starts with seats, whose human seats then take the names kept in
// the settings (Settings.Names, in seat order), and first ticked.
func NewSeatEditor(a *App, seats []SeatSetup, first, lo, hi int, levels []string, firstKey string) SeatEditor {
	e := SeatEditor{Seats: slices.Clone(seats), First: first, Focus: -1, min: lo, max: hi, levels: levels, firstKey: firstKey}
	if firstKey == "" || first >= len(seats) {
		e.First = -1
	}
	k := 0
	for i := range e.Seats {
		st := &e.Seats[i]
		if rules.CheckName(st.Name) != nil {
			st.Name = rules.CutName(st.Name) // a saved table's name the game could not draw
		}
		st.Name = LocalName(a, st.Name)
		if st.Human && k < len(a.Settings.Names) {
			st.Name = LocalName(a, a.Settings.Names[k])
			k++
		}
	}
	return e
}

// DefaultSeats is a new table of n seats: a human (the system's user
// name, else "You") and n-1 computer players at normal level.
func DefaultSeats(a *App, n int) []SeatSetup {
	seats := []SeatSetup{{Human: true, Name: DefaultPlayerName(a)}}
	for i := 2; i <= n; i++ {
		seats = append(seats, SeatSetup{Name: a.T("scene.bot.name", "n", i), Level: "normal"})
	}
	return seats
}

// Layout places the rows in the column col (pixels; its height is the
// room for the box's most seats, maxSeats, and the add button, so the
// rows are the same in every game), each row's
// controls from the reading side: first-player radio, kind, name or
// level, ×. The headings go above col.
func (e *SeatEditor) Layout(a *App, col Rect) {
	u := a.U
	rowH := min(u(44), col.H/float64(maxSeats+1))
	bh := rowH - u(6)
	x, right := col.X, col.X+col.W
	if e.firstKey != "" {
		x += bh + u(8)
	}
	n := len(e.Seats)
	e.Rows = e.Rows[:0]
	for i, st := range e.Seats {
		y := col.Y + float64(i)*rowH
		row := SeatRow{R: Rect{col.X, y, col.W, bh}}
		if e.firstKey != "" {
			row.First = Rect{col.X, y, bh, bh}
		}
		row.Kind = Button{R: Rect{x, y, u(124), bh}, Enabled: true, Label: a.T("scene.newgame.computer")}
		if st.Human {
			row.Kind.Label = a.T("scene.newgame.human")
		}
		nx, nr := x+u(132), right-bh-u(8)
		row.Name = Rect{nx, y, nr - nx, bh}
		row.LevelL = Button{R: Rect{nx, y, bh, bh}, Label: "‹", Enabled: true}
		row.Level = Rect{nx + bh + u(4), y, nr - nx - 2*bh - u(8), bh}
		row.LevelR = Button{R: Rect{nr - bh, y, bh, bh}, Label: "›", Enabled: true}
		row.Remove = Button{R: Rect{right - bh, y, bh, bh}, Label: "×", Enabled: n > e.min}
		e.Rows = append(e.Rows, row)
	}
	e.Add = Button{R: Rect{x, col.Y + float64(n)*rowH, right - bh - u(8) - x, bh}, Label: a.T("scene.newgame.add"), Enabled: n < e.max}
	if a.RTL() {
		w := float64(a.W)
		for i := range e.Rows {
			r := &e.Rows[i]
			r.R, r.First, r.Kind.R, r.Name, r.Level, r.Remove.R = r.R.Mirror(w), r.First.Mirror(w), r.Kind.R.Mirror(w), r.Name.Mirror(w), r.Level.Mirror(w), r.Remove.R.Mirror(w)
			// The arrows keep their meaning, "previous" at the reading
			// start: on the right.
			r.LevelL.R, r.LevelR.R = r.LevelL.R.Mirror(w), r.LevelR.R.Mirror(w)
			r.LevelL.Label, r.LevelR.Label = "›", "‹"
		}
		e.Add.R = e.Add.R.Mirror(w)
	}
}

// cycleLevel is the level d steps from l in the game's list, round and
// round.
func (e *SeatEditor) cycleLevel(l string, d int) string {
	i := max(slices.Index(e.levels, l), 0)
	n := len(e.levels)
	return e.levels[(i+d+n)%n]
}

// freeName is the name a seat turned human takes: the first name kept in
// the settings (one a person typed, not "Player 2") that no human seat
// has, else "Player n" for seat i.
func (e *SeatEditor) freeName(a *App, i int) string {
	for _, n := range a.Settings.Names {
		if _, given := defaultNames()[n]; given {
			continue
		}
		if !slices.ContainsFunc(e.Seats, func(st SeatSetup) bool { return st.Human && st.Name == n }) {
			return n
		}
	}
	return PlayerName(a, i+1)
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
				st.Name, st.Level = e.freeName(a, i), ""
			} else {
				st.Name, st.Level = a.T("scene.bot.name", "n", i+1), "normal"
				if e.Focus == i {
					e.Focus = -1
				}
			}
		case e.firstKey != "" && a.Clicked(r.First):
			e.First = i
		case st.Human && a.Clicked(r.Name):
			e.Focus = i
		case !st.Human && r.LevelL.Clicked(a):
			st.Level = e.cycleLevel(st.Level, -1)
		case !st.Human && (r.LevelR.Clicked(a) || a.Clicked(r.Level)):
			st.Level = e.cycleLevel(st.Level, 1)
		case r.Remove.Clicked(a):
			e.Seats = slices.Delete(e.Seats, i, i+1)
			switch {
			case e.First == i:
				e.First = 0
			case e.First > i:
				e.First-- // the same player stays ticked
			}
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
		e.chars = TypeInto(a, e.chars, &e.Focus, e.Seats, &e.Seed)
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
	if e.Seed != "" {
		v, err := strconv.ParseUint(e.Seed, 10, 64)
		if err != nil {
			return nil, 0, a.T("scene.newgame.bad_seed")
		}
		seed = v
	}
	return seats, seed, ""
}

// Draw draws the column headings, the rows and "add".
func (e *SeatEditor) Draw(a *App, p *Painter, dst *ebiten.Image) {
	if len(e.Rows) > 0 {
		r0 := e.Rows[0]
		hy := r0.R.Y - a.U(14)
		if e.firstKey != "" {
			DrawText(a, dst, a.T(e.firstKey), a.U(13), r0.First.Cx(), hy, AlignCenter, ColTextDim)
		}
		DrawText(a, dst, Fit(a, a.T("scene.newgame.seat_col"), a.U(13), r0.Kind.R.W), a.U(13), r0.Kind.R.Cx(), hy, AlignCenter, ColTextDim)
		DrawText(a, dst, a.T("scene.newgame.name_col"), a.U(13), r0.Name.Cx(), hy, AlignCenter, ColTextDim)
	}
	for i, r := range e.Rows {
		st := e.Seats[i]
		if e.firstKey != "" {
			// The first player's radio.
			p.Round(dst, r.First.Inset(a.U(4)), a.U(12), ColPanel, a.U(2), ColEdge)
			if e.First == i {
				p.Round(dst, r.First.Inset(a.U(10)), a.U(8), ColGold, 0, ColGold)
			}
		}
		DrawButton(a, p, dst, &r.Kind)
		if st.Human {
			drawField(a, p, dst, r.Name, st.Name, PlayerName(a, i+1), e.Focus == i, e.ticks)
		} else {
			DrawButton(a, p, dst, &r.LevelL)
			p.Round(dst, r.Level, a.U(6), ColPanel, a.U(1), ColEdge)
			label := a.T("scene.level." + st.Level)
			DrawText(a, dst, Fit(a, label, a.U(16), r.Level.W-a.U(8)), a.U(16), r.Level.Cx(), r.Level.Cy(), AlignCenter, ColText)
			DrawButton(a, p, dst, &r.LevelR)
		}
		DrawButton(a, p, dst, &r.Remove)
	}
	DrawButton(a, p, dst, &e.Add)
}

// DrawSeed draws the seed's label above its field and the field.
func (e *SeatEditor) DrawSeed(a *App, p *Painter, dst *ebiten.Image) {
	lx, al := StartOf(a, Rect{e.SeedR.X, 0, e.SeedR.W, 0}, 0)
	DrawText(a, dst, Fit(a, a.T("scene.newgame.seed"), a.U(14), e.SeedR.W), a.U(14), lx, e.SeedR.Y-a.U(12), al, ColText)
	drawField(a, p, dst, e.SeedR, e.Seed, a.T("scene.newgame.seed_random"), e.Focus == FieldSeed, e.ticks)
}

// TypeInto sends the characters typed this frame to the focused text
// field: seat focus's name (printable, at most 16 characters) or, for
// FieldSeed, the seed (digits, at most 19). Backspace deletes; Enter
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
	limit := MaxPlayerName
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

// MaxPlayerName is the longest name the name fields take, in runes.
const MaxPlayerName = 16

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

// FieldSeed is SeatEditor.Focus on the seed field.
const FieldSeed = 100

// SeatRow is one seat's controls on the New game screen.
type SeatRow struct {
	R      Rect
	First  Rect   // the first-player radio (empty without the column)
	Kind   Button // human / computer
	Name   Rect   // the name field (humans)
	LevelL Button // computer level: previous
	LevelR Button // next
	Level  Rect
	Remove Button // ×
}

// DefaultPlayerName is the name of the screen's first human before anyone
// types one: the system's user name, else "You".
func DefaultPlayerName(a *App) string {
	for _, k := range []string{"USER", "USERNAME", "LOGNAME"} {
		if v := os.Getenv(k); v != "" && utf8.RuneCountInString(v) <= MaxPlayerName {
			r, size := utf8.DecodeRuneInString(v)
			return string(unicode.ToUpper(r)) + v[size:]
		}
	}
	return a.T("scene.newgame.you")
}
