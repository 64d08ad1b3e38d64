package underground

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules/underground"
)

// TestUGRelicsShowCost (issue 25 item 6): in every mode "conquer with"
// Relics (the Sword of the Killer Rabbit, the Stinky Troll's Socks, the
// Flying Doormat, alone, together or from the Bag of Tricks), each lit
// region's cost badge shows a number, and it is the cost the engine
// takes: random games are played on the engine until such conquests come
// up, and for each, the badge of its region equals the cost of the
// conquest's event (U5.5, U15.1, U15.3, U15.6).
func TestUGRelicsShowCost(t *testing.T) {
	seen := map[string]int{}
	enough := func() bool { return seen["sword"] >= 4 && seen["socks"] >= 4 && seen["doormat"] >= 4 }
	for seed := uint64(1); seed <= 600 && !enough(); seed++ {
		m, err := underground.New(2+int(seed%3), underground.Options{}, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		for n := 0; n < 3000 && !m.Over(); n++ {
			seat := m.ToMove()[0]
			legal := m.LegalMoves(seat)
			v := m.ViewOf(seat)
			for _, mv := range legal {
				if mv.Kind() != "conquer" || len(mv.With) == 0 {
					continue
				}
				sorted := ugSortMoves(&v, m.Map())
				key := "conquer " + strings.Join(mv.With, " ")
				md := sorted.mode(key)
				if md == nil || md.key != key {
					t.Fatalf("seed %d: %v is legal but no mode offers it", seed, mv)
				}
				i := m.Map().Index(mv.Conquer)
				badge := ugTargets(&v, m.Map(), md)[i]
				c := m.Clone()
				evs, err := c.Apply(seat, mv)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				cost := -1
				for _, re := range evs {
					if e, ok := re.(underground.Event); ok && e.Kind == underground.EvConquer {
						cost = e.Cost
					}
				}
				if badge < 1 || badge != cost {
					t.Errorf("seed %d: %s with %v: badge %d, the engine's cost %d", seed, mv.Conquer, mv.With, badge, cost)
				}
				for _, w := range mv.With {
					seen[strings.TrimPrefix(w, "bag:")]++
				}
			}
			if _, err := m.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
	if !enough() {
		t.Fatalf("conquests with Relics checked %v, want each of the Sword, the Socks and the Doormat", seen)
	}
	t.Logf("conquests with Relics checked: %v", seen)
}
