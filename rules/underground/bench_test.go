package underground

import (
	"testing"

	"github.com/goldvein/goldvein/rules"
)

// midGame plays a 5-player game to its fourth game turn's conquest phase.
func midGame(b *testing.B) *Match { return midGameT(b) }

func midGameT(b testing.TB) *Match {
	m, err := New(5, Options{}, 11)
	if err != nil {
		b.Fatal(err)
	}
	rng := rules.NewRNG(5)
	for !(m.turn >= 4 && m.step == stepConquer && m.seats[m.active].Active.Hand > 0 && m.held(m.active, false) != 0) {
		s := m.ToMove()[0]
		legal := m.LegalMoves(s)
		mv := legal[0]
		if rng.IntN(3) != 0 {
			mv = legal[rng.IntN(len(legal))]
		}
		if _, err := m.apply(s, mv); err != nil {
			b.Fatal(err)
		}
	}
	return m
}

// BenchmarkTargets is the legal targets with their costs for one active
// race (the bound: 20 µs).
func BenchmarkTargets(b *testing.B) {
	m := midGame(b)
	b.ResetTimer()
	for range b.N {
		for _, i := range m.targets(m.active) {
			_ = m.costOf(m.active, i, nil, false)
		}
	}
}

// BenchmarkConquestLegal is the whole legal list of the conquest step.
func BenchmarkConquestLegal(b *testing.B) {
	m := midGame(b)
	b.ResetTimer()
	for range b.N {
		_ = m.LegalMoves(m.active)
	}
}

// BenchmarkRandomGame5 is a whole 5-player random game (bound: 5 ms).
func BenchmarkRandomGame5(b *testing.B) {
	for n := range b.N {
		randomGame(b, 5, uint64(n), nil)
	}
}
