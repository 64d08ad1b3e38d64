package boxtest

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/scenes"
)

// The cost of a frame of each game's board at 1280x800, pixels included
// (issue 28, docs/TOOLS.md Frame stalls): most of a frame's time in the
// window is Mesa's software GL filling pixels, so each benchmark draws
// the frame and reads a pixel back, which waits for the GL to finish it.

// autoplayFrames are the seated games of issue 28's autoplay runs.
var autoplayFrames = []struct {
	id      string
	players int
}{{"saboteur", 10}, {"incangold", 8}, {"underground", 5}}

// boardApp is an --autoplay app of game id (seed 5) run until its board
// has been on screen for settle ticks, on a 1280x800 screen.
func boardApp(b *testing.B, id string, players, settle int) (*scenes.App, *ebiten.Image) {
	b.Helper()
	a, err := scenes.NewApp(scenes.Config{Games: games, Game: id, Players: players, Seed: 5, Autoplay: true,
		Mute: true, ArtOnFrame: true, Lang: "en", ConfigDir: b.TempDir(), Input: scenes.NewScript()})
	if err != nil {
		b.Fatal(err)
	}
	a.LayoutF(1280, 800)
	screen := ebiten.NewImage(a.W, a.H)
	on := 0
	for i := 0; on < settle; i++ {
		if i > 20000 {
			b.Fatalf("%s: no board after %d ticks (%s)", id, i, a.Cur.Name())
		}
		if err := a.Update(); err != nil {
			b.Fatal(err)
		}
		a.Draw(screen)
		if i%60 == 0 {
			screen.At(0, 0)
		}
		if _, ok := a.Cur.(scenes.Board); ok && a.Fade == 0 {
			on++
		}
	}
	screen.At(0, 0)
	return a, screen
}

// BenchmarkBoardFrame draws one frame of each game's board, as the
// window does when the board has not changed size, and waits for its
// pixels.
func BenchmarkBoardFrame(b *testing.B) {
	for _, g := range autoplayFrames {
		b.Run(g.id, func(b *testing.B) {
			a, screen := boardApp(b, g.id, g.players, 120)
			cpu := startCPU(b)
			for i := 0; i < b.N; i++ {
				a.Draw(screen)
				screen.At(0, 0)
			}
			cpu.report()
		})
	}
}

// cpuMeter measures the CPU time Mesa's software GL threads (llvmpipe-N)
// spend over a benchmark's loop: they fill the pixels, and on a loaded
// machine a frame's wall time says more of the load than of the frame.
// (The process's own CPU time would count the computer players thinking
// in the background too.) Without such threads (a hardware GL) it
// reports 0.
type cpuMeter struct {
	b     *testing.B
	start time.Duration
}

// startCPU resets b's timer and notes the GL threads' CPU time so far.
func startCPU(b *testing.B) cpuMeter {
	b.ResetTimer()
	return cpuMeter{b: b, start: glCPU()}
}

// report stops b's timer and reports the GL threads' CPU time per op
// (gl-ms/op).
func (m cpuMeter) report() {
	m.b.StopTimer()
	d := glCPU() - m.start
	m.b.ReportMetric(float64(d)/float64(time.Millisecond)/float64(m.b.N), "gl-ms/op")
}

// glCPU is the user and system CPU time of the process's llvmpipe
// threads (/proc/self/task/*/stat, in clock ticks of 10 ms).
func glCPU() time.Duration {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return 0
	}
	var ticks int64
	for _, t := range tasks {
		comm, err := os.ReadFile("/proc/self/task/" + t.Name() + "/comm")
		if err != nil || !strings.HasPrefix(string(comm), "llvmpipe") {
			continue
		}
		stat, err := os.ReadFile("/proc/self/task/" + t.Name() + "/stat")
		if err != nil {
			continue
		}
		// The fields after the command's closing parenthesis: state is
		// field 3, utime 14 and stime 15.
		f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
		if len(f) < 13 {
			continue
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		s, _ := strconv.ParseInt(f[12], 10, 64)
		ticks += u + s
	}
	return time.Duration(ticks) * 10 * time.Millisecond
}
