package saboteur

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// GoldQuery is a position's {"query": "gold"}: the gold each seat takes
// for the round that just ended (R8), from the position's roles,
// gold_pile and payout options. Last is the seat that played the round's
// last card (the position's seat when not given): the gold-diggers' cards
// go round from it (R8.1), the saboteurs are paid from the seat after it
// (R8.2). Keeps are the worths the gold-diggers keep in turn where the
// cards offered differ (R8.1: each keeper chooses); where Keeps runs out,
// each keeps the most valuable card left.
type GoldQuery struct {
	Last  int
	Keeps []int
}

// Payout is the answer to a gold query: the team that won the round
// (NoTeam: nobody is paid, R8.3) and the gold cards each seat takes, in
// the order taken.
type Payout struct {
	Winner Team
	Cards  [][]int
}

// goldQueryJSON is a gold query as the position format writes it.
type goldQueryJSON struct {
	Query string `json:"query"`
	Last  *int   `json:"last"`
	Keeps []int  `json:"keeps"`
}

// isQuery reports whether a move of a position is a {"query": ...}.
func isQuery(raw json.RawMessage) bool {
	var probe map[string]json.RawMessage
	if json.Unmarshal(raw, &probe) != nil {
		return false
	}
	_, ok := probe["query"]
	return ok
}

// decodeGoldQuery reads {"query": "gold", "last": 2, "keeps": [3, 2]} of
// a position with n players.
func decodeGoldQuery(raw json.RawMessage, n, seat int) (*GoldQuery, error) {
	var j goldQueryJSON
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, jsonError(err)
	}
	if j.Query != "gold" {
		return nil, fmt.Errorf("query: %q: want \"gold\" (or a placements query)", j.Query)
	}
	q := &GoldQuery{Last: seat, Keeps: j.Keeps}
	if j.Last != nil {
		q.Last = *j.Last
	}
	if q.Last < 0 || q.Last >= n {
		return nil, fmt.Errorf("last: %d: want a seat 0 to %d", q.Last, n-1)
	}
	for i, v := range j.Keeps {
		if v < 1 || v > 3 {
			return nil, fmt.Errorf("keeps[%d]: %d: gold cards are worth 1, 2 or 3 (R2.6)", i, v)
		}
	}
	return q, nil
}

// parseRoles reads a position's roles: one per seat, "gold-digger" or
// "saboteur".
func parseRoles(in []string, n int) ([]Role, error) {
	if in == nil {
		return nil, nil
	}
	if len(in) != n {
		return nil, fmt.Errorf("roles: %d roles for %d players", len(in), n)
	}
	out := make([]Role, n)
	for i, r := range in {
		switch r {
		case "gold-digger":
			out[i] = GoldDigger
		case "saboteur":
			out[i] = Saboteur
		default:
			return nil, fmt.Errorf("roles[%d]: %q: want gold-digger or saboteur (R1.3)", i, r)
		}
	}
	return out, nil
}

// parseGoldPile reads a position's gold_pile: the worths of the gold cards
// left, the top card first, at most the 28 of R2.6.
func parseGoldPile(in []int) ([]int, error) {
	if len(in) > 28 {
		return nil, fmt.Errorf("gold_pile: %d cards, more than the 28 gold cards (R2.6)", len(in))
	}
	have := [4]int{}
	limit := [4]int{0, 16, 8, 4}
	for i, v := range in {
		if v < 1 || v > 3 {
			return nil, fmt.Errorf("gold_pile[%d]: %d: gold cards are worth 1, 2 or 3 (R2.6)", i, v)
		}
		if have[v]++; have[v] > limit[v] {
			return nil, fmt.Errorf("gold_pile: more than the %d gold cards worth %d (R2.6)", limit[v], v)
		}
	}
	// The engine's pile has its top at the end.
	pile := slices.Clone(in)
	slices.Reverse(pile)
	return pile, nil
}

// Gold answers a gold query on the position as it stands: the round that
// just ended was won by the gold-diggers when the gold lies face up (R7.3),
// by the saboteurs otherwise (the cards ran out, R7.4), and by nobody when
// no seat is a saboteur (R8.3). It pays as the game does (R8.1, R8.1a,
// R8.1b with the position's broken tools, R8.2) with a scratch game, so
// the payout is the engine's own.
func (p *Position) Gold(q GoldQuery) Payout {
	g := &Game{
		opts:  Options{Players: p.players, OneNuggetPerDigger: p.oneNugget, SabotagedGetNothing: p.sabotagedNothing},
		round: Rounds, phase: Playing, roles: slices.Clone(p.roles), broken: slices.Clone(p.broken),
		board: p.board, goldPile: slices.Clone(p.goldPile), gold: make([][]int, p.players), lastMover: q.Last,
	}
	w := Saboteurs
	if p.over {
		w = Diggers
	}
	g.endRound(w)
	keeps := q.Keeps
	for g.phase == HandingOut {
		v := slices.Max(g.offer)
		if len(keeps) > 0 && slices.Contains(g.offer, keeps[0]) {
			v = keeps[0]
		}
		if len(keeps) > 0 {
			keeps = keeps[1:]
		}
		g.applyKeep(Move{Type: Keep, Seat: g.turn, Gold: v})
	}
	out := Payout{Winner: g.results[0].Winner, Cards: g.gold}
	for s := range out.Cards {
		if out.Cards[s] == nil {
			out.Cards[s] = []int{}
		}
	}
	return out
}

// goldLine writes a payout as the position format's line:
// {"winner": "gold-diggers", "gold": [3, 0, 2, 1], "cards": [[3], [], [2], [1]]}.
func (pay Payout) goldLine() string {
	var b strings.Builder
	fmt.Fprintf(&b, `{"winner": %s, "gold": [`, jsonString(pay.Winner.String()))
	for s, cs := range pay.Cards {
		if s > 0 {
			b.WriteString(", ")
		}
		sum := 0
		for _, v := range cs {
			sum += v
		}
		fmt.Fprintf(&b, "%d", sum)
	}
	b.WriteString(`], "cards": [`)
	for s, cs := range pay.Cards {
		if s > 0 {
			b.WriteString(", ")
		}
		b.WriteString("[")
		for i, v := range cs {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%d", v)
		}
		b.WriteString("]")
	}
	b.WriteString("]}")
	return b.String()
}
