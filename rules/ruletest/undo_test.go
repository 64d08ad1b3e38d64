package ruletest

import (
	"errors"
	"testing"

	"github.com/goldvein/goldvein/rules"
)

// TestToyUndo: a toy pick comes back exactly while the round's picks are
// sealed, and the pick that reveals them is refused citing T4, in both of
// the toy's modes.
func TestToyUndo(t *testing.T) {
	for _, turns := range []bool{false, true} {
		c := Config{Game: Toy{}}
		tb := Table{Players: 3, Options: []byte(`{"turns":` + map[bool]string{false: "false", true: "true"}[turns] + `,"deal":true}`)}
		st, err := Undo(c, tb, 5, 50)
		if err != nil {
			t.Fatalf("turns %v: %v", turns, err)
		}
		if st.Undoable == 0 || st.Checked == 0 || st.Refused["T4"] == 0 {
			t.Errorf("turns %v: %+v: want moves taken back and reveals refused", turns, st)
		}
		if st.Undoable+st.Refused["T4"] != st.Moves-1 { // the last move ends the game
			t.Errorf("turns %v: %+v: every move but the last is undoable or refused", turns, st)
		}
	}
}

// TestCanUndoRefusals: the record's own reasons come before the game's.
func TestCanUndoRefusals(t *testing.T) {
	g := Toy{}
	m, err := g.New(2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	rec := rules.NewRecord("toy", nil, 1, []rules.RecordSeat{{Name: "a", Kind: rules.Human}, {Name: "b", Kind: rules.Computer, Level: "ones"}})
	if err := rules.CanUndo(rec, m, 0); !errors.Is(err, rules.ErrNoMove) {
		t.Errorf("no move yet: %v", err)
	}
	for seat, mv := range []ToyMove{{1}} {
		if _, err := m.Apply(seat, mv); err != nil {
			t.Fatal(err)
		}
		rec.Add(seat, mv)
	}
	if err := rules.CanUndo(rec, m, 0); err != nil {
		t.Errorf("seat 0's sealed pick: %v", err)
	}
	if err := rules.CanUndo(rec, m, 1); !errors.Is(err, rules.ErrMovedSince) {
		t.Errorf("seat 1 taking back seat 0's pick: %v", err)
	}
	if err := rules.CanUndo(rec, m, 2); err == nil {
		t.Error("seat 2 of 2 may undo")
	}
	if _, err := m.Apply(1, ToyMove{2}); err != nil {
		t.Fatal(err)
	}
	rec.Add(1, ToyMove{2})
	if err := rules.CanUndo(rec, m, 1); !errors.Is(err, rules.ErrComputerMove) {
		t.Errorf("the computer's pick: %v", err)
	}
	rec.Seats[1].Kind = rules.Human
	if err := rules.CanUndo(rec, m, 1); rules.RuleOf(err) != "T4" {
		t.Errorf("the revealing pick: %v, want T4", err)
	}
	if err := rules.UndoableOf(struct{ rules.Match }{m}, 1); !errors.Is(err, rules.ErrNoUndo) {
		t.Errorf("a match that is no Undoer: %v", err)
	}
}
