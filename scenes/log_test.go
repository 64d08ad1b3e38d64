package scenes

import (
	"fmt"
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
)

// logScene is a scene of one Log in a panel, for the log's tests.
type logScene struct {
	log     Log
	r       Rect
	clicked []int
	p       Painter
}

func (s *logScene) Name() string { return "log-test" }
func (s *logScene) Update(a *App) error {
	if ref := s.log.Update(a, s.r, true); ref >= 0 {
		s.clicked = append(s.clicked, ref)
	}
	return nil
}
func (s *logScene) Draw(a *App, dst *ebiten.Image) {
	s.log.Draw(a, &s.p, dst, s.r, "Log")
}

func logHarness(t *testing.T, n int) (*Harness, *logScene) {
	h := NewHarness(t, TestGames)
	s := &logScene{r: R(100, 100, 300, 260)}
	for i := 0; i < n; i++ {
		s.log.Add(LogLine{Text: fmt.Sprintf("line %d: %s", i, strings.Repeat("word ", i%4*6)), Color: ColGold, Ref: i})
	}
	h.A.Cur = s
	h.Tick()
	return h, s
}

// TestLogScrollsAndKeepsEverything: a log of 300 lines keeps them all;
// the wheel, a drag and PgUp scroll it back as far as its first line and
// no further, End and PgDn come back to the newest, and a click on a row
// reports its line's Ref.
func TestLogScrollsAndKeepsEverything(t *testing.T) {
	h, s := logHarness(t, 300)
	if s.log.Len() != 300 || s.log.Back() != 0 {
		t.Fatalf("%d lines, %v back", s.log.Len(), s.log.Back())
	}
	if sh := s.log.Shown(); len(sh) == 0 || s.log.Line(sh[0].Line).Text != s.log.Line(299).Text {
		t.Fatal("the newest line is not shown at the bottom")
	}
	h.In.X, h.In.Y, h.In.Scroll = int(s.r.Cx()), int(s.r.Cy()), 1
	h.Tick()
	if s.log.Back() <= 0 {
		t.Fatal("the wheel did not scroll")
	}
	h.In.X, h.In.Y, h.In.Scroll = 10, 10, 1 // outside the panel: nothing
	b := s.log.Back()
	h.Tick()
	if s.log.Back() != b {
		t.Fatal("the wheel outside the panel scrolled it")
	}
	h.Key(ebiten.KeyEnd)
	h.Drag(s.r.Cx(), s.r.Y+60, s.r.Cx(), s.r.Y+200)
	if s.log.Back() < 100 {
		t.Fatalf("a drag of 140 px scrolled %v px", s.log.Back())
	}
	if len(s.clicked) != 0 {
		t.Fatalf("a drag clicked %v", s.clicked)
	}
	for k := 0; k < 300; k++ {
		h.Key(ebiten.KeyPageUp)
	}
	sh := s.log.Shown()
	if s.log.Line(sh[len(sh)-1].Line).Text != s.log.Line(0).Text {
		t.Fatalf("at the top the oldest row shown is line %d", sh[len(sh)-1].Line)
	}
	if top := sh[len(sh)-1].R; top.Y < s.r.Y+h.A.U(logHead)-1 {
		t.Fatalf("scrolled past the first line: row at %v", top.Y)
	}
	h.Click(sh[len(sh)-1].R)
	if len(s.clicked) != 1 || s.clicked[0] != sh[len(sh)-1].Line {
		t.Fatalf("a click on line %d reported %v", sh[len(sh)-1].Line, s.clicked)
	}
	for k := 0; k < 300; k++ {
		h.Key(ebiten.KeyPageDown)
	}
	if s.log.Back() != 0 {
		t.Fatalf("PgDn left it %v back", s.log.Back())
	}
}

// TestLogWrappedRowsKeepColour: a line that wraps is drawn in its colour
// on every row, not only the first.
func TestLogWrappedRowsKeepColour(t *testing.T) {
	h := NewHarness(t, TestGames)
	s := &logScene{r: R(100, 100, 300, 200)}
	red := color.RGBA{0xf0, 0x20, 0x20, 0xff}
	s.log.Add(LogLine{Text: strings.Repeat("conquers the cave ", 8), Color: red, Ref: -1})
	h.A.Cur = s
	h.Tick()
	dst := ebiten.NewImage(h.A.W, h.A.H)
	s.Draw(h.A, dst)
	sh := s.log.Shown()
	if len(sh) < 3 {
		t.Fatalf("the long line wraps to %d rows", len(sh))
	}
	for _, row := range sh {
		reds := 0
		for y := int(row.R.Y); y < int(row.R.Y+row.R.H); y++ {
			for x := int(row.R.X); x < int(row.R.X+row.R.W); x++ {
				c := dst.At(x, y).(color.RGBA)
				if c.R > 0xa0 && c.G < 0x60 && c.B < 0x60 {
					reds++
				}
			}
		}
		if reds < 10 {
			t.Errorf("row at y %.0f has %d red pixels: its colour is lost", row.R.Y, reds)
		}
	}
}

// TestLogReaderKeepsPlace: scrolled back, the rows being read stay where
// they are while new lines come (Saboteur's log did; issue 25 item 3), and
// the log follows the newest again after End.
func TestLogReaderKeepsPlace(t *testing.T) {
	h, s := logHarness(t, 80)
	h.In.X, h.In.Y, h.In.Scroll = int(s.r.Cx()), int(s.r.Cy()), 2
	h.Tick()
	h.In.X, h.In.Y = 10, 10
	h.Tick()
	read := s.log.Shown()[0]
	for i := 0; i < 5; i++ {
		s.log.Add(LogLine{Text: fmt.Sprintf("new line %d %s", i, strings.Repeat("word ", 9)), Color: ColGold, Ref: -1})
		h.Tick()
	}
	if now := s.log.Shown()[0]; now.Line != read.Line || math.Abs(now.R.Y-read.R.Y) > 0.5 {
		t.Fatalf("scrolled back, the bottom row was line %d at %.1f; after five new lines it is line %d at %.1f", read.Line, read.R.Y, now.Line, now.R.Y)
	}
	h.Key(ebiten.KeyEnd)
	if sh := s.log.Shown(); sh[0].Line != s.log.Len()-1 || s.log.Back() != 0 {
		t.Fatalf("after End the bottom row is line %d, want the newest %d", sh[0].Line, s.log.Len()-1)
	}
	s.log.Add(LogLine{Text: "one more", Color: ColGold, Ref: -1})
	h.Tick()
	if sh := s.log.Shown(); sh[0].Line != s.log.Len()-1 {
		t.Fatalf("following, the bottom row is line %d, want the newest %d", sh[0].Line, s.log.Len()-1)
	}
}

// countNear counts the pixels of dst in r within 40 of c on every channel.
func countNear(dst *ebiten.Image, r Rect, c color.RGBA) int {
	n := 0
	for y := int(r.Y); y < int(r.Y+r.H); y++ {
		for x := int(r.X); x < int(r.X+r.W); x++ {
			p := dst.At(x, y).(color.RGBA)
			if absDiff(p.R, c.R) < 40 && absDiff(p.G, c.G) < 40 && absDiff(p.B, c.B) < 40 {
				n++
			}
		}
	}
	return n
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// TestLogSeatColoursFollowThePalette: a line written for a seat (no
// colour of its own) is drawn in the seat's colour of the palette of the
// moment, so turning the colour-blind setting on mid-game recolours the
// lines already written (issue 25 item 3); a line with its own colour
// keeps it.
func TestLogSeatColoursFollowThePalette(t *testing.T) {
	h := NewHarness(t, TestGames)
	red, blue := color.RGBA{0xf0, 0x30, 0x30, 0xff}, color.RGBA{0x30, 0x70, 0xf0, 0xff}
	s := &logScene{r: R(100, 100, 300, 200)}
	s.log.SeatColor = func(a *App, seat int) color.RGBA {
		if a.Settings.ColorBlind {
			return blue
		}
		return red
	}
	s.log.Add(LogLine{Text: "Ann conquers the cave", Seat: 0, Ref: -1})
	s.log.Add(LogLine{Text: "the round ends here", Color: ColGold, Ref: -1})
	h.A.Cur = s
	h.Tick()
	dst := ebiten.NewImage(h.A.W, h.A.H)
	for _, cb := range []bool{false, true, false} {
		h.A.Settings.ColorBlind = cb
		dst.Clear()
		s.Draw(h.A, dst)
		sh := s.log.Shown()
		seatRow, goldRow := sh[1].R, sh[0].R
		want, other := red, blue
		if cb {
			want, other = blue, red
		}
		if n, m := countNear(dst, seatRow, want), countNear(dst, seatRow, other); n < 10 || m > 0 {
			t.Errorf("colour-blind %v: the seat's line has %d pixels of its colour and %d of the other palette's", cb, n, m)
		}
		if n := countNear(dst, goldRow, ColGold); n < 10 {
			t.Errorf("colour-blind %v: the gold line lost its colour (%d gold pixels)", cb, n)
		}
	}
}

// TestLogPicturesSeparatorsNewestFlash: each line's picture is drawn on
// its first row only, at the start of the row in the app's direction, the
// text after it; a separator is centred between dashes with no picture;
// the newest line takes the Newest colour; a flashed line has its band
// until the flash is over.
func TestLogPicturesSeparatorsNewestFlash(t *testing.T) {
	h := NewHarness(t, TestGames)
	s := &logScene{r: R(100, 100, 300, 300)}
	type pic struct {
		line int
		box  Rect
	}
	var pics []pic
	s.log.IconW = 16
	s.log.Icon = func(a *App, dst *ebiten.Image, line int, box Rect) { pics = append(pics, pic{line, box}) }
	s.log.Newest = ColText
	s.log.Add(LogLine{Text: "Round 1 of 3", Color: ColGold, Ref: -1, Sep: true})
	s.log.Add(LogLine{Text: strings.Repeat("Bot 2 laid a tunnel ", 5), Color: ColTextDim, Ref: 1})
	s.log.Add(LogLine{Text: "Bot 3 passed", Color: ColTextDim, Ref: -1})
	h.A.Cur = s
	h.Tick()
	dst := ebiten.NewImage(h.A.W, h.A.H)
	drawn := func() map[int][]DrawnText {
		pics = pics[:0]
		var d []DrawnText
		h.A.Text.drawn = &d
		dst.Fill(color.Black)
		s.Draw(h.A, dst)
		h.A.Text.drawn = nil
		out := map[int][]DrawnText{}
		for _, row := range s.log.Shown() {
			for _, t := range d {
				if row.R.In(int(t.R.Cx()), int(t.R.Cy())) {
					out[row.Line] = append(out[row.Line], t)
				}
			}
		}
		return out
	}
	for _, rtl := range []bool{false, true} {
		lang := "en"
		if rtl {
			lang = "fa"
		}
		if err := h.A.SetLang(i18n.Lang(lang)); err != nil {
			t.Fatal(err)
		}
		rows := drawn()
		if len(pics) != 2 || pics[0].line != 2 || pics[1].line != 1 {
			t.Fatalf("%s: pictures drawn for %v, want lines 2 and 1 once each", lang, pics)
		}
		for _, pc := range pics {
			for _, tx := range rows[pc.line] {
				if !rtl && tx.R.X < pc.box.X+pc.box.W-0.5 || rtl && tx.R.X+tx.R.W > pc.box.X+0.5 {
					t.Errorf("%s: line %d's text %+v runs over its picture %+v", lang, pc.line, tx.R, pc.box)
				}
			}
			if start := pc.box.X - s.r.X; rtl && start < s.r.W/2 || !rtl && start > s.r.W/2 {
				t.Errorf("%s: line %d's picture at x %.0f is not at the row's start", lang, pc.line, pc.box.X)
			}
		}
		sep := rows[0]
		if len(sep) != 1 || sep[0].S != "— Round 1 of 3 —" || math.Abs(sep[0].R.Cx()-s.r.Cx()) > 2 {
			t.Fatalf("%s: the separator is drawn as %+v, want \"— Round 1 of 3 —\" centred at %.0f", lang, sep, s.r.Cx())
		}
	}
	newest := s.log.Shown()[0].R
	if n := countNear(dst, newest, ColText); n < 10 {
		t.Errorf("the newest line has %d pixels of the Newest colour", n)
	}
	older := s.log.Shown()[1].R
	if n := countNear(dst, older, ColText); n > 0 {
		t.Errorf("an older line has %d pixels of the Newest colour", n)
	}
	band := func(line int) int {
		for _, row := range s.log.Shown() {
			if row.Line == line {
				r := row.R
				// The strip between the panel's edge and the text: the
				// band (ColPanelHi) is lighter than the panel (ColPanel).
				n := 0
				for y := int(r.Y + 2); y < int(r.Y+r.H-2); y++ {
					for x := int(r.X + h.A.U(4)); x < int(r.X+h.A.U(7)); x++ {
						if dst.At(x, y).(color.RGBA).R >= 0x30 {
							n++
						}
					}
				}
				return n
			}
		}
		return -1
	}
	drawn()
	if n := band(1); n > 0 {
		t.Fatalf("an unflashed line has a band (%d pixels)", n)
	}
	s.log.Flash(1, 3)
	drawn()
	if n := band(1); n < 4 || s.log.Flashing() != 1 {
		t.Fatalf("a flashed line has %d band pixels (flashing %d)", n, s.log.Flashing())
	}
	h.Ticks(3)
	drawn()
	if n := band(1); n > 0 || s.log.Flashing() != -1 {
		t.Fatalf("the flash is over, but the band has %d pixels (flashing %d)", n, s.log.Flashing())
	}
}

// TestLogSteadyFrameAllocatesNothing: with pictures, a separator, the
// newest colour, seat colours and a flash, a frame (the app's Update and
// Draw) of a 200-line log that did not change allocates no more than a
// frame of the plain log: what Ebitengine itself allocates per draw call
// (docs/TOOLS.md, Performance), nothing of the log's.
func TestLogSteadyFrameAllocatesNothing(t *testing.T) {
	h, s := logHarness(t, 200)
	h.Ticks(2)
	// The count is the whole process's: a goroutine of the harness or of
	// Ebitengine may allocate during a run, never take away; the least of
	// a few runs is the frame's own.
	frame := func() { h.A.Update(); h.A.Draw(h.Screen) }
	least := func() float64 {
		n := testing.AllocsPerRun(20, frame)
		for k := 0; k < 4; k++ {
			n = min(n, testing.AllocsPerRun(20, frame))
		}
		return n
	}
	plain := least()
	s.log.IconW = 14
	s.log.Icon = func(a *App, dst *ebiten.Image, line int, box Rect) {}
	s.log.Newest = ColText
	s.log.SeatColor = func(a *App, seat int) color.RGBA { return ColLegal }
	s.log.Add(LogLine{Text: "Round 2 of 3", Color: ColGold, Ref: -1, Sep: true})
	s.log.Add(LogLine{Text: "Ann conquers the cave", Seat: 1, Ref: 4})
	s.log.Flash(201, 1000)
	h.Ticks(2)
	if n := least(); n > plain {
		t.Fatalf("a steady frame of the log allocates %.1f times, the plain log's %.1f", n, plain)
	}
}
