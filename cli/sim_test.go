package cli

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestSimJSONLastLine: `goldvein sim --json` prints the report as one JSON
// object on the last line of stdout, with the fields issue 4 fixes.
func TestSimJSONLastLine(t *testing.T) {
	var out, errb bytes.Buffer
	code := Dispatch(testBox(), []string{"sim", "--games", "3", "--players", "3", "--seats", "hard,normal,easy",
		"--seed", "4", "--playouts", "12", "--json"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	last := lines[len(lines)-1]
	var r struct {
		Games          *int     `json:"games"`
		Players        *int     `json:"players"`
		GamesPerSecond *float64 `json:"games_per_second"`
		Levels         map[string]map[string]json.RawMessage
	}
	dec := json.NewDecoder(strings.NewReader(last))
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("last line %q: %v", last, err)
	}
	if r.Games == nil || *r.Games != 3 || r.Players == nil || *r.Players != 3 || r.GamesPerSecond == nil {
		t.Fatalf("last line %q: games, players or games_per_second wrong", last)
	}
	var names []string
	for n := range r.Levels {
		names = append(names, n)
	}
	slices.Sort(names)
	if !slices.Equal(names, []string{"easy", "hard", "normal"}) {
		t.Fatalf("levels %v", names)
	}
	want := []string{"belief_true_saboteurs", "mean_gold", "mean_gold_ci95", "seats", "think_ms_p50", "think_ms_p95",
		"win_rate", "win_rate_digger", "win_rate_saboteur"}
	for n, f := range r.Levels {
		var keys []string
		for k := range f {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if !slices.Equal(keys, want) {
			t.Fatalf("%s: keys %v", n, keys)
		}
		if (string(f["belief_true_saboteurs"]) == "null") != (n == "easy") {
			t.Fatalf("%s: belief_true_saboteurs %s", n, f["belief_true_saboteurs"])
		}
	}
	if !strings.Contains(out.String(), "games/s") {
		t.Fatalf("no table for people before the JSON:\n%s", out.String())
	}
}

// TestSimBadFlags: bad flags exit 2 with a one-line error naming them.
func TestSimBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--games", "0"}, "--games"},
		{[]string{"--players", "11"}, "--players"},
		{[]string{"--players", "2"}, "--players 2"},
		{[]string{"--players", "3", "--seats", "easy,normal"}, "--seats"},
		{[]string{"--seats", "easy,genius,easy,easy,easy"}, "genius"},
		{[]string{"--playouts", "0"}, "--playouts"},
		{[]string{"--budget", "-1s"}, "--budget"},
		{[]string{"--workers", "-1"}, "--workers"},
		{[]string{"--bogus"}, "bogus"},
		{[]string{"extra"}, "extra"},
	} {
		var out, errb bytes.Buffer
		code := Dispatch(testBox(), append([]string{"sim"}, tc.args...), nil, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), tc.want) || out.Len() != 0 || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want 2 and an error naming %s", tc.args, code, errb.String(), out.String(), tc.want)
		}
	}
}
