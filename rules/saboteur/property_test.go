package saboteur

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// allCards is every card code a move may name, legal or not, for drawing
// random (mostly illegal) moves.
var allCards = func() []Card {
	var out []Card
	for _, e := range deckComposition {
		c := MustCard(e.code)
		out = append(out, c, c.Rotated())
	}
	return append(out, MustCard("START"), MustCard("GOLD"), MustCard("coal:NE"), Card{})
}()

// drawMove draws an arbitrary move, most often an illegal one.
func drawMove(t *rapid.T, n int) Move {
	return Move{
		Seat:   rapid.IntRange(-1, n).Draw(t, "seat"),
		Type:   MoveType(rapid.IntRange(0, 4).Draw(t, "type")),
		Card:   rapid.SampledFrom(allCards).Draw(t, "card"),
		At:     Cell{rapid.IntRange(-3, 10).Draw(t, "x"), rapid.IntRange(-4, 4).Draw(t, "y")},
		Target: rapid.IntRange(-1, n).Draw(t, "target"),
		Tool:   Tool(rapid.IntRange(0, 8).Draw(t, "tool")),
		Goal:   rapid.IntRange(-1, 3).Draw(t, "goal"),
		Gold:   rapid.IntRange(0, 4).Draw(t, "gold"),
	}
}

func drawOptions(t *rapid.T) Options {
	n := rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players")
	return Options{
		Players:             n,
		ConnectToStart:      rapid.Bool().Draw(t, "connect_to_start"),
		OneNuggetPerDigger:  rapid.Bool().Draw(t, "one_nugget"),
		SabotagedGetNothing: rapid.Bool().Draw(t, "sabotaged_nothing"),
		FirstPlayer:         rapid.IntRange(-1, n-1).Draw(t, "first_player"),
	}
}

// TestPropertyGames plays random legal games of 3 to 10 players with random
// table options and checks, after every move: no card is created or lost
// (R2.3, R2.5, R2.6); a refused move changes nothing; every view holds
// only what its seat may know, and so does every event as redacted for it.
// Every game must end, and its record must replay to the same final state.
func TestPropertyGames(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		o := drawOptions(t)
		seed := rapid.Uint64().Draw(t, "seed")
		g, _, err := New(o, seed)
		if err != nil {
			t.Fatal(err)
		}
		rec := NewRecord(o, seed, make([]string, o.Players))
		checkCards(t, g)
		for steps := 0; g.Phase() != Over; steps++ {
			if steps > 3*(DeckSize+10)+100 {
				t.Fatalf("the game did not end")
			}
			if rapid.IntRange(0, 3).Draw(t, "try_illegal") == 0 {
				m := drawMove(t, o.Players)
				before := g.Clone()
				evs, err := g.Apply(m)
				if err != nil {
					if RuleOf(err) == "" {
						t.Fatalf("refusal of %s names no rule: %v", m, err)
					}
					if !gamesEqual(before, g) {
						t.Fatalf("refused move %s (%v) changed the game", m, err)
					}
				} else {
					rec.Moves = append(rec.Moves, m.Normal())
					checkStep(t, g, evs)
					continue
				}
			}
			moves := g.LegalMoves(g.Turn())
			if len(moves) == 0 {
				t.Fatalf("seat %d has no legal move", g.Turn())
			}
			m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
			evs, err := g.Apply(m)
			if err != nil {
				t.Fatalf("legal move %s refused: %v", m, err)
			}
			rec.Moves = append(rec.Moves, m)
			checkStep(t, g, evs)
		}
		if _, err := g.Apply(Move{Seat: g.Turn(), Type: Discard}); err != ErrOver {
			t.Fatalf("a move after the end: %v, want ErrOver", err)
		}
		data, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseRecord(data)
		if err != nil {
			t.Fatalf("ParseRecord of a written record: %v", err)
		}
		if !reflect.DeepEqual(back, rec) {
			t.Fatalf("record changed through JSON")
		}
		again, _, err := back.Replay()
		if err != nil {
			t.Fatalf("replay: %v", err)
		}
		if !gamesEqual(again, g) {
			t.Fatalf("the replayed game differs from the game played")
		}
	})
}

// checkStep checks the invariants after a move.
func checkStep(t *rapid.T, g *Game, evs []Event) {
	checkCards(t, g)
	if rapid.IntRange(0, 7).Draw(t, "check_placements") == 0 {
		c := DeckCard(CardID(rapid.IntRange(0, 39).Draw(t, "kind")))
		checkPlacements(t, &g.board, c, g.opts.ConnectToStart)
	}
	s := rapid.IntRange(0, g.opts.Players-1).Draw(t, "view_seat")
	for _, v := range []int{-1, g.turn, s} {
		checkView(t, g, v)
	}
	for v := -1; v < g.opts.Players; v++ {
		for _, e := range evs {
			checkEventFor(t, e, v)
		}
	}
	h := g.Clone()
	perturb(h, s, rapid.Uint64().Draw(t, "perturb"))
	if a, b := g.View(s), h.View(s); !viewsEqual(a, b) {
		t.Fatalf("seat %d's view changed when only what it may not know changed:\n%+v\n%+v", s, a, b)
	}
}

// checkView checks the plain facts of seat's view.
func checkView(t *rapid.T, g *Game, seat int) {
	v := g.View(seat)
	for i := range 3 {
		tl, _ := v.Board.At(GoalCells[i])
		if !g.board.GoalFaceUp(i) && (v.Board.goals[i] != NoGoal || tl.Card.Goal != NoGoal) {
			t.Fatalf("seat %d's view knows face-down goal %d", seat, i)
		}
		if seat >= 0 && v.Peeked[i] != NoGoal && g.peeked[seat]&(1<<i) == 0 {
			t.Fatalf("seat %d's view knows goal %d without a map", seat, i)
		}
	}
	if seat < 0 {
		if v.Role != NoRole || v.Hand != nil || v.Offer != nil || v.Gold != 0 {
			t.Fatalf("a spectator's view holds a role, hand, offer or gold")
		}
	} else if v.Role != g.roles[seat] || !slices.Equal(v.Hand, g.handCards(seat)) {
		t.Fatalf("seat %d's view has the wrong role or hand", seat)
	}
	if v.Offer != nil && (g.phase != HandingOut || g.turn != seat) {
		t.Fatalf("seat %d sees an offer made to seat %d", seat, g.turn)
	}
	if (v.Scores != nil) != (g.phase == Over) {
		t.Fatalf("seat %d sees scores in phase %d", seat, g.phase)
	}
	for _, r := range v.Results {
		for s, x := range r.Gold {
			if s != seat && x != 0 && g.phase != Over {
				t.Fatalf("seat %d sees seat %d's gold before the end (R8.4)", seat, s)
			}
		}
	}
}

// checkEventFor checks that e as redacted for seat holds nothing private
// to another seat.
func checkEventFor(t *rapid.T, e Event, seat int) {
	r := e.Redact(seat)
	if e.Seat == seat {
		if !reflect.DeepEqual(r, e) {
			t.Fatalf("seat %d's own event %s was redacted", seat, e.Type)
		}
		return
	}
	switch {
	case r.Type == Dealt && (r.Role != NoRole || r.Cards != nil),
		(r.Type == Drew || r.Type == Discarded || r.Type == MapPlayed) && r.Card != (Card{}),
		r.Type == GoldOffered && r.Golds != nil,
		r.Type == GoldKept && r.Gold != 0:
		t.Fatalf("seat %d learns a private fact of seat %d: %+v", seat, e.Seat, r)
	}
}

// perturb changes everything of g that seat may not know, keeping what it
// may: the other hands, the draw pile and the discards are dealt afresh
// from their cards (sizes kept); the other roles, the set-aside role and the
// face-down goals seat has not looked at are reshuffled, and what the
// other seats' maps showed is made up; the gold pile,
// the other seats' gold and an offer made to another seat are mixed; the
// generator is reseeded.
func perturb(g *Game, seat int, seed uint64) {
	r := rng(seed)
	var pool []CardID
	for s, h := range g.hands {
		if s != seat {
			pool = append(pool, h...)
		}
	}
	pool = append(pool, g.draw...)
	pool = append(pool, g.discards...)
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	take := func(n int) []CardID {
		out := slices.Clone(pool[:n])
		pool = pool[n:]
		return out
	}
	for s := range g.hands {
		if s != seat {
			g.hands[s] = take(len(g.hands[s]))
		}
	}
	g.draw = take(len(g.draw))
	g.discards = take(len(g.discards))
	if g.phase == Playing {
		var idx []int
		var roles []Role
		for s, ro := range g.roles {
			if s != seat {
				idx, roles = append(idx, s), append(roles, ro)
			}
		}
		roles = append(roles, g.setAside)
		r.Shuffle(len(roles), func(i, j int) { roles[i], roles[j] = roles[j], roles[i] })
		for i, s := range idx {
			g.roles[s] = roles[i]
		}
		g.setAside = roles[len(roles)-1]
		var hidden []int
		for i := range 3 {
			if !g.board.GoalFaceUp(i) && g.peeked[seat]&(1<<i) == 0 {
				hidden = append(hidden, i)
			}
		}
		r.Shuffle(len(hidden), func(i, j int) {
			a, b := hidden[i], hidden[j]
			g.board.goals[a], g.board.goals[b] = g.board.goals[b], g.board.goals[a]
		})
		for s := range g.peeked {
			if s != seat {
				g.peeked[s] = uint8(r.IntN(8))
			}
		}
	}
	if g.phase != Over {
		var gold []int
		gold = append(gold, g.goldPile...)
		chooser := g.phase == HandingOut && g.turn == seat
		if !chooser {
			gold = append(gold, g.offer...)
		}
		for s := range g.gold {
			if s != seat {
				gold = append(gold, g.gold[s]...)
			}
		}
		r.Shuffle(len(gold), func(i, j int) { gold[i], gold[j] = gold[j], gold[i] })
		g.goldPile = gold[:len(g.goldPile)]
		gold = gold[len(g.goldPile):]
		if !chooser {
			g.offer = slices.Clone(gold[:len(g.offer)])
			gold = gold[len(g.offer):]
		}
		for s := range g.gold {
			if s != seat {
				g.gold[s] = slices.Clone(gold[:len(g.gold[s])])
				gold = gold[len(g.gold[s]):]
			}
		}
		for i := range g.results {
			for s := range g.results[i].Gold {
				if s != seat {
					g.results[i].Gold[s] = r.IntN(10)
				}
			}
		}
	}
	g.Reseed(r.Uint64())
}

// checkPlacements compares Board.Placements with asking Fits of every cell
// around the maze, in both orientations: the same placements, each once.
func checkPlacements(t fataler, b *Board, c Card, connect bool) {
	t.Helper()
	lo, hi := Cell{0, 0}, Cell{0, 0}
	for _, tl := range b.Tiles() {
		lo.X, lo.Y = min(lo.X, tl.At.X), min(lo.Y, tl.At.Y)
		hi.X, hi.Y = max(hi.X, tl.At.X), max(hi.Y, tl.At.Y)
	}
	want := map[Placement]bool{}
	for x := lo.X - 1; x <= hi.X+1; x++ {
		for y := lo.Y - 1; y <= hi.Y+1; y++ {
			for _, k := range []Card{c, c.Rotated()} {
				if b.Fits(k, Cell{x, y}, connect) {
					want[Placement{k, Cell{x, y}}] = true
				}
			}
		}
	}
	got := b.Placements(nil, c, connect)
	seen := map[Placement]bool{}
	for _, p := range got {
		if seen[p] || !want[p] {
			t.Fatalf("Placements(%s) lists %s twice or wrongly", c, p)
		}
		seen[p] = true
	}
	if len(seen) != len(want) {
		t.Fatalf("Placements(%s) lists %d placements, Fits allows %d", c, len(seen), len(want))
	}
}
