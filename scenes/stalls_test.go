package scenes

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
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
	s.tick()
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
}
