//go:build unix

package underground

import (
	"os"
	"syscall"
	"testing"
	"time"
)

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestCPUPerGame reports the CPU time of a whole 5-player random game and
// of the legal targets with costs and of a view, measured as process CPU time (not wall
// time) so that a loaded machine does not inflate it. Run with
// UG_CPU=1 go test -run CPUPerGame -v ./rules/underground/.
func TestCPUPerGame(t *testing.T) {
	if os.Getenv("UG_CPU") == "" {
		t.Skip("set UG_CPU=1 to measure")
	}
	const games = 200
	start := cpuTime()
	for n := range games {
		randomGame(t, 5, uint64(n), nil)
	}
	t.Logf("5-player random game: %v CPU per game (%d games)", (cpuTime()-start)/games, games)
	m := midGameT(t)
	const reps = 20000
	start = cpuTime()
	for range reps {
		for _, i := range m.targets(m.active) {
			_ = m.costOf(m.active, i, nil, false)
		}
	}
	t.Logf("legal targets with costs, one race: %v CPU per call", (cpuTime()-start)/reps)
	start = cpuTime()
	for range reps {
		_ = m.ViewOf(m.active)
	}
	t.Logf("the active seat's view in its conquest step: %v CPU per call", (cpuTime()-start)/reps)
}
