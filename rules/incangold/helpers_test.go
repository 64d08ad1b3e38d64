package incangold

import (
	"math/rand/v2"
)

// playRandom plays a whole match with choices drawn from r (camp with
// probability pCamp), returning the match and every event in order.
func playRandom(t interface {
	Helper()
	Fatalf(string, ...any)
	Fatal(...any)
}, players int, opts Options, seed uint64, r *rand.Rand, pCamp float64) (*Match, []Event) {
	t.Helper()
	m, evs, err := NewMatch(players, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	for !m.Over() {
		for _, s := range m.ToMove() {
			c := Torch
			if r.Float64() < pCamp {
				c = Camp
			}
			if evs, err = m.Play(s, c, evs); err != nil {
				t.Fatalf("seat %d %v: %v", s, c, err)
			}
		}
	}
	return m, evs
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 7)) }
