package incangold

import (
	"errors"
	"testing"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/ruletest"
)

// TestUndo: at every table size a sealed choice comes back exactly (the
// record without it replays to every view as before it) while the step is
// open, and the choice that reveals the step is refused citing I3.4.
func TestUndo(t *testing.T) {
	for n := 3; n <= MaxPlayers; n++ {
		for seed := uint64(1); seed <= 3; seed++ {
			st, err := ruletest.Undo(ruletest.Config{Game: Game{}}, ruletest.Table{Players: n}, seed, 40)
			if err != nil {
				t.Fatalf("%d players, seed %d: %v", n, seed, err)
			}
			if st.Undoable == 0 || st.Checked == 0 || st.Refused["I3.4"] == 0 || len(st.Refused) != 1 {
				t.Errorf("%d players, seed %d: %+v: want sealed choices taken back and reveals refused (I3.4) only", n, seed, st)
			}
		}
	}
}

// TestUndoCases: the first of three explorers may take back their torch;
// the third, whose choice reveals all three, may not (I3.4); after the
// game nobody may (I8.5).
func TestUndoCases(t *testing.T) {
	m, _, err := NewMatch(3, Options{}, 9)
	if err != nil {
		t.Fatal(err)
	}
	rec := rules.NewRecord(Game{}.ID(), nil, 9, []rules.RecordSeat{{Name: "a", Kind: rules.Human}, {Name: "b", Kind: rules.Human}, {Name: "c", Kind: rules.Human}})
	play := func(seat int, c Choice) {
		t.Helper()
		if _, err := m.Apply(seat, Move{Choice: c}); err != nil {
			t.Fatal(err)
		}
		rec.Add(seat, Move{Choice: c})
	}
	play(0, Torch)
	if err := rules.CanUndo(rec, m, 0); err != nil {
		t.Errorf("a sealed torch, two explorers still choosing: %v", err)
	}
	play(1, Camp)
	if err := rules.CanUndo(rec, m, 0); !errors.Is(err, rules.ErrMovedSince) {
		t.Errorf("seat 0's torch after seat 1 sealed: %v", err)
	}
	play(2, Torch)
	if err := rules.CanUndo(rec, m, 2); rules.RuleOf(err) != "I3.4" {
		t.Errorf("the revealing choice: %v, want I3.4", err)
	}
	r := newRand(4)
	for !m.Over() {
		for _, s := range m.ToMove() {
			play(s, Choice(1+r.IntN(2)))
		}
	}
	last := rec.Moves[len(rec.Moves)-1].Seat
	if err := m.Undoable(last); rules.RuleOf(err) != "I8.5" {
		t.Errorf("after the game: %v, want I8.5", err)
	}
}
