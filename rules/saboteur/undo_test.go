package saboteur

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/ruletest"
)

// undoRules are the rules a Saboteur undo may be refused by (undo.go).
var undoRules = []string{"R1.4", "R4.2", "R6.4", "R7.1", "R8.1"}

// TestUndo: at every table size, a move that drew nothing and showed
// nothing comes back exactly (the record without it replays to every view
// as before it), and every refusal cites one of undoRules; random games
// meet both kinds (an empty draw pile comes in every round), and draws,
// maps and round ends (random play rarely reaches a goal: TestUndoEvents
// has those).
func TestUndo(t *testing.T) {
	all := map[string]int{}
	for n := 3; n <= 10; n++ {
		for seed := uint64(1); seed <= 2; seed++ {
			st, err := ruletest.Undo(ruletest.Config{Game: Rules{}}, ruletest.Table{Players: n}, seed, 30)
			if err != nil {
				t.Fatalf("%d players, seed %d: %v", n, seed, err)
			}
			if st.Undoable == 0 || st.Checked == 0 || st.Refused["R4.2"] == 0 {
				t.Errorf("%d players, seed %d: %+v: want moves taken back and draws refused", n, seed, st)
			}
			for r, k := range st.Refused {
				if !slices.Contains(undoRules, r) {
					t.Errorf("%d players, seed %d: %d refusals cite %s", n, seed, k, r)
				}
				all[r] += k
			}
		}
	}
	for _, r := range []string{"R1.4", "R4.2", "R6.4"} {
		if all[r] == 0 {
			t.Errorf("no refusal cited %s in any game: %v", r, all)
		}
	}
}

// TestUndoCases: with cards left to draw, a discard is refused (R4.2);
// once the draw pile is empty, a discard (R4.4: face down) comes back
// exactly, and a map never does (R6.4).
func TestUndoCases(t *testing.T) {
	m, err := NewMatch(Options{Players: 4, FirstPlayer: 0}, 5)
	if err != nil {
		t.Fatal(err)
	}
	seats := make([]rules.RecordSeat, 4)
	for i := range seats {
		seats[i] = rules.RecordSeat{Name: "p", Kind: rules.Human}
	}
	opts, _ := json.Marshal(Options{Players: 4, FirstPlayer: 0})
	rec := rules.NewRecord(ID, opts, 5, seats)
	play := func(mv Move) {
		t.Helper()
		if _, err := m.Apply(mv.Seat, mv); err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
		rec.Add(mv.Seat, mv)
	}
	discard := func() Move {
		for _, x := range m.Legal(m.g.Turn()) {
			if mv := x.(Move); mv.Type == Discard {
				return mv
			}
		}
		t.Fatal("no discard")
		return Move{}
	}
	play(discard())
	if err := rules.CanUndo(rec, m, rec.Moves[0].Seat); rules.RuleOf(err) != "R4.2" {
		t.Fatalf("a discard that drew: %v, want R4.2", err)
	}
	for len(m.g.draw) > 0 { // discard down to the last draw
		if m.g.Phase() != Playing {
			t.Fatal("the round ended before the draw pile did")
		}
		play(discard())
	}
	seat := m.g.Turn()
	var mapMove *Move
	for _, x := range m.Legal(seat) {
		if mv := x.(Move); mv.Type == Play && mv.Card.Kind == Map {
			mapMove = &mv
		}
	}
	before := viewsOf(m)
	play(discard())
	if err := rules.CanUndo(rec, m, seat); err != nil {
		t.Fatalf("a discard with the draw pile empty: %v", err)
	}
	_, um, _, err := rules.Undo(Rules{}, rec, m, seat)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(viewsOf(um.(*Match)), before) {
		t.Fatal("the discard taken back does not come back")
	}
	if mapMove != nil { // seed 5 deals seat this map; say so if it changes
		um.Apply(seat, *mapMove)
		if err := um.(*Match).Undoable(seat); rules.RuleOf(err) != "R6.4" {
			t.Errorf("a map: %v, want R6.4", err)
		}
	}
}

// viewsOf is every seat's view of m and the spectator's, as JSON.
func viewsOf(m *Match) []byte {
	var b bytes.Buffer
	for s := -1; s < m.g.opts.Players; s++ {
		v, _ := json.Marshal(m.View(s))
		b.Write(v)
	}
	return b.Bytes()
}

// TestUndoEvents: what a move caused decides (undo.go): each event that
// shows something hidden refuses with its rule, the first met in the order
// the round end, gold, goals, maps, draws; a move that caused none of them
// may be taken back.
func TestUndoEvents(t *testing.T) {
	for _, c := range []struct {
		evs  []EventType
		rule string
	}{
		{[]EventType{Placed, TurnStarted}, ""},
		{[]EventType{Discarded, Passed, TurnStarted}, ""},
		{[]EventType{RockFell, TurnStarted}, ""},
		{[]EventType{ToolBroken, TurnStarted}, ""},
		{[]EventType{ToolRepaired, TurnStarted}, ""},
		{[]EventType{Placed, Drew, TurnStarted}, "R4.2"},
		{[]EventType{MapPlayed, Drew, TurnStarted}, "R6.4"},
		{[]EventType{Placed, GoalRevealed, TurnStarted}, "R7.1"},
		{[]EventType{Placed, GoalRevealed, GoalRevealed, Drew, TurnStarted}, "R7.1"},
		{[]EventType{Placed, GoalRevealed, RoundEnded, GoldOffered}, "R1.4"},
		{[]EventType{Discarded, RoundEnded, GoldKept, RoundStarted}, "R1.4"},
		{[]EventType{GoldKept, GoldOffered}, "R8.1"},
	} {
		m, err := NewMatch(Options{Players: 3}, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range c.evs {
			m.last = append(m.last, Event{Type: e, Seat: 2})
		}
		err = m.Undoable(2)
		if rules.RuleOf(err) != c.rule || (c.rule == "") != (err == nil) {
			t.Errorf("%v: %v, want %q", c.evs, err, c.rule)
		}
		if err := m.Undoable(1); err == nil {
			t.Errorf("%v: seat 1 may take back seat 2's move", c.evs)
		}
	}
}
