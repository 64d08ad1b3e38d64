package saboteur

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// SABOTEUR.md's example position, verbatim.
const examplePosition = `{
  "players": 4,
  "connect_to_start": false,
  "board": [{"card": "EW", "x": 1, "y": 0}],
  "goals": {"-2": "COAL_NE", "0": "GOLD", "2": "COAL_NW"},
  "revealed": {"-2": "coal:SW"},
  "broken": {"1": ["pickaxe"]},
  "seat": 0,
  "moves": [
    {"play": "NE", "x": 2, "y": 0},
    {"play": "rockfall", "x": 1, "y": 0},
    {"play": "broken:cart", "target": 2},
    {"play": "repair:pickaxe+lantern", "target": 1, "tool": "pickaxe"},
    {"play": "map", "goal": 2},
    {"play": "discard"},
    {"placements": "NE"}
  ]
}`

// pos writes a position with the goals GOLD at y=0, COAL_NE at y=-2 and
// COAL_NW at y=2; extra holds more fields, e.g. `"seat": 1,`.
func pos(board []string, extra string, moves ...string) string {
	var cards []string
	for _, s := range board {
		code, cell, _ := strings.Cut(s, "@")
		var x, y int
		fmt.Sscanf(cell, "%d,%d", &x, &y)
		cards = append(cards, fmt.Sprintf(`{"card": %q, "x": %d, "y": %d}`, code, x, y))
	}
	return fmt.Sprintf(`{"players": 4, %s "goals": {"-2": "COAL_NE", "0": "GOLD", "2": "COAL_NW"}, "board": [%s], "moves": [%s]}`,
		extra, strings.Join(cards, ", "), strings.Join(moves, ", "))
}

const legalNothing = `{"legal": true, "revealed": [], "round_over": false}`

func runLines(t *testing.T, input string) []string {
	t.Helper()
	p, err := ParsePosition([]byte(input))
	if err != nil {
		t.Fatalf("ParsePosition: %v", err)
	}
	var out []string
	for _, o := range p.Run() {
		out = append(out, o.Line())
	}
	return out
}

// TestPositionOutput checks the exact output lines of the position format
// (the contract of goldvein check).
func TestPositionOutput(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []string
	}{
		{"SABOTEUR.md example", examplePosition, []string{
			`{"legal": false, "rule": "R5.4", "error": "NE at 2,0 puts a wall against an opening of EW at 1,0"}`,
			legalNothing, legalNothing, legalNothing, legalNothing, legalNothing,
			`{"placements": ["NE@-1,0", "NE@0,1", "NE@7,-2", "NE@8,-1", "NE@8,-3", "NE@9,-2", "SW@0,-1", "SW@1,0"]}`,
		}},
		{"the gold is reached", pos(corridor(1, 6, 0), "", `{"play": "EW", "x": 7, "y": 0}`, `{"play": "map", "goal": 2}`, `{"placements": "NS"}`),
			[]string{
				`{"legal": true, "revealed": [{"y": 0, "card": "GOLD"}], "round_over": true, "winner": "gold-diggers"}`,
				`{"legal": false, "rule": "R7.3", "error": "the round is over: the gold is face up"}`,
				`{"placements": []}`,
			}},
		{"one card reveals two goals", pos(row(-1, 7), "", `{"play": "NSW", "x": 8, "y": -1}`),
			[]string{`{"legal": true, "revealed": [{"y": -2, "card": "coal:SW"}, {"y": 0, "card": "GOLD"}], "round_over": true, "winner": "gold-diggers"}`}},
		{"a coal is reached, the round goes on", pos(row(2, 6), "", `{"play": "EW", "x": 7, "y": 2}`, `{"play": "map", "goal": 2}`, `{"play": "NS", "x": 8, "y": 3}`),
			[]string{
				`{"legal": true, "revealed": [{"y": 2, "card": "coal:NW"}], "round_over": false}`,
				`{"legal": false, "rule": "R6.4", "error": "the goal at y=2 is already face up"}`,
				`{"legal": false, "rule": "R5.4", "error": "NS at 8,3 puts an opening against a wall of coal:NW at 8,2"}`,
			}},
		{"a dead end next to a goal reveals nothing", pos(corridor(1, 6, 0), "", `{"play": "xEW", "x": 7, "y": 0}`),
			[]string{legalNothing}},
		{"a late card joins an island", pos(append(corridor(1, 2, 0), corridor(4, 7, 0)...), "", `{"play": "EW", "x": 3, "y": 0}`),
			[]string{`{"legal": true, "revealed": [{"y": 0, "card": "GOLD"}], "round_over": true, "winner": "gold-diggers"}`}},
		{"an illegal move changes nothing", pos(nil, "",
			`{"play": "NE", "x": 1, "y": 0}`, `{"placements": "NE"}`, `{"play": "rockfall", "x": 1, "y": 0}`, `{"play": "EW", "x": 1, "y": 0}`, `{"play": "rockfall", "x": 1, "y": 0}`, `{"play": "rockfall", "x": 1, "y": 0}`),
			[]string{
				`{"legal": false, "rule": "R5.4", "error": "NE at 1,0 puts a wall against an opening of START at 0,0"}`,
				`{"placements": ["NE@-1,0", "NE@0,1", "SW@0,-1", "SW@1,0"]}`,
				`{"legal": false, "rule": "R6.3", "error": "no card at 1,0 to remove"}`,
				legalNothing, legalNothing,
				`{"legal": false, "rule": "R6.3", "error": "no card at 1,0 to remove"}`,
			}},
		{"R5.1 broken tools: no path card, no placements", pos(nil, `"broken": {"0": ["lantern"]},`,
			`{"placements": "EW"}`, `{"play": "EW", "x": 1, "y": 0}`, `{"play": "repair:lantern", "target": 0}`, `{"placements": "EW"}`, `{"play": "EW", "x": 1, "y": 0}`),
			[]string{
				`{"placements": []}`,
				`{"legal": false, "rule": "R5.1", "error": "seat 0 has a broken lantern"}`,
				legalNothing,
				`{"placements": ["EW@-1,0", "EW@1,0"]}`,
				legalNothing,
			}},
		{"R5.5 connect to start", pos([]string{"xEW@1,0"}, `"connect_to_start": true,`, `{"placements": "EW"}`, `{"play": "EW", "x": 2, "y": 0}`),
			[]string{
				`{"placements": ["EW@-1,0"]}`,
				`{"legal": false, "rule": "R5.5", "error": "EW at 2,0 does not continue a tunnel from the start"}`,
			}},
		{"R6 actions", pos([]string{"EW@1,0"}, `"seat": 2, "broken": {"1": ["pickaxe", "lantern"]},`,
			`{"play": "broken:pickaxe", "target": 1}`, `{"play": "broken:cart", "target": 1}`, `{"play": "broken:cart", "target": 1}`,
			`{"play": "repair:pickaxe+lantern", "target": 1}`, `{"play": "repair:pickaxe+lantern", "target": 1, "tool": "lantern"}`,
			`{"play": "repair:lantern", "target": 1}`, `{"play": "repair:pickaxe+lantern", "target": 1}`,
			`{"play": "rockfall", "x": 0, "y": 0}`, `{"play": "rockfall", "x": 8, "y": 0}`, `{"play": "rockfall", "x": 1, "y": 0}`,
			`{"play": "map", "goal": 0}`, `{"play": "discard"}`),
			[]string{
				`{"legal": false, "rule": "R6.1", "error": "seat 1 already has a broken pickaxe"}`,
				legalNothing,
				`{"legal": false, "rule": "R6.1", "error": "seat 1 already has a broken cart"}`,
				`{"legal": false, "rule": "R6.2", "error": "repair:pickaxe+lantern mends one tool: say which (both are broken)"}`,
				legalNothing,
				`{"legal": false, "rule": "R6.2", "error": "seat 1 has no broken tool that repair:lantern mends"}`,
				legalNothing,
				`{"legal": false, "rule": "R6.3", "error": "rockfall never removes the start or a goal (START at 0,0)"}`,
				`{"legal": false, "rule": "R6.3", "error": "rockfall never removes the start or a goal (GOAL at 8,0)"}`,
				legalNothing, legalNothing, legalNothing,
			}},
		{"a goal given face up is a tunnel and an anchor", `{"players": 3, "goals": {"-2": "COAL_NW", "0": "COAL_NE", "2": "GOLD"}, "revealed": {"0": "coal:NE"},
			"moves": [{"placements": "NS"}, {"placements": "xN"}]}`,
			[]string{`{"placements": ["NS@0,-1", "NS@0,1", "NS@7,0", "NS@8,-1"]}`,
				`{"placements": ["xN@0,1", "xN@7,0", "xS@0,-1", "xS@7,0", "xS@8,-1", "xS@8,1"]}`}},
		{"the gold given face up: the round is over", `{"players": 3, "goals": {"-2": "COAL_NW", "0": "COAL_NE", "2": "GOLD"}, "revealed": {"2": "GOLD"},
			"moves": [{"play": "discard"}]}`,
			[]string{`{"legal": false, "rule": "R7.3", "error": "the round is over: the gold is face up"}`}},
		{"a maze given with a goal already reached turns it at the next card", pos(corridor(1, 7, 0), "", `{"play": "NS", "x": 0, "y": 1}`),
			[]string{`{"legal": true, "revealed": [{"y": 0, "card": "GOLD"}], "round_over": true, "winner": "gold-diggers"}`}},
		{"no moves", pos(nil, ""), nil},
		{"a START at the start is allowed", `{"players": 3, "goals": {"-2": "COAL_NW", "0": "COAL_NE", "2": "GOLD"}, "board": [{"card": "START", "x": 0, "y": 0}], "moves": [{"placements": "NESW"}]}`,
			[]string{`{"placements": ["NESW@-1,0", "NESW@0,-1", "NESW@0,1", "NESW@1,0"]}`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := runLines(t, tc.input)
			if !slices.Equal(got, tc.want) {
				t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			for _, line := range got {
				if !json.Valid([]byte(line)) {
					t.Fatalf("not JSON: %s", line)
				}
			}
		})
	}
}

// TestPositionBadInput: bad input is an error naming the field.
func TestPositionBadInput(t *testing.T) {
	goals := `"goals": {"-2": "COAL_NE", "0": "GOLD", "2": "COAL_NW"}`
	tests := []struct {
		input string
		want  string // a part of the error
	}{
		{``, "malformed JSON"},
		{`{"players": 4,`, "malformed JSON"},
		{`[]`, "want an object"},
		{`{"players": 4, ` + goals + `} {}`, "trailing data"},
		{`{"players": 4, "players": 5, ` + goals + `}`, "players: given twice"},
		{`{"players": 4, "goals": {"-2": "COAL_NE", "0": "GOLD", "2": "COAL_NW", "2": "GOLD"}}`, "goals.2: given twice"},
		{`{"players": 4, ` + goals + `, "colour": "red"}`, "colour: unknown field"},
		{`{` + goals + `}`, "players: missing"},
		{`{"players": 2, ` + goals + `}`, "players: 2"},
		{`{"players": "4", ` + goals + `}`, "players: want an integer"},
		{`{"players": 4}`, "goals: missing"},
		{`{"players": 4, "goals": {"-2": "COAL_NE", "0": "GOLD"}}`, `goals["2"]: missing`},
		{`{"players": 4, "goals": {"-2": "COAL_NE", "0": "GOLD", "2": "GOLD"}}`, "GOLD given twice"},
		{`{"players": 4, "goals": {"-2": "COAL_NE", "0": "GOLD", "1": "COAL_NW"}}`, `goals["1"]`},
		{`{"players": 4, "goals": {"-2": "COAL_NE", "0": "SILVER", "2": "COAL_NW"}}`, `goals["0"]`},
		{`{"players": 4, ` + goals + `, "revealed": {"0": "coal:NE"}}`, `revealed["0"]`},
		{`{"players": 4, ` + goals + `, "revealed": {"-2": "coal:NW"}}`, `revealed["-2"]`},
		{`{"players": 4, ` + goals + `, "revealed": {"-2": "GOAL"}}`, `revealed["-2"]`},
		{`{"players": 4, ` + goals + `, "revealed": {"-2": "NE"}}`, `revealed["-2"]`},
		{`{"players": 4, ` + goals + `, "revealed": {"4": "GOLD"}}`, `revealed["4"]`},
		{`{"players": 4, ` + goals + `, "seat": 4}`, "seat: 4"},
		{`{"players": 4, ` + goals + `, "seat": -1}`, "seat: -1"},
		{`{"players": 4, ` + goals + `, "broken": {"4": ["cart"]}}`, `broken["4"]`},
		{`{"players": 4, ` + goals + `, "broken": {"01": ["cart"]}}`, `broken["01"]`},
		{`{"players": 4, ` + goals + `, "broken": {"1": ["axe"]}}`, `broken["1"][0]`},
		{`{"players": 4, ` + goals + `, "broken": {"1": ["cart", "cart"]}}`, `broken["1"][1]`},
		{`{"players": 4, ` + goals + `, "broken": {"1": ["pickaxe+cart"]}}`, `broken["1"][0]`},
		{`{"players": 4, ` + goals + `, "board": [{"card": "NX", "x": 1, "y": 0}]}`, "board[0].card"},
		{`{"players": 4, ` + goals + `, "board": [{"card": "GOLD", "x": 8, "y": 0}]}`, "board[0].card"},
		{`{"players": 4, ` + goals + `, "board": [{"card": "START", "x": 1, "y": 0}]}`, "board[0].card"},
		{`{"players": 4, ` + goals + `, "board": [{"x": 1, "y": 0}]}`, "board[0].card: missing"},
		{`{"players": 4, ` + goals + `, "board": [{"card": "NS", "y": 0}]}`, "board[0].x: missing"},
		{`{"players": 4, ` + goals + `, "board": [{"card": "NS", "x": 1}]}`, "board[0].y: missing"},
		{`{"players": 4, ` + goals + `, "board": [{"card": "NS", "x": 1, "y": 0, "z": 1}]}`, "z: unknown field"},
		{`{"players": 4, ` + goals + `, "board": [{"card": "NS", "x": 1, "y": 0}, {"card": "EW", "x": 1, "y": 0}]}`, "board[1]: cell 1,0 given twice"},
		{`{"players": 4, ` + goals + `, "board": [{"card": "NS", "x": 0, "y": 0}]}`, "board[0]: cell 0,0"},
		{`{"players": 4, ` + goals + `, "board": [{"card": "NS", "x": 8, "y": 2}]}`, "board[0]: cell 8,2"},
		{`{"players": 4, ` + goals + `, "board": [{"card": "NS", "x": 1000, "y": 0}]}`, "board[0]: cell 1000,0 out of range"},
		{`{"players": 4, ` + goals + `, "moves": [{"play": "NX", "x": 1, "y": 0}]}`, "moves[0]: play"},
		{`{"players": 4, ` + goals + `, "moves": [{"play": "NE", "x": 1}]}`, "moves[0]: y: missing"},
		{`{"players": 4, ` + goals + `, "moves": [{"play": "NE", "x": 1, "y": 0, "target": 1}]}`, "moves[0]: target: not used"},
		{`{"players": 4, ` + goals + `, "moves": [{"play": "NE", "x": 1, "y": 0, "seat": 1}]}`, "moves[0]: seat"},
		{`{"players": 4, ` + goals + `, "moves": [{"play": "broken:cart"}]}`, "moves[0]: target: missing"},
		{`{"players": 4, ` + goals + `, "moves": [{"play": "broken:cart", "target": 4}]}`, "moves[0]: target: 4"},
		{`{"players": 4, ` + goals + `, "moves": [{"play": "broken:cart", "target": 1, "tool": "cart"}]}`, "moves[0]: tool: not used"},
		{`{"players": 4, ` + goals + `, "moves": [{"play": "repair:cart", "target": 1, "tool": "axe"}]}`, "moves[0]: tool"},
		{`{"players": 4, ` + goals + `, "moves": [{"play": "map", "goal": 1}]}`, "moves[0]: goal: 1"},
		{`{"players": 4, ` + goals + `, "moves": [{"play": "map"}]}`, "moves[0]: goal: missing"},
		{`{"players": 4, ` + goals + `, "moves": [{"play": "discard", "card": "NE"}]}`, "moves[0]: card: not used"},
		{`{"players": 4, ` + goals + `, "moves": [{"play": "START", "x": 1, "y": 0}]}`, "moves[0]: play"},
		{`{"players": 4, ` + goals + `, "moves": [{"placements": "map"}]}`, "moves[0]: placements"},
		{`{"players": 4, ` + goals + `, "moves": [{"placements": "NX"}]}`, "moves[0]: placements"},
		{`{"players": 4, ` + goals + `, "moves": [{"placements": "NE", "play": "NE"}]}`, "moves[0]: play: not used"},
		{`{"players": 4, ` + goals + `, "moves": [{}]}`, "moves[0]: play: missing"},
		{`{"players": 4, ` + goals + `, "moves": [{"keep": 2}]}`, "moves[0]: keep"},
		{`{"players": 4, ` + goals + `, "moves": [{"play": "NE", "x": "1", "y": 0}]}`, "moves[0]: x: want an integer"},
		{`{"players": 4, ` + goals + `, "moves": [{"play": "NE", "x": 1.5, "y": 0}]}`, "moves[0]: x: want an integer"},
		{`{"players": 4, ` + goals + `, "moves": [7]}`, "moves[0]: want an object"},
		{`{"players": 4, ` + goals + `, "moves": {}}`, "moves: want a list"},
	}
	for _, tc := range tests {
		p, err := ParsePosition([]byte(tc.input))
		if err == nil {
			t.Errorf("%s: no error (%d moves)", tc.input, len(p.Moves()))
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
			t.Errorf("%s:\n error %q, want it to name %q", tc.input, msg, tc.want)
		}
	}
}

// TestPositionTooManyCards: a 41st path card is refused (R2.3), on the
// board as bad input and as a move as illegal.
func TestPositionTooManyCards(t *testing.T) {
	var board []string
	for x := 1; x <= MaxPathCards; x++ {
		board = append(board, fmt.Sprintf("EW@%d,5", -x))
	}
	lines := runLines(t, pos(board, "", `{"play": "EW", "x": 1, "y": 0}`, `{"placements": "EW"}`))
	if !strings.Contains(lines[0], `"rule": "R2.3"`) || lines[1] != `{"placements": []}` {
		t.Fatalf("a 41st card: %v", lines)
	}
	board = append(board, "EW@1,0")
	if _, err := ParsePosition([]byte(pos(board, ""))); err == nil || !strings.Contains(err.Error(), "board[40]") {
		t.Fatalf("a board of 41 path cards: %v", err)
	}
}

// TestPositionPlacementsAgree: a placements query lists exactly the cells
// where the play is legal.
func TestPositionPlacementsAgree(t *testing.T) {
	maze := append(row(-2, 7), "xNS@3,-1", "NESW@3,-3", "EW@5,1", "NE@6,1")
	for _, connect := range []bool{false, true} {
		extra := fmt.Sprintf(`"connect_to_start": %t,`, connect)
		p, err := ParsePosition([]byte(pos(maze, extra)))
		if err != nil {
			t.Fatal(err)
		}
		p.board.reveal() // turn the reached coal, so it is checked too
		for _, e := range deckComposition[:16] {
			c := MustCard(e.code)
			listed := map[string]bool{}
			for _, s := range p.Placements(c) {
				listed[s] = true
			}
			for x := -3; x <= 11; x++ {
				for y := -5; y <= 4; y++ {
					for _, k := range []Card{c, c.Rotated()} {
						q := *p
						q.board = p.board.Clone()
						o := q.Play(Move{Type: Play, Card: k, At: Cell{x, y}})
						if key := (Placement{k, Cell{x, y}}).String(); o.Legal != listed[key] {
							t.Fatalf("connect %v: %s: play legal %v (%s), listed %v", connect, key, o.Legal, o.Error, listed[key])
						}
					}
				}
			}
		}
	}
}
