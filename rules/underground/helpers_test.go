package underground

import (
	"testing"

	"github.com/goldvein/goldvein/rules"
)

// randomGame plays a whole game with random legal moves (ending a step one
// time in three), calling check after every move.
func randomGame(t testing.TB, players int, seed uint64, check func(m *Match)) *Match {
	var m *Match
	return randomGameWith(t, players, seed, func([]Event) {
		if check != nil {
			check(m)
		}
	}, &m)
}

// randomGameWith is randomGame handing each move's events to after; *mp
// is set to the match as soon as it is dealt.
func randomGameWith(t testing.TB, players int, seed uint64, after func([]Event), mp **Match) *Match {
	t.Helper()
	m, err := New(players, Options{}, seed)
	if err != nil {
		t.Fatal(err)
	}
	*mp = m
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
		evs, err := m.apply(seat, mv)
		if err != nil {
			t.Fatalf("seed %d: legal move %s refused at step %s: %v", seed, mv, m.step, err)
		}
		after(evs)
	}
	return m
}
