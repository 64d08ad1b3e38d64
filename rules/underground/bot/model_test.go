package bot

import (
	"testing"

	"github.com/goldvein/goldvein/rules/underground"
)

// TestModelCostsAreTheRules: in the conquest step the model's cost of each
// target is the rules' own (View.Targets), and the model's own sum, used
// where the view gives none, agrees with the rules on most targets.
func TestModelCostsAreTheRules(t *testing.T) {
	banners := [underground.NumRaces]int{5, 4, 4, 6, 7, 5, 5, 7, 5, 10, 5, 7, 5, 7, 6}
	if bannerValue != banners || badgeValue[underground.Flocking] != 5 || badgeValue[underground.Muddy] != 3 {
		t.Fatalf("banner or badge values: %v %v", bannerValue, badgeValue)
	}
	seen, differ := 0, 0
	for _, v := range views(t, "conquer") {
		m := newModel(&v)
		if m == nil {
			t.Fatal("no model for a built-in map")
		}
		for _, tg := range v.Targets {
			i := m.mp.Index(tg.Region)
			if got := m.cost(i, m.mine); got != tg.Cost {
				t.Fatalf("turn %d seat %d %s: model cost %d, rules %d", v.Turn, v.Seat, tg.Region, got, tg.Cost)
			}
			own := *m
			own.ruled = make([]int8, m.n)
			for k := range own.ruled {
				own.ruled[k] = -1
			}
			seen++
			if own.cost(i, m.mine) != tg.Cost {
				differ++
			}
		}
	}
	if seen == 0 || differ*20 > seen {
		t.Fatalf("the model's own cost differs from the rules on %d of %d targets", differ, seen)
	}
	t.Logf("the model's own cost differs from the rules on %d of %d targets", differ, seen)
}
