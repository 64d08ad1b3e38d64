package underground

import "testing"

// TestRandomGamesInvariants plays many random games of every size and
// checks the invariants after every move (coins conserved, supplies,
// armor, markers) and that each game ends after the map's last turn.
func TestRandomGamesInvariants(t *testing.T) {
	games := 500
	if testing.Short() {
		games = 40
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		bank := 0
		var m *Match
		m = randomGameWith(t, 2+int(seed%4), seed, func(evs []Event) {
			bank += bankPaid(evs)
			if err := invariants(m, bank); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}, &m)
		if m.turn != m.mp.Turns || !m.Over() || len(m.Winners()) == 0 {
			t.Fatalf("seed %d: ended at turn %d of %d", seed, m.turn, m.mp.Turns)
		}
	}
}
