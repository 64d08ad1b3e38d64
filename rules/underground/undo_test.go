package underground

import (
	"slices"
	"testing"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/ruletest"
)

// undoRules are the rules an Underground undo may be refused by (undo.go).
var undoRules = []string{"U5.7", "U12.15", "U5.6", "U14.8", "U4.4", "U4.5"}

// TestUndo: at every table size, a move that brought nothing hidden or
// left to chance into view comes back exactly (the record without it
// replays to every view as before it), and every refusal cites one of
// undoRules; random games meet picks, draws and dice.
func TestUndo(t *testing.T) {
	all := map[string]int{}
	for n := 2; n <= 5; n++ {
		for seed := uint64(1); seed <= 2; seed++ {
			st, err := ruletest.Undo(ruletest.Config{Game: Game{}}, ruletest.Table{Players: n}, seed, 25)
			if err != nil {
				t.Fatalf("%d players, seed %d: %v", n, seed, err)
			}
			if st.Undoable == 0 || st.Checked == 0 {
				t.Errorf("%d players, seed %d: %+v: want moves taken back", n, seed, st)
			}
			for r, k := range st.Refused {
				if !slices.Contains(undoRules, r) {
					t.Errorf("%d players, seed %d: %d refusals cite %s", n, seed, k, r)
				}
				all[r] += k
			}
		}
	}
	for _, r := range []string{"U4.4", "U5.6", "U5.7"} {
		if all[r] == 0 {
			t.Errorf("no refusal cited %s in any game: %v", r, all)
		}
	}
	t.Logf("refusals by rule: %v", all)
}

// TestUndoEvents: what a move showed decides (undo.go), each refusal with
// its rule; a move that showed nothing may be taken back, by its own seat
// only.
func TestUndoEvents(t *testing.T) {
	for _, c := range []struct {
		evs           []EventKind
		random, drawn bool
		rule          string
	}{
		{[]EventKind{EvConquer}, false, false, ""},
		{[]EventKind{EvDecline, EvScore, EvTurn}, false, false, ""},
		{[]EventKind{EvRedeploy}, false, false, ""},
		{[]EventKind{EvFinal}, true, false, "U5.7"},
		{[]EventKind{EvWisps}, true, false, "U12.15"},
		{[]EventKind{EvConquer, EvDraw}, false, true, "U5.6"},
		{[]EventKind{EvConquer, EvDraw, EvStonehedge}, true, true, "U5.6"},
		{[]EventKind{EvStonehedge}, true, false, "U14.8"},
		{[]EventKind{EvPick}, false, true, "U4.4"},
		{[]EventKind{EvPick}, false, false, ""},
		{[]EventKind{EvPick}, true, true, "U4.4"},
		{[]EventKind{EvDecline, EvScore, EvTurn}, true, false, "U4.5"},
	} {
		m, err := New(3, Options{}, 1)
		if err != nil {
			t.Fatal(err)
		}
		m.last = lastMove{seat: 2, made: true, random: c.random, drawn: c.drawn}
		for _, k := range c.evs {
			m.last.evs = append(m.last.evs, Event{Kind: k, Seat: 2})
		}
		err = m.Undoable(2)
		if rules.RuleOf(err) != c.rule || (c.rule == "") != (err == nil) {
			t.Errorf("%v random %v drawn %v: %v, want %q", c.evs, c.random, c.drawn, err, c.rule)
		}
		if err := m.Undoable(1); err == nil {
			t.Errorf("%v: seat 1 may take back seat 2's move", c.evs)
		}
	}
}
