package saboteur

import (
	"slices"
	"testing"
)

// roundEnd sets up the end of round 1 of a game with the given roles, gold
// pile (top last), broken tools and last player, and ends it won by w.
func roundEnd(t *testing.T, o Options, roles []Role, pile []int, broken []Tool, last int, w Team) (*Game, []Event) {
	t.Helper()
	o.Players = len(roles)
	g := newGame(t, o, 1)
	g.roles = roles
	g.goldPile = slices.Clone(pile)
	if broken != nil {
		g.broken = broken
	}
	g.lastMover = last
	return g, g.endRound(w)
}

func goldOf(g *Game) [][]int {
	out := make([][]int, len(g.gold))
	for s, gs := range g.gold {
		out[s] = slices.Clone(gs)
		if out[s] == nil {
			out[s] = []int{}
		}
	}
	return out
}

func ones(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = 1
	}
	return out
}

var (
	D = GoldDigger
	X = Saboteur
)

// TestR8_1HandingOut checks who gets the gold cards when the diggers win,
// with cards all of one value (so no choice is asked).
func TestR8_1HandingOut(t *testing.T) {
	tests := []struct {
		name   string
		o      Options
		roles  []Role
		pile   []int
		broken []Tool
		last   int
		want   [][]int
	}{
		{"R8.1 the finder first, then counterclockwise, skipping saboteurs",
			Options{}, []Role{D, X, D, D, X}, ones(28), nil, 2,
			[][]int{{1, 1}, {}, {1, 1}, {1}, {}}},
		{"R8.1 a saboteur finder keeps nothing",
			Options{}, []Role{D, X, D, D, X}, ones(28), nil, 1,
			[][]int{{1, 1}, {}, {1}, {1, 1}, {}}},
		{"R8.1 nine cards at most",
			Options{}, []Role{D, D, D, D, D, D, D, X, X, X}, ones(28), nil, 0,
			[][]int{{1, 1}, {1}, {1}, {1}, {1}, {1}, {1, 1}, {}, {}, {}}},
		{"R8.1 a short gold pile hands out what is left",
			Options{}, []Role{D, X, D, D, X}, ones(2), nil, 3,
			[][]int{{}, {}, {1}, {1}, {}}},
		{"R8.1 broken tools do not matter by default",
			Options{}, []Role{D, X, D, D, X}, ones(28), []Tool{Cart, 0, 0, 0, 0}, 0,
			[][]int{{1, 1}, {}, {1}, {1, 1}, {}}},
		{"R8.1a one card per gold-digger",
			Options{OneNuggetPerDigger: true}, []Role{D, X, D, D, X}, ones(28), nil, 2,
			[][]int{{1}, {}, {1}, {1}, {}}},
		{"R8.1b sabotaged diggers get nothing",
			Options{SabotagedGetNothing: true}, []Role{D, X, D, D, X}, ones(28), []Tool{0, 0, Lantern, 0, 0}, 2,
			[][]int{{1, 1, 1}, {}, {}, {1, 1}, {}}},
		{"R8.1a and R8.1b: one card to each digger without broken tools",
			Options{OneNuggetPerDigger: true, SabotagedGetNothing: true}, []Role{D, X, D, D, X}, ones(28), []Tool{0, Cart, Lantern, 0, 0}, 2,
			[][]int{{1}, {}, {}, {1}, {}}},
		{"R8.1b every digger sabotaged: nobody is paid",
			Options{SabotagedGetNothing: true}, []Role{D, X, D}, ones(28), []Tool{Cart, 0, Pickaxe}, 0,
			[][]int{{}, {}, {}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, evs := roundEnd(t, tc.o, tc.roles, tc.pile, tc.broken, tc.last, Diggers)
			if got := goldOf(g); !slices.EqualFunc(got, tc.want, slices.Equal) {
				t.Fatalf("gold %v, want %v", got, tc.want)
			}
			kept := 0
			for _, w := range tc.want {
				kept += len(w)
			}
			if len(g.goldPile) != len(tc.pile)-kept || g.Round() != 2 || g.Phase() != Playing {
				t.Fatalf("pile %d, round %d, phase %d", len(g.goldPile), g.Round(), g.Phase())
			}
			if evs[0].Type != RoundEnded || evs[0].Winner != Diggers {
				t.Fatalf("first event %+v", evs[0])
			}
		})
	}
}

// TestR8_1Choice: with cards of different values each recipient in turn
// keeps one by a Keep move; only the chooser sees the values.
func TestR8_1Choice(t *testing.T) {
	g, evs := roundEnd(t, Options{}, []Role{D, X, D}, []int{1, 1, 1, 3, 2, 3}, nil, 0, Diggers)
	// The top three cards (3, 2, 3) go to seats 0, 2, 0.
	if g.Phase() != HandingOut || g.Turn() != 0 {
		t.Fatalf("phase %d turn %d", g.Phase(), g.Turn())
	}
	off := evs[len(evs)-1]
	if off.Type != GoldOffered || !slices.Equal(off.Golds, []int{3, 2, 3}) || off.Redact(1).Golds != nil || off.Redact(1).Count != 3 {
		t.Fatalf("offer event %+v", off)
	}
	if v := g.View(2); v.Offer != nil || v.OfferCount != 3 {
		t.Fatalf("seat 2 sees the offer %v", v.Offer)
	}
	if !slices.Equal(g.View(0).Offer, []int{3, 2, 3}) {
		t.Fatal("the chooser does not see the offer")
	}
	if got := sortedMoves(g.LegalMoves(0)); len(got) != 2 {
		t.Fatalf("keep moves %v", got)
	}
	refused(t, g, Move{Seat: 2, Type: Keep, Gold: 3}, "R4.3")
	refused(t, g, Move{Seat: 0, Type: Keep, Gold: 1}, "R8.1")
	refused(t, g, Move{Seat: 0, Type: Discard, Card: deck[g.hands[0][0]]}, "R8.1")
	evs = apply(t, g, Move{Seat: 0, Type: Keep, Gold: 2})
	if evs[0].Type != GoldKept || evs[0].Gold != 2 || evs[0].Redact(1).Gold != 0 {
		t.Fatalf("keep event %+v", evs[0])
	}
	// Seat 2 is offered 3 and 3: nothing to choose, it keeps one and seat
	// 0 the last; round 2 starts with seat 1 (R8.5).
	if g.Phase() != Playing || g.Round() != 2 || g.Turn() != 1 {
		t.Fatalf("after the keep: phase %d round %d turn %d (%s)", g.Phase(), g.Round(), g.Turn(), types(evs))
	}
	if got := goldOf(g); !slices.EqualFunc(got, [][]int{{2, 3}, {}, {3}}, slices.Equal) {
		t.Fatalf("gold %v", got)
	}
	if r := g.View(1).Results[0]; r.Gold[0] != 0 || r.Gold[2] != 0 || r.Winner != Diggers || r.Finisher != 0 {
		t.Fatalf("seat 1 sees round gold %v", r.Gold)
	}
}

// TestR8_2Saboteurs checks the saboteurs' pay: its amount by the number of
// saboteurs, the order, and the cards chosen from a short pile.
func TestR8_2Saboteurs(t *testing.T) {
	full := slices.Clone(GoldCards[:])
	tests := []struct {
		name  string
		roles []Role
		pile  []int
		last  int
		want  [][]int
	}{
		{"one saboteur takes 4", []Role{D, X, D, D}, full, 0, [][]int{{}, {3, 1}, {}, {}}},
		{"two saboteurs take 3 each", []Role{X, D, D, X, D}, full, 1, [][]int{{3}, {}, {}, {3}, {}}},
		{"three saboteurs take 3 each", []Role{X, X, D, X, D, D, D}, full, 1, [][]int{{3}, {3}, {}, {3}, {}, {}, {}}},
		{"four saboteurs take 2 each", []Role{X, X, D, X, D, D, D, X, D, D}, full, 1, [][]int{{2}, {2}, {}, {2}, {}, {}, {}, {2}, {}, {}}},
		// Seat 2 is paid first (after seat 1): 3 from {1,2,2} is 2+1;
		// seat 0 then takes what is left, 2, below its 3.
		{"paid from the seat after the last player, the pile runs short",
			[]Role{X, D, X, D, D}, []int{1, 2, 2}, 1, [][]int{{2}, {}, {2, 1}, {}, {}}},
		{"no exact amount: the largest below it", []Role{D, X, D, D}, []int{3, 3, 2}, 0, [][]int{{}, {3}, {}, {}}},
		{"ones only", []Role{D, X, D, D}, []int{1, 1, 1, 1, 1}, 0, [][]int{{}, {1, 1, 1, 1}, {}, {}}},
		{"an empty pile pays nothing", []Role{D, X, D, D}, nil, 0, [][]int{{}, {}, {}, {}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, evs := roundEnd(t, Options{}, tc.roles, tc.pile, nil, tc.last, Saboteurs)
			if got := goldOf(g); !slices.EqualFunc(got, tc.want, slices.Equal) {
				t.Fatalf("gold %v, want %v", got, tc.want)
			}
			if evs[0].Winner != Saboteurs || g.Round() != 2 {
				t.Fatalf("events %s", types(evs))
			}
		})
	}
	if SaboteurShare(1) != 4 || SaboteurShare(2) != 3 || SaboteurShare(3) != 3 || SaboteurShare(4) != 2 {
		t.Fatal("SaboteurShare disagrees with R8.2")
	}
}

func TestR8_2PayCards(t *testing.T) {
	tests := []struct {
		pile   []int
		amount int
		want   []int
	}{
		{[]int{1, 1, 1, 1, 2, 2, 3}, 4, []int{3, 1}},
		{[]int{1, 1, 2, 2}, 4, []int{2, 2}},
		{[]int{2, 2, 3}, 4, []int{2, 2}},
		{[]int{3, 3}, 4, []int{3}},
		{[]int{1, 1, 1, 3}, 3, []int{3}},
		{[]int{1, 2}, 3, []int{2, 1}},
		{[]int{2, 2}, 3, []int{2}},
		{[]int{1}, 2, []int{1}},
		{[]int{3}, 2, nil},
		{nil, 4, nil},
	}
	for _, tc := range tests {
		if got := PayCards(tc.pile, tc.amount); !slices.Equal(got, tc.want) {
			t.Errorf("PayCards(%v, %d) = %v, want %v", tc.pile, tc.amount, got, tc.want)
		}
	}
}

// TestR8_5_6NextRound: the left neighbour of the player of the last card
// starts the next round, which is dealt afresh: roles, maze, goals and all
// 67 cards; the gold won stays and the gold pile is not refilled.
func TestR8_5_6NextRound(t *testing.T) {
	g := newGame(t, Options{Players: 5, FirstPlayer: 0}, 21)
	clearHands(g)
	setHand(t, g, 0, "broken:cart", "NS", "NS", "NS", "NS", "xN")
	setHand(t, g, 1, "EW", "EW", "EW", "NE", "NE", "NE")
	for s := 2; s < 5; s++ {
		setHand(t, g, s, "map")
	}
	apply(t, g, on(0, "broken:cart", 3, 0))
	apply(t, g, play(1, "EW", 1, 0))
	last := -1
	var evs []Event
	for g.Round() == 1 {
		last = g.Turn()
		evs = apply(t, g, Move{Seat: last, Type: Discard, Card: deck[g.hands[last][0]]})
	}
	i := slices.IndexFunc(evs, func(e Event) bool { return e.Type == RoundStarted })
	if i < 0 || evs[i].Seat != (last+1)%5 || g.Turn() != (last+1)%5 {
		t.Fatalf("round 2 starts with seat %d (turn %d), the last card was seat %d's", evs[i].Seat, g.Turn(), last)
	}
	if len(g.board.Tiles()) != 4 || g.board.GoldReached() || slices.ContainsFunc(g.broken, func(b Tool) bool { return b != 0 }) || g.inFront != nil || g.discards != nil {
		t.Fatal("the maze, broken tools or discards were not cleared")
	}
	checkCards(t, g)
	paid := 0
	for _, gs := range g.gold {
		paid += len(gs)
	}
	if paid == 0 || len(g.goldPile)+paid != 28 {
		t.Fatalf("gold pile %d after paying %d cards", len(g.goldPile), paid)
	}
	if r := g.Results(); len(r) != 1 || r[0].Winner != Saboteurs || r[0].Finisher != last {
		t.Fatalf("results %+v", r)
	}
}

// TestR9_1Winners: after three rounds the most gold wins; ties share.
func TestR9_1Winners(t *testing.T) {
	g := newGame(t, Options{Players: 4}, 2)
	g.round = 3
	g.roles = []Role{D, D, D, X}
	g.gold = [][]int{{3, 2}, {2}, {1, 1, 3}, {}}
	g.goldPile = ones(4)
	g.lastMover = 1
	evs := g.endRound(Diggers) // seats 1, 0, 2, 1 get one each
	end := evs[len(evs)-1]
	if g.Phase() != Over || end.Type != GameEnded {
		t.Fatalf("phase %d, last event %s", g.Phase(), end.Type)
	}
	if !slices.Equal(end.Scores, []int{6, 4, 6, 0}) || !slices.Equal(end.Winners, []int{0, 2}) {
		t.Fatalf("scores %v winners %v", end.Scores, end.Winners)
	}
	if v := g.View(3); !slices.Equal(v.Scores, []int{6, 4, 6, 0}) || v.Results[0].Gold[0] != 1 {
		t.Fatalf("after the end, every view shows the gold: %v", v.Scores)
	}
	refused(t, g, Move{Seat: 0, Type: Discard}, "R9.1")
}
