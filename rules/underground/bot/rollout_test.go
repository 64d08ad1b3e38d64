package bot

import (
	"encoding/json"
	"testing"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground"
)

// TestHardIgnoresHiddenFacts: at every turn start of hard's seat, a match
// made from the same view with other hidden facts (the other seats' coins,
// the stacks' order, the face-down markers) shows hard the same view, and
// hard, deciding afresh, makes the same choice on both: its playouts are
// dealt from public facts only.
func TestHardIgnoresHiddenFacts(t *testing.T) {
	checked := 0
	for g := 0; g < 2; g++ {
		m, _ := underground.New(3, underground.Options{}, uint64(500+g))
		bots := []rules.Bot{NewHard(0, 1), NewNormal(1, 2), NewNormal(2, 3)}
		for !m.Over() {
			s := m.ToMove()[0]
			v := m.ViewOf(s)
			mv := bots[s].Choose(v).(underground.Move)
			if s == 0 && (v.Step == "decide" || v.Step == "pick") && v.Turn%2 == 1 {
				other, err := underground.FromView(&v, underground.Sample{Coins: []int{0, 40, 1}, Seed: uint64(99 + v.Turn)})
				if err != nil {
					t.Fatal(err)
				}
				w := other.ViewOf(0)
				a, _ := json.Marshal(v)
				b, _ := json.Marshal(w)
				if string(a) != string(b) {
					t.Fatalf("turn %d: the other sample shows seat 0 another view", v.Turn)
				}
				again := NewHard(0, 77).Choose(w).(underground.Move)
				if again.String() != mv.String() {
					t.Fatalf("turn %d step %s: hard chose %s, on the same view with other hidden facts %s", v.Turn, v.Step, mv, again)
				}
				checked++
			}
			if _, err := m.Apply(s, mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 6 {
		t.Fatalf("only %d decisions checked", checked)
	}
}

// TestRolloutPrefersTheBetterOption: playouts rank a plain end of the
// decide step above a move the rules refuse there (scored as a loss), and
// the samples are the same for the same view.
func TestRolloutPrefersTheBetterOption(t *testing.T) {
	m, _ := underground.New(2, underground.Options{}, 3)
	v := m.ViewOf(m.ToMove()[0])
	if v.Step != "pick" {
		t.Fatalf("step %s", v.Step)
	}
	opts := []rolloutOption{{move: underground.Move{Decline: true}}, {move: *pickMove(v, 0)}}
	k, ok := rolloutBest(&v, opts, rolloutCfg{samples: 2, horizon: 2})
	if !ok || k != 1 {
		t.Fatalf("best %d ok %v, want the legal pick", k, ok)
	}
	if viewSeed(&v, 0) != viewSeed(&v, 0) || viewSeed(&v, 0) == viewSeed(&v, 1) {
		t.Fatal("view seeds are not a function of the view and sample index")
	}
}

func pickMove(v underground.View, pos int) *underground.Move {
	for _, mv := range v.Legal {
		if mv.Pick != nil && *mv.Pick == pos {
			return &mv
		}
	}
	return nil
}
