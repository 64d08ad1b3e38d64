package cli

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules/saboteur"
)

func runCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Dispatch(testBox(), args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// TestCheckContract feeds goldvein check SABOTEUR.md's example position and
// checks every output line exactly (SABOTEUR.md, Position format).
func TestCheckContract(t *testing.T) {
	input := `{
  "players": 4,
  "connect_to_start": false,
  "board": [{"card": "EW", "x": 1, "y": 0}],
  "goals": {"-2": "COAL_NE", "0": "GOLD", "2": "COAL_NW"},
  "revealed": {"-2": "coal:SW"},
  "broken": {"1": ["pickaxe"]},
  "seat": 0,
  "moves": [
    {"play": "NE", "x": 2, "y": 0},
    {"play": "EW", "x": 2, "y": 0},
    {"play": "EW", "x": 3, "y": 0},
    {"play": "EW", "x": 4, "y": 0},
    {"play": "EW", "x": 5, "y": 0},
    {"play": "EW", "x": 6, "y": 0},
    {"play": "rockfall", "x": 1, "y": 0},
    {"play": "broken:cart", "target": 2},
    {"play": "repair:pickaxe+lantern", "target": 1, "tool": "pickaxe"},
    {"play": "map", "goal": 2},
    {"play": "discard"},
    {"placements": "NE"},
    {"play": "EW", "x": 1, "y": 0},
    {"play": "NS", "x": 7, "y": 0},
    {"play": "EW", "x": 7, "y": 0},
    {"play": "map", "goal": 2}
  ]
}`
	want := `{"legal": false, "rule": "R5.4", "error": "NE at 2,0 puts a wall against an opening of EW at 1,0"}
{"legal": true, "revealed": [], "round_over": false}
{"legal": true, "revealed": [], "round_over": false}
{"legal": true, "revealed": [], "round_over": false}
{"legal": true, "revealed": [], "round_over": false}
{"legal": true, "revealed": [], "round_over": false}
{"legal": true, "revealed": [], "round_over": false}
{"legal": true, "revealed": [], "round_over": false}
{"legal": true, "revealed": [], "round_over": false}
{"legal": true, "revealed": [], "round_over": false}
{"legal": true, "revealed": [], "round_over": false}
{"placements": ["NE@-1,0", "NE@0,1", "NE@2,-1", "NE@3,-1", "NE@4,-1", "NE@5,-1", "NE@6,-1", "NE@7,-2", "NE@8,-1", "NE@8,-3", "NE@9,-2", "SW@0,-1", "SW@2,1", "SW@3,1", "SW@4,1", "SW@5,1", "SW@6,1", "SW@7,0"]}
{"legal": true, "revealed": [], "round_over": false}
{"legal": false, "rule": "R5.4", "error": "NS at 7,0 puts a wall against an opening of EW at 6,0"}
{"legal": true, "revealed": [{"y": 0, "card": "GOLD"}], "round_over": true, "winner": "gold-diggers"}
{"legal": false, "rule": "R7.3", "error": "the round is over: the gold is face up"}
`
	code, out, errs := runCmd(t, input, "check")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}

// TestCheckBadInput: bad input exits 2 with one line on stderr naming the
// field, and nothing on stdout.
func TestCheckBadInput(t *testing.T) {
	goals := `"goals": {"-2": "COAL_NE", "0": "GOLD", "2": "COAL_NW"}`
	tests := []struct{ input, field string }{
		{`{"players": 4, ` + goals + `, "moves": [{"play": "NE", "x": 1, "y": 0}, {"play": "QQ", "x": 2, "y": 0}]}`, "moves[1]: play"},
		{`{"players": 4, ` + goals + `, "board": [{"card": "NS", "x": 1, "y": 0}, {"card": "EW", "x": 1, "y": 0}]}`, "board[1]"},
		{`{"players": 4, ` + goals, "malformed JSON"},
		{`{"players": 4, ` + goals + `, "extra": 1}`, "extra"},
		{`{"players": 4, "goals": {"-2": "COAL_NE", "0": "COAL_NE", "2": "COAL_NW"}}`, "goals"},
		{`{"players": 4, ` + goals + `, "revealed": {"0": "coal:SW"}}`, `revealed["0"]`},
		{`{"players": 4, ` + goals + `, "seat": 7}`, "seat"},
		{``, "malformed JSON"},
	}
	for _, tc := range tests {
		code, out, errs := runCmd(t, tc.input, "check")
		if code != 2 || out != "" || !strings.Contains(errs, tc.field) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s:\n exit %d, stdout %q, stderr %q; want 2 and one line naming %s", tc.input, code, out, errs, tc.field)
		}
	}
	if code, _, _ := runCmd(t, "{}", "check", "extra-arg"); code != 2 {
		t.Errorf("an argument: exit %d", code)
	}
}

// TestCheckLargeInput: more than the size limit is refused, not read whole.
func TestCheckLargeInput(t *testing.T) {
	big := `{"players": 4, "moves": [` + strings.Repeat(`{"play": "discard"}, `, saboteur.MaxPositionBytes/20) + `{"play": "discard"}]}`
	code, _, errs := runCmd(t, big, "check")
	if code != 2 || !strings.Contains(errs, "larger than") {
		t.Fatalf("exit %d, %q", code, errs)
	}
}

// TestCheckDocsExample: the output docs/TOOLS.md shows for SABOTEUR.md's
// example position is what goldvein check prints for it.
func TestCheckDocsExample(t *testing.T) {
	block := func(file, after, fence string) string {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		_, rest, ok := strings.Cut(string(data), after)
		if !ok {
			t.Fatalf("%s: no %q", file, after)
		}
		_, rest, ok = strings.Cut(rest, fence+"\n")
		if !ok {
			t.Fatalf("%s: no %q block after %q", file, fence, after)
		}
		body, _, ok := strings.Cut(rest, "```\n")
		if !ok {
			t.Fatalf("%s: unclosed block after %q", file, after)
		}
		return body
	}
	input := block("../docs/rules/SABOTEUR.md", "## Position format", "```json")
	want := block("../docs/TOOLS.md", "The example position of SABOTEUR.md gives:", "```")
	code, out, errOut := runCmd(t, input, "check")
	if code != 0 || out != want {
		t.Errorf("check on SABOTEUR.md's example: exit %d, stderr %q, stdout:\n%s\ndocs/TOOLS.md shows:\n%s", code, errOut, out, want)
	}
}

// TestCheckOutsideQueries: the queries added for checking a game from
// outside (issue 24), through the command: Saboteur's gold for the round
// just ended, Incan Gold's final scores on an empty path whatever
// first_turn says, Underground's final scores with the tie-break.
func TestCheckOutsideQueries(t *testing.T) {
	cases := []struct{ game, in, want string }{
		{"saboteur", `{"players": 3, "goals": {"-2": "COAL_NE", "0": "GOLD", "2": "COAL_NW"}, "revealed": {"0": "GOLD"},
			"roles": ["saboteur", "gold-digger", "gold-digger"], "gold_pile": [2, 3, 1], "moves": [{"query": "gold", "last": 2}]}`,
			`{"winner": "gold-diggers", "gold": [0, 2, 4], "cards": [[], [2], [3, 1]]}` + "\n"},
		{"incangold", `{"players": 3, "round": 5, "in": [], "path": [], "first_turn": false, "tent": {"0": 4, "1": 9, "2": 9}, "artifacts": {"1": [5]}, "moves": [{"query": "final"}]}`,
			`{"scores": {"0": 4, "1": 14, "2": 9}, "winners": [1], "tiebreak": "count"}` + "\n"},
		{"underground", `{"players": 2, "map_inline": {"turns": 5, "regions": [{"id": "r1", "terrain": "mine", "edge": true},
			{"id": "r2", "terrain": "forest", "edge": true}], "borders": [["r1", "r2"]]}, "turn": 2, "seat": 0,
			"board": {"r1": {"seat": 0, "race": "ogres", "tokens": 3}, "r2": {"seat": 1, "race": "drow", "tokens": 4}}, "figures": {},
			"seats": [{"coins": 5, "active": {"race": "ogres", "hand": 0}}, {"coins": 5, "active": {"race": "drow", "hand": 0}}],
			"market": [], "stonehedge": null, "markers_left": 0, "moves": [{"query": "final"}]}`,
			`{"scores":{"0":5,"1":5},"tokens_on_board":{"0":3,"1":4},"winners":[1],"tiebreak":"tokens"}` + "\n"},
	}
	for _, c := range cases {
		code, out, errs := runCmd(t, c.in, "check", "--game", c.game)
		if code != 0 || errs != "" || out != c.want {
			t.Errorf("%s: exit %d, stderr %q, stdout\n%s\nwant\n%s", c.game, code, errs, out, c.want)
		}
	}
}
