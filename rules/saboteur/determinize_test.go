package saboteur

import (
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// playTo plays random legal moves on a new game until it has made moves
// moves or left the Playing phase of its round, and returns it.
func playTo(t testing.TB, o Options, seed uint64, moves int) *Game {
	t.Helper()
	g := newGame(t, o, seed)
	r := rng(seed)
	for g.Moves() < moves && g.Phase() == Playing {
		ms := g.LegalMoves(g.Turn())
		if _, err := g.Apply(ms[r.IntN(len(ms))]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// reshuffled returns a guess at what seat cannot see in g that differs
// from the truth where the view allows: the other seats' roles and the
// set-aside card reshuffled, every unseen card (other hands, draw pile,
// face-down and played discards) reshuffled, the goals the seat has not
// seen reshuffled.
func reshuffled(g *Game, seat int, seed uint64) Hidden {
	r := rng(seed)
	n := g.opts.Players
	h := Hidden{Roles: slices.Clone(g.roles), SetAside: g.setAside, Hands: make([][]Card, n), Gold: make([][]int, n), Seed: seed}
	var others []Role
	for s, x := range g.roles {
		if s != seat {
			others = append(others, x)
		}
	}
	others = append(others, g.setAside)
	r.Shuffle(len(others), func(i, j int) { others[i], others[j] = others[j], others[i] })
	for s := range h.Roles {
		if s != seat {
			h.Roles[s], others = others[0], others[1:]
		}
	}
	h.SetAside = others[0]
	var pool []Card
	for s, hand := range g.hands {
		if s != seat {
			for _, id := range hand {
				pool = append(pool, deck[id])
			}
		}
	}
	for _, id := range g.draw {
		pool = append(pool, deck[id])
	}
	for _, id := range g.discards {
		pool = append(pool, deck[id])
	}
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for s, hand := range g.hands {
		if s == seat {
			h.Hands[s] = g.handCards(s)
			continue
		}
		h.Hands[s], pool = pool[:len(hand):len(hand)], pool[len(hand):]
	}
	h.Draw, pool = pool[:len(g.draw):len(g.draw)], pool[len(g.draw):]
	h.Discards = pool
	h.Goals = g.board.goals
	var free []int
	for i := range 3 {
		if !g.board.GoalFaceUp(i) && g.peeked[seat]&(1<<i) == 0 {
			free = append(free, i)
		}
	}
	if len(free) == 2 && r.IntN(2) == 0 {
		h.Goals[free[0]], h.Goals[free[1]] = h.Goals[free[1]], h.Goals[free[0]]
	}
	if len(free) == 3 {
		r.Shuffle(3, func(i, j int) { h.Goals[i], h.Goals[j] = h.Goals[j], h.Goals[i] })
	}
	for s := range n {
		h.Gold[s] = slices.Clone(g.gold[s])
	}
	h.GoldPile = slices.Clone(g.goldPile)
	return h
}

// TestDeterminizeMatchesView: a game built from a seat's view and any
// guess at the hidden cards shows that seat exactly the same view, keeps
// every card in one place (R2.3, R2.5, R2.6), offers the same legal
// moves, and plays on to the end of the game.
func TestDeterminizeMatchesView(t *testing.T) {
	for _, tc := range []struct {
		players, moves int
		seed           uint64
	}{{3, 0, 1}, {4, 9, 2}, {5, 25, 3}, {5, 60, 4}, {6, 40, 5}, {7, 33, 6}, {10, 20, 7}, {5, 150, 8}} {
		g := playTo(t, Options{Players: tc.players}, tc.seed, tc.moves)
		if g.Phase() != Playing {
			continue
		}
		for seat := range tc.players {
			v := g.View(seat)
			h := reshuffled(g, seat, tc.seed*31+uint64(seat))
			d, err := Determinize(&v, h)
			if err != nil {
				t.Fatalf("players %d moves %d seat %d: %v", tc.players, tc.moves, seat, err)
			}
			if got := d.View(seat); !viewsEqual(got, v) {
				t.Fatalf("players %d moves %d seat %d: the determinized game shows another view", tc.players, tc.moves, seat)
			}
			checkCards(t, d)
			if a, b := sortedMoves(g.LegalMoves(g.Turn())), sortedMoves(d.LegalMoves(d.Turn())); seat == g.Turn() && !slices.Equal(a, b) {
				t.Fatalf("seat %d: legal moves differ:\n%v\n%v", seat, a, b)
			}
			r := rng(tc.seed)
			randomGame(t, d, func(n int) int { return r.IntN(n) }, nil)
		}
	}
}

// TestDeterminizeRejects: a guess that contradicts the view is refused
// with an error naming the part, and nothing is built.
func TestDeterminizeRejects(t *testing.T) {
	g := playTo(t, Options{Players: 5}, 11, 30)
	v := g.View(2)
	for _, tc := range []struct {
		name, want string
		bad        func(h *Hidden, v *View)
	}{
		{"own role", "roles[2]", func(h *Hidden, v *View) {
			h.Roles[2] = 3 - h.Roles[2]
		}},
		{"role count", "R1.2", func(h *Hidden, v *View) {
			h.SetAside = 3 - h.SetAside
		}},
		{"hand size", "hands[0]", func(h *Hidden, v *View) { h.Hands[0] = h.Hands[0][1:] }},
		{"own hand", "hands[2]", func(h *Hidden, v *View) {
			h.Hands[2][0], h.Hands[0][0] = h.Hands[0][0], h.Hands[2][0]
			if h.Hands[2][0].Same(v.Hand[0]) {
				h.Hands[2][0] = MustCard("map")
			}
		}},
		{"draw size", "draw", func(h *Hidden, v *View) { h.Draw = h.Draw[1:] }},
		{"too many of a kind", "more", func(h *Hidden, v *View) {
			for i := range h.Draw {
				h.Draw[i] = MustCard("rockfall")
			}
		}},
		{"goal twice", "goals", func(h *Hidden, v *View) { h.Goals = [3]GoalCard{Gold, Gold, CoalNE} }},
		{"gold", "gold[2]", func(h *Hidden, v *View) {
			h.Gold[2], h.GoldPile = append(h.Gold[2], h.GoldPile[0]), h.GoldPile[1:]
		}},
		{"phase", "phase", func(h *Hidden, v *View) { v.Phase = HandingOut }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := reshuffled(g, 2, 5)
			vv := v
			tc.bad(&h, &vv)
			d, err := Determinize(&vv, h)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, %v; want an error naming %q", d, err, tc.want)
			}
		})
	}
	// A map that showed the gold binds the guess (R6.4).
	for i := range 3 {
		if !g.board.GoalFaceUp(i) {
			v := g.View(2)
			v.Peeked[i] = Gold
			h := reshuffled(g, 2, 5)
			h.Goals = [3]GoalCard{CoalNE, CoalNE, CoalNE}
			h.Goals[i], h.Goals[(i+1)%3], h.Goals[(i+2)%3] = CoalNE, Gold, CoalNW
			if _, err := Determinize(&v, h); err == nil {
				t.Fatalf("goal %d: a guess against the seat's map was accepted", i)
			}
			break
		}
	}
}

// TestCloneIndependent: playing on a clone leaves the original as it was.
func TestCloneIndependent(t *testing.T) {
	g := playTo(t, Options{Players: 6}, 21, 40)
	before := g.Clone()
	c := g.Clone()
	if !gamesEqual(g, c) {
		t.Fatal("a clone differs from its original")
	}
	r := rng(3)
	randomGame(t, c, func(n int) int { return r.IntN(n) }, nil)
	if !gamesEqual(g, before) {
		t.Fatal("playing on a clone changed the original")
	}
}

// TestFollow: a board that follows the public events of a game (no hidden
// goal identities) holds the same cards, connected the same way, as the
// game's maze after every move (R5.6, R6.3, R7.1).
func TestFollow(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		g := newGame(t, Options{Players: 4 + int(seed)}, seed)
		b := NewBoard([3]GoalCard{})
		r := rng(seed)
		randomGame(t, g, func(n int) int { return r.IntN(n) }, func(m Move, evs []Event) {
			for _, e := range evs {
				if e.Type == RoundStarted {
					b = NewBoard([3]GoalCard{})
				}
				if err := b.Follow(e.Redact(-1)); err != nil {
					t.Fatalf("follow %v: %v", e.Type, err)
				}
			}
			if g.Phase() != Playing {
				return
			}
			want := g.board.Tiles()
			got := b.Tiles()
			if len(got) != len(want) {
				t.Fatalf("after %s: %d tiles, want %d", m, len(got), len(want))
			}
			for _, w := range want {
				x, ok := b.At(w.At)
				if !ok || x.Card != w.Card || x.Connected != w.Connected {
					t.Fatalf("after %s: at %s got %+v, want %+v", m, w.At, x, w)
				}
			}
		})
	}
	var b Board = NewBoard([3]GoalCard{})
	if err := b.Follow(Event{Type: Placed, Card: MustCard("NS"), At: StartCell}); err == nil {
		t.Fatal("placing on the start was followed")
	}
	if err := b.Follow(Event{Type: RockFell, At: Cell{3, 3}}); err == nil {
		t.Fatal("a rockfall on an empty cell was followed")
	}
}

// TestPropertyDeterminize: for any game stopped anywhere in the Playing
// phase and any seat, a game built from the seat's view and a reshuffled
// guess shows the seat the same view and keeps every card in one place.
func TestPropertyDeterminize(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		players := rapid.IntRange(MinPlayers, MaxPlayers).Draw(rt, "players")
		seed := rapid.Uint64().Draw(rt, "seed")
		moves := rapid.IntRange(0, 200).Draw(rt, "moves")
		g := playTo(t, Options{Players: players}, seed, moves)
		if g.Phase() != Playing {
			return
		}
		seat := rapid.IntRange(0, players-1).Draw(rt, "seat")
		v := g.View(seat)
		d, err := Determinize(&v, reshuffled(g, seat, seed^0x5eed))
		if err != nil {
			rt.Fatalf("determinize: %v", err)
		}
		if !viewsEqual(d.View(seat), v) {
			rt.Fatalf("seat %d sees another view in the determinized game", seat)
		}
		checkCards(rt, d)
	})
}
