package bot

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules/saboteur"
	"pgregory.net/rapid"
)

// testConfig keeps hard's search small and counted, so tests are quick and
// do not depend on the machine's speed.
var testConfig = Config{Playouts: 24}

func TestParseLevel(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Level
		err  bool
	}{
		{"random", Random, false}, {"easy", Easy, false}, {"normal", Normal, false}, {"hard", Hard, false},
		{" Hard ", Hard, false}, {"NORMAL", Normal, false}, {"", "", true}, {"expert", "", true}, {"easy,hard", "", true},
	} {
		got, err := ParseLevel(tc.in)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("ParseLevel(%q) = %q, %v; want %q, error %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

// TestEveryLevelPlaysLegally: whole games between every level, at several
// table sizes, never see a move refused (Sim fails on an illegal move) and
// always end (R7.4, R9).
func TestEveryLevelPlaysLegally(t *testing.T) {
	for _, seats := range [][]Level{
		{Random, Easy, Normal},
		{Hard, Normal, Easy, Random},
		{Hard, Normal, Easy, Random, Normal},
		{Normal, Easy, Random, Normal, Easy, Random, Normal},
		{Easy, Normal, Random, Easy, Normal, Random, Easy, Normal, Random, Easy},
	} {
		games, cfg := len(seats), testConfig
		if slices.Contains(seats, Hard) {
			games, cfg = 1, Config{Playouts: 12}
		}
		if _, err := Sim(SimConfig{Games: games, Players: len(seats), Seats: seats, Seed: 7, Bot: cfg}); err != nil {
			t.Fatal(err)
		}
	}
}

// world is one game with its events so far, played by normal bots.
type world struct {
	g    *saboteur.Game
	logs [][]saboteur.Event // per seat, the events as that seat saw them
}

func playWorld(t testing.TB, players int, seed uint64, moves int) *world {
	t.Helper()
	g, evs, err := saboteur.New(saboteur.Options{Players: players}, seed)
	if err != nil {
		t.Fatal(err)
	}
	w := &world{g: g, logs: make([][]saboteur.Event, players)}
	bots := make([]Bot, players)
	for s := range bots {
		bots[s] = New(Normal, s, players, seed+uint64(s))
	}
	deliver := func(evs []saboteur.Event) {
		for _, e := range evs {
			for s := range bots {
				w.logs[s] = append(w.logs[s], e.Redact(s))
				bots[s].Observe(e.Redact(s))
			}
		}
	}
	deliver(evs)
	for g.Moves() < moves && g.Phase() == saboteur.Playing {
		evs, err := g.Apply(bots[g.Turn()].Choose(g.View(g.Turn())))
		if err != nil {
			t.Fatal(err)
		}
		deliver(evs)
	}
	return w
}

// other returns a game that differs from w's only in what seat cannot see:
// the other seats' roles, their hands, the draw pile, the discards, the
// goals it has not seen, each reshuffled.
func other(t testing.TB, w *world, seat int, seed uint64) *saboteur.Game {
	t.Helper()
	v := w.g.View(seat)
	b := NewConfig(Hard, seat, len(v.HandSizes), seed, testConfig).(believer)
	for _, e := range w.logs[seat] {
		b.Observe(e)
	}
	b.k.sync(&v)
	if !b.search.unseen(&v) {
		t.Fatal("the unseen cards do not add up")
	}
	g, err := saboteur.Determinize(&v, b.search.sample(&v))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestHiddenCardsDoNotMatter: two games that differ only in cards a seat
// cannot see (other seats' roles and hands, the draw pile, face-down goals
// and discards) give the seat the same view, and a bot of every level
// fed the same events chooses the same move in both.
func TestHiddenCardsDoNotMatter(t *testing.T) {
	for _, tc := range []struct {
		players, moves int
		seed           uint64
	}{{5, 12, 1}, {5, 30, 2}, {4, 20, 3}, {7, 25, 4}} {
		w := playWorld(t, tc.players, tc.seed, tc.moves)
		seat := w.g.Turn()
		v := w.g.View(seat)
		g2 := other(t, w, seat, tc.seed+99)
		v2 := g2.View(seat)
		a, _ := json.Marshal(v)
		b, _ := json.Marshal(v2)
		if string(a) != string(b) {
			t.Fatalf("seed %d: the views differ:\n%s\n%s", tc.seed, a, b)
		}
		differ := false
		for s := range tc.players {
			if s != seat {
				h1, h2 := w.g.View(s), g2.View(s)
				differ = differ || h1.Role != h2.Role || !slices.Equal(h1.Hand, h2.Hand)
			}
		}
		if !differ {
			t.Fatalf("seed %d: the two games hide the same cards; the test proves nothing", tc.seed)
		}
		for _, l := range Levels {
			var ms []saboteur.Move
			for _, g := range []*saboteur.Game{w.g, g2} {
				b := NewConfig(l, seat, tc.players, 42, testConfig)
				for _, e := range w.logs[seat] {
					b.Observe(e)
				}
				m := b.Choose(g.View(seat))
				if _, err := g.Clone().Apply(m); err != nil {
					t.Fatalf("%s: illegal move %s: %v", l, m, err)
				}
				ms = append(ms, m)
			}
			if ms[0] != ms[1] {
				t.Errorf("seed %d, %s: chose %s in one game and %s in the other", tc.seed, l, ms[0], ms[1])
			}
		}
	}
}

// TestSuspicion: the belief is a probability for every seat, certain about
// the bot's own seat, and spreads exactly the saboteur role cards of R1.2
// over the seats and the set-aside card (R1.3).
func TestSuspicion(t *testing.T) {
	for _, players := range []int{3, 5, 8, 10} {
		w := playWorld(t, players, uint64(players), 25)
		for seat := range players {
			b := New(Normal, seat, players, 1).(Believer)
			for _, e := range w.logs[seat] {
				b.(Bot).Observe(e)
			}
			s := b.Suspicion()
			sum := 0.0
			for i, p := range s {
				if p < 0 || p > 1 || math.IsNaN(p) {
					t.Fatalf("players %d seat %d: suspicion[%d] = %v", players, seat, i, p)
				}
				sum += p
			}
			role := w.g.View(seat).Role
			if want := map[saboteur.Role]float64{saboteur.Saboteur: 1, saboteur.GoldDigger: 0}[role]; s[seat] != want {
				t.Fatalf("players %d seat %d (%s): own suspicion %v", players, seat, role, s[seat])
			}
			sab, _ := saboteur.RoleCards(players)
			// The set-aside card takes the rest: at most all of them.
			if sum > float64(sab)+1e-9 || sum < float64(sab)-1-1e-9 {
				t.Fatalf("players %d seat %d: suspicions add up to %v with %d saboteur cards", players, seat, sum, sab)
			}
		}
	}
}

// TestBeliefLearns: over a few games of normal bots, the belief at the end
// of each round gives the true saboteurs more than the prior of R1.2/R1.3
// (2 saboteur cards in 6 for 5 players: 1/3 before anything is seen).
func TestBeliefLearns(t *testing.T) {
	r, err := Sim(SimConfig{Games: 10, Players: 5, Seats: []Level{Normal, Normal, Normal, Normal, Normal}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if b := *r.Levels["normal"].BeliefTrueSaboteurs; b < 0.45 {
		t.Fatalf("belief in the true saboteurs %.3f, hardly above the prior 1/3", b)
	}
}

// TestSimJSONShape: the report marshals to exactly the shape issue 4 fixes
// for `goldvein sim --json`.
func TestSimJSONShape(t *testing.T) {
	r, err := Sim(SimConfig{Games: 4, Players: 4, Seats: []Level{Easy, Normal, Random, Normal}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	checkShape(t, r, 4, 4, map[string]int{"easy": 1, "normal": 2, "random": 1})
}

// checkShape checks a report's JSON against the contract of issue 4.
func checkShape(t *testing.T, r *SimReport, games, players int, seats map[string]int) {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "\n") {
		t.Fatal("the JSON spans several lines")
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(b, &top); err != nil {
		t.Fatal(err)
	}
	if got := sortedKeys((top)); !slices.Equal(got, []string{"games", "games_per_second", "levels", "players"}) {
		t.Fatalf("top-level keys %v", got)
	}
	var head struct {
		Games, Players int
		GPS            float64 `json:"games_per_second"`
	}
	if err := json.Unmarshal(b, &head); err != nil || head.Games != games || head.Players != players || head.GPS <= 0 {
		t.Fatalf("head %+v, %v", head, err)
	}
	var levels map[string]map[string]json.RawMessage
	if err := json.Unmarshal(top["levels"], &levels); err != nil {
		t.Fatal(err)
	}
	if got := sortedKeys((levels)); !slices.Equal(got, sortedKeys((seats))) {
		t.Fatalf("levels %v, want %v", got, sortedKeys((seats)))
	}
	want := []string{"belief_true_saboteurs", "mean_gold", "mean_gold_ci95", "seats", "think_ms_p50", "think_ms_p95",
		"win_rate", "win_rate_digger", "win_rate_saboteur"}
	for name, fields := range levels {
		if got := sortedKeys((fields)); !slices.Equal(got, want) {
			t.Fatalf("%s: keys %v, want %v", name, got, want)
		}
		var k int
		var ci [2]float64
		var mean, win float64
		var belief *float64
		json.Unmarshal(fields["seats"], &k)
		json.Unmarshal(fields["mean_gold"], &mean)
		json.Unmarshal(fields["win_rate"], &win)
		if err := json.Unmarshal(fields["mean_gold_ci95"], &ci); err != nil || ci[0] > mean || mean > ci[1] {
			t.Fatalf("%s: mean_gold %v outside mean_gold_ci95 %s", name, mean, fields["mean_gold_ci95"])
		}
		if k != seats[name] || win < 0 || win > 1 {
			t.Fatalf("%s: seats %d (want %d), win_rate %v", name, k, seats[name], win)
		}
		json.Unmarshal(fields["belief_true_saboteurs"], &belief)
		hasBelief := name == "normal" || name == "hard"
		if (belief != nil) != hasBelief || (string(fields["belief_true_saboteurs"]) == "null") == hasBelief {
			t.Fatalf("%s: belief_true_saboteurs %s", name, fields["belief_true_saboteurs"])
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestSimDeterministic: the results depend on the configuration only, not
// on how many games run at once.
func TestSimDeterministic(t *testing.T) {
	c := SimConfig{Games: 3, Players: 3, Seats: []Level{Hard, Normal, Easy}, Seed: 9, Bot: Config{Playouts: 6}}
	var golds [][3]float64
	for _, w := range []int{1, 3} {
		c.Workers = w
		r, err := Sim(c)
		if err != nil {
			t.Fatal(err)
		}
		golds = append(golds, [3]float64{r.Levels["hard"].MeanGold, r.Levels["normal"].MeanGold, r.Levels["easy"].MeanGold})
	}
	if golds[0] != golds[1] {
		t.Fatalf("1 worker: %v, 3 workers: %v", golds[0], golds[1])
	}
}

// TestSimRotatesSeats: with as many games as seats, every level sits in
// every seat once.
func TestSimRotatesSeats(t *testing.T) {
	c := SimConfig{Games: 5, Players: 5, Seats: []Level{Hard, Normal, Easy, Random, Normal}}
	count := map[Level][5]int{}
	for i := range c.Games {
		for s := range c.Players {
			x := count[c.Seats[(s+i)%c.Players]]
			x[s]++
			count[c.Seats[(s+i)%c.Players]] = x
		}
	}
	for l, x := range count {
		want := 1
		if l == Normal {
			want = 2
		}
		for s, k := range x {
			if k != want {
				t.Fatalf("%s sits in seat %d %d times", l, s, k)
			}
		}
	}
}

func TestSimValidate(t *testing.T) {
	for _, tc := range []struct {
		c    SimConfig
		want string
	}{
		{SimConfig{Games: 0, Players: 3, Seats: []Level{Easy, Easy, Easy}}, "games"},
		{SimConfig{Games: 1, Players: 2, Seats: []Level{Easy, Easy}}, "players"},
		{SimConfig{Games: 1, Players: 3, Seats: []Level{Easy, Easy}}, "seats"},
		{SimConfig{Games: 1, Players: 3, Seats: []Level{Easy, Easy, "genius"}}, "genius"},
	} {
		if _, err := Sim(tc.c); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want an error naming %s", tc.c, err, tc.want)
		}
	}
}

// TestAnalysisAgrees: the fast reading of a placement agrees with walking
// the maze afresh (reachAlt), on mazes from real games.
func TestAnalysisAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for seed := uint64(1); seed <= 6; seed++ {
		w := playWorld(t, 5, seed, 10+int(seed)*8)
		v := w.g.View(0)
		var a analysis
		a.init(&v.Board, [3]float64{0.2, 0.5, 0.3})
		if got := a.reachAlt(saboteur.Cell{X: 1 << 20}, saboteur.Tile{}); math.Abs(got-a.reach) > 1e-9 {
			t.Fatalf("seed %d: reach %v, walked afresh %v", seed, a.reach, got)
		}
		for _, code := range []string{"NESW", "NES", "ESW", "NS", "EW", "NE", "NW", "xNS"} {
			c := saboteur.MustCard(code)
			for _, p := range v.Board.Placements(nil, c, false) {
				if r.IntN(3) != 0 {
					continue
				}
				eff := a.place(p.Card, p.At)
				if eff.reveals {
					continue // a face-down goal is judged by chance, not walked
				}
				want := a.reachAlt(saboteur.Cell{X: 1 << 20}, saboteur.Tile{At: p.At, Card: p.Card})
				if math.Abs(eff.reach-want) > 1e-9 {
					t.Fatalf("seed %d: %s: reach %v, walked afresh %v", seed, p, eff.reach, want)
				}
			}
		}
	}
}

// TestPropertyLegalAnywhere: a bot of any level that sits down anywhere in
// a game (having heard all of its seat's events, only the later ones, or
// none) chooses a legal move, and never changes the view it is given.
func TestPropertyLegalAnywhere(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		players := rapid.IntRange(saboteur.MinPlayers, saboteur.MaxPlayers).Draw(rt, "players")
		seed := rapid.Uint64().Draw(rt, "seed")
		g, evs, err := saboteur.New(saboteur.Options{Players: players}, seed)
		if err != nil {
			rt.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 1))
		moves := rapid.IntRange(0, 250).Draw(rt, "moves")
		for g.Phase() != saboteur.Over && g.Moves() < moves {
			ms := g.LegalMoves(g.Turn())
			e, err := g.Apply(ms[r.IntN(len(ms))])
			if err != nil {
				rt.Fatal(err)
			}
			evs = append(evs, e...)
		}
		if g.Phase() == saboteur.Over {
			return
		}
		seat := g.Turn()
		level := rapid.SampledFrom(Levels).Draw(rt, "level")
		b := NewConfig(level, seat, players, seed, Config{Playouts: 12})
		for _, e := range evs[rapid.IntRange(0, len(evs)).Draw(rt, "heard from"):] {
			b.Observe(e.Redact(seat))
		}
		v := g.View(seat)
		before, _ := json.Marshal(v)
		m := b.Choose(v)
		if after, _ := json.Marshal(v); string(after) != string(before) {
			rt.Fatalf("%s changed the view it was given", level)
		}
		if _, err := g.Apply(m); err != nil {
			rt.Fatalf("%s in seat %d chose %s: %v", level, seat, m, err)
		}
	})
}

// TestPropertyOddViews: a view a bot should never get (another seat's, a
// table of another size, an empty offer or hand, events from nowhere)
// gets the zero Move or a move, never a crash.
func TestPropertyOddViews(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		w := playWorld(t, 5, rapid.Uint64().Draw(rt, "seed"), rapid.IntRange(0, 60).Draw(rt, "moves"))
		seat := w.g.Turn()
		v := w.g.View(seat)
		level := rapid.SampledFrom(Levels).Draw(rt, "level")
		b := NewConfig(level, seat, 5, 1, Config{Playouts: 12})
		for _, e := range w.logs[seat] {
			if rapid.Bool().Draw(rt, "garble") {
				e.Seat = rapid.IntRange(-3, 12).Draw(rt, "event seat")
				e.Target = rapid.IntRange(-3, 12).Draw(rt, "event target")
				e.Goal = rapid.IntRange(-3, 5).Draw(rt, "event goal")
			}
			b.Observe(e)
		}
		switch rapid.IntRange(0, 5).Draw(rt, "oddity") {
		case 0:
			v.Seat = (seat + 1) % 5
			v.Turn = v.Seat
		case 1:
			v.Broken = v.Broken[:3]
		case 2:
			v.Phase, v.Offer = saboteur.HandingOut, nil
		case 3:
			v.Hand = nil
		case 4:
			v.HandSizes = append(v.HandSizes, 2)
		case 5:
			v.DrawPile, v.Discards = 99, -4
		}
		b.Choose(v)
	})
}

// TestPickWorth: the expected worth of the picks, best first, adds up to
// the mean worth of the cards drawn (R2.6: 44 in 28 cards), never rises
// from one pick to the next, and is exact on small piles.
func TestPickWorth(t *testing.T) {
	full := [4]int{0, 16, 8, 4}
	for m := 1; m <= 9; m++ {
		w := pickWorth(full, m)
		sum := 0.0
		for k, x := range w {
			sum += x
			if k > 0 && x > w[k-1]+1e-12 {
				t.Fatalf("m %d: pick %d worth %v above pick %d's %v", m, k, x, k-1, w[k-1])
			}
		}
		if math.Abs(sum-float64(m)*44/28) > 1e-9 {
			t.Fatalf("m %d: picks add up to %v, want %v", m, sum, float64(m)*44/28)
		}
	}
	for _, tc := range []struct {
		left [4]int
		m    int
		want []float64
	}{
		{[4]int{0, 1, 0, 1}, 2, []float64{3, 1}},
		{[4]int{0, 1, 0, 1}, 1, []float64{2}},
		{[4]int{0, 0, 2, 0}, 5, []float64{2, 2}}, // fewer cards left than called for (R8.1)
		{[4]int{0, 2, 1, 0}, 2, []float64{2.0/3*2 + 1.0/3, 1}},
	} {
		got := pickWorth(tc.left, tc.m)
		if len(got) != len(tc.want) {
			t.Fatalf("%v, %d: %v, want %v", tc.left, tc.m, got, tc.want)
		}
		for i := range got {
			if math.Abs(got[i]-tc.want[i]) > 1e-9 {
				t.Fatalf("%v, %d: %v, want %v", tc.left, tc.m, got, tc.want)
			}
		}
	}
}

// TestRoundGold: the gold a round end pays one seat, by R8.1-R8.2 and the
// table options R8.1a and R8.1b.
func TestRoundGold(t *testing.T) {
	G, S := saboteur.GoldDigger, saboteur.Saboteur
	worth := []float64{3, 2.5, 2, 1.5, 1}
	roles := []saboteur.Role{G, S, G, G, S} // seats 0..4
	dig := saboteur.Event{Type: saboteur.RoundEnded, Seat: 2, Winner: saboteur.Diggers, Roles: roles}
	sab := saboteur.Event{Type: saboteur.RoundEnded, Seat: 2, Winner: saboteur.Saboteurs, Roles: roles}
	none := make([]saboteur.Tool, 5)
	brokenAt0 := []saboteur.Tool{saboteur.Pickaxe, 0, 0, 0, 0}
	for _, tc := range []struct {
		name   string
		o      saboteur.Options
		e      saboteur.Event
		me     int
		broken []saboteur.Tool
		want   float64
	}{
		// Counterclockwise from seat 2: 2, (1 saboteur), 0, (4 saboteur), 3.
		{"finisher picks 1st and 4th", saboteur.Options{}, dig, 2, none, 3 + 1.5},
		{"next digger 2nd and 5th", saboteur.Options{}, dig, 0, none, 2.5 + 1},
		{"last digger 3rd", saboteur.Options{}, dig, 3, none, 2},
		{"saboteur loses", saboteur.Options{}, dig, 1, none, 0},
		{"two saboteurs win 3 each", saboteur.Options{}, sab, 4, none, 3},
		{"diggers lose", saboteur.Options{}, sab, 0, none, 0},
		{"R8.1a one card each", saboteur.Options{OneNuggetPerDigger: true}, dig, 2, none, 3},
		{"R8.1b broken gets nothing", saboteur.Options{SabotagedGetNothing: true}, dig, 0, brokenAt0, 0},
		{"R8.1b the rest move up", saboteur.Options{SabotagedGetNothing: true}, dig, 3, brokenAt0, 2.5 + 1.5},
	} {
		if got := roundGold(tc.o, tc.e, tc.me, tc.broken, worth); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestPlayoutEngineAgrees: hard's playout engine (pgame) and the rules
// engine, given the same sampled world and the same moves (random legal
// ones), agree on every hand, the broken tools, the maze, whose turn it
// is, and how the round ends (R4-R8).
func TestPlayoutEngineAgrees(t *testing.T) {
	tried := 0
	for seed := uint64(1); seed <= 12; seed++ {
		w := playWorld(t, 3+int(seed%5), seed, int(seed*3))
		seat := w.g.Turn()
		v := w.g.View(seat)
		if v.Phase != saboteur.Playing {
			continue
		}
		b := NewConfig(Hard, seat, len(v.HandSizes), seed, testConfig).(believer)
		for _, e := range w.logs[seat] {
			b.Observe(e)
		}
		b.k.sync(&v)
		s := b.search
		s.opts = v.Options
		clear(s.boards)
		if !s.unseen(&v) {
			t.Fatalf("seed %d: the unseen cards do not add up", seed)
		}
		if !s.deal(&v) {
			_, err := saboteur.Determinize(&v, s.hidden)
			t.Fatalf("seed %d: no world to sample: %v", seed, err)
		}
		// The rules engine's game for the very same sample.
		g, err := saboteur.Determinize(&v, s.hidden)
		if err != nil {
			t.Fatal(err)
		}
		tried++
		var p pgame
		p.reset(&s.base)
		r := rand.New(rand.NewPCG(seed, 3))
		round := g.Round()
		for step := 0; ; step++ {
			ms := g.LegalMoves(g.Turn())
			m := ms[r.IntN(len(ms))]
			evs, err := g.Apply(m)
			if err != nil {
				t.Fatal(err)
			}
			over, winner := p.apply(m)
			var end *saboteur.Event
			for i := range evs {
				if evs[i].Type == saboteur.RoundEnded {
					end = &evs[i]
				}
			}
			if (end != nil) != over {
				t.Fatalf("seed %d step %d: round over %v in the engine, %v in the playout", seed, step, end != nil, over)
			}
			if over {
				if end.Winner != winner || end.Seat != p.last {
					t.Fatalf("seed %d: engine: %s won, last mover %d; playout: %s, %d", seed, end.Winner, end.Seat, winner, p.last)
				}
				break
			}
			if g.Round() != round || g.Turn() != p.turn {
				t.Fatalf("seed %d step %d: turn %d, playout %d", seed, step, g.Turn(), p.turn)
			}
			for q := range p.n {
				st := g.SeatState(q)
				if len(st.Hand) != len(p.hands[q]) {
					t.Fatalf("seed %d step %d: seat %d holds %d cards, playout %d", seed, step, q, len(st.Hand), len(p.hands[q]))
				}
				for i, id := range st.Hand {
					if !saboteur.DeckCard(id).Same(p.hands[q][i]) {
						t.Fatalf("seed %d step %d: seat %d card %d: %s, playout %s", seed, step, q, i, saboteur.DeckCard(id), p.hands[q][i])
					}
				}
				if st.Broken[q] != p.broken[q] {
					t.Fatalf("seed %d step %d: seat %d broken %v, playout %v", seed, step, q, st.Broken[q], p.broken[q])
				}
			}
			// The playout's path cards have no deck identity: compare the rest.
			a, b := g.SeatState(0).Board.Tiles(), p.board.Tiles()
			same := len(a) == len(b)
			for i := 0; same && i < len(a); i++ {
				same = a[i].At == b[i].At && a[i].Card == b[i].Card && a[i].Connected == b[i].Connected
			}
			if !same {
				t.Fatalf("seed %d step %d: mazes differ:\n%v\n%v", seed, step, a, b)
			}
		}
	}
	if tried < 8 {
		t.Fatalf("only %d of 12 worlds were in the Playing phase", tried)
	}
}

// TestGoalsFromOthersMaps: hard reads a seat that looked at a goal with a
// map (R6.4) and then built toward it as evidence that the gold lies there,
// the more so the more it trusts that seat; normal does not.
func TestGoalsFromOthersMaps(t *testing.T) {
	for _, tc := range []struct {
		deep bool
		at   saboteur.Cell
		card string
		up   bool // the gold at goal 0 (y = -2) looks likelier than 1/3
	}{
		{true, saboteur.Cell{X: 0, Y: -1}, "NS", true},   // north, toward goal 0
		{true, saboteur.Cell{X: 0, Y: 1}, "NS", false},   // south, away from it
		{false, saboteur.Cell{X: 0, Y: -1}, "NS", false}, // normal reads nothing
	} {
		k := newKnow(0, 5)
		k.deep = tc.deep
		for _, e := range []saboteur.Event{
			{Type: saboteur.RoundStarted, Round: 1},
			{Type: saboteur.Dealt, Round: 1, Seat: 0, Role: saboteur.GoldDigger},
			{Type: saboteur.MapPlayed, Round: 1, Seat: 1, Goal: 0},
			{Type: saboteur.Placed, Round: 1, Seat: 1, Card: saboteur.MustCard(tc.card), At: tc.at},
		} {
			k.observe(e)
		}
		v := saboteur.View{Round: 1, Board: saboteur.NewBoard([3]saboteur.GoalCard{})}
		p := k.myGoldChances(&v)
		if got := p[0] > 1.0/3+0.01; got != tc.up {
			t.Errorf("deep %v, %s at %v: gold chances %v", tc.deep, tc.card, tc.at, p)
		}
		if math.Abs(p[0]+p[1]+p[2]-1) > 1e-9 {
			t.Errorf("gold chances %v add up to %v", p, p[0]+p[1]+p[2])
		}
	}
}
