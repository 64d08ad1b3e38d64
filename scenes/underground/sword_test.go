package underground

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/goldvein/goldvein/rules/underground"
)

// TestUGSwordShowsLoweredCost (issue 25 item 6): in the mode "conquer
// with the Sword", the map's cost badges show the lowered cost instead of
// none, and it is what the engine takes: random games are played on the
// engine until conquests with the Sword come up, and for each, the badge
// of its region equals the tokens the conquest leaves there (U5.5,
// U15.6).
func TestUGSwordShowsLoweredCost(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 400 && checked < 6; seed++ {
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
				if mv.Kind() != "conquer" || !slices.Contains(mv.With, "sword") || len(mv.With) != 1 {
					continue
				}
				sorted := ugSortMoves(&v, m.Map())
				md := sorted.mode("conquer sword")
				if md == nil {
					t.Fatalf("seed %d: a conquest with the Sword is legal but no mode offers it", seed)
				}
				i := m.Map().Index(mv.Conquer)
				badge := ugTargets(&v, m.Map(), md)[i]
				c := m.Clone()
				if _, err := c.Apply(seat, mv); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if got := c.ViewOf(seat).Regions[i].Tokens; badge != got {
					t.Errorf("seed %d: %s with the Sword: badge %d, the engine left %d tokens there", seed, mv.Conquer, badge, got)
				}
				checked++
				break
			}
			if _, err := m.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no conquest with the Sword came up in the random games")
	}
	t.Logf("%d conquests with the Sword checked", checked)
}
