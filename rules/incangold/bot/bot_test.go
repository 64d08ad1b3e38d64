package bot

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/incangold"
)

// playContract plays a whole game through the box's contract: bot.Game(),
// NewBot, Apply, redacted events to Observe, views to Choose. It returns
// the final scores.
func playContract(t *testing.T, levels []string, opts string, seed uint64) []int {
	t.Helper()
	g := Game()
	n := len(levels)
	m, err := g.New(n, json.RawMessage(opts), seed)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]rules.Bot, n)
	for s, l := range levels {
		if bots[s], err = g.NewBot(l, s, seed+uint64(s)); err != nil {
			t.Fatal(err)
		}
	}
	for steps := 0; !m.Over(); steps++ {
		if steps > 5000 {
			t.Fatal("the game does not end")
		}
		s := m.ToMove()[0]
		mv := bots[s].Choose(m.View(s))
		evs, err := m.Apply(s, mv)
		if err != nil {
			t.Fatalf("%s bot in seat %d: %v", levels[s], s, err)
		}
		for _, e := range evs {
			for o, b := range bots {
				if r, ok := e.For(o); ok {
					b.Observe(r)
				}
			}
		}
	}
	return m.Scores()
}

// TestLevelsPlayWholeGames: every level plays legal whole games through
// the contract, with every table option, and the same seed gives the
// same game.
func TestLevelsPlayWholeGames(t *testing.T) {
	for i, opts := range []string{`null`, `{"diamant": true}`, `{"artifacts2020": true, "tiebreak_value": true}`, `{"open_tents": true, "start_player": 2}`} {
		levels := []string{"hard", "normal", "easy", "random", "hard"}
		a := playContract(t, levels, opts, uint64(i))
		b := playContract(t, levels, opts, uint64(i))
		if !slices.Equal(a, b) {
			t.Errorf("%s: the same seed gave %v then %v", opts, a, b)
		}
	}
	playContract(t, []string{"hard", "hard", "hard", "hard", "hard", "hard", "hard", "hard"}, `null`, 9)
	playContract(t, []string{"random", "easy", "normal"}, `null`, 10)
}

func TestNewBot(t *testing.T) {
	g := Game()
	if !slices.Equal(g.Levels(), []string{"random", "easy", "normal", "hard"}) {
		t.Errorf("levels %v", g.Levels())
	}
	for _, l := range []string{"expert", "leave-at:10", "hazards:2", ""} {
		if _, err := g.NewBot(l, 0, 1); err == nil {
			t.Errorf("NewBot(%q) made a bot: the sim-only seat types are not levels", l)
		}
	}
	for _, l := range []string{"leave-at:10", "hazards:2", "hard"} {
		if b, err := New(l, 1, 1); err != nil || b.Level() != l {
			t.Errorf("New(%q): %v", l, err)
		}
	}
	for _, l := range []string{"leave-at:0", "leave-at:x", "hazards:6", "hazards:0", "leave-at:", "Hard"} {
		if _, err := New(l, 0, 1); err == nil || !strings.Contains(err.Error(), l) {
			t.Errorf("New(%q): %v", l, err)
		}
	}
	if _, err := New("hard", 8, 1); err == nil {
		t.Error("a bot for seat 8")
	}
	b, _ := New("normal", 0, 1)
	if mv := b.Choose("not a view"); mv != (incangold.Move{Choice: incangold.Camp}) {
		t.Errorf("a bot handed no view chose %v, not the safe camp", mv)
	}
}

// view returns seat 0's view at the first choice step of a match of
// players seats, with the path, carried gems and pool set as given.
func viewWith(path []incangold.Card, carried []int, pool int) *incangold.View {
	m, _, _ := incangold.NewMatch(len(carried), incangold.Options{StartPlayer: 0}, 1)
	v := m.SeatView(0)
	v.Path, v.Carried, v.Pool = path, carried, pool
	v.Explorers = v.Explorers[:0]
	for s := range carried {
		v.Explorers = append(v.Explorers, s)
	}
	v.Sealed = nil
	v.Deck = incangold.Deck{Treasures: slices.Clone(incangold.TreasureValues[:]), Hazards: []int{3, 3, 3, 3, 3}, Artifacts: []incangold.Card{}}
	for _, c := range path {
		if c.IsHazard() {
			v.Deck.Hazards[c.Kind()]--
		}
	}
	return &v
}

// TestReferenceSeats: leave-at:N leaves when carrying N (I5.2); hazards:N
// once N hazard kinds are on the path (I7.1).
func TestReferenceSeats(t *testing.T) {
	fire, snake := incangold.HazardCard(incangold.Fire), incangold.HazardCard(incangold.Snake)
	leave, _ := New("leave-at:10", 0, 1)
	if c := leave.Decide(viewWith([]incangold.Card{incangold.Treasure(9)}, []int{9, 9, 9}, 0)); c != incangold.Torch {
		t.Error("leave-at:10 left carrying 9")
	}
	if c := leave.Decide(viewWith([]incangold.Card{incangold.Treasure(17)}, []int{10, 10, 10}, 0)); c != incangold.Camp {
		t.Error("leave-at:10 stayed carrying 10")
	}
	hz, _ := New("hazards:2", 0, 1)
	if c := hz.Decide(viewWith([]incangold.Card{fire, incangold.Treasure(3)}, []int{1, 1, 1}, 0)); c != incangold.Torch {
		t.Error("hazards:2 left with one kind out")
	}
	if c := hz.Decide(viewWith([]incangold.Card{fire, snake}, []int{0, 0, 0}, 0)); c != incangold.Camp {
		t.Error("hazards:2 stayed with two kinds out")
	}
}

// TestNormalCountsCards: normal goes on when the next card is unlikely to
// bust and little is at stake, and goes home when the deck it deduces
// makes the loss outweigh the gain.
func TestNormalCountsCards(t *testing.T) {
	b, _ := New("normal", 0, 1)
	safe := viewWith([]incangold.Card{incangold.Treasure(9)}, []int{3, 3, 3}, 0)
	if c := b.Decide(safe); c != incangold.Torch {
		t.Error("normal left with no hazard on the path")
	}
	k := []incangold.Card{incangold.HazardCard(0), incangold.HazardCard(1), incangold.HazardCard(2), incangold.HazardCard(3), incangold.Treasure(17)}
	risky := viewWith(k, []int{20, 20, 20}, 4)
	if p := risky.BustChance(); p < 0.3 {
		t.Fatalf("the risky view busts with %.2f only", p)
	}
	if c := b.Decide(risky); c != incangold.Camp {
		t.Error("normal stayed carrying 20 with four hazard kinds out")
	}
}

// TestHardLearnsTheOthers: after watching a leave-at:10 seat choose for a
// game, the hard bot's likeliest guess is leaving at about 10, with at
// least half the weight on 8 to 12.
func TestHardLearnsTheOthers(t *testing.T) {
	seats := []string{"hard", "leave-at:10", "leave-at:10", "leave-at:10"}
	m, evs, _ := incangold.NewMatch(4, incangold.Options{StartPlayer: 0}, 3)
	bots := make([]*Bot, 4)
	for s := range bots {
		bots[s], _ = New(seats[s], s, uint64(s))
	}
	hard := bots[0]
	deliver := func(evs []incangold.Event) {
		for _, e := range evs {
			for s, b := range bots {
				r := e.Redact(s)
				b.ObserveEvent(&r)
			}
		}
	}
	deliver(evs)
	for !m.Over() {
		for s := range 4 {
			if m.Owes(s) {
				v := m.SeatView(s)
				evs, _ = m.Play(s, bots[s].Decide(&v), nil)
				deliver(evs)
			}
		}
	}
	w := hard.hard.logw[1]
	total, near := 0.0, 0.0
	for i, x := range hyps {
		p := math.Exp(w[i])
		total += p
		if (x.kind == hypThreshold || x.kind == hypBoth) && x.t >= 8 && x.t <= 12 {
			near += p
		}
	}
	best := 0
	for i := range hyps {
		if w[i] > w[best] {
			best = i
		}
	}
	if x := hyps[best]; x.kind != hypThreshold || x.t < 9 || x.t > 12 {
		t.Errorf("the model's likeliest guess for a leave-at:10 seat is %+v", x)
	}
	if near/total < 0.5 {
		for i, x := range hyps {
			if p := math.Exp(w[i]) / total; p > 0.03 {
				t.Logf("%+v %.2f", x, p)
			}
		}
		t.Errorf("after a game the model gives leave-at 8..12 only %.2f", near/total)
	}
}

// TestHardTrailerGambles: in round 5, a hard bot that loses for sure by
// going home goes on where going on is worth as many gems as going home
// but may win the game (issue 16: a trailer gambles); in round 4, where
// only gems count, the same spot is a close call it does not gamble on.
func TestHardTrailerGambles(t *testing.T) {
	choose := func(round int) incangold.Choice {
		b, _ := New("hard", 0, 5)
		fire := incangold.HazardCard(incangold.Fire)
		v := viewWith([]incangold.Card{fire, incangold.Treasure(17)}, []int{8, 0, 0}, 1)
		v.Explorers = []int{0, 1}
		v.Round, v.Tent, v.Turn, v.History = round, 40, 3, nil
		// The deck: 3 fires (they bust) and two 17s.
		v.Deck = incangold.Deck{Treasures: []int{17, 17}, Hazards: []int{0, 0, 0, 3, 0}, Artifacts: []incangold.Card{}}
		b.know.sync(v, b.hard)
		b.know.tentsKnown = true
		b.know.tents = [incangold.MaxPlayers]int{40, 0, 50}
		return b.hard.decide(&b.know, 0)
	}
	if c := choose(5); c != incangold.Torch {
		t.Error("in round 5, behind for sure if it goes home, hard went home")
	}
	if c := choose(4); c != incangold.Camp {
		t.Error("in round 4, with the loss outweighing the gain, hard went on")
	}
}

// TestHardStopsWhenClear: hard's search stops early on a clear choice
// (carrying 30 with four hazard kinds out: camp) and still makes it; it
// goes on without search when going home would bank nothing (I4.3); and
// clear tells a clear paired difference from noise.
func TestHardStopsWhenClear(t *testing.T) {
	b, _ := New("hard", 0, 7)
	k := []incangold.Card{incangold.HazardCard(0), incangold.HazardCard(1), incangold.HazardCard(2), incangold.HazardCard(3), incangold.Treasure(17)}
	v := viewWith(k, []int{30, 30, 30}, 2)
	if c := b.Decide(v); c != incangold.Camp {
		t.Error("hard stayed carrying 30 with four hazard kinds out")
	}
	if u := b.hard.used; u < hardMinRollouts || u >= hardRollouts {
		t.Errorf("a clear choice took %d rollouts, want from %d to fewer than %d", u, hardMinRollouts, hardRollouts)
	}
	empty := viewWith([]incangold.Card{incangold.HazardCard(0), incangold.HazardCard(1)}, []int{0, 5, 5}, 0)
	if c := b.Decide(empty); c != incangold.Torch || b.hard.used != 0 {
		t.Errorf("carrying nothing with an empty pool hard chose %v after %d rollouts, want torch after none", c, b.hard.used)
	}
	h := b.hard
	const nc = 2
	vals := make([]float64, 0, 64*(nc+1))
	for i := range 64 {
		noise := float64(i%7) - 3
		vals = append(vals, 10+noise, 10+noise+float64(i%3)-1, 4+noise)
	}
	if !h.clear(vals, nc, 1, 64) {
		t.Error("camp 10 against torch 4 on the same cards is not clear")
	}
	if h.clear(vals, nc, 0, 64) {
		t.Error("camp against a torch that differs by -1, 0 or 1 at random is clear")
	}
}

// TestEasyPicksUpThePool: easy (its noise off) goes home when easyPool
// gems lie on the path, to share them among the leavers (I4.2), and goes
// on with fewer, carrying little with one hazard kind out.
func TestEasyPicksUpThePool(t *testing.T) {
	for _, c := range []struct {
		pool int
		want incangold.Choice
	}{{easyPool - 1, incangold.Torch}, {easyPool, incangold.Camp}, {easyPool + 5, incangold.Camp}} {
		b, _ := New("easy", 0, 1)
		b.easyNoise = 0
		v := viewWith([]incangold.Card{incangold.HazardCard(incangold.Fire), incangold.Treasure(9)}, []int{3, 3, 3}, c.pool)
		if got := b.Decide(v); got != c.want {
			t.Errorf("easy carrying 3 with %d gems on the path chose %v, want %v", c.pool, got, c.want)
		}
	}
}

// TestHypPool: the model's pool guess leaves when carrying t gems or when
// h gems lie on the path to be picked up by going home (I4.2), whatever
// the odds; easy's rule of thumb is one of them.
func TestHypPool(t *testing.T) {
	x := hyp{kind: hypPool, t: 14, h: 4}
	for _, c := range []struct {
		carried, pool int
		want          bool
	}{{0, 0, false}, {13, 3, false}, {14, 0, true}, {2, 4, true}, {2, 9, true}} {
		if got := x.leaves(c.carried, 1, c.pool, float64(c.pool)/3, 0.05, 3); got != c.want {
			t.Errorf("carried %d, pool %d: leaves %v, want %v", c.carried, c.pool, got, c.want)
		}
	}
	found := false
	for _, y := range hyps {
		found = found || (y.kind == hypPool && y.t == 14 && y.h == easyPool)
	}
	if !found {
		t.Errorf("no pool guess with t 14 and h %d (easy's pool)", easyPool)
	}
}

// TestNormalCharacter: each normal draws its loss weight from its own seed
// within normalSpread of normalRisk (the same seed, the same weight), and
// the weight decides the close calls: at a spot where going on is worth
// exactly r times the risked loss (normalLeaves, I7.2), every normal more
// careful than r goes home and every bolder one goes on.
func TestNormalCharacter(t *testing.T) {
	fire := incangold.HazardCard(incangold.Fire)
	v := viewWith([]incangold.Card{fire, incangold.Treasure(9)}, []int{15, 15, 15}, 0)
	probe, _ := New("normal", 0, 1)
	probe.know.sync(v, nil)
	p, g := probe.know.odds(3)
	r := (1 - p) * g / (p * 15) // the loss weight at which the call turns
	if r < normalRisk-normalSpread/2 || r > normalRisk+normalSpread/2 {
		t.Fatalf("the probe spot turns at %.2f, not inside the drawn weights", r)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	var careful, bold int
	for seed := range uint64(200) {
		b, _ := New("normal", 0, seed)
		again, _ := New("normal", 3, seed)
		if b.risk != again.risk {
			t.Fatalf("seed %d drew %v then %v", seed, b.risk, again.risk)
		}
		if b.risk < normalRisk-normalSpread || b.risk > normalRisk+normalSpread {
			t.Fatalf("seed %d drew the loss weight %v, outside %v +- %v", seed, b.risk, normalRisk, normalSpread)
		}
		lo, hi = min(lo, b.risk), max(hi, b.risk)
		want := incangold.Torch
		if b.risk > r {
			want = incangold.Camp
			careful++
		} else {
			bold++
		}
		if c := b.Decide(v); c != want {
			t.Errorf("seed %d, loss weight %.3f, spot turning at %.3f: chose %v", seed, b.risk, r, c)
		}
	}
	if lo > normalRisk-normalSpread/2 || hi < normalRisk+normalSpread/2 || careful == 0 || bold == 0 {
		t.Errorf("200 seeds drew weights from %.2f to %.2f (%d careful, %d bold at the spot)", lo, hi, careful, bold)
	}
}

// TestNormalTwinsPart: two normals at one table (they carry the same gems
// and see the same path, I5.1) part at the steps where one of them goes
// home, rather than always leaving together (I4.2, I6.2).
func TestNormalTwinsPart(t *testing.T) {
	seats := []string{"normal", "easy", "normal", "random", "random"}
	apart, together := 0, 0
	for g := range uint64(200) {
		m, evs, _ := incangold.NewMatch(len(seats), incangold.Options{StartPlayer: 0}, g)
		bots := make([]*Bot, len(seats))
		for s := range seats {
			bots[s], _ = New(seats[s], s, g*16+uint64(s))
		}
		deliver := func(evs []incangold.Event) {
			for _, e := range evs {
				if e.Type == incangold.Revealed && e.Choices[0] != incangold.NoChoice && e.Choices[2] != incangold.NoChoice {
					switch a, b := e.Choices[0] == incangold.Camp, e.Choices[2] == incangold.Camp; {
					case a && b:
						together++
					case a != b:
						apart++
					}
				}
				for s, b := range bots {
					r := e.Redact(s)
					b.ObserveEvent(&r)
				}
			}
		}
		deliver(evs)
		for !m.Over() {
			for s := range seats {
				if m.Owes(s) {
					v := m.SeatView(s)
					evs, _ = m.Play(s, bots[s].Decide(&v), nil)
					deliver(evs)
				}
			}
		}
	}
	if apart*3 < apart+together {
		t.Errorf("of %d steps where a normal left with the other in the temple, they parted at %d only", apart+together, apart)
	}
	t.Logf("the normals parted at %d of %d steps where one left", apart, apart+together)
}
