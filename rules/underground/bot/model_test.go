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

// TestModelLichesLockOut: with no coins, the model aims at no Liches
// region, Active or In Decline (U12.7 as UR21 reads it); with a coin it
// aims at both.
func TestModelLichesLockOut(t *testing.T) {
	v := views(t, "conquer")[0]
	o := (v.Seat + 1) % len(v.Seats)
	if v.Seats[o].Active == nil {
		v.Seats[o].Active = &underground.SlotView{}
	}
	v.Seats[o].Active.Race = "liches"
	v.Seats[o].Decline = &underground.SlotView{Race: "liches"}
	active, decline := 0, 1
	for k := range v.Regions {
		if v.Regions[k].Seat == v.Seat {
			continue
		}
		if active == 0 {
			active = k
		} else if k != active {
			decline = k
			break
		}
	}
	v.Regions[active] = underground.RegionView{ID: v.Regions[active].ID, Seat: o, Race: "liches", Tokens: 2}
	v.Regions[decline] = underground.RegionView{ID: v.Regions[decline].ID, Seat: o, Race: "liches", Decline: true, Tokens: 1}
	for _, coins := range []int{0, 1} {
		c := coins
		v.Seats[v.Seat].Coins = &c
		m := newModel(&v)
		for _, k := range []int{active, decline} {
			i := m.mp.Index(v.Regions[k].ID)
			if m.mp.IsChasm(i) {
				t.Fatalf("%s is a chasm: pick another region", v.Regions[k].ID)
			}
			if got := m.targetable(i); got != (coins > 0) {
				t.Errorf("%d coins, Liches region %s (decline %v): targetable %v", coins, v.Regions[k].ID, v.Regions[k].Decline, got)
			}
		}
	}
}
