package incangold

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// checkCase is one position and the exact lines Check must answer.
type checkCase struct {
	name string
	in   string
	want []string
}

// The position of INCAN_GOLD.md's "Position format" and its four answers,
// then the ten worked examples (exact results).
var checkCases = []checkCase{
	{"format sample", `{
  "players": 4,
  "options": {"diamant": false, "artifacts2020": false, "tiebreak_value": false, "open_tents": false},
  "round": 2,
  "start": 1,
  "in": [0, 2, 3],
  "carried": {"0": 4, "2": 4, "3": 4},
  "tent": {"0": 0, "1": 17, "2": 3, "3": 0},
  "artifacts": {"1": [5]},
  "claimed": 1,
  "path": ["T9", "H:fire", "A2", "T7"],
  "pool": 3,
  "removed": {"snake": 1},
  "deck_artifacts": ["A1"],
  "first_turn": false,
  "moves": [
    {"choose": {"0": "torch", "2": "camp", "3": "torch"}},
    {"flip": "T11"},
    {"query": "deck"},
    {"query": "final"}
  ]
}`, []string{
		`{"legal": true, "leavers": [2], "shares": {"2": 3}, "pool": 0, "banked": {"2": 7}, "artifacts_taken": {"2": [5]}, "round_over": false}`,
		`{"legal": true, "card": "T11", "each": 5, "pool": 1, "bust": false, "round_over": false}`,
		`{"deck": {"treasure": 12, "hazard": {"spider": 3, "snake": 2, "mummy": 3, "fire": 2, "rockfall": 3}, "artifact": 1}, "bust_cards": 2}`,
		// The reference prints 12 for seat 2, which leaves out the 3 gems
		// its tent held before: by I9.1 it is 3 + 7 banked + 5 = 15.
		`{"scores": {"0": 0, "1": 22, "2": 15, "3": 0}, "winners": [1], "tiebreak": "count"}`,
	}},
	// Example 1: T13 among three (4 each, pool +1), T17 among eight (2
	// each, pool +1), T1 between two (0 each, pool +1) (I5.1).
	{"ex1 T13 three explorers", `{"players": 3, "round": 1, "in": [0, 1, 2], "first_turn": true,
  "moves": [{"flip": "T13"}]}`, []string{
		`{"legal": true, "card": "T13", "each": 4, "pool": 1, "bust": false, "round_over": false}`,
	}},
	{"ex1 T17 eight explorers", `{"players": 8, "round": 1, "in": [0, 1, 2, 3, 4, 5, 6, 7],
  "moves": [{"flip": "T17"}]}`, []string{
		`{"legal": true, "card": "T17", "each": 2, "pool": 1, "bust": false, "round_over": false}`,
	}},
	{"ex1 T1 two explorers", `{"players": 3, "round": 1, "in": [0, 1], "path": ["T3"], "tent": {"2": 1},
  "moves": [{"choose": {"0": "torch", "1": "torch"}}, {"flip": "T1"}]}`, []string{
		`{"legal": true, "leavers": [], "shares": {}, "pool": 0, "banked": {}, "artifacts_taken": {}, "round_over": false}`,
		`{"legal": true, "card": "T1", "each": 0, "pool": 1, "bust": false, "round_over": false}`,
	}},
	// Example 2: pool 5, B and C leave together: 2 each, 1 stays; the
	// artifact on the path does not move (I4.2, I6.2).
	{"ex2 two leave together", `{"players": 4, "round": 1, "in": [0, 1, 2, 3],
  "carried": {"0": 1, "1": 1, "2": 1, "3": 1}, "path": ["T9", "A1"], "pool": 5,
  "moves": [{"choose": {"0": "torch", "1": "camp", "2": "camp", "3": "torch"}}, {"query": "final"}, {"query": "deck"}]}`, []string{
		`{"legal": true, "leavers": [1, 2], "shares": {"1": 2, "2": 2}, "pool": 1, "banked": {"1": 3, "2": 3}, "artifacts_taken": {}, "round_over": false}`,
		`{"scores": {"0": 0, "1": 3, "2": 3, "3": 0}, "winners": [1, 2], "tiebreak": "count"}`,
		`{"deck": {"treasure": 14, "hazard": {"spider": 3, "snake": 3, "mummy": 3, "fire": 3, "rockfall": 3}, "artifact": 0}, "bust_cards": 0}`,
	}},
	// Example 3: a short round (I3.5, I4.2, I4.3, I4.5, I5.1).
	{"ex3 a short round", `{"players": 4, "round": 1, "in": [0, 1, 2, 3], "first_turn": true, "deck_artifacts": ["A1"],
  "moves": [{"flip": "T9"}, {"choose": {"0": "torch", "1": "torch", "2": "torch", "3": "torch"}}, {"flip": "T7"},
            {"choose": {"0": "camp", "1": "torch", "2": "torch", "3": "torch"}}, {"flip": "T11"}, {"query": "final"}]}`, []string{
		`{"legal": true, "card": "T9", "each": 2, "pool": 1, "bust": false, "round_over": false}`,
		`{"legal": true, "leavers": [], "shares": {}, "pool": 1, "banked": {}, "artifacts_taken": {}, "round_over": false}`,
		`{"legal": true, "card": "T7", "each": 1, "pool": 4, "bust": false, "round_over": false}`,
		`{"legal": true, "leavers": [0], "shares": {"0": 4}, "pool": 0, "banked": {"0": 7}, "artifacts_taken": {}, "round_over": false}`,
		`{"legal": true, "card": "T11", "each": 3, "pool": 2, "bust": false, "round_over": false}`,
		`{"scores": {"0": 7, "1": 0, "2": 0, "3": 0}, "winners": [0], "tiebreak": "count"}`,
	}},
	// Example 4: a lone leaver takes two artifacts, the 3rd and 4th
	// claims, 5 + 10, and the whole pool (I6.2, I6.3, IR5).
	{"ex4 lone leaver takes two", `{"players": 4, "round": 3, "in": [0, 1, 2, 3],
  "carried": {"0": 2, "1": 2, "2": 2, "3": 2}, "tent": {"0": 10, "1": 4},
  "artifacts": {"0": [5], "1": [5]}, "claimed": 2, "path": ["A2", "T9", "A3"], "pool": 1,
  "moves": [{"choose": {"0": "torch", "1": "torch", "2": "torch", "3": "camp"}}, {"query": "final"}]}`, []string{
		`{"legal": true, "leavers": [3], "shares": {"3": 1}, "pool": 0, "banked": {"3": 3}, "artifacts_taken": {"3": [5, 10]}, "round_over": false}`,
		`{"scores": {"0": 15, "1": 9, "2": 0, "3": 18}, "winners": [3], "tiebreak": "count"}`,
	}},
	// Example 5: two leave, the artifact stays; next turn one leaves alone
	// and takes it (I6.2).
	{"ex5 artifact left behind, then taken", `{"players": 5, "round": 2, "in": [0, 1, 2, 3, 4],
  "carried": {"0": 1, "1": 1, "2": 1, "3": 1, "4": 1}, "path": ["A2", "T5"], "deck_artifacts": ["A1"], "artifacts": {"4": [5]},
  "moves": [{"choose": {"0": "camp", "1": "camp", "2": "torch", "3": "torch", "4": "torch"}}, {"flip": "T3"},
            {"choose": {"2": "camp", "3": "torch", "4": "torch"}}, {"query": "final"}]}`, []string{
		`{"legal": true, "leavers": [0, 1], "shares": {"0": 0, "1": 0}, "pool": 0, "banked": {"0": 1, "1": 1}, "artifacts_taken": {}, "round_over": false}`,
		`{"legal": true, "card": "T3", "each": 1, "pool": 0, "bust": false, "round_over": false}`,
		`{"legal": true, "leavers": [2], "shares": {"2": 0}, "pool": 0, "banked": {"2": 2}, "artifacts_taken": {"2": [5]}, "round_over": false}`,
		`{"scores": {"0": 1, "1": 1, "2": 7, "3": 0, "4": 5}, "winners": [2], "tiebreak": "count"}`,
	}},
	{"ex5 artifact removed at round end", `{"players": 3, "round": 2, "in": [0, 1], "carried": {"0": 3, "1": 3},
  "path": ["T7", "A2"], "pool": 1, "deck_artifacts": ["A1"],
  "moves": [{"choose": {"0": "camp", "1": "camp"}}, {"query": "deck"}, {"choose": {}}, {"flip": "A1"}, {"query": "final"}]}`, []string{
		`{"legal": true, "leavers": [0, 1], "shares": {"0": 0, "1": 0}, "pool": 1, "banked": {"0": 3, "1": 3}, "artifacts_taken": {}, "round_over": true}`,
		`{"deck": {"treasure": 15, "hazard": {"spider": 3, "snake": 3, "mummy": 3, "fire": 3, "rockfall": 3}, "artifact": 1}, "bust_cards": 0}`,
		`{"legal": false, "rule": "I8.1", "error": "the round is over: nobody is left in the temple"}`,
		`{"legal": false, "rule": "I8.1", "error": "the round is over: no card is turned"}`,
		`{"scores": {"0": 3, "1": 3, "2": 0}, "winners": [0, 1], "tiebreak": "count"}`,
	}},
	// Example 6: a bust (I7.2, I7.3): B and C lose 6 and 2, A keeps 9; a
	// spider is removed, 14 hazards are left.
	{"ex6 a bust", `{"players": 3, "round": 1, "in": [1, 2], "carried": {"1": 6, "2": 2}, "tent": {"0": 9},
  "path": ["H:spider", "T5"], "deck_artifacts": ["A1"],
  "moves": [{"flip": "T1"}, {"choose": {"1": "torch", "2": "torch"}}, {"flip": "H:spider"}, {"query": "deck"}, {"query": "final"}]}`, []string{
		`{"legal": false, "rule": "I3.5", "error": "a choice step comes before this card: choose first"}`,
		`{"legal": true, "leavers": [], "shares": {}, "pool": 0, "banked": {}, "artifacts_taken": {}, "round_over": false}`,
		`{"legal": true, "card": "H:spider", "bust": true, "lost": {"1": 6, "2": 2}, "removed": "spider", "round_over": true}`,
		`{"deck": {"treasure": 15, "hazard": {"spider": 2, "snake": 3, "mummy": 3, "fire": 3, "rockfall": 3}, "artifact": 1}, "bust_cards": 0}`,
		`{"scores": {"0": 9, "1": 0, "2": 0}, "winners": [0], "tiebreak": "count"}`,
	}},
	// Example 7: a hazard first: no choice step before the second card
	// (I3.5); a second mummy busts at once; after a fire, a choice step.
	{"ex7 mummy then mummy", `{"players": 4, "round": 4, "in": [0, 1, 2, 3], "first_turn": true,
  "moves": [{"choose": {"0": "camp", "1": "torch", "2": "torch", "3": "torch"}}, {"flip": "H:mummy"}, {"choose": {}}, {"flip": "H:mummy"}]}`, []string{
		`{"legal": false, "rule": "I3.5", "error": "no choice step before this card: every explorer counts as choosing torch"}`,
		`{"legal": true, "card": "H:mummy", "each": 0, "pool": 0, "bust": false, "round_over": false}`,
		`{"legal": true, "leavers": [], "shares": {}, "pool": 0, "banked": {}, "artifacts_taken": {}, "round_over": false}`,
		`{"legal": true, "card": "H:mummy", "bust": true, "lost": {"0": 0, "1": 0, "2": 0, "3": 0}, "removed": "mummy", "round_over": true}`,
	}},
	{"ex7 mummy then fire", `{"players": 5, "round": 4, "in": [0, 1, 2, 3], "first_turn": true,
  "moves": [{"flip": "H:mummy"}, {"flip": "H:fire"}, {"flip": "T2"}, {"query": "deck"},
            {"choose": {"0": "torch", "1": "torch", "2": "torch"}}, {"choose": {"0": "torch", "1": "torch", "2": "torch", "3": "torch", "4": "torch"}}]}`, []string{
		`{"legal": true, "card": "H:mummy", "each": 0, "pool": 0, "bust": false, "round_over": false}`,
		`{"legal": true, "card": "H:fire", "each": 0, "pool": 0, "bust": false, "round_over": false}`,
		`{"legal": false, "rule": "I3.5", "error": "a choice step comes before this card: choose first"}`,
		`{"deck": {"treasure": 15, "hazard": {"spider": 3, "snake": 3, "mummy": 2, "fire": 2, "rockfall": 3}, "artifact": 0}, "bust_cards": 4}`,
		`{"legal": false, "rule": "I3.4", "error": "explorer 3 made no choice: every explorer chooses"}`,
		`{"legal": false, "rule": "I3.4", "error": "seat 4 is not in the temple and makes no choice"}`,
	}},
	// Example 8: everyone leaves at once: 2 each from a pool of 8, 2 go
	// back to the supply, the artifact is removed (I4.2, I6.2, I8.2).
	{"ex8 everyone leaves", `{"players": 3, "round": 1, "in": [0, 1, 2], "carried": {"0": 3, "1": 3, "2": 3},
  "path": ["T11", "A1"], "pool": 8,
  "moves": [{"choose": {"0": "camp", "1": "camp", "2": "camp"}}, {"query": "deck"}, {"query": "final"}]}`, []string{
		`{"legal": true, "leavers": [0, 1, 2], "shares": {"0": 2, "1": 2, "2": 2}, "pool": 2, "banked": {"0": 5, "1": 5, "2": 5}, "artifacts_taken": {}, "round_over": true}`,
		`{"deck": {"treasure": 15, "hazard": {"spider": 3, "snake": 3, "mummy": 3, "fire": 3, "rockfall": 3}, "artifact": 0}, "bust_cards": 0}`,
		`{"scores": {"0": 5, "1": 5, "2": 5}, "winners": [0, 1, 2], "tiebreak": "count"}`,
	}},
	// Example 9: tie-breaks (I9.3, I9.4, IR1).
	{"ex9 count: two fives beat one ten", `{"players": 3, "round": 5, "in": [], "tent": {"0": 40, "1": 40, "2": 10},
  "artifacts": {"0": [10], "1": [5, 5]}, "moves": [{"query": "final"}]}`, []string{
		`{"scores": {"0": 50, "1": 50, "2": 10}, "winners": [1], "tiebreak": "count"}`,
	}},
	{"ex9 value: ten against two fives ties", `{"players": 3, "round": 5, "in": [], "tent": {"0": 40, "1": 40, "2": 10},
  "options": {"tiebreak_value": true}, "artifacts": {"0": [10], "1": [5, 5]}, "moves": [{"query": "final"}]}`, []string{
		`{"scores": {"0": 50, "1": 50, "2": 10}, "winners": [0, 1], "tiebreak": "value"}`,
	}},
	{"ex9 count: one artifact each ties", `{"players": 4, "round": 5, "in": [], "tent": {"2": 40, "3": 45},
  "artifacts": {"2": [10], "3": [5]}, "moves": [{"query": "final"}]}`, []string{
		`{"scores": {"0": 0, "1": 0, "2": 50, "3": 50}, "winners": [2, 3], "tiebreak": "count"}`,
	}},
	{"ex9 value: the ten wins", `{"players": 4, "round": 5, "in": [], "tent": {"2": 40, "3": 45},
  "options": {"tiebreak_value": true}, "artifacts": {"2": [10], "3": [5]}, "moves": [{"query": "final"}]}`, []string{
		`{"scores": {"0": 0, "1": 0, "2": 50, "3": 50}, "winners": [2], "tiebreak": "value"}`,
	}},
	// Example 10: the 2020 artifacts keep their own worth (O2); diamant
	// has none (O1).
	{"ex10 artifacts2020 temple 3 is worth 8", `{"players": 3, "round": 3, "in": [0, 1, 2],
  "options": {"artifacts2020": true}, "path": ["T4", "A3"], "pool": 1, "carried": {"0": 1, "1": 1, "2": 1},
  "moves": [{"choose": {"0": "camp", "1": "torch", "2": "torch"}}, {"query": "final"}]}`, []string{
		`{"legal": true, "leavers": [0], "shares": {"0": 1}, "pool": 0, "banked": {"0": 2}, "artifacts_taken": {"0": [8]}, "round_over": false}`,
		`{"scores": {"0": 10, "1": 0, "2": 0}, "winners": [0], "tiebreak": "count"}`,
	}},
	{"ex10 diamant has no artifacts", `{"players": 3, "round": 1, "in": [0, 1, 2], "first_turn": true,
  "options": {"diamant": true, "artifacts2020": true, "tiebreak_value": true},
  "moves": [{"query": "deck"}, {"flip": "A1"}, {"query": "final"}]}`, []string{
		`{"deck": {"treasure": 15, "hazard": {"spider": 3, "snake": 3, "mummy": 3, "fire": 3, "rockfall": 3}, "artifact": 0}, "bust_cards": 0}`,
		`{"legal": false, "rule": "O1", "error": "diamant has no artifacts"}`,
		`{"scores": {"0": 0, "1": 0, "2": 0}, "winners": [0, 1, 2], "tiebreak": "count"}`,
	}},
	// Other refusals: a card not in the deck (I3.1), a choose twice (I3.3).
	{"card not in the deck", `{"players": 3, "round": 1, "in": [0, 1, 2], "path": ["T5", "T5"],
  "moves": [{"choose": {"0": "torch", "1": "torch", "2": "torch"}}, {"choose": {"0": "torch", "1": "torch", "2": "torch"}},
            {"flip": "T5"}, {"flip": "A1"}, {"flip": "T17"}]}`, []string{
		`{"legal": true, "leavers": [], "shares": {}, "pool": 0, "banked": {}, "artifacts_taken": {}, "round_over": false}`,
		`{"legal": false, "rule": "I3.3", "error": "the choice step of this turn is over: the next card is turned first"}`,
		`{"legal": false, "rule": "I3.1", "error": "T5 is not in the deck"}`,
		`{"legal": false, "rule": "I3.1", "error": "A1 is not in the deck"}`,
		`{"legal": true, "card": "T17", "each": 5, "pool": 2, "bust": false, "round_over": false}`,
	}},
}

func TestCheckExamples(t *testing.T) {
	for _, c := range checkCases {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := Check(strings.NewReader(c.in), &out); err != nil {
				t.Fatalf("Check: %v", err)
			}
			got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if len(got) != len(c.want) {
				t.Fatalf("got %d lines, want %d:\n%s", len(got), len(c.want), out.String())
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Errorf("line %d:\n got %s\nwant %s", i+1, got[i], c.want[i])
				}
			}
		})
	}
}

// TestCheckBadInput: bad input is an *InputError whose one line names the
// field, and nothing is written.
func TestCheckBadInput(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"players": 3, "round": 1, "in": [0], "path": ["T6"]}`, `path[0]: unknown card code "T6" (I1.7)`},
		{`{"players": 3, "round": 1, "in": [0, 3]}`, `in[1]: seat 3: want 0 to 2 (I1.2)`},
		{`{"players": 3, "round": 1, "in": [0]`, `malformed JSON: unexpected end of input`},
		{`{"players": 3, "round": 1, "in": [0], "bogus": 1}`, `"bogus": unknown field`},
		{`{"players": 9, "round": 1, "in": []}`, `players: 9: want 3 to 8 (I1.1)`},
		{`{"round": 1, "in": []}`, `players: missing`},
		{`{"players": 3, "in": []}`, `round: missing`},
		{`{"players": 3, "round": 6, "in": []}`, `round: 6: want 1 to 5 (I1.1)`},
		{`{"players": 3, "round": 1}`, `in: missing`},
		{`{"players": 3, "round": 1, "in": [], "options": {"diamnt": true}}`, `options: "diamnt": unknown field`},
		{`{"players": 3, "round": 1, "in": [], "options": {"diamant": 1}}`, `options: diamant: want true or false, not a JSON number`},
		{`{"players": 3, "round": 1, "in": [0], "carried": {"1": 2}}`, `carried["1"]: seat 1 is not in the temple, so it carries nothing (I4.3)`},
		{`{"players": 3, "round": 1, "in": [0], "tent": {"x": 2}}`, `tent: key "x": want a seat number`},
		{`{"players": 4, "round": 2, "in": [0], "tent": {"0": 9223372036854775807}}`, `tent["0"]: 9223372036854775807: want 0 to 1000000 gems`},
		{`{"players": 3, "round": 1, "in": [0], "carried": {"0": 1000001}}`, `carried["0"]: 1000001: want 0 to 1000000 gems`},
		{`{"players": 3, "round": 1, "in": [0], "pool": 2000000}`, `pool: 2000000: want 0 to 1000000 gems`},
		{`{"players": 3, "round": 1, "in": [0], "tent": {"5": 2}}`, `tent: seat 5: want 0 to 2 (I1.2)`},
		{`{"players": 3, "round": 1, "in": [0], "artifacts": {"0": [7]}}`, `artifacts["0"][0]: worth 7: want 5 or 10 (I6.3)`},
		{`{"players": 3, "round": 1, "in": [0], "artifacts": {"0": [5]}, "claimed": 2}`, `claimed: 2, but artifacts lists 1 (a claimed artifact always goes to a seat, I6.2)`},
		{`{"players": 3, "round": 1, "in": [0], "path": ["H:fire", "T1", "H:fire"]}`, `path[2]: a second H:fire would have ended the round (I7.2)`},
		{`{"players": 3, "round": 1, "in": [0], "path": ["T5", "T5", "T5"]}`, `path: T5: more than the deck holds (I1.3, I7.3)`},
		{`{"players": 3, "round": 2, "in": [0], "path": ["A3"]}`, `path[0]: A3: temple card 3 is not turned before round 3 (I3.1)`},
		{`{"players": 3, "round": 2, "in": [0], "path": ["A1"], "deck_artifacts": ["A1"]}`, `path[0]: A1 is listed twice`},
		{`{"players": 3, "round": 1, "in": [0], "removed": {"snake": 3}}`, `removed["snake"]: 3: want 0 to 2 (a kind with one card left cannot bust, I7.3)`},
		{`{"players": 3, "round": 1, "in": [0], "removed": {"bear": 1}}`, `removed: key "bear": want a hazard kind: spider, snake, mummy, fire or rockfall (I1.3)`},
		{`{"players": 3, "round": 1, "in": [0], "first_turn": false, "moves": [{"flip": "T1"}]}`, `first_turn: false, but the path holds 0 cards (first_turn is true exactly when no card of the round has been turned; it matters to choose and flip, I3.5)`},
		{`{"players": 3, "round": 1, "in": [0], "path": ["T1"], "first_turn": true, "moves": [{"choose": {"0": "camp"}}]}`, `first_turn: true, but the path holds 1 cards (first_turn is true exactly when no card of the round has been turned; it matters to choose and flip, I3.5)`},
		{`{"players": 3, "round": 1, "in": [0], "moves": [{"flip": "X"}]}`, `moves[0]: flip: unknown card code "X" (I1.7)`},
		{`{"players": 3, "round": 1, "in": [0], "moves": [{"query": "odds"}]}`, `moves[0]: query: "odds": want "deck" or "final"`},
		{`{"players": 3, "round": 1, "in": [0], "moves": [{"choose": {"0": "run"}}]}`, `moves[0]: choose["0"]: "run": want "torch" or "camp" (I3.3)`},
		{`{"players": 3, "round": 1, "in": [0], "moves": [{"choose": {"7": "torch"}}]}`, `moves[0]: choose: seat 7: want 0 to 2 (I1.2)`},
		{`{"players": 3, "round": 1, "in": [0], "moves": [{"flip": "T1", "query": "deck"}]}`, `moves[0]: want exactly one of choose, flip or query`},
		{`{"players": 3, "round": 1, "in": [0]} {}`, `trailing data after the JSON value`},
		{`{"players": 3, "players": 4, "round": 1, "in": [0]}`, `players: given twice`},
		{`{"players": 3, "round": 1, "in": [0], "removed": {"snake": 1}}`, `removed: 1 hazards, but the 0 rounds before round 1 can have removed at most 0 (one bust a round, I7.3, I8.1)`},
		{`{"players": 3, "round": 3, "in": [0], "removed": {"snake": 1, "fire": 2}}`, `removed: 3 hazards, but the 2 rounds before round 3 can have removed at most 2 (one bust a round, I7.3, I8.1)`},
		{`{"players": 3, "round": 2, "in": [0], "artifacts": {"0": [5, 5, 10]}}`, `claimed: 3, but only 2 artifacts have entered the game by round 2 (one a round, I3.1)`},
		{`{"players": 3, "round": 1, "in": [0], "tent": {"1": 2, "1": 5}}`, `tent.1: given twice`},
		{``, `empty input: want a JSON object`},
	}
	for _, c := range cases {
		var out bytes.Buffer
		err := Check(strings.NewReader(c.in), &out)
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Errorf("%s: err %v, want an *InputError", c.in, err)
			continue
		}
		if ie.Error() != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.in, ie.Error(), c.want)
		}
		if strings.Contains(ie.Error(), "\n") || out.Len() > 0 {
			t.Errorf("%s: a multi-line error or output written: %q", c.in, out.String())
		}
	}
}

// TestFinalScoresNeedNoFirstTurn: a position that only asks for final
// scores reads whatever first_turn says (issue 24): at the end of a round
// the path is empty and first_turn false, as the format's own sample has it.
func TestFinalScoresNeedNoFirstTurn(t *testing.T) {
	for _, ft := range []string{``, `"first_turn": false, `, `"first_turn": true, `} {
		in := `{"players": 3, "round": 5, "in": [], "path": [], ` + ft + `"tent": {"0": 12, "1": 9, "2": 12}, "artifacts": {"2": [5]}, "moves": [{"query": "final"}, {"query": "deck"}]}`
		var out bytes.Buffer
		if err := Check(strings.NewReader(in), &out); err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		if first := strings.SplitN(out.String(), "\n", 2)[0]; first != `{"scores": {"0": 12, "1": 9, "2": 17}, "winners": [2], "tiebreak": "count"}` {
			t.Errorf("%s: final scores %s", in, first)
		}
	}
}
