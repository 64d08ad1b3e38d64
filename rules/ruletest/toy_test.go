package ruletest

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules"
)

func toyConfig(g Toy) Config {
	c := Config{Game: g, Games: 40, MaxMoves: 500, Hidden: ToyHidden}
	c.defaults()
	return c
}

// TestContractToy: a sound game passes every check, with each of its
// options (a game of turns, a secret deal, a longer game).
func TestContractToy(t *testing.T) {
	Contract(t, Config{Game: Toy{}, Games: 200, Hidden: ToyHidden})
	var tables []Table
	for _, n := range []int{2, 3, 5, 10} {
		for _, o := range []string{`{"turns":true}`, `{"deal":true}`, `{"turns":true,"deal":true,"target":30}`} {
			tables = append(tables, Table{Players: n, Options: json.RawMessage(o)})
		}
	}
	Contract(t, Config{Game: Toy{}, Tables: tables, Games: 120, Hidden: ToyHidden})
}

// TestToyOptions: the toy's options shape the game (who owes a move, when
// the step changes, the deal), and bad options or seat counts are refused
// with the field named.
func TestToyOptions(t *testing.T) {
	for _, tc := range []struct {
		players int
		opts    string
		want    string
	}{
		{1, "", "players: 1"},
		{11, "", "players: 11"},
		{3, `{"target":0,"turns":1}`, "options: json: cannot unmarshal number"},
		{3, `{"targets":5}`, `unknown field "targets"`},
		{3, `{"target":1001}`, "target: 1001: want 1 to 1000"},
		{3, `{"target":-1}`, "target: -1"},
		{3, `{"target":5} {}`, "trailing data"},
	} {
		if _, err := (Toy{}).New(tc.players, json.RawMessage(tc.opts), 1); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%d, %s): %v, want an error with %q", tc.players, tc.opts, err, tc.want)
		}
	}
	sim, _ := Toy{}.New(3, nil, 1)
	turns, _ := Toy{}.New(3, json.RawMessage(`{"turns":true,"deal":true}`), 1)
	if got := sim.ToMove(); !slices.Equal(got, []int{0, 1, 2}) {
		t.Errorf("all at once: seats %v owe", got)
	}
	if got := turns.ToMove(); !slices.Equal(got, []int{0}) {
		t.Errorf("turns: seats %v owe", got)
	}
	if _, err := sim.Apply(1, ToyMove{2}); err != nil || sim.Step() != 0 || !slices.Equal(sim.ToMove(), []int{0, 2}) {
		t.Errorf("all at once, after seat 1: %v, step %d, owing %v", err, sim.Step(), sim.ToMove())
	}
	if _, err := turns.Apply(1, ToyMove{2}); rules.RuleOf(err) != "T2" {
		t.Errorf("turns, seat 1 before seat 0: %v", err)
	}
	if _, err := turns.Apply(0, ToyMove{2}); err != nil || turns.Step() != 1 || !slices.Equal(turns.ToMove(), []int{1}) {
		t.Errorf("turns, after seat 0: %v, step %d, owing %v", err, turns.Step(), turns.ToMove())
	}
	if len(rules.OpeningOf(sim)) != 0 || len(rules.OpeningOf(turns)) != 3 {
		t.Errorf("openings: %d without a deal, %d with one of 3 seats", len(rules.OpeningOf(sim)), len(rules.OpeningOf(turns)))
	}
}

// TestContractCatchesFaults: each fault of the toy is found, by the check
// meant for it, with a message that says what is wrong.
func TestContractCatchesFaults(t *testing.T) {
	tb := Table{Players: 3}
	for _, tc := range []struct {
		name string
		run  func() error
		want string
	}{
		{"leaky view", func() error { return RandomGame(toyConfig(Toy{LeakView: true}), tb, 1, true) }, "view leaks"},
		{"leaky event", func() error { return RandomGame(toyConfig(Toy{LeakEvent: true}), tb, 1, true) }, "event for seat"},
		{"bad legal move", func() error { return ProbeLegal(toyConfig(Toy{BadLegal: true}), tb, 1) }, "legal move"},
		{"leaky view of a bonus", func() error {
			return RandomGame(toyConfig(Toy{LeakView: true}), Table{Players: 3, Options: json.RawMessage(`{"deal":true}`)}, 1, true)
		}, "secret bonus"},
		{"leaky deal", func() error {
			return RandomGame(toyConfig(Toy{LeakEvent: true}), Table{Players: 3, Options: json.RawMessage(`{"deal":true}`)}, 1, true)
		}, "secret bonus"},
		{"endless", func() error { return RandomGame(toyConfig(Toy{Endless: true}), tb, 1, false) }, "not over after 500 moves"},
	} {
		err := tc.run()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
}

func FuzzToyDecoders(f *testing.F) {
	FuzzDecoders(f, Toy{}, []byte(`{"pick":1}`), []byte(`{"type":"revealed","seat":0,"picks":[1,2]}`))
}

// TestToyCheckView: the toy's view check passes every view the toy gives a
// seat, and refuses a view of another seat or of a broken shape, naming
// the field.
func TestToyCheckView(t *testing.T) {
	g := Toy{}
	m, _ := g.New(3, json.RawMessage(`{"deal":true}`), 1)
	m.Apply(1, ToyMove{2})
	for s := range 3 {
		if err := g.CheckView(m.View(s), s); err != nil {
			t.Errorf("seat %d's own view: %v", s, err)
		}
	}
	for _, tc := range []struct {
		v    any
		want string
	}{
		{"view", "not a toy view"},
		{m.View(1), "of seat 1, but this is seat 0"},
		{ToyView{Scores: []int{0}, Picked: []int{0}}, "scores: 1 seats"},
		{ToyView{Scores: make([]int, 11), Picked: make([]int, 11)}, "scores: 11 seats"},
		{ToyView{Scores: []int{0, 0}, Picked: []int{0}}, "picked: 1 entries for 2 seats"},
		{ToyView{Scores: []int{0, 0}, Picked: []int{0, 0}, Bonus: []int{1}}, "bonus: 1 entries"},
		{ToyView{Scores: []int{0, 0}, Picked: []int{-1, 0}}, "own pick is hidden"},
		{ToyView{Scores: []int{0, 0}, Picked: []int{0, 7}}, "picked[1]: 7"},
		{ToyView{Scores: []int{0, -3}, Picked: []int{0, 0}}, "scores[1]: -3"},
	} {
		if err := g.CheckView(tc.v, 0); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want an error with %q", tc.v, err, tc.want)
		}
	}
	if got := rules.PhraseText(g, "pick_two"); got != "Pick a two!" || rules.PhraseText(g, "hurry") != "" {
		t.Errorf("phrases: %q", got)
	}
}

// TestToyDeltas: over random games, every seat's views written as deltas
// (ToyDeltas' writer, against the seat's previous snapshot) merge back
// into exactly the views the match gives; the bonuses' field goes with a
// null; a delta with an unknown field is refused.
func TestToyDeltas(t *testing.T) {
	g := ToyDeltas{}
	w := g.NewViewWriter()
	for seed := uint64(1); seed <= 20; seed++ {
		m, err := g.New(3, json.RawMessage(`{"turns":true,"deal":true}`), seed)
		if err != nil {
			t.Fatal(err)
		}
		prev := make([]any, 4) // snapshots, seats -1 to 2
		views := make([]any, 4)
		for n := 0; ; n++ {
			for s := -1; s < 3; s++ {
				cur := w.Snapshot(m, s)
				b, err := w.AppendView(nil, prev[s+1], cur)
				if err != nil {
					t.Fatal(err)
				}
				var got any
				if prev[s+1] == nil {
					got, err = g.DecodeView(b)
				} else {
					got, err = g.MergeView(views[s+1], b)
				}
				want, _ := json.Marshal(m.View(s))
				gj, _ := json.Marshal(got)
				if err != nil || string(gj) != string(want) {
					t.Fatalf("seed %d, move %d, seat %d: delta %s merged to %s (%v), want %s", seed, n, s, b, gj, err, want)
				}
				prev[s+1], views[s+1] = cur, got
			}
			if m.Over() {
				break
			}
			seat := m.ToMove()[0]
			if _, err := m.Apply(seat, ToyMove{Pick: 1 + int(seed+uint64(n))%2}); err != nil {
				t.Fatal(err)
			}
		}
	}
	m, _ := g.New(2, json.RawMessage(`{"deal":true}`), 1)
	v := m.View(0)
	if got, err := g.MergeView(v, []byte(`{"bonus":null}`)); err != nil || got.(ToyView).Bonus != nil {
		t.Errorf("a null bonus: %+v, %v", got, err)
	}
	for _, d := range []string{`{"wizard":1}`, `[1]`, `null`, `{"picked":"x"}`} {
		if _, err := g.MergeView(v, []byte(d)); err == nil {
			t.Errorf("delta %s merged", d)
		}
	}
	var b []byte
	b, _ = g.NewViewWriter().AppendEvent(b, ToyEvent{Type: "picked", Seat: 1, Pick: 2})
	if want, _ := json.Marshal(ToyEvent{Type: "picked", Seat: 1, Pick: 2}); string(b) != string(want) {
		t.Errorf("event %s, encoding/json writes %s", b, want)
	}
}
