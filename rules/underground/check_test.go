package underground

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// testMap is a small inline map (map_inline) for rule tests:
//
//	r1 mine, edge; r2 forest; r3 mountain, edge; r4, r5 River (both ends on
//	the edge); r6 crystal; r7 mud; r8 mine; r9 forest; r10 a Volcano chasm;
//	r11 crystal, edge; r12 mud, edge.
const testMap = `{"turns": 5, "regions": [
 {"id": "r1", "terrain": "mine", "edge": true}, {"id": "r2", "terrain": "forest"},
 {"id": "r3", "terrain": "mountain", "edge": true}, {"id": "r4", "terrain": "river", "edge": true},
 {"id": "r5", "terrain": "river", "edge": true}, {"id": "r6", "terrain": "crystal"},
 {"id": "r7", "terrain": "mud"}, {"id": "r8", "terrain": "mine"}, {"id": "r9", "terrain": "forest"},
 {"id": "r10", "terrain": "chasm", "volcano": true}, {"id": "r11", "terrain": "crystal", "edge": true},
 {"id": "r12", "terrain": "mud", "edge": true}],
 "borders": [["r1","r2"],["r1","r4"],["r2","r3"],["r2","r4"],["r2","r5"],["r3","r6"],["r3","r10"],["r4","r5"],
  ["r5","r6"],["r5","r7"],["r6","r7"],["r6","r10"],["r7","r8"],["r7","r10"],["r8","r9"],["r9","r11"],
  ["r11","r12"],["r8","r12"],["r9","r10"]]}`

// pos is a position on testMap: seat 0 to move, turn 2, with board and
// seats given as JSON fragments; extra adds or overrides top-level fields.
func pos(board, seats, moves string, extra ...string) string {
	fields := []string{fmt.Sprintf(`"players": %d`, strings.Count(seats, `"coins"`)), `"map_inline": ` + testMap,
		`"turn": 2`, `"seat": 0`, `"board": {` + board + `}`, `"figures": {}`, `"seats": [` + seats + `]`,
		`"market": []`, `"stonehedge": null`, `"markers_left": 0`, `"moves": [` + moves + `]`}
	for _, e := range extra {
		key := e[:strings.Index(e, ":")+1]
		replaced := false
		for k, f := range fields {
			if strings.HasPrefix(f, key) {
				fields[k], replaced = e, true
			}
		}
		if !replaced {
			fields = append(fields, e)
		}
	}
	return "{" + strings.Join(fields, ",\n") + "}"
}

// seat is a seats[] entry: coins, Active race, power and hand, and an
// optional In Decline race and power.
func seat(coins int, race, power string, hand int, decline ...string) string {
	a := "null"
	if race != "" {
		a = fmt.Sprintf(`{"race": %q, "power": %s, "hand": %d}`, race, code(power), hand)
	}
	d := "null"
	if len(decline) > 0 {
		d = fmt.Sprintf(`{"race": %q, "power": %s}`, decline[0], code(decline[1]))
	}
	return fmt.Sprintf(`{"coins": %d, "active": %s, "decline": %s, "hammers": 0, "armor_hand": 0, "marked_by": []}`, coins, a, d)
}

func code(s string) string {
	if s == "" {
		return "null"
	}
	return fmt.Sprintf("%q", s)
}

// reg is a board entry of seat's race.
func reg(id string, seat int, race string, decline bool, tokens int, more ...string) string {
	x := ""
	for _, e := range more {
		x += ", " + e
	}
	return fmt.Sprintf(`%q: {"seat": %d, "race": %q, "decline": %v, "tokens": %d%s}`, id, seat, race, decline, tokens, x)
}

// run plays a position and returns the match and the results.
func run(t *testing.T, p string) (*Match, []checkResult) {
	t.Helper()
	var out []checkResult
	m, err := runCheck([]byte(p), func(r checkResult) { out = append(out, r) })
	if err != nil {
		t.Fatalf("position: %v\n%s", err, p)
	}
	return m, out
}

func costOf(t *testing.T, r checkResult) int {
	t.Helper()
	if r.Cost == nil {
		t.Fatalf("no cost in %+v", r)
	}
	return *r.Cost
}

func legalOf(t *testing.T, r checkResult) (bool, string) {
	t.Helper()
	if r.Legal == nil {
		t.Fatalf("not a move result: %+v", r)
	}
	return *r.Legal, r.Rule
}

// Worked example 1.
func TestExample1Costs(t *testing.T) {
	p := pos(`"r8": {"monsters": 2}, "r3": {"monsters": 2}, `+reg("r5", 1, "kraken", false, 2),
		seat(5, "drow", "", 0)+","+seat(5, "kraken", "", 0),
		`{"query": "cost", "region": "r1"}, {"query": "cost", "region": "r8"}, {"query": "cost", "region": "r3"},
		 {"query": "cost", "region": "r4"}, {"query": "cost", "region": "r5"}`)
	_, out := run(t, p)
	for k, want := range []int{2, 4, 5, 1, 3} {
		if got := costOf(t, out[k]); got != want {
			t.Errorf("query %d: cost %d, want %d (%v)", k, got, want, out[k].Parts)
		}
	}
}

// Worked example 2.
func TestExample2OgresMummies(t *testing.T) {
	for _, c := range []struct {
		race string
		want int
	}{{"ogres", 3}, {"mummies", 5}} {
		p := pos(reg("r2", 1, "drow", true, 1, `"place": "keep"`)+","+reg("r12", 0, c.race, false, 1),
			seat(5, c.race, "", 0)+","+seat(5, "", "", 0, "drow", ""), `{"query": "cost", "region": "r2"}`)
		_, out := run(t, p)
		if got := costOf(t, out[0]); got != c.want {
			t.Errorf("%s: cost %d, want %d (%v)", c.race, got, c.want, out[0].Parts)
		}
	}
}

// Worked example 3: the Gnomes forbid relics and the Ogres' discount; on
// the Gnomes' own turn nothing is forbidden.
func TestExample3Gnomes(t *testing.T) {
	p := pos(reg("r1", 0, "ogres", false, 1, `"relic": "sword"`)+","+reg("r3", 0, "ogres", false, 1, `"relic": "socks"`)+","+
		reg("r2", 1, "gnomes", false, 3),
		seat(5, "ogres", "", 5)+","+seat(5, "gnomes", "", 0),
		`{"query": "cost", "region": "r2", "with": ["sword", "socks"]}, {"conquer": "r2", "with": ["sword"]}`)
	_, out := run(t, p)
	if got := costOf(t, out[0]); got != 5 {
		t.Errorf("cost %d, want 5 (%v)", got, out[0].Parts)
	}
	if ok, rule := legalOf(t, out[1]); ok || rule != "U12.4" {
		t.Errorf("sword against Gnomes: legal %v rule %s, want refused by U12.4", ok, rule)
	}
	p = pos(reg("r2", 0, "gnomes", false, 1, `"relic": "sword"`)+","+reg("r3", 1, "ogres", false, 3),
		seat(5, "gnomes", "", 4)+","+seat(5, "ogres", "", 0),
		`{"query": "cost", "region": "r3", "with": ["sword"]}, {"conquer": "r3", "with": ["sword"]}`)
	_, out = run(t, p)
	if got := costOf(t, out[0]); got != 4 { // 2 + 1 Black Mountain + 3 - 2
		t.Errorf("Gnomes with the Sword: cost %d, want 4 (%v)", got, out[0].Parts)
	}
	if ok, _ := legalOf(t, out[1]); !ok {
		t.Errorf("Gnomes' own Sword refused: %+v", out[1])
	}
}

// Worked example 4: the final die.
func TestExample4Final(t *testing.T) {
	for die, conquered := range []bool{false, false, true, true} {
		p := pos(reg("r1", 0, "drow", false, 1)+","+reg("r2", 1, "ogres", false, 2),
			seat(5, "drow", "", 2)+","+seat(5, "ogres", "", 0),
			fmt.Sprintf(`{"final": "r2", "die": %d}`, die))
		m, out := run(t, p)
		if ok, _ := legalOf(t, out[0]); !ok {
			t.Fatalf("die %d: final refused: %+v", die, out[0])
		}
		got := m.regions[m.mp.Index("r2")].Owner == 0
		if got != conquered {
			t.Errorf("die %d: conquered %v, want %v", die, got, conquered)
		}
		if out[0].Step == "conquer" && *out[0].Seat == 0 { // conquests have ended
			t.Errorf("die %d: still conquering after the die", die)
		}
		if !conquered && m.regions[m.mp.Index("r1")].Tokens != 3 {
			t.Errorf("die %d: the 2 tokens are not redeployed into r1: %d", die, m.regions[m.mp.Index("r1")].Tokens)
		}
		if conquered && m.regions[m.mp.Index("r2")].Tokens != 2 {
			t.Errorf("die %d: r2 holds %d, want both tokens", die, m.regions[m.mp.Index("r2")].Tokens)
		}
	}
	p := pos(reg("r1", 0, "drow", false, 1)+","+reg("r2", 1, "ogres", false, 4),
		seat(5, "drow", "", 2)+","+seat(5, "ogres", "", 0), `{"final": "r2", "die": 3}`)
	if _, out := run(t, p); out[0].Rule != "U5.7" {
		t.Errorf("4 short: %+v, want refused by U5.7", out[0])
	}
}

// Worked example 5: losses.
func TestExample5Losses(t *testing.T) {
	for _, c := range []struct {
		power      string
		hand, tray int
	}{{"", 3, 1}, {"immortal", 4, 0}} {
		p := pos(reg("r1", 0, "mummies", false, 1)+","+reg("r2", 1, "ogres", false, 4)+","+reg("r3", 1, "ogres", false, 1),
			seat(5, "mummies", "", 7)+","+seat(5, "ogres", c.power, 0), `{"conquer": "r2"}`)
		m, out := run(t, p)
		if ok, _ := legalOf(t, out[0]); !ok {
			t.Fatalf("%+v", out[0])
		}
		if h := m.seats[1].Active.Hand; h != c.hand {
			t.Errorf("%q: defender's hand %d, want %d", c.power, h, c.hand)
		}
		m.apply(0, Move{End: true})
		for m.step != stepDefend && !m.over && m.active == 0 {
			m.apply(m.mover(), m.LegalMoves(m.mover())[0])
		}
		if got := m.regions[m.mp.Index("r3")].Tokens; int(got) != 1+c.hand {
			t.Errorf("%q: r3 holds %d after the defender's redeployment, want %d", c.power, got, 1+c.hand)
		}
	}
	p := pos(reg("r1", 0, "mummies", false, 1, `"place": "pentacle"`)+","+reg("r2", 1, "ogres", false, 4)+","+reg("r3", 1, "ogres", false, 1),
		seat(5, "mummies", "", 0)+","+seat(5, "ogres", "immortal", 0), `{"balrog": "r2"}`)
	m, out := run(t, p)
	if ok, _ := legalOf(t, out[0]); !ok {
		t.Fatalf("%+v", out[0])
	}
	if h := m.seats[1].Active.Hand; h != 2 {
		t.Errorf("Balrog: hand %d, want 2 (UR26: Immortal does not help)", h)
	}
}

// Worked example 6: decline.
func TestExample6Decline(t *testing.T) {
	board := func(race string) string {
		var b []string
		for _, r := range []string{"r1", "r2", "r3", "r6", "r7", "r12"} {
			b = append(b, reg(r, 0, race, false, 1))
		}
		return strings.Join(b, ",") + "," + reg("r8", 0, "drow", true, 1) + "," + reg("r9", 0, "drow", true, 1)
	}
	for _, c := range []struct {
		power string
		want  int
	}{{"", 6}, {"muddy", 8}, {"vanishing", 12}} {
		p := pos(board("ogres"), seat(0, "ogres", c.power, 0, "drow", "")+","+seat(5, "", "", 0),
			`{"decline": true}, {"end": true}`)
		m, _ := run(t, p)
		if got := m.seats[0].Coins; got != c.want {
			t.Errorf("%q: %d coins, want %d", c.power, got, c.want)
		}
		if m.regions[m.mp.Index("r8")].Tokens != 0 {
			t.Errorf("%q: the older In Decline race is still on the board", c.power)
		}
		empty := m.held(0, true) == 0
		if empty != (c.power == "vanishing") {
			t.Errorf("%q: regions empty %v", c.power, empty)
		}
	}
}

// Worked example 7: Fisher, Quarreling, Flocking.
func TestExample7Groups(t *testing.T) {
	cases := []struct {
		power   string
		regions []string
		rule    string
		want    int
	}{
		{"fisher", []string{"r1", "r2", "r6", "r7", "r3"}, "U13.2", 2}, // coastal: r1 r2 r6 r7 (4) + r3 not
		{"quarreling", []string{"r1", "r6", "r12"}, "U13.11", 3},
		{"flocking", []string{"r1", "r2", "r3"}, "U13.3", 2},
		{"flocking", []string{"r1", "r12"}, "U13.3", 0},
	}
	for _, c := range []struct {
		regions []string
		want    int
	}{{[]string{"r3", "r9"}, 2}, {[]string{"r1", "r9"}, 0}} { // UR25: Spiderines link chasm shores only
		var b []string
		for _, r := range c.regions {
			b = append(b, reg(r, 0, "spiderines", false, 1))
		}
		_, out := run(t, pos(strings.Join(b, ","), seat(0, "spiderines", "flocking", 0)+","+seat(0, "", "", 0), `{"query": "score"}`))
		if got := item(out[0], "U13.3"); got != c.want {
			t.Errorf("Spiderines flocking on %v: %d, want %d", c.regions, got, c.want)
		}
	}
	for _, c := range cases {
		var b []string
		for _, r := range c.regions {
			b = append(b, reg(r, 0, "ogres", false, 1))
		}
		_, out := run(t, pos(strings.Join(b, ","), seat(0, "ogres", c.power, 0)+","+seat(0, "", "", 0), `{"query": "score"}`))
		got := 0
		for _, it := range out[0].Items {
			if it.Rule == c.rule {
				got += it.Coins
			}
		}
		if got != c.want {
			t.Errorf("%s on %v: %d, want %d (%+v)", c.power, c.regions, got, c.want, out[0].Items)
		}
	}
}

// Worked example 8: the Scepter.
func TestExample8Scepter(t *testing.T) {
	for _, c := range []struct {
		place string
		want  int
	}{{"", 4}, {`, "place": "lostmine"`, 4}} {
		extra := []string{`"relic": "scepter"`}
		if c.place != "" {
			extra = append(extra, `"place": "lostmine"`)
		}
		_, out := run(t, pos(reg("r1", 0, "shrooms", false, 1, extra...), seat(0, "shrooms", "mining", 0)+","+seat(0, "", "", 0), `{"query": "score"}`))
		if got := *out[0].Score; got != c.want {
			t.Errorf("%q: score %d, want %d (%+v)", c.place, got, c.want, out[0].Items)
		}
		doubled := false
		for _, it := range out[0].Items {
			doubled = doubled || it.Rule == "U15.4"
		}
		if doubled == (c.place != "") {
			t.Errorf("%q: Scepter doubling %v", c.place, doubled)
		}
	}
}

func TestCheckBadInput(t *testing.T) {
	good := pos(reg("r1", 0, "ogres", false, 1), seat(5, "ogres", "", 0)+","+seat(5, "", "", 0), `{"query": "targets"}`)
	for _, c := range []struct{ in, field string }{
		{`{"players": 2`, ""},
		{strings.Replace(good, `"race": "ogres", "decline"`, `"race": "orcs", "decline"`, 1), "board.r1.race"},
		{strings.Replace(good, `"board": {`, `"board": {"r1": {"monsters": 1}, `, 1), "board.r1"},
		{strings.Replace(good, `"turn": 2`, `"turn": 2, "colour": 1`, 1), "colour"},
		{strings.Replace(good, `{"query": "targets"}`, `{"conquer": "r2", "die": 1}`, 1), "moves[0].die"},
		{strings.Replace(good, `{"query": "targets"}`, `{"query": "weather"}`, 1), "moves[0].query"},
		{strings.Replace(good, `{"query": "targets"}`, `{"conquer": "r99"}`, 1), "moves[0].conquer"},
		{strings.Replace(good, `{"query": "targets"}`, `{"conquer": "r2", "with": ["hammer"]}`, 1), "moves[0]"},
		{strings.Replace(good, `"power": null, "hand": 0`, `"power": "lucky", "hand": 0`, 1), "seats[0].active.power"},
		{strings.Replace(good, `"marked_by": []`, `"marked_by": [1, 1]`, 1), "seats[0].marked_by"},
		// A token count is checked before it is stored (256 read as 0).
		{strings.Replace(good, `"tokens": 1`, `"tokens": 256`, 1), "board.r1.tokens"},
		{strings.Replace(good, `"tokens": 1`, `"tokens": 9223372036854775807`, 1), "board.r1.tokens"},
		// A draw after a query belongs to no conquest (it was dropped unread).
		{strings.Replace(good, `{"query": "targets"}`, `{"query": "targets"}, {"draw": "sword"}`, 1), "moves[1].draw"},
	} {
		err := Check(strings.NewReader(c.in), &bytes.Buffer{})
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Errorf("%q: error %v, want an *InputError", c.field, err)
			continue
		}
		if c.field != "" && !strings.HasPrefix(ie.Field, c.field) {
			t.Errorf("field %q, want %q (%v)", ie.Field, c.field, err)
		}
	}
	var buf bytes.Buffer
	if err := Check(strings.NewReader(good), &buf); err != nil {
		t.Fatal(err)
	}
	var res map[string]any
	if err := json.Unmarshal(buf.Bytes(), &res); err != nil || res["targets"] == nil {
		t.Errorf("targets line %q: %v", buf.String(), err)
	}
}

// U7.2 in the position format: a defender places returned tokens.
func TestCheckDefend(t *testing.T) {
	p := pos(reg("r1", 0, "mummies", false, 1)+","+reg("r2", 1, "ogres", false, 4)+","+reg("r3", 1, "ogres", false, 1)+","+reg("r12", 1, "ogres", false, 1),
		seat(5, "mummies", "", 7)+","+seat(5, "ogres", "", 0),
		`{"conquer": "r2"}, {"defend": {"seat": 1, "redeploy": {"r3": 1, "r12": 3}}}, {"defend": {"seat": 1, "redeploy": {"r3": 1, "r12": 2}}}`)
	m, out := run(t, p)
	accepted(t, out[0])
	refused(t, out[1], "U7.2") // 4 tokens, 3 in hand
	accepted(t, out[2])
	if at(m, "r3").Tokens != 2 || at(m, "r12").Tokens != 3 || m.active != 1 {
		t.Errorf("r3 %d r12 %d, active %d", at(m, "r3").Tokens, at(m, "r12").Tokens, m.active)
	}
}

// A conquest of a Monster region must be followed by its draw.
func TestCheckDrawNeeded(t *testing.T) {
	p := pos(reg("r1", 0, "ogres", false, 1)+`, "r2": {"monsters": 2}`, seat(5, "ogres", "", 4)+","+seat(5, "", "", 0),
		`{"conquer": "r2"}`, `"markers_left": 2`)
	var ie *InputError
	if err := Check(strings.NewReader(p), &bytes.Buffer{}); !errors.As(err, &ie) {
		t.Errorf("no draw: %v", err)
	}
	p = strings.Replace(p, `{"conquer": "r2"}`, `{"conquer": "r4"}, {"draw": "sword"}`, 1)
	if err := Check(strings.NewReader(p), &bytes.Buffer{}); !errors.As(err, &ie) || !strings.Contains(ie.Field, "draw") {
		t.Errorf("a draw with nothing drawn: %v", err)
	}
}

// TestCheckBoundsInput: deeply nested JSON, an oversized position and too
// many moves are refused at once, naming what is wrong, without the
// memory a deep walk or a huge read would take.
func TestCheckBoundsInput(t *testing.T) {
	deep := `{"x":` + strings.Repeat("[", 40000) + strings.Repeat("]", 40000) + `}`
	for _, tc := range []struct {
		in   string
		want string
	}{
		{deep, "nested deeper than 32 levels"},
		{strings.Repeat(" ", MaxPositionBytes+1), "larger than"},
		{`{"players":2,"map":"caves-2p","moves":[` + strings.Repeat(`{"query":"score"},`, MaxCheckMoves) + `{"query":"score"}]}`, "moves: 10001 moves and queries"},
	} {
		var out strings.Builder
		err := Check(strings.NewReader(tc.in), &out)
		var ie *InputError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), tc.want) || out.Len() != 0 {
			t.Errorf("got %v (output %d bytes), want an InputError saying %q", err, out.Len(), tc.want)
		}
	}
}

// TestCheckBadLaterMoveWritesNothing: a bad move after good ones is bad
// input, and no line of the good ones is written before the error.
func TestCheckBadLaterMoveWritesNothing(t *testing.T) {
	var pos map[string]any
	if err := json.Unmarshal([]byte(referencePosition), &pos); err != nil {
		t.Fatal(err)
	}
	pos["moves"] = []any{map[string]any{"query": "score"}, map[string]any{"conquer": "r999"}}
	in, _ := json.Marshal(pos)
	var out strings.Builder
	err := Check(bytes.NewReader(in), &out)
	var ie *InputError
	if !errors.As(err, &ie) || out.Len() != 0 {
		t.Fatalf("got %v with %q written, want an InputError and nothing written", err, out.String())
	}
	if !strings.Contains(err.Error(), "moves[1].conquer") {
		t.Fatalf("error %q does not name moves[1]", err)
	}
}

// TestCheckErrorsInWords: a value of the wrong JSON type is named in the
// reference's words, never with Go's type names (posRegion, int).
func TestCheckErrorsInWords(t *testing.T) {
	for _, in := range []string{
		`{"players": 2, "map": "caves-2p", "turn": "x"}`,
		`{"players": 2, "map": "caves-2p", "board": {"r1": {"tokens": "x"}}}`,
		`{"players": 2, "map": "caves-2p", "seats": [{"coins": "a"}]}`,
	} {
		err := Check(strings.NewReader(in), &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), "want a whole number, not a JSON string") ||
			strings.Contains(err.Error(), "Go struct") || strings.Contains(err.Error(), "of type int") {
			t.Errorf("%s: %v", in, err)
		}
	}
	if _, err := DecodeMove([]byte(`{"conquer": 5}`)); err == nil || strings.Contains(err.Error(), "Go ") {
		t.Errorf("move: %v", err)
	}
}

// TestCheckMapForPlayers: a built-in map is the one for the position's
// player count (U2.1); the map of another count is bad input naming map.
func TestCheckMapForPlayers(t *testing.T) {
	seats := func(n int) string { return strings.TrimSuffix(strings.Repeat(seat(5, "", "", 0)+",", n), ",") }
	with := func(players int, name string) string {
		return strings.Replace(pos("", seats(players), `{"query": "score"}`), `"map_inline": `+testMap, `"map": "`+name+`"`, 1)
	}
	for _, c := range []struct {
		players int
		name    string
		bad     bool
	}{{3, "caves-5p", true}, {5, "caves-3p", true}, {2, "caves-4p", true}, {3, "caves-3p", false}, {5, "caves-5p", false}} {
		err := Check(strings.NewReader(with(c.players, c.name)), &bytes.Buffer{})
		var ie *InputError
		switch {
		case c.bad && (!errors.As(err, &ie) || ie.Field != "map" || !strings.Contains(err.Error(), "U2.1")):
			t.Errorf("%d players on %s: %v, want bad input naming map and U2.1", c.players, c.name, err)
		case !c.bad && err != nil:
			t.Errorf("%d players on %s: %v", c.players, c.name, err)
		}
	}
}
