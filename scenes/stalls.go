package scenes

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"sync/atomic"
	"time"
)

// stallWatch finds frame stalls (docs/TOOLS.md, Frame stalls): with the
// environment variable GOLDVEIN_STALLS=MS set, a watcher goroutine writes
// to stderr the stacks of the goroutines at work (running, runnable, in a
// system call, or in goldvein's code) whenever the game loop has not
// ticked for MS milliseconds, once per stall, so a stall shows what ran
// on it: the game's Update or Draw, or the GPU (GL calls, SwapBuffers).
// When the loop ticks again the game goroutine writes the stall's whole
// length and how it was spent (account): in our Update, in our Draw, or
// elsewhere (Ebitengine's GL calls and SwapBuffers, waiting for a core);
// Summary sums them up at exit.
type stallWatch struct {
	limit  time.Duration
	w      io.Writer
	last   atomic.Int64 // the last tick, Unix ns
	dumped atomic.Int64 // the tick whose stall was written

	// The game goroutine's own: what ran since the last tick.
	upd, draw time.Duration // our Update's and Draw's time since the last tick
	gc        []metrics.Sample
	gcAt      uint64 // GC cycles at the last tick
	sum       stallSum
}

// stallSum is what the stalls of a run came to (stallWatch.Summary).
type stallSum struct {
	n                   int           // stalls
	byUpdate, byDraw    int           // stalls mostly (over half) in our Update, our Draw
	withGC              int           // stalls during which the GC ran
	longest             time.Duration // the longest stall
	longestScene        string        // the scene it was in
	longestUpd, longDrw time.Duration // how much of it was our Update and Draw
}

// stalls is the app's watch; nil without GOLDVEIN_STALLS.
var stalls = newStallWatch(os.Getenv("GOLDVEIN_STALLS"), os.Stderr)

// newStallWatch starts a watch for stalls over ms milliseconds, written to
// w; nil when ms is empty, and nil with a note on w when it is no whole
// number of milliseconds over 0.
func newStallWatch(ms string, w io.Writer) *stallWatch {
	if ms == "" {
		return nil
	}
	n, err := strconv.Atoi(ms)
	if err != nil || n <= 0 {
		fmt.Fprintf(w, "goldvein: GOLDVEIN_STALLS=%q: want milliseconds over 0; not watching\n", ms)
		return nil
	}
	s := &stallWatch{limit: time.Duration(n) * time.Millisecond, w: w, gc: []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}}
	metrics.Read(s.gc)
	s.gcAt = s.gc[0].Value.Uint64()
	s.last.Store(time.Now().UnixNano())
	go func() {
		buf := make([]byte, 4<<20)
		for {
			time.Sleep(s.limit / 8)
			last := s.last.Load()
			d := time.Duration(time.Now().UnixNano() - last)
			if d < s.limit || s.dumped.Swap(last) == last {
				continue
			}
			n := runtime.Stack(buf, true)
			fmt.Fprintf(w, "goldvein: stall: no tick for %v; at work:\n%s\n", d.Round(time.Millisecond), atWork(buf[:n]))
		}
	}()
	return s
}

// tick notes a tick of the game loop in scene (its Name), at the start of
// App.Update, and returns the time (for updated); after a stall it writes
// how long the stall was and how it was spent.
func (s *stallWatch) tick(scene func() string) time.Time {
	if s == nil {
		return time.Time{}
	}
	now := time.Now()
	gap := time.Duration(now.UnixNano() - s.last.Swap(now.UnixNano()))
	if gap >= s.limit {
		metrics.Read(s.gc)
		gc := s.gc[0].Value.Uint64()
		fmt.Fprintln(s.w, s.sum.account(gap, s.upd, s.draw, gc-s.gcAt, scene()))
		s.gcAt = gc
	}
	s.upd, s.draw = 0, 0
	return now
}

// low writes a new lowest ticks per second, tps, measured over the
// second before tick in scene, so the lowest of a run can be found among
// the stalls.
func (s *stallWatch) low(tps float64, tick int, scene func() string) {
	if s != nil {
		fmt.Fprintf(s.w, "goldvein: stall: lowest TPS so far %.1f, the second before tick %d, in %s\n", tps, tick, scene())
	}
}

// updated notes that an Update that began at t0 (tick) is done.
func (s *stallWatch) updated(t0 time.Time) {
	if s != nil {
		s.upd += time.Since(t0)
	}
}

// drawStart returns the time a Draw begins (for drawn).
func (s *stallWatch) drawStart() time.Time {
	if s == nil {
		return time.Time{}
	}
	return time.Now()
}

// drawn notes that a Draw that began at t0 is done.
func (s *stallWatch) drawn(t0 time.Time) {
	if s != nil {
		s.draw += time.Since(t0)
	}
}

// account adds a stall of gap between two ticks, of which upd went to our
// Update and draw to our Draw, with gc GC cycles during it, in scene; it
// returns the line that says so.
func (u *stallSum) account(gap, upd, draw time.Duration, gc uint64, scene string) string {
	u.n++
	switch {
	case 2*upd > gap:
		u.byUpdate++
	case 2*draw > gap:
		u.byDraw++
	}
	if gc > 0 {
		u.withGC++
	}
	if gap > u.longest {
		u.longest, u.longestScene, u.longestUpd, u.longDrw = gap, scene, upd, draw
	}
	rest := max(gap-upd-draw, 0)
	return fmt.Sprintf("goldvein: stall: %v between ticks in %s: our Update %v, our Draw %v, the rest (GL, swap, waiting for a core) %v, GC cycles %d",
		ms(gap), scene, ms(upd), ms(draw), ms(rest), gc)
}

// ms rounds d to a tenth of a millisecond, for the stall lines.
func ms(d time.Duration) time.Duration { return d.Round(100 * time.Microsecond) }

// String sums the stalls up in one line.
func (u stallSum) String() string {
	if u.n == 0 {
		return "no stalls"
	}
	return fmt.Sprintf("%d stalls: %d mostly in our Update, %d mostly in our Draw, %d elsewhere (GL, swap, waiting for a core); the GC ran in %d; longest %v in %s (our Update %v, our Draw %v)",
		u.n, u.byUpdate, u.byDraw, u.n-u.byUpdate-u.byDraw, u.withGC, ms(u.longest), u.longestScene, ms(u.longestUpd), ms(u.longDrw))
}

// StallSummary sums up the frame stalls of the run in one line (the
// stalls over GOLDVEIN_STALLS milliseconds and how they were spent); ""
// when the watch is off. Call it after the game loop has ended.
func StallSummary() string {
	if stalls == nil {
		return ""
	}
	return fmt.Sprintf("goldvein: stalls over %v: %v", stalls.limit, stalls.sum)
}

// atWork keeps of a goroutine dump those goroutines that are not waiting
// or that are in goldvein's code.
func atWork(dump []byte) []byte {
	var out [][]byte
	for _, g := range bytes.Split(dump, []byte("\n\n")) {
		head, _, _ := bytes.Cut(g, []byte("\n"))
		if bytes.Contains(g, []byte("scenes.newStallWatch")) {
			continue
		}
		for _, k := range []string{"[running", "[runnable", "[syscall", "goldvein/goldvein/"} {
			if bytes.Contains(head, []byte(k)) || (k == "goldvein/goldvein/" && bytes.Contains(g, []byte(k))) {
				out = append(out, g)
				break
			}
		}
	}
	return bytes.Join(out, []byte("\n\n"))
}
