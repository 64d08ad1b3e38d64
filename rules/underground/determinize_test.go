package underground

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestFromViewAgreesWithTheView rebuilds, at the start of every turn of
// random games, a match from the active seat's view with the true coins:
// every seat's view of it must be the real match's (Hidden information:
// the rebuilt match differs only in what no seat sees), and two samples
// must give the same views.
func TestFromViewAgreesWithTheView(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 24; seed++ {
		players := 2 + int(seed%4)
		randomGame(t, players, seed, func(m *Match) {
			if m.over || (m.step != stepDecide && m.step != stepPick) {
				return
			}
			v := m.ViewOf(m.active)
			coins := make([]int, len(m.seats))
			for s := range m.seats {
				coins[s] = m.seats[s].Coins
			}
			for _, smp := range []uint64{seed, seed * 977} {
				got, err := FromView(&v, Sample{Coins: coins, Seed: smp})
				if err != nil {
					t.Fatalf("seed %d turn %d: %v", seed, m.turn, err)
				}
				for s := range m.seats {
					a, _ := json.Marshal(got.ViewOf(s))
					b, _ := json.Marshal(m.ViewOf(s))
					if string(a) != string(b) {
						t.Fatalf("seed %d turn %d seat %d: views differ\n got %s\nwant %s", seed, m.turn, s, a, b)
					}
				}
			}
			checked++
		})
	}
	if checked < 100 {
		t.Fatalf("only %d turn starts checked", checked)
	}
}

// TestFromViewPlaysOn plays the rebuilt matches to their end with random
// legal moves: a rebuilt match is a whole, playable match.
func TestFromViewPlaysOn(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		var starts []View
		randomGame(t, 2+int(seed%4), seed, func(m *Match) {
			if !m.over && (m.step == stepDecide || m.step == stepPick) && m.turn%3 == 0 {
				starts = append(starts, m.ViewOf(m.active))
			}
		})
		for _, v := range starts {
			m, err := FromView(&v, Sample{Coins: []int{5, 5, 5, 5, 5}, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; !m.Over(); n++ {
				if n > 20000 {
					t.Fatalf("seed %d: a rebuilt match does not end", seed)
				}
				s := m.ToMove()[0]
				legal := m.LegalMoves(s)
				if _, err := m.apply(s, legal[n%len(legal)]); err != nil {
					t.Fatalf("seed %d: legal move refused: %v", seed, err)
				}
			}
		}
	}
}

func TestFromViewRefuses(t *testing.T) {
	m, err := New(3, Options{}, 7)
	if err != nil {
		t.Fatal(err)
	}
	v := m.ViewOf(m.active)
	for _, c := range []struct {
		name string
		edit func(v *View)
		want string
	}{
		{"mid-turn", func(v *View) { v.Step = "conquer" }, "step"},
		{"over", func(v *View) { v.Over = true }, "over"},
		{"inline map", func(v *View) { v.Map = "inline" }, "map"},
		{"a race twice", func(v *View) { v.Market[1].Race = v.Market[0].Race }, "already"},
		{"stack sizes", func(v *View) { v.BannersLeft++ }, "banners"},
	} {
		w := v
		w.Market = append([]ComboView(nil), v.Market...)
		c.edit(&w)
		if _, err := FromView(&w, Sample{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one naming %q", c.name, err, c.want)
		}
	}
}
