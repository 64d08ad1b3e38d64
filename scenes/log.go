package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
)

// Log is the shell's game log (issue 25 item 3), for every game's table:
// it keeps every line of the game (nothing is dropped), draws them in a
// panel with the newest at the bottom, and scrolls back by the wheel, a
// drag inside the panel or the keys (PgUp, PgDn, End back to the newest).
// A line keeps its colour (the player it is about) on every row it wraps
// to, and a click on a line reports the line's Ref (the region or cell the
// game then flashes). The game adds a line when its table shows the move
// (not when the move arrives), so the log never runs ahead of the board.
//
// Wrapping is done once per line, width, size and language; a steady
// frame allocates nothing.
type Log struct {
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
}

// LogLine is one line of a game's log.
type LogLine struct {
	Text  string     // the line, in the language of the moment it happened
	Color color.RGBA // its colour on every wrapped row (a player's colour)
	Ref   int        // what a click on it points at (a region index, ...); -1 none
}

// logRow is one wrapped row of a line.
type logRow struct {
	s    string
	line int
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

// Reset forgets every line (a new game at the same table).
func (l *Log) Reset() {
	l.lines, l.rows, l.wrapN, l.back, l.hits = l.lines[:0], l.rows[:0], 0, 0, l.hits[:0]
}

// Shown is every row the last Draw drew, newest first; it is valid until
// the next Draw.
func (l *Log) Shown() []LogShown { return l.hits }

// Back is how far (pixels) the reader has scrolled back from the newest
// row; 0 when the log follows the game.
func (l *Log) Back() float64 { return l.back }

// wrap brings rows up to date for text width w at size px.
func (l *Log) wrap(a *App, w, size float64) {
	if w != l.wrapW || size != l.wrapS || a.Cat != l.wrapC {
		l.rows, l.wrapN, l.wrapW, l.wrapS, l.wrapC = l.rows[:0], 0, w, size, a.Cat
	}
	for ; l.wrapN < len(l.lines); l.wrapN++ {
		for _, s := range WrapLines(a, l.lines[l.wrapN].Text, size, w, a.RTL()) {
			l.rows = append(l.rows, logRow{s: s, line: l.wrapN})
		}
	}
}

// logRowH is the height of one row at size px.
func logRowH(a *App, size float64) float64 { return LineBox(size) + a.U(2) }

// maxBack is how far the log in r can scroll back.
func (l *Log) maxBack(a *App, r Rect) float64 {
	size := a.U(LogTextSize)
	l.wrap(a, r.W-a.U(20), size)
	view := r.H - a.U(logHead) - a.U(8)
	return math.Max(0, float64(len(l.rows))*logRowH(a, size)-view)
}

// Update reads the log's input in panel r: the wheel over it, a drag in
// it, and, when keys is true, PgUp, PgDn and End. It returns the Ref of a
// line clicked (pressed and released on it without travel), -1 for none.
func (l *Log) Update(a *App, r Rect, keys bool) int {
	size := a.U(LogTextSize)
	rh := logRowH(a, size)
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
				if l.lines[h.Line].Ref >= 0 && a.Clicked(h.R) {
					clicked = l.lines[h.Line].Ref
					break
				}
			}
		}
	}
	l.back = math.Max(0, math.Min(l.back, top))
	return clicked
}

// Draw draws the log in panel r under title: the rows that fit, from the
// newest (or as far back as the reader scrolled), and a scroll bar when
// there is more than fits.
func (l *Log) Draw(a *App, p *Painter, dst *ebiten.Image, r Rect, title string) {
	u := a.U
	size := u(LogTextSize)
	rh := logRowH(a, size)
	p.Round(dst, r, u(8), ColPanel, u(1), ColEdge)
	x, al := StartOf(a, r, u(10))
	DrawText(a, dst, title, u(15), x, r.Y+u(14), al, ColGold)
	top := l.maxBack(a, r)
	l.back = math.Max(0, math.Min(l.back, top))
	if l.back > 0 {
		// Scrolled back: say how to return to the newest.
		ex, eal := r.X+r.W-u(10), AlignEnd
		if a.RTL() {
			ex, eal = r.X+u(10), AlignStart
		}
		DrawText(a, dst, a.T("scene.log.back"), u(12), ex, r.Y+u(14), eal, ColTextDim)
	}
	l.hits = l.hits[:0]
	bottom := r.Y + r.H - u(8)
	first := r.Y + u(logHead)
	// The newest row's centre, moved down by the scroll.
	y := bottom - rh/2 + l.back
	for k := len(l.rows) - 1; k >= 0; k-- {
		if y-rh/2 < first-0.5 {
			break
		}
		if y+rh/2 <= bottom+0.5 {
			row := l.rows[k]
			DrawText(a, dst, row.s, size, x, y, al, l.lines[row.line].Color)
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
