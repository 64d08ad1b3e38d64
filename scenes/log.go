package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
)

// Log is the shell's game log (issue 25 item 3), for every game's table
// (Saboteur, Incan Gold, Underground): it keeps every line of the game
// (nothing is dropped), draws them in a panel with the newest at the
// bottom, and scrolls back by the wheel, a drag inside the panel or the
// keys (PgUp, PgDn, End back to the newest); a reader scrolled back stays
// on the lines they read while new ones come. A line keeps its colour (the
// player it is about) on every row it wraps to, and a click on a line
// reports the line's Ref (the region or cell the game then flashes). The
// game adds a line when its table shows the move (not when the move
// arrives), so the log never runs ahead of the board.
//
// A game may also give each line a small picture (Icon), mark round
// breaks with separator lines (LogLine.Sep), make the newest line stand
// out (Newest), flash a line (Flash) and colour lines by seat at draw time
// (SeatColor), so a palette change recolours lines already written.
//
// Wrapping is done once per line, width, size and language; a steady
// frame allocates nothing.
type Log struct {
	// Size is the text size (layout units); 0: LogTextSize.
	Size float64
	// Pitch is the height of a row (layout units); 0: the text's line box
	// and 2 (room for every script's marks).
	Pitch float64
	// IconW is the room (layout units) kept at the start of every row for
	// the lines' pictures; 0: none.
	IconW float64
	// Icon draws line i's picture in box (IconW wide, one row high, on
	// the line's first row, at its start in the app's direction); nil:
	// no pictures.
	Icon func(a *App, dst *ebiten.Image, line int, box Rect)
	// Newest, when its alpha is not 0, is the colour the newest line is
	// drawn in (unless it is a separator), so it stands out from the
	// older lines (Saboteur: older lines dim, the newest bright).
	Newest color.RGBA
	// SeatColor is the colour of a seat's lines: a line whose Color is
	// left zero takes the colour of its Seat from it at every draw, so a
	// change of palette (the colour-blind setting) recolours the lines
	// already written. Nil: lines keep their Color.
	SeatColor func(a *App, seat int) color.RGBA

	lines []LogLine

	rows  []logRow // the lines wrapped for the last width, oldest first
	wrapN int      // how many lines rows holds
	wrapW float64  // the width and size rows were wrapped for
	wrapS float64
	wrapC *i18n.Catalog // and the catalogue (its direction)

	back    float64 // pixels scrolled back from the newest row (0: following)
	dragY   int     // the pointer's last y during a drag in the panel
	drag    bool    // a press in the panel is scrolling it
	dragged bool    // that press travelled (its release is no click)
	hits    []LogShown

	flash  int // the line flashed (Flash); -1 or 0 ticks: none
	flashT int // ticks the flash still lasts
}

// LogLine is one line of a game's log.
type LogLine struct {
	Text string // the line, in the language of the moment it happened
	// Color is its colour on every wrapped row (a player's colour); left
	// zero, the colour of Seat (Log.SeatColor), resolved at each draw.
	Color color.RGBA
	Seat  int  // the seat the line is about, for Log.SeatColor
	Ref   int  // what a click on it points at (a region index, ...); -1 none
	Sep   bool // a separator (a round's start): centred between dashes, no picture
}

// logRow is one wrapped row of a line.
type logRow struct {
	s     string
	line  int
	first bool // the line's first row (it carries the line's picture)
}

// LogShown is where a row was last drawn (for clicks and tests): its box
// and the line it belongs to.
type LogShown struct {
	R    Rect
	Line int
}

// LogTextSize is the log's text size (layout units).
const LogTextSize = 13

// logHead is the panel's title band (layout units).
const logHead = 28

// Add appends a line (it is kept for the whole game). A reader scrolled
// back stays where they are.
func (l *Log) Add(line LogLine) { l.lines = append(l.lines, line) }

// Len is the number of lines.
func (l *Log) Len() int { return len(l.lines) }

// Line is line i (0 the oldest).
func (l *Log) Line(i int) LogLine { return l.lines[i] }

// Reset forgets every line (a new game at the same table, or a game that
// writes its log afresh: Undo, a change of language).
func (l *Log) Reset() {
	l.lines, l.rows, l.wrapN, l.back, l.hits, l.flashT = l.lines[:0], l.rows[:0], 0, 0, l.hits[:0], 0
}

// Shown is every row the last Draw drew, newest first; it is valid until
// the next Draw.
func (l *Log) Shown() []LogShown { return l.hits }

// Back is how far (pixels) the reader has scrolled back from the newest
// row; 0 when the log follows the game.
func (l *Log) Back() float64 { return l.back }

// Flash marks line i with a highlight band for ticks ticks (counted down
// by Update), as the game flashes what the line points at.
func (l *Log) Flash(i, ticks int) { l.flash, l.flashT = i, ticks }

// Flashing is the line flashed now, -1 for none.
func (l *Log) Flashing() int {
	if l.flashT <= 0 {
		return -1
	}
	return l.flash
}

// textSize is the text size in pixels.
func (l *Log) textSize(a *App) float64 {
	if l.Size > 0 {
		return a.U(l.Size)
	}
	return a.U(LogTextSize)
}

// wrap brings rows up to date for the log in panel r. Rows added while
// the reader is scrolled back move the view back with them, so the rows
// being read stay where they are.
func (l *Log) wrap(a *App, r Rect) {
	size := l.textSize(a)
	w := r.W - a.U(20)
	if w != l.wrapW || size != l.wrapS || a.Cat != l.wrapC {
		l.rows, l.wrapN, l.wrapW, l.wrapS, l.wrapC = l.rows[:0], 0, w, size, a.Cat
	}
	had := len(l.rows)
	for ; l.wrapN < len(l.lines); l.wrapN++ {
		line := &l.lines[l.wrapN]
		text, tw := line.Text, w-a.U(l.IconW)
		if line.Sep {
			text, tw = "— "+text+" —", w
		}
		for k, s := range WrapLines(a, text, size, tw, a.RTL()) {
			l.rows = append(l.rows, logRow{s: s, line: l.wrapN, first: k == 0})
		}
	}
	if l.back > 0 && had > 0 {
		l.back += float64(len(l.rows)-had) * l.rowH(a)
	}
}

// rowH is the height of one row in pixels.
func (l *Log) rowH(a *App) float64 {
	if l.Pitch > 0 {
		return a.U(l.Pitch)
	}
	return LineBox(l.textSize(a)) + a.U(2)
}

// maxBack is how far the log in r can scroll back.
func (l *Log) maxBack(a *App, r Rect) float64 {
	l.wrap(a, r)
	view := r.H - a.U(logHead) - a.U(8)
	return math.Max(0, float64(len(l.rows))*l.rowH(a)-view)
}

// Update reads the log's input in panel r: the wheel over it, a drag in
// it, and, when keys is true, PgUp, PgDn and End; it counts a flash down.
// It returns the Ref of a line clicked (pressed and released on it without
// travel), -1 for none.
func (l *Log) Update(a *App, r Rect, keys bool) int {
	if l.flashT > 0 {
		l.flashT--
	}
	rh := l.rowH(a)
	top := l.maxBack(a, r)
	p := &a.Ptr
	in := r.In(p.X, p.Y)
	if in && p.WheelY != 0 {
		l.back += p.WheelY * rh * 3
	}
	if keys {
		page := math.Max(rh, r.H-a.U(logHead)-2*rh)
		switch {
		case a.Key(ebiten.KeyPageUp):
			l.back += page
		case a.Key(ebiten.KeyPageDown):
			l.back -= page
		case a.Key(ebiten.KeyEnd):
			l.back = 0
		}
	}
	clicked := -1
	switch {
	case p.Pressed && in && !p.consumedPress:
		l.drag, l.dragged, l.dragY = true, false, p.Y
	case l.drag && p.Down:
		if math.Abs(float64(p.Y-p.StartY)) > a.U(DragThreshold) {
			l.dragged = true
		}
		l.back += float64(p.Y - l.dragY)
		l.dragY = p.Y
	case l.drag:
		l.drag = false
		if p.Released && !l.dragged {
			for _, h := range l.hits {
				if h.Line < len(l.lines) && l.lines[h.Line].Ref >= 0 && a.Clicked(h.R) {
					clicked = l.lines[h.Line].Ref
					break
				}
			}
		}
	}
	l.back = math.Max(0, math.Min(l.back, top))
	return clicked
}

// color is line i's colour now.
func (l *Log) color(a *App, i int) color.RGBA {
	line := &l.lines[i]
	c := line.Color
	if c == (color.RGBA{}) && l.SeatColor != nil {
		c = l.SeatColor(a, line.Seat)
	}
	if l.Newest.A != 0 && i == len(l.lines)-1 && !line.Sep {
		c = l.Newest
	}
	return c
}

// Draw draws the log in panel r under title: the rows that fit, from the
// newest (or as far back as the reader scrolled), each line's picture,
// and a scroll bar when there is more than fits.
func (l *Log) Draw(a *App, p *Painter, dst *ebiten.Image, r Rect, title string) {
	u := a.U
	size := l.textSize(a)
	rh := l.rowH(a)
	p.Round(dst, r, u(8), ColPanel, u(1), ColEdge)
	top := l.maxBack(a, r)
	l.back = math.Max(0, math.Min(l.back, top))
	bottom := r.Y + r.H - u(8)
	first := r.Y + u(logHead)
	// The newest row's centre, moved down by the scroll.
	y0 := bottom - rh/2 + l.back
	l.drawFlash(a, p, dst, r, y0, first, bottom)
	x, al := StartOf(a, r, u(10))
	DrawText(a, dst, title, u(15), x, r.Y+u(14), al, ColGold)
	if l.back > 0 {
		// Scrolled back: say how to return to the newest.
		ex, eal := r.X+r.W-u(10), AlignEnd
		if a.RTL() {
			ex, eal = r.X+u(10), AlignStart
		}
		DrawText(a, dst, a.T("scene.log.back"), u(12), ex, r.Y+u(14), eal, ColTextDim)
	}
	iw := u(l.IconW)
	tx, ix := x+iw, x
	if a.RTL() {
		tx, ix = x-iw, x-iw
	}
	l.hits = l.hits[:0]
	y := y0
	for k := len(l.rows) - 1; k >= 0 && y-rh/2 >= first-0.5; k-- {
		if y+rh/2 <= bottom+0.5 {
			row := l.rows[k]
			c := l.color(a, row.line)
			switch {
			case l.lines[row.line].Sep:
				DrawText(a, dst, row.s, size, r.Cx(), y, AlignCenter, c)
			default:
				if row.first && l.Icon != nil && iw > 0 {
					l.Icon(a, dst, row.line, R(ix, y-rh/2, iw, rh))
				}
				DrawText(a, dst, row.s, size, tx, y, al, c)
			}
			l.hits = append(l.hits, LogShown{R: R(r.X, y-rh/2, r.W, rh), Line: row.line})
		}
		y -= rh
	}
	if top > 0 {
		// The scroll bar: where the shown rows lie in the whole log.
		view := bottom - first
		whole := view + top
		bh := math.Max(u(16), view*view/whole)
		by := first + (view-bh)*(1-l.back/top)
		bx := r.X + r.W - u(5)
		if a.RTL() {
			bx = r.X + u(2)
		}
		p.Round(dst, R(bx, by, u(3), bh), u(1.5), ColTextDim, 0, ColTextDim)
	}
}

// drawFlash draws one band under all the rows shown of the line flashed
// (the newest row's centre at y0, rows between first and bottom), before
// any text: one shape beside the panel's, not one between two texts (each
// break of a batch is a draw call).
func (l *Log) drawFlash(a *App, p *Painter, dst *ebiten.Image, r Rect, y0, first, bottom float64) {
	flash := l.Flashing()
	if flash < 0 {
		return
	}
	rh := l.rowH(a)
	top, end := math.Inf(1), math.Inf(-1)
	y := y0
	for k := len(l.rows) - 1; k >= 0 && y-rh/2 >= first-0.5; k-- {
		if y+rh/2 <= bottom+0.5 && l.rows[k].line == flash {
			top, end = math.Min(top, y-rh/2), math.Max(end, y+rh/2)
		}
		y -= rh
	}
	if top < end {
		p.Round(dst, R(r.X+a.U(3), top, r.W-a.U(6), end-top), a.U(3), ColPanelHi, 0, ColPanelHi)
	}
}
