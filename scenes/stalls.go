package scenes

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
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
type stallWatch struct {
	last   atomic.Int64 // the last tick, Unix ns
	dumped atomic.Int64 // the tick whose stall was written
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
	s := &stallWatch{}
	s.last.Store(time.Now().UnixNano())
	limit := time.Duration(n) * time.Millisecond
	go func() {
		buf := make([]byte, 4<<20)
		for {
			time.Sleep(limit / 8)
			last := s.last.Load()
			d := time.Duration(time.Now().UnixNano() - last)
			if d < limit || s.dumped.Swap(last) == last {
				continue
			}
			n := runtime.Stack(buf, true)
			fmt.Fprintf(w, "goldvein: stall: no tick for %v; at work:\n%s\n", d.Round(time.Millisecond), atWork(buf[:n]))
		}
	}()
	return s
}

// tick notes a tick of the game loop.
func (s *stallWatch) tick() {
	if s != nil {
		s.last.Store(time.Now().UnixNano())
	}
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
