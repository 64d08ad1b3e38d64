package saboteur

import (
	"slices"
	"strings"
	"testing"
)

// setHand gives seat exactly the cards named (kinds, R2.2), taking them from
// the draw pile and putting the seat's old hand back on it, so every card
// stays accounted for.
func setHand(t testing.TB, g *Game, seat int, codes ...string) {
	t.Helper()
	g.draw = append(g.draw, g.hands[seat]...)
	g.hands[seat] = nil
	for _, code := range codes {
		c := MustCard(code)
		i := slices.IndexFunc(g.draw, func(id CardID) bool { return deck[id].Same(c) })
		if i < 0 {
			t.Fatalf("setHand: no %s left in the draw pile", code)
		}
		g.hands[seat] = append(g.hands[seat], g.draw[i])
		g.draw = slices.Delete(g.draw, i, i+1)
	}
}

// clearHands puts every hand back on the draw pile.
func clearHands(g *Game) {
	for s := range g.hands {
		g.draw = append(g.draw, g.hands[s]...)
		g.hands[s] = nil
	}
}

// apply applies m or fails the test.
func apply(t testing.TB, g *Game, m Move) []Event {
	t.Helper()
	evs, err := g.Apply(m)
	if err != nil {
		t.Fatalf("Apply(%s): %v", m, err)
	}
	return evs
}

// refused checks that m is refused naming rule and that nothing changed.
func refused(t testing.TB, g *Game, m Move, rule string) {
	t.Helper()
	before := g.Clone()
	evs, err := g.Apply(m)
	if RuleOf(err) != rule || evs != nil {
		t.Fatalf("Apply(%s) = %v, want a refusal naming %s", m, err, rule)
	}
	if !gamesEqual(before, g) {
		t.Fatalf("refused move %s changed the game", m)
	}
}

func types(evs []Event) string {
	var out []string
	for _, e := range evs {
		out = append(out, e.Type.String())
	}
	return strings.Join(out, " ")
}

func play(seat int, code string, x, y int) Move {
	return Move{Seat: seat, Type: Play, Card: MustCard(code), At: Cell{x, y}}
}

func on(seat int, code string, target int, tool Tool) Move {
	return Move{Seat: seat, Type: Play, Card: MustCard(code), Target: target, Tool: tool}
}

func TestR1_2RoleCards(t *testing.T) {
	want := map[int][2]int{3: {1, 3}, 4: {1, 4}, 5: {2, 4}, 6: {2, 5}, 7: {3, 5}, 8: {3, 6}, 9: {3, 7}, 10: {4, 7}}
	for n := 1; n <= 12; n++ {
		s, d := RoleCards(n)
		if w := want[n]; s != w[0] || d != w[1] {
			t.Errorf("RoleCards(%d) = %d, %d; want %v", n, s, d, w)
		}
		if w, ok := want[n]; ok && w[0]+w[1] != n+1 {
			t.Errorf("%d players: %d role cards, want %d (R1.3: one set aside)", n, w[0]+w[1], n+1)
		}
	}
}

// TestR1_3Deal: every round deals the role cards of R1.2, one to each seat
// and one set aside.
func TestR1_3Deal(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for seed := uint64(0); seed < 5; seed++ {
			g := newGame(t, Options{Players: n}, seed)
			rounds := 0
			randomGame(t, g, rng(seed).IntN, func(m Move, evs []Event) {
				for _, e := range evs {
					if e.Type != RoundEnded {
						continue
					}
					rounds++
					sab, dig := RoleCards(n)
					for _, r := range append(slices.Clone(e.Roles), e.SetAside) {
						if r == Saboteur {
							sab--
						} else {
							dig--
						}
					}
					if len(e.Roles) != n || sab != 0 || dig != 0 {
						t.Fatalf("%d players, round %d: roles %v set aside %v", n, e.Round, e.Roles, e.SetAside)
					}
				}
			})
			if rounds != Rounds {
				t.Fatalf("%d rounds, want %d", rounds, Rounds)
			}
		}
	}
}

func TestR1_1Players(t *testing.T) {
	for _, n := range []int{-1, 0, 2, 11, 12} {
		if _, _, err := New(Options{Players: n}, 1); err == nil {
			t.Errorf("New with %d players: no error", n)
		}
	}
}

// TestR2Cards checks the composition of R2.3-R2.6.
func TestR2Cards(t *testing.T) {
	kinds := map[string]int{}
	tunnels, deadEnds, actions := 0, 0, 0
	for id := range DeckSize {
		c := DeckCard(CardID(id))
		kinds[c.String()]++
		switch {
		case c.Kind == Path && c.DeadEnd:
			deadEnds++
		case c.Kind == Path:
			tunnels++
		case c.IsAction():
			actions++
		default:
			t.Fatalf("card %d is %s", id, c)
		}
	}
	if tunnels != 31 || deadEnds != 9 || actions != 27 {
		t.Fatalf("%d tunnels, %d dead ends, %d action cards; want 31, 9, 27", tunnels, deadEnds, actions)
	}
	want := map[string]int{
		"NESW": 5, "NES": 5, "ESW": 5, "NS": 4, "EW": 3, "NE": 5, "NW": 4,
		"xNESW": 1, "xNES": 1, "xESW": 1, "xNS": 1, "xEW": 1, "xNE": 1, "xNW": 1, "xN": 1, "xE": 1,
		"broken:pickaxe": 3, "broken:lantern": 3, "broken:cart": 3,
		"repair:pickaxe": 2, "repair:lantern": 2, "repair:cart": 2,
		"repair:pickaxe+lantern": 1, "repair:pickaxe+cart": 1, "repair:lantern+cart": 1,
		"rockfall": 3, "map": 6,
	}
	for k, n := range want {
		if kinds[k] != n {
			t.Errorf("%s: %d in the deck, want %d", k, kinds[k], n)
		}
	}
	if len(kinds) != len(want) {
		t.Errorf("deck kinds %v", kinds)
	}
	var gold [4]int
	sum := 0
	for _, v := range GoldCards {
		gold[v]++
		sum += v
	}
	if gold != [4]int{0, 16, 8, 4} || sum != 44 {
		t.Fatalf("gold cards %v (sum %d), want 16x1, 8x2, 4x3 = 44 (R2.6)", gold[1:], sum)
	}
	for _, g := range []GoalCard{Gold, CoalNE, CoalNW} {
		if c := (Card{Kind: Goal, Goal: g, Open: g.Open()}); !c.Tunnel() {
			t.Errorf("%s is not a tunnel (R2.4)", c)
		}
	}
	if MustCard("coal:NE").Open != N|E || MustCard("coal:ES").Goal != CoalNW {
		t.Fatal("coal cards are not the curves of R2.4")
	}
}

// TestR2_2Codes reads and writes every card code of R2.2.
func TestR2_2Codes(t *testing.T) {
	good := []string{
		"NESW", "NES", "NSW", "ESW", "NEW", "NS", "EW", "NE", "SW", "NW", "ES",
		"xNESW", "xNES", "xNSW", "xESW", "xNEW", "xNS", "xEW", "xNE", "xSW", "xNW", "xES", "xN", "xS", "xE", "xW",
		"START", "GOAL", "GOLD", "coal:NE", "coal:SW", "coal:NW", "coal:ES",
		"broken:pickaxe", "broken:lantern", "broken:cart",
		"repair:pickaxe", "repair:lantern", "repair:cart",
		"repair:pickaxe+lantern", "repair:pickaxe+cart", "repair:lantern+cart", "rockfall", "map",
	}
	for _, code := range good {
		c, err := ParseCard(code)
		if err != nil {
			t.Errorf("ParseCard(%q): %v", code, err)
			continue
		}
		if c.String() != code {
			t.Errorf("ParseCard(%q).String() = %q", code, c.String())
		}
	}
	bad := []string{"", "N", "S", "E", "W", "NSE", "SN", "NN", "x", "xx", "NESWN", "ne", "X NS", "NS ",
		"coal:", "coal:NS", "coal:NESW", "gold", "Gold", "broken:", "broken:pickaxe+cart", "broken:axe",
		"repair:", "repair:pickaxe+lantern+cart", "repair:cart+pickaxe", "repair:pickaxe+pickaxe",
		"rockfal", "MAP", "start", "COAL_NE", "NE@1,0"}
	for _, code := range bad {
		if c, err := ParseCard(code); err == nil {
			t.Errorf("ParseCard(%q) = %s, want an error", code, c)
		}
	}
}

// TestR3_3Turning: a card turns 180 degrees, never 90.
func TestR3_3Turning(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"NE", "SW"}, {"NW", "ES"}, {"NES", "NSW"}, {"ESW", "NEW"}, {"NS", "NS"}, {"EW", "EW"},
		{"NESW", "NESW"}, {"xN", "xS"}, {"xE", "xW"}, {"xNE", "xSW"}, {"coal:NE", "coal:SW"},
	} {
		a, b := MustCard(tc.a), MustCard(tc.b)
		if a.Rotated() != b || b.Rotated() != a || !a.Same(b) || a.Canonical() != b.Canonical() {
			t.Errorf("%s and %s are not each other's 180-degree turn", tc.a, tc.b)
		}
	}
	if MustCard("NS").Same(MustCard("EW")) || MustCard("NE").Same(MustCard("NW")) {
		t.Error("a 90-degree turn counts as the same card")
	}
}

func TestR3_2Deal(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		want := map[bool]int{true: 6}[n <= 5]
		if n >= 6 && n <= 7 {
			want = 5
		} else if n >= 8 {
			want = 4
		}
		if HandSize(n) != want {
			t.Errorf("HandSize(%d) = %d, want %d", n, HandSize(n), want)
		}
		g := newGame(t, Options{Players: n}, uint64(n))
		for s := range n {
			if len(g.hands[s]) != want {
				t.Errorf("%d players: seat %d holds %d cards", n, s, len(g.hands[s]))
			}
		}
		if len(g.draw) != DeckSize-n*want {
			t.Errorf("%d players: draw pile %d", n, len(g.draw))
		}
		goals := slices.Clone(g.board.goals[:])
		slices.Sort(goals)
		if !slices.Equal(goals, []GoalCard{Gold, CoalNE, CoalNW}) {
			t.Errorf("goals %v", g.board.goals)
		}
		checkCards(t, g)
	}
}

// TestR3_5FirstPlayer: the table option names who starts round 1, or -1
// draws it from the seed.
func TestR3_5FirstPlayer(t *testing.T) {
	for _, first := range []int{0, 2, 4} {
		g, evs := mustNew(t, Options{Players: 5, FirstPlayer: first}, 9)
		if g.Turn() != first || evs[0].Type != RoundStarted || evs[0].Seat != first || evs[len(evs)-1].Seat != first {
			t.Errorf("first player %d: turn %d", first, g.Turn())
		}
	}
	seen := map[int]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		a, _ := mustNew(t, Options{Players: 5, FirstPlayer: -1}, seed)
		b, _ := mustNew(t, Options{Players: 5, FirstPlayer: -1}, seed)
		if a.Turn() != b.Turn() {
			t.Fatal("a random first player differs for one seed")
		}
		seen[a.Turn()] = true
	}
	if len(seen) != 5 {
		t.Errorf("random first players over 40 seeds: %v", seen)
	}
	for _, first := range []int{-2, 5, 9} {
		if _, _, err := New(Options{Players: 5, FirstPlayer: first}, 1); err == nil {
			t.Errorf("first player %d accepted", first)
		}
	}
}

func mustNew(t testing.TB, o Options, seed uint64) (*Game, []Event) {
	t.Helper()
	g, evs, err := New(o, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g, evs
}

// TestR4Turn: one card played or discarded, then a draw, then the next seat.
func TestR4Turn(t *testing.T) {
	g := newGame(t, Options{Players: 4, FirstPlayer: 1}, 3)
	setHand(t, g, 1, "EW", "NE", "map", "rockfall", "broken:cart", "xN")
	setHand(t, g, 2, "NS", "NS", "NS", "NS", "EW", "EW")
	refused(t, g, play(0, "NS", 0, 1), "R4.3")
	refused(t, g, play(1, "NS", 0, 1), "R4.1")
	refused(t, g, Move{Seat: 1, Type: Keep, Gold: 1}, "R4.1")
	refused(t, g, Move{Seat: 1, Type: 9}, "R4.1")
	draw := len(g.draw)
	evs := apply(t, g, play(1, "EW", 1, 0))
	if types(evs) != "placed drew turn_started" || g.Turn() != 2 || len(g.hands[1]) != 6 || len(g.draw) != draw-1 {
		t.Fatalf("after a path card: %s, turn %d, hand %d", types(evs), g.Turn(), len(g.hands[1]))
	}
	// R4.4: a discard is face down; only the seat learns the card.
	evs = apply(t, g, Move{Seat: 2, Type: Discard, Card: MustCard("NS")})
	if types(evs) != "discarded drew turn_started" || g.Turn() != 3 || len(g.discards) != 1 {
		t.Fatalf("after a discard: %s", types(evs))
	}
	if evs[0].Redact(0).Card != (Card{}) || evs[1].Redact(3).Card != (Card{}) || evs[0].Redact(2).Card.String() != "NS" {
		t.Fatal("a discard or a draw is seen by another seat")
	}
	// R4.2: with the draw pile empty nobody draws; R4.1: a seat with no
	// cards passes without discarding.
	g.discards = append(g.discards, g.draw...)
	g.draw = nil
	g.discards = append(g.discards, g.hands[0]...)
	g.hands[0] = nil
	checkCards(t, g)
	evs = apply(t, g, Move{Seat: 3, Type: Discard, Card: deck[g.hands[3][0]]})
	if types(evs) != "discarded passed turn_started" || g.Turn() != 1 || len(g.hands[3]) != 5 {
		t.Fatalf("with no draw pile: %s, turn %d", types(evs), g.Turn())
	}
}

// TestR7_4CardsRunOut: with the draw pile and every hand empty the round
// ends and the saboteurs win.
func TestR7_4CardsRunOut(t *testing.T) {
	g := newGame(t, Options{Players: 4, FirstPlayer: 0}, 5)
	g.roles = []Role{Saboteur, GoldDigger, GoldDigger, GoldDigger}
	g.setAside = GoldDigger
	var last []Event
	for g.Round() == 1 {
		last = apply(t, g, Move{Seat: g.Turn(), Type: Discard, Card: deck[g.hands[g.Turn()][0]]})
	}
	i := slices.IndexFunc(last, func(e Event) bool { return e.Type == RoundEnded })
	if i < 0 || last[i].Winner != Saboteurs {
		t.Fatalf("last events %s", types(last))
	}
	if got := g.Scores(); got[0] != 4 || got[1]+got[2]+got[3] != 0 {
		t.Fatalf("scores %v, want the lone saboteur paid 4 (R8.2)", got)
	}
}

// TestR8_3NoSaboteur: a 3-player round can deal no saboteur; if nobody
// reaches the gold, nobody is paid.
func TestR8_3NoSaboteur(t *testing.T) {
	seed := uint64(0)
	var g *Game
	for ; ; seed++ {
		g = newGame(t, Options{Players: 3}, seed)
		if g.setAside == Saboteur {
			break
		}
	}
	for _, r := range g.roles {
		if r != GoldDigger {
			t.Fatalf("seed %d: roles %v", seed, g.roles)
		}
	}
	var evs []Event
	for g.Round() == 1 {
		evs = append(evs, apply(t, g, Move{Seat: g.Turn(), Type: Discard, Card: deck[g.hands[g.Turn()][0]]})...)
	}
	i := slices.IndexFunc(evs, func(e Event) bool { return e.Type == RoundEnded })
	if i < 0 || evs[i].Winner != NoTeam || slices.ContainsFunc(evs, func(e Event) bool { return e.Type == GoldKept }) {
		t.Fatalf("round end: %+v", evs[i])
	}
	if len(g.goldPile) != 28 || g.Results()[0].Winner != NoTeam {
		t.Fatalf("gold pile %d after a round nobody won", len(g.goldPile))
	}
}

// TestAppendLegalMoves: the appending form lists the same moves after what
// dst holds.
func TestAppendLegalMoves(t *testing.T) {
	g := newGame(t, Options{Players: 4}, 4)
	r := rng(4)
	for range 60 {
		want := g.LegalMoves(g.Turn())
		got := g.AppendLegalMoves([]Move{{Seat: -7}}, g.Turn())
		if got[0].Seat != -7 || !slices.Equal(got[1:], want) {
			t.Fatalf("AppendLegalMoves differs from LegalMoves")
		}
		if len(g.AppendLegalMoves(nil, (g.Turn()+1)%4)) != 0 {
			t.Fatal("moves for a seat not on turn")
		}
		apply(t, g, want[r.IntN(len(want))])
	}
}
