package saboteur

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Hidden is everything a seat's View leaves out (SABOTEUR.md, Hidden
// information), as guessed by search code: the roles, the set-aside role
// card, every hand, the order of the draw pile, the discards, the goals, the
// gold pile and everyone's gold. Determinize joins it with a View into a
// whole Game, so that a computer player can play on from a world that
// matches everything its seat knows (information-set search).
type Hidden struct {
	Roles    []Role      // every seat's role (R1.3); Roles[v.Seat] must be v.Role
	SetAside Role        // the role card set aside this round (R1.3)
	Hands    [][]Card    // every seat's hand; Hands[v.Seat] must hold v.Hand's cards
	Draw     []Card      // the draw pile, top card last; len v.DrawPile
	Discards []Card      // the whole discard pile, face-down and played cards alike; len v.Discards
	Goals    [3]GoalCard // what lies under each goal (R3.1); must agree with face-up goals and v.Peeked
	GoldPile []int       // the gold pile's values, top last (R3.4)
	Gold     [][]int     // the gold values each seat has kept; Gold[v.Seat] must add up to v.Gold
	Seed     uint64      // seeds the shuffles of later rounds (R8.6)
}

// Determinize builds a whole game from what seat v.Seat sees and a guess h
// at what it does not. The game's View(v.Seat) equals v (apart from the
// order of path cards of one kind, which nothing can tell apart), so moves
// legal in v are legal in it. Only the Playing phase can be determinized.
// Errors name the part of h that does not fit v: a hand of the wrong size,
// more cards of a kind than the deck has (R2.3, R2.5), roles that R1.2 does
// not deal, goals that contradict the face-up goals or the seat's maps.
func Determinize(v *View, h Hidden) (*Game, error) {
	n := v.Options.Players
	if err := v.Options.Validate(); err != nil {
		return nil, fmt.Errorf("determinize: %w", err)
	}
	if v.Phase != Playing {
		return nil, fmt.Errorf("determinize: phase %d: only the Playing phase can be determinized", v.Phase)
	}
	if v.Seat < 0 || v.Seat >= n {
		return nil, fmt.Errorf("determinize: seat %d: not a player", v.Seat)
	}
	if len(v.Broken) != n || len(v.HandSizes) != n {
		return nil, fmt.Errorf("determinize: view has %d broken and %d hand sizes for %d players", len(v.Broken), len(v.HandSizes), n)
	}
	// Roles (R1.2, R1.3).
	if len(h.Roles) != n {
		return nil, fmt.Errorf("determinize: roles: %d for %d players", len(h.Roles), n)
	}
	if h.Roles[v.Seat] != v.Role {
		return nil, fmt.Errorf("determinize: roles[%d]: %s, but the seat is a %s", v.Seat, h.Roles[v.Seat], v.Role)
	}
	sab, dig := RoleCards(n)
	for _, r := range append(slices.Clone(h.Roles), h.SetAside) {
		switch r {
		case Saboteur:
			sab--
		case GoldDigger:
			dig--
		default:
			return nil, fmt.Errorf("determinize: roles: %s is not a role card", r)
		}
	}
	if sab != 0 || dig != 0 {
		return nil, fmt.Errorf("determinize: roles: not the role cards R1.2 deals for %d players", n)
	}
	// Goals (R2.4, R3.1).
	var seen [4]bool
	for i, gc := range h.Goals {
		if gc < Gold || gc > CoalNW || seen[gc] {
			return nil, fmt.Errorf("determinize: goals: want GOLD, COAL_NE and COAL_NW once each")
		}
		seen[gc] = true
		t, _ := v.Board.At(GoalCells[i])
		if t.Card.Goal != NoGoal && t.Card.Goal != gc {
			return nil, fmt.Errorf("determinize: goals[%d]: %s, but %s lies face up there", i, gc, t.Card)
		}
		if v.Peeked[i] != NoGoal && v.Peeked[i] != gc {
			return nil, fmt.Errorf("determinize: goals[%d]: %s, but the seat's map showed %s", i, gc, v.Peeked[i])
		}
	}
	// Hands.
	if len(h.Hands) != n {
		return nil, fmt.Errorf("determinize: hands: %d for %d players", len(h.Hands), n)
	}
	for s, hand := range h.Hands {
		if len(hand) != v.HandSizes[s] {
			return nil, fmt.Errorf("determinize: hands[%d]: %d cards, the seat holds %d", s, len(hand), v.HandSizes[s])
		}
	}
	if !sameCards(h.Hands[v.Seat], v.Hand) {
		return nil, fmt.Errorf("determinize: hands[%d]: not the seat's own hand", v.Seat)
	}
	if len(h.Draw) != v.DrawPile {
		return nil, fmt.Errorf("determinize: draw: %d cards, the draw pile has %d", len(h.Draw), v.DrawPile)
	}
	if len(h.Discards) != v.Discards {
		return nil, fmt.Errorf("determinize: discards: %d cards, the discard pile has %d", len(h.Discards), v.Discards)
	}
	// Gold (R2.6, R8.4).
	if len(h.Gold) != n {
		return nil, fmt.Errorf("determinize: gold: %d for %d players", len(h.Gold), n)
	}
	var goldLeft [4]int
	for _, x := range GoldCards {
		goldLeft[x]++
	}
	mine := 0
	for s, gs := range append(slices.Clone(h.Gold), h.GoldPile) {
		for _, x := range gs {
			if x < 1 || x > 3 || goldLeft[x] == 0 {
				return nil, fmt.Errorf("determinize: gold: more gold cards worth %d than R2.6 has", x)
			}
			goldLeft[x]--
			if s == v.Seat {
				mine += x
			}
		}
	}
	if mine != v.Gold {
		return nil, fmt.Errorf("determinize: gold[%d]: worth %d, the seat has %d", v.Seat, mine, v.Gold)
	}

	// Card identities: the maze's path cards keep theirs; every other card
	// takes a free identity of its kind (R2.3, R2.5).
	var used [DeckSize]bool
	for _, t := range v.Board.Tiles() {
		if t.Card.Kind != Path {
			continue
		}
		if t.ID < 0 || t.ID >= DeckSize || used[t.ID] || !deck[t.ID].Same(t.Card) {
			return nil, fmt.Errorf("determinize: board: %s at %s has id %d", t.Card, t.At, t.ID)
		}
		used[t.ID] = true
	}
	take := func(c Card, what string) (CardID, error) {
		for id := range deck {
			if !used[id] && deck[id].Same(c) {
				used[id] = true
				return CardID(id), nil
			}
		}
		return 0, fmt.Errorf("determinize: %s: more %s cards than the deck has (R2.3, R2.5)", what, c)
	}
	g := &Game{
		opts: v.Options, seed: h.Seed, round: v.Round, phase: Playing, turn: v.Turn,
		roles: slices.Clone(h.Roles), setAside: h.SetAside,
		board: v.Board.Clone(), broken: slices.Clone(v.Broken), peeked: make([]uint8, n),
		mapsOn: slices.Clone(v.MapsPlayed), goldPile: slices.Clone(h.GoldPile), gold: make([][]int, n),
		lastMover: v.LastMover, moves: v.Moves, hands: make([][]CardID, n),
	}
	g.rng.Seed(h.Seed, 0x676f6c647665696e)
	g.board.goals = h.Goals
	for s := range n {
		for _, t := range v.Broken[s].Tools() {
			id, err := take(Card{Kind: Broken, Tools: t}, "broken tools")
			if err != nil {
				return nil, err
			}
			g.inFront = append(g.inFront, brokenCard{Seat: s, ID: id})
		}
	}
	for s, hand := range h.Hands {
		g.hands[s] = make([]CardID, 0, len(hand))
		for _, c := range hand {
			id, err := take(c, fmt.Sprintf("hands[%d]", s))
			if err != nil {
				return nil, err
			}
			g.hands[s] = append(g.hands[s], id)
		}
		g.gold[s] = slices.Clone(h.Gold[s])
	}
	for _, c := range h.Draw {
		id, err := take(c, "draw")
		if err != nil {
			return nil, err
		}
		g.draw = append(g.draw, id)
	}
	for _, c := range h.Discards {
		id, err := take(c, "discards")
		if err != nil {
			return nil, err
		}
		g.discards = append(g.discards, id)
	}
	for i, p := range v.Peeked {
		if p != NoGoal {
			g.peeked[v.Seat] |= 1 << i
		}
	}
	for _, m := range v.MapsPlayed {
		if m.Seat >= 0 && m.Seat < n && m.Goal >= 0 && m.Goal < 3 {
			g.peeked[m.Seat] |= 1 << m.Goal
		}
	}
	for _, r := range v.Results {
		r.Roles, r.Goals, r.Gold = slices.Clone(r.Roles), slices.Clone(r.Goals), slices.Clone(r.Gold)
		g.results = append(g.results, r)
	}
	return g, nil
}

// sameCards reports whether a and b hold the same cards, by kind (either
// orientation), in any order.
func sameCards(a, b []Card) bool {
	if len(a) != len(b) {
		return false
	}
	left := make([]Card, len(b))
	for i, c := range b {
		left[i] = c.Canonical()
	}
	for _, c := range a {
		i := slices.Index(left, c.Canonical())
		if i < 0 {
			return false
		}
		left = slices.Delete(left, i, i+1)
	}
	return true
}

// Clone returns an independent copy of g: search code plays moves on the
// copy and g stays as it was.
func (g *Game) Clone() *Game {
	c := *g
	c.roles = slices.Clone(g.roles)
	c.hands = make([][]CardID, len(g.hands))
	for s, h := range g.hands {
		c.hands[s] = slices.Clone(h)
	}
	c.draw = slices.Clone(g.draw)
	c.discards = slices.Clone(g.discards)
	c.board = g.board.Clone()
	c.broken = slices.Clone(g.broken)
	c.peeked = slices.Clone(g.peeked)
	c.mapsOn = slices.Clone(g.mapsOn)
	c.goldPile = slices.Clone(g.goldPile)
	c.gold = make([][]int, len(g.gold))
	for s, x := range g.gold {
		c.gold[s] = slices.Clone(x)
	}
	c.results = slices.Clone(g.results)
	for i := range c.results {
		r := &c.results[i]
		r.Roles, r.Goals, r.Gold = slices.Clone(r.Roles), slices.Clone(r.Goals), slices.Clone(r.Gold)
	}
	c.inFront = slices.Clone(g.inFront)
	c.offer = slices.Clone(g.offer)
	c.offerTo = slices.Clone(g.offerTo)
	return &c
}

// Reseed replaces the generator of later rounds' shuffles (R8.6), so that
// copies made by Clone can play on to different deals.
func (g *Game) Reseed(seed uint64) { g.rng = *rand.NewPCG(seed, 0x676f6c647665696e) }

// SeatState is the part of the whole state of a game that one seat's search
// needs on every step of a playout, without the copying View does: the
// maze (read only), the seat's role and hand, and the broken tools.
type SeatState struct {
	Board  *Board // the game's own maze: read it, never change it
	Role   Role
	Hand   []CardID // the game's own slice: read it, never change it
	Broken []Tool   // the game's own slice: read it, never change it
	Draw   int      // cards left in the draw pile
}

// SeatState returns seat's part of g's whole state, sharing g's memory (see
// SeatState). It is for search code playing a game it built with
// Determinize; the host never hands it to players.
func (g *Game) SeatState(seat int) SeatState {
	return SeatState{Board: &g.board, Role: g.roles[seat], Hand: g.hands[seat], Broken: g.broken, Draw: len(g.draw)}
}

// Follow updates a board that follows a game from its public events: Placed
// lays the card (without turning goals, which the GoalRevealed events that
// follow do, with the card as turned), GoalRevealed turns the goal face up,
// RockFell removes the card (R5, R6.3, R7.1, R7.2). Other events change
// nothing. A computer player keeps such a board to judge each move against
// the maze as it stood just before. An event that does not fit the board (a
// cell already taken, no card to remove) is an error and changes nothing.
func (b *Board) Follow(e Event) error {
	switch e.Type {
	case Placed:
		if !InGrid(e.At) || e.Card.Kind != Path {
			return fmt.Errorf("follow: %s at %s cannot be placed", e.Card, e.At)
		}
		if t, ok := b.At(e.At); ok {
			return fmt.Errorf("follow: cell %s already holds %s", e.At, t.Card)
		}
		if len(b.tiles) >= 255 {
			return fmt.Errorf("follow: too many tiles")
		}
		b.put(Tile{At: e.At, Card: e.Card, ID: -1})
		b.connect()
	case GoalRevealed:
		if e.Goal < 0 || e.Goal > 2 || e.Card.Kind != Goal {
			return fmt.Errorf("follow: goal %d as %s cannot be revealed", e.Goal, e.Card)
		}
		n := b.grid[index(GoalCells[e.Goal])]
		if n == 0 {
			return fmt.Errorf("follow: no goal at %s", GoalCells[e.Goal])
		}
		b.tiles[n-1].Card = e.Card
		b.goals[e.Goal] = e.Card.Goal
		b.connect()
	case RockFell:
		if _, ok := b.Remove(e.At); !ok {
			return fmt.Errorf("follow: no path card at %s to remove", e.At)
		}
	}
	return nil
}
