package saboteur

import (
	"bytes"
	"strings"
	"testing"
)

// TestGoldQuery: {"query": "gold"} gives each seat's gold for the round
// that just ended (R8), as the game pays it: the gold-diggers' cards go
// round counterclockwise from the finder, each keeping the most valuable
// left unless keeps says otherwise (R8.1), R8.1a and R8.1b as options, the
// saboteurs' shares in the fewest cards from the seat after the last mover
// (R8.2), nobody without a saboteur (R8.3). Issue 24.
func TestGoldQuery(t *testing.T) {
	const goals = `"goals": {"-2": "COAL_NE", "0": "GOLD", "2": "COAL_NW"}`
	// EW from 1,0 to 7,0: the last one reaches the gold at 8,0.
	var maze []string
	for x := 1; x <= 6; x++ {
		maze = append(maze, `{"card": "EW", "x": `+string(rune('0'+x))+`, "y": 0}`)
	}
	board := `"board": [` + strings.Join(maze, ", ") + `]`
	reach := `{"play": "EW", "x": 7, "y": 0}`
	pile := `"gold_pile": [3, 2, 1, 1, 3, 3, 2]`
	diggers := `"roles": ["gold-digger", "saboteur", "gold-digger", "gold-digger"]`
	cases := []struct{ name, in, want string }{
		{"diggers, each keeps the best", `{"players": 4, ` + goals + `, ` + board + `, ` + diggers + `, ` + pile + `, "moves": [` + reach + `, {"query": "gold"}]}`,
			`{"winner": "gold-diggers", "gold": [4, 0, 1, 2], "cards": [[3, 1], [], [1], [2]]}`},
		{"diggers, the finder keeps a 2", `{"players": 4, ` + goals + `, ` + board + `, ` + diggers + `, ` + pile + `, "moves": [` + reach + `, {"query": "gold", "keeps": [2]}]}`,
			`{"winner": "gold-diggers", "gold": [3, 0, 1, 3], "cards": [[2, 1], [], [1], [3]]}`},
		{"R8.1a one nugget each", `{"players": 4, ` + goals + `, ` + board + `, ` + diggers + `, ` + pile + `, "one_nugget_per_digger": true, "moves": [` + reach + `, {"query": "gold"}]}`,
			`{"winner": "gold-diggers", "gold": [3, 0, 1, 2], "cards": [[3], [], [1], [2]]}`},
		{"R8.1b a broken tool gets nothing", `{"players": 4, ` + goals + `, ` + board + `, ` + diggers + `, ` + pile + `, "broken": {"3": ["cart"]}, "sabotaged_get_nothing": true, "moves": [` + reach + `, {"query": "gold"}]}`,
			`{"winner": "gold-diggers", "gold": [4, 0, 3, 0], "cards": [[3, 1], [], [2, 1], []]}`},
		{"R8.2 saboteurs, from the seat after the last mover", `{"players": 4, ` + goals + `, "roles": ["gold-digger", "saboteur", "saboteur", "gold-digger"], "gold_pile": [1, 1, 2, 3], "moves": [{"query": "gold", "last": 1}]}`,
			`{"winner": "saboteurs", "gold": [0, 3, 3, 0], "cards": [[], [2, 1], [3], []]}`},
		{"R8.3 nobody", `{"players": 3, ` + goals + `, "roles": ["gold-digger", "gold-digger", "gold-digger"], "gold_pile": [3], "moves": [{"query": "gold"}]}`,
			`{"winner": "nobody", "gold": [0, 0, 0], "cards": [[], [], []]}`},
	}
	for _, c := range cases {
		var out bytes.Buffer
		if err := Check(strings.NewReader(c.in), &out); err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if got := lines[len(lines)-1]; got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
	bad := []struct{ in, want string }{
		{`{"players": 3, ` + goals + `, "moves": [{"query": "gold"}]}`, `moves[0]: a gold query needs the position's roles and gold_pile (R8)`},
		{`{"players": 3, ` + goals + `, "roles": ["gold-digger", "saboteur", "gold-digger"], "gold_pile": [1], "moves": [{"query": "gold", "keeps": [4]}]}`, `moves[0]: keeps[0]: 4: gold cards are worth 1, 2 or 3 (R2.6)`},
		{`{"players": 3, ` + goals + `, "roles": ["gold-digger", "saboteur", "gold-digger"], "gold_pile": [1], "moves": [{"query": "gold", "last": 3}]}`, `moves[0]: last: 3: want a seat 0 to 2`},
		{`{"players": 3, ` + goals + `, "roles": ["gold-digger", "troll", "gold-digger"], "gold_pile": [1]}`, `roles[1]: "troll": want gold-digger or saboteur (R1.3)`},
		{`{"players": 3, ` + goals + `, "roles": ["gold-digger"], "gold_pile": [1]}`, `roles: 1 roles for 3 players`},
		{`{"players": 3, ` + goals + `, "gold_pile": [3, 3, 3, 3, 3]}`, `gold_pile: more than the 4 gold cards worth 3 (R2.6)`},
		{`{"players": 3, ` + goals + `, "moves": [{"query": "odds"}]}`, `moves[0]: query: "odds": want "gold" (or a placements query)`},
	}
	for _, c := range bad {
		var out bytes.Buffer
		err := Check(strings.NewReader(c.in), &out)
		if err == nil || err.Error() != c.want || out.Len() != 0 {
			t.Errorf("%s:\n got %v (%q)\nwant %s", c.in, err, out.String(), c.want)
		}
	}
}
