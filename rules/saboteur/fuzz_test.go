package saboteur

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// FuzzParsePosition: no input makes the position parser or the judging of
// its moves panic; bad input is a one-line error; every answer is one line
// of JSON.
func FuzzParsePosition(f *testing.F) {
	f.Add([]byte(examplePosition))
	f.Add([]byte(pos(corridor(1, 6, 0), "", `{"play": "EW", "x": 7, "y": 0}`, `{"placements": "NS"}`)))
	f.Add([]byte(pos(row(-1, 7), `"connect_to_start": true, "seat": 3, "broken": {"3": ["cart"]},`,
		`{"play": "NSW", "x": 8, "y": -1}`, `{"play": "repair:cart", "target": 3}`, `{"play": "rockfall", "x": 2, "y": 0}`)))
	f.Add([]byte(`{"players": 4, "goals": {"-2": "COAL_NE", "0": "GOLD", "2": "COAL_NW"}, "board": [{"card": "NS", "x": 1, "y": 0}, {"card": "EW", "x": 1, "y": 0}]}`))
	f.Add([]byte(`{"players": 11}`))
	f.Add([]byte(`{"players": 4, "goals": {"-2": "COAL_NE", "0": "GOLD", "2": "COAL_NW"}, "revealed": {"0": "GOLD"}, "moves": [{"play": "discard"}]}`))
	f.Add([]byte(`{`))
	f.Add([]byte(``))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePosition(data)
		if err != nil {
			if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
				t.Fatalf("error %q is not one line", msg)
			}
			return
		}
		for _, o := range p.Run() {
			line := o.Line()
			if !json.Valid([]byte(line)) || strings.Contains(line, "\n") {
				t.Fatalf("answer %q is not one line of JSON", line)
			}
		}
		if n := p.Board().PathCards(); n > MaxPathCards {
			t.Fatalf("%d path cards in the maze", n)
		}
	})
}

// recordJSON plays a random game and returns its record as JSON.
func recordJSON(t testing.TB, o Options, seed uint64) []byte {
	g := newGame(t, o, seed)
	rec := NewRecord(o, seed, []string{"Ann", "Bo", "Cy", "Di", "Ed", "Fa", "Gu", "Hal", "Io", "Jo"}[:o.Players])
	r := rng(seed)
	randomGame(t, g, r.IntN, func(m Move, _ []Event) { rec.Moves = append(rec.Moves, m) })
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// FuzzParseRecord: no input makes the record parser or a replay panic; a
// record that parses writes back to one that parses the same.
func FuzzParseRecord(f *testing.F) {
	full := recordJSON(f, Options{Players: 4, FirstPlayer: -1, SabotagedGetNothing: true}, 3)
	f.Add(full)
	f.Add(full[:len(full)/2])
	f.Add(recordJSON(f, Options{Players: 10, ConnectToStart: true, OneNuggetPerDigger: true}, 4))
	f.Add([]byte(`{"format":1,"game":"goldvein","options":{"players":3,"first_player":0},"seed":1,"seats":["a","b","c"],"moves":[{"seat":0,"play":"EW","x":1,"y":0}]}`))
	f.Add([]byte(`{"format":1,"game":"goldvein","options":{"players":3,"first_player":0},"seed":1,"seats":["a","b","c"],"moves":[{"seat":0,"keep":2}]}`))
	f.Add([]byte(`{"format":2}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseRecord(data)
		if err != nil {
			return
		}
		g, _, err := r.Replay()
		if err != nil && RuleOf(err) == "" {
			t.Fatalf("replay error names no rule: %v", err)
		}
		if g == nil {
			t.Fatal("Replay returned no game")
		}
		again, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		r2, err := ParseRecord(again)
		if err != nil {
			t.Fatalf("a written record does not parse: %v\n%s", err, again)
		}
		if !reflect.DeepEqual(r, r2) {
			t.Fatalf("record changed through JSON:\n%+v\n%+v", r, r2)
		}
	})
}

// FuzzBoardJSON: a board read from outside (a view sent over the network)
// never makes the board code panic, and keeps within its limits.
func FuzzBoardJSON(f *testing.F) {
	g := newGame(f, Options{Players: 5}, 8)
	for range 40 {
		ms := g.LegalMoves(g.Turn())
		g.Apply(ms[len(ms)/2])
	}
	v := g.View(0)
	data, _ := json.Marshal(v.Board)
	f.Add(data)
	f.Add([]byte(`{"tiles":[{"card":"START","x":0,"y":0,"id":-1},{"card":"GOAL","x":8,"y":0,"id":-1}]}`))
	f.Add([]byte(`{"tiles":[{"card":"START","x":0,"y":0,"id":-1},{"card":"GOAL","x":8,"y":-2,"id":-1},{"card":"GOLD","x":8,"y":0,"id":-1},{"card":"GOAL","x":8,"y":2,"id":-1},{"card":"NS","x":8,"y":1,"id":22}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var b Board
		if err := json.Unmarshal(data, &b); err != nil {
			return
		}
		if len(b.Tiles()) > MaxPathCards+4 {
			t.Fatalf("%d tiles", len(b.Tiles()))
		}
		for _, e := range deckComposition[:16] {
			for _, p := range b.Placements(nil, MustCard(e.code), false) {
				c := b.Clone()
				c.Place(p.Card, 0, p.At)
			}
		}
		out, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		var b2 Board
		if err := json.Unmarshal(out, &b2); err != nil || !boardsEqual(&b, &b2) {
			t.Fatalf("board changed through JSON: %v", err)
		}
	})
}
