package scenes

import (
	"fmt"
	"image/color"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// logScene is a scene of one Log in a panel, for the log's tests.
type logScene struct {
	log     Log
	r       Rect
	clicked []int
}

func (s *logScene) Name() string { return "log-test" }
func (s *logScene) Update(a *App) error {
	if ref := s.log.Update(a, s.r, true); ref >= 0 {
		s.clicked = append(s.clicked, ref)
	}
	return nil
}
func (s *logScene) Draw(a *App, dst *ebiten.Image) {
	var p Painter
	s.log.Draw(a, &p, dst, s.r, "Log")
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
