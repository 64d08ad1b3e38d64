package underground

import (
	"image/color"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
	ugart "github.com/goldvein/goldvein/sprites/underground"
)

// ugLogTexts is every line of the log.
func ugLogTexts(l *scenes.Log) []string {
	out := make([]string, l.Len())
	for i := range out {
		out[i] = l.Line(i).Text
	}
	return out
}

// TestUGLogWholeGameAfterContinue (issue 25 item 3): the log keeps every
// line of the game, also after Continue; it scrolls back by the wheel, a
// drag and PgUp to the game's first line, End returns to the newest, and a
// click on a line about a region flashes that region.
func TestUGLogWholeGameAfterContinue(t *testing.T) {
	dir := t.TempDir()
	h := scenes.NewHarnessIn(t, dir, ugTestGames)
	h.A.Settings.AnimSpeed = 16
	m, err := newUGMatch(h.A, ugSetup{Seats: []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Name: "Bot 2", Level: "normal"}, {Name: "Bot 3", Level: "easy"}}, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	h.A.Cur = newUGPlayScene(h.A, m)
	if _, ok := ugPlayTo(h, t, func(s *ugPlayScene) bool { return s.mine.Turn >= 4 }); !ok {
		t.Fatal("the game ended before game turn 4")
	}
	before := ugLogTexts(&m.st.log)
	if len(before) < 40 {
		t.Fatalf("only %d log lines by game turn 4", len(before))
	}
	m.close()
	h2 := scenes.ContinueGame(t, dir, ugTestGames)
	h2.ScreenBig()
	s, ok := h2.A.Cur.(*ugPlayScene)
	if !ok {
		t.Fatalf("after Continue: scene %s", h2.A.Cur.Name())
	}
	t.Cleanup(s.m.close)
	h2.Tick()
	after := ugLogTexts(&s.m.st.log)
	if !slices.Equal(after[:min(len(after), len(before))], before) || len(after) < len(before) {
		t.Fatalf("after Continue the log has %d lines, before %d; first %q", len(after), len(before), after[:min(3, len(after))])
	}
	log := &s.m.st.log
	r := s.l.log
	// The wheel.
	h2.In.X, h2.In.Y, h2.In.Scroll = int(r.Cx()), int(r.Cy()), 2
	h2.Tick()
	if log.Back() <= 0 {
		t.Fatal("the wheel did not scroll the log back")
	}
	// End, then a drag down: back again.
	h2.Key(ebiten.KeyEnd)
	if log.Back() != 0 {
		t.Fatalf("End left the log %v px back", log.Back())
	}
	h2.Drag(r.Cx(), r.Y+r.H*0.4, r.Cx(), r.Y+r.H*0.9)
	if log.Back() <= 0 {
		t.Fatal("a drag did not scroll the log")
	}
	// PgUp to the top: the game's first line is drawn.
	for k := 0; k < 400; k++ {
		h2.Key(ebiten.KeyPageUp)
	}
	first := log.Line(0).Text
	drawn := false
	for _, d := range scenes.DrawnLines(h2) {
		drawn = drawn || d.R.Y >= r.Y && d.R.Y+d.R.H <= r.Y+r.H+1 && strings.HasPrefix(first, d.S)
	}
	if !drawn {
		t.Fatalf("scrolled to the top, the first line %q is not drawn", first)
	}
	h2.Shot("ug-log-back")
	// A click on a line about a region flashes it.
	clickedRef := -1
	for _, hit := range log.Shown() {
		if ref := log.Line(hit.Line).Ref; ref >= 0 {
			h2.Click(hit.R)
			clickedRef = ref
			break
		}
	}
	if clickedRef < 0 {
		t.Fatal("no line about a region is shown")
	}
	if s.flashT <= 0 || s.flash != clickedRef {
		t.Fatalf("the click flashed r%d for %v ticks, want region %d", s.flash, s.flashT, clickedRef)
	}
}

// TestUGLogFollowsTheMap: the lines of a move reach the log with the move's
// view (when the map shows it), not as its events arrive.
func TestUGLogFollowsTheMap(t *testing.T) {
	h := scenes.NewHarness(t, ugTestGames)
	m := &ugMatch{names: []string{"Ann", "Bob"}, humans: []int{0, 1}}
	m.st = newUGState(underground.View{Players: 2})
	v := underground.View{Players: 2, Turn: 1}
	m.st.apply(h.A, m, ugItem{ev: &underground.Event{Kind: underground.EvConquer, Seat: 1, Region: "r3", Cost: 2}, view: &v})
	if m.st.log.Len() != 0 {
		t.Fatal("a conquest is in the log before the map shows it")
	}
	m.st.apply(h.A, m, ugItem{ev: &underground.Event{Kind: underground.EvDraw, Seat: 1, Region: "r3", Marker: "keep"}, view: &v, last: true})
	if m.st.log.Len() != 2 {
		t.Fatalf("%d lines after the move's view, want 2", m.st.log.Len())
	}
}

// TestUGLogRecolouredByPalette (issue 25 item 3): turning the colour-blind
// setting on (or off) mid-game draws the lines already in the log in the
// seats' colours of the new palette, on every row they wrap to, as the
// panels and the map are.
func TestUGLogRecolouredByPalette(t *testing.T) {
	h := scenes.NewHarness(t, ugTestGames)
	m := &ugMatch{names: []string{"Ann", "Bob", "Cleo"}, humans: []int{0, 1, 2}}
	m.st = newUGState(underground.View{Players: 3})
	v := underground.View{Players: 3, Turn: 1}
	m.st.apply(h.A, m, ugItem{ev: &underground.Event{Kind: underground.EvConquer, Seat: 2, Region: "r3", Cost: 2}, view: &v, last: true})
	if m.st.log.Len() != 1 {
		t.Fatalf("%d lines, want the conquest's", m.st.log.Len())
	}
	near := func(p, c color.RGBA) bool {
		d := func(x, y uint8) int { return max(int(x), int(y)) - min(int(x), int(y)) }
		return d(p.R, c.R) < 30 && d(p.G, c.G) < 30 && d(p.B, c.B) < 30
	}
	var p scenes.Painter
	r := scenes.R(20, 20, 150, 200) // narrow: the line wraps
	dst := ebiten.NewImage(h.A.W, h.A.H)
	for _, cb := range []bool{false, true, false} {
		h.A.Settings.ColorBlind = cb
		want, other := ugart.Seats(cb)[2], ugart.Seats(!cb)[2]
		dst.Fill(color.Black)
		m.st.log.Draw(h.A, &p, dst, r, "Log")
		for _, row := range m.st.log.Shown() {
			n, o := 0, 0
			for y := int(row.R.Y); y < int(row.R.Y+row.R.H); y++ {
				for x := int(row.R.X); x < int(row.R.X+row.R.W); x++ {
					c := dst.At(x, y).(color.RGBA)
					if near(c, want) {
						n++
					}
					if near(c, other) {
						o++
					}
				}
			}
			if n < 10 || o > 0 {
				t.Errorf("colour-blind %v: a row of seat 2's line has %d pixels of its colour now and %d of the other palette's", cb, n, o)
			}
		}
	}
}
