package scenes

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// lockedBuffer is a bytes.Buffer safe for the watcher's goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestStallWatch: GOLDVEIN_STALLS refuses what is no number of
// milliseconds, and a loop that stops ticking gets one dump of the
// goroutines at work (this test's own, in goldvein's code, among them).
func TestStallWatch(t *testing.T) {
	for _, bad := range []string{"x", "0", "-5"} {
		var w lockedBuffer
		if s := newStallWatch(bad, &w); s != nil || !strings.Contains(w.String(), "not watching") {
			t.Errorf("GOLDVEIN_STALLS=%q: watch %v, said %q", bad, s, w.String())
		}
	}
	if s := newStallWatch("", &lockedBuffer{}); s != nil {
		t.Errorf("no GOLDVEIN_STALLS: watching")
	}
	var w lockedBuffer
	s := newStallWatch("10", &w)
	s.tick(func() string { return "board" })
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(w.String(), "goldvein: stall: no tick for") && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	out := w.String()
	if !strings.Contains(out, "goldvein: stall: no tick for") || !strings.Contains(out, "TestStallWatch") {
		t.Fatalf("no stall written, or without this test's goroutine:\n%s", out)
	}
	time.Sleep(50 * time.Millisecond)
	if n := strings.Count(w.String(), "goldvein: stall:"); n != 1 {
		t.Errorf("one stall written %d times", n)
	}
	// The next tick writes the stall's whole length and how it went.
	s.tick(func() string { return "board" })
	if out := w.String(); !strings.Contains(out, "between ticks in board: our Update 0s, our Draw 0s") {
		t.Errorf("the tick after the stall did not account for it:\n%s", out)
	}
}

// TestStallSum: a stall goes to our Update or Draw when it took over half
// of it, else elsewhere (the GPU, the other processes), and the summary
// keeps the longest.
func TestStallSum(t *testing.T) {
	var u stallSum
	if got := u.String(); got != "no stalls" {
		t.Errorf("empty: %q", got)
	}
	ms := time.Millisecond
	line := u.account(200*ms, 150*ms, 10*ms, 0, "board")
	if want := "200ms between ticks in board: our Update 150ms, our Draw 10ms, the rest (GL, swap, waiting for a core) 40ms, GC cycles 0"; !strings.HasSuffix(line, want) {
		t.Errorf("line %q, want it to end %q", line, want)
	}
	u.account(100*ms, 0, 60*ms, 1, "menu")
	u.account(300*ms, 20*ms, 20*ms, 0, "board")
	u.account(90*ms, 45*ms, 45*ms, 2, "board") // half each: neither
	want := "4 stalls: 1 mostly in our Update, 1 mostly in our Draw, 2 elsewhere (GL, swap, waiting for a core); the GC ran in 2; longest 300ms in board (our Update 20ms, our Draw 20ms)"
	if got := u.String(); got != want {
		t.Errorf("summary\n%s\nwant\n%s", got, want)
	}
}

// countScene counts its draws.
type countScene struct{ draws int }

func (c *countScene) Name() string                   { return "count" }
func (c *countScene) Update(*App) error              { return nil }
func (c *countScene) Draw(_ *App, dst *ebiten.Image) { c.draws++; dst.Fill(ColText) }

// TestStillFrames (issue 28): with Config.StillFrames a frame with no
// tick since the last one drawn draws nothing, while a tick, a new size
// or a new screen image draws again; without it every Draw draws.
func TestStillFrames(t *testing.T) {
	h := NewHarness(t, TestGames)
	c := &countScene{}
	h.A.Cur = c
	h.A.Cfg.StillFrames = true
	h.Tick()
	h.A.Draw(h.Screen)
	h.A.Draw(h.Screen)
	if c.draws != 1 {
		t.Fatalf("one tick, three frames: %d draws, want 1", c.draws)
	}
	h.Tick()
	if c.draws != 2 {
		t.Fatalf("after a tick: %d draws, want 2", c.draws)
	}
	h.SetSize(1024, 640)
	h.A.Draw(h.Screen)
	if c.draws != 3 {
		t.Fatalf("after a resize: %d draws, want 3", c.draws)
	}
	h.A.Draw(ebiten.NewImage(h.A.W, h.A.H))
	if c.draws != 4 {
		t.Fatalf("on a new screen: %d draws, want 4", c.draws)
	}
	h.A.Cfg.StillFrames = false
	h.A.Draw(h.Screen)
	h.A.Draw(h.Screen)
	if c.draws != 6 {
		t.Fatalf("without StillFrames: %d draws, want 6", c.draws)
	}
}
