package bot

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/goldvein/goldvein/rules/incangold"
)

// benchDecide times one level's decisions over whole games at a table of
// that level and others, and reports the 50th and 95th percentiles of the
// wall time (p50-ms, p95-ms) and of the thread's CPU time (cpu-p50-ms,
// cpu-p95-ms: on a crowded machine the wall time counts the waits).
func benchDecide(b *testing.B, seats []string, level string) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var think, cpu []time.Duration
	evs := make([]incangold.Event, 0, 32)
	n := len(seats)
	b.ResetTimer()
	b.StopTimer()
	for g := 0; len(think) < b.N; g++ {
		m, first, _ := incangold.NewMatch(n, incangold.Options{StartPlayer: 0}, uint64(g))
		bots := make([]*Bot, n)
		for s := range n {
			bots[s], _ = New(seats[(s+g)%n], s, uint64(g*16+s))
		}
		deliver := func(evs []incangold.Event) {
			for j := range evs {
				for s, bt := range bots {
					e := evs[j].Redact(s)
					bt.ObserveEvent(&e)
				}
			}
		}
		deliver(first)
		for !m.Over() && len(think) < b.N {
			for s := range n {
				if !m.Owes(s) {
					continue
				}
				v := m.SeatView(s)
				var c incangold.Choice
				if bots[s].Level() == level {
					b.StartTimer()
					t0, c0 := time.Now(), threadCPU()
					c = bots[s].Decide(&v)
					cpu = append(cpu, threadCPU()-c0)
					think = append(think, time.Since(t0))
					b.StopTimer()
				} else {
					c = bots[s].Decide(&v)
				}
				evs, _ = m.Play(s, c, evs[:0])
				deliver(evs)
			}
		}
	}
	slices.Sort(think)
	slices.Sort(cpu)
	b.ReportMetric(float64(think[len(think)*95/100])/1e6, "p95-ms")
	b.ReportMetric(float64(think[len(think)/2])/1e6, "p50-ms")
	b.ReportMetric(float64(cpu[len(cpu)*95/100])/1e6, "cpu-p95-ms")
	b.ReportMetric(float64(cpu[len(cpu)/2])/1e6, "cpu-p50-ms")
}

// BenchmarkHardDecide: hard's decisions at the 4-seat mixed table.
func BenchmarkHardDecide(b *testing.B) {
	benchDecide(b, []string{"hard", "normal", "easy", "random"}, "hard")
}

// BenchmarkHardDecide8: hard's decisions at a table of eight hard bots.
func BenchmarkHardDecide8(b *testing.B) {
	benchDecide(b, []string{"hard", "hard", "hard", "hard", "hard", "hard", "hard", "hard"}, "hard")
}

// BenchmarkNormalDecide: normal's decisions at a table of five.
func BenchmarkNormalDecide(b *testing.B) {
	benchDecide(b, []string{"normal", "normal", "normal", "normal", "normal"}, "normal")
}

// BenchmarkSimNormal: whole 5-seat games of normal bots through Sim on
// every core (games/s is the figure of issue 16).
func BenchmarkSimNormal(b *testing.B) {
	seats := []string{"normal", "normal", "normal", "normal", "normal"}
	rep, err := Sim(SimConfig{Games: b.N, Players: 5, Seats: seats, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(rep.GamesPerSecond, "games/s")
}
