package underground

import (
	"testing"

	"github.com/goldvein/goldvein/rules"
)

// randomGame plays a whole game with random legal moves (ending a step one
// time in three), calling check after every move.
func randomGame(t testing.TB, players int, seed uint64, check func(m *Match)) *Match {
	t.Helper()
	m, err := New(players, Options{}, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rules.NewRNG(seed ^ 0x5eed)
	for n := 0; !m.Over(); n++ {
		if n > 20000 {
			t.Fatalf("seed %d: game not over after %d moves (turn %d, step %s)", seed, n, m.turn, m.step)
		}
		seat := m.ToMove()[0]
		legal := m.LegalMoves(seat)
		if len(legal) == 0 {
			t.Fatalf("seed %d: seat %d owes a move at step %s but has none", seed, seat, m.step)
		}
		mv := legal[0]
		if rng.IntN(3) != 0 {
			mv = legal[rng.IntN(len(legal))]
		}
		if _, err := m.apply(seat, mv); err != nil {
			t.Fatalf("seed %d: legal move %s refused at step %s: %v", seed, mv, m.step, err)
		}
		if check != nil {
			check(m)
		}
	}
	return m
}
