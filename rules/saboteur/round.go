package saboteur

import "slices"

// nextTurn passes play clockwise (R4.3) to the next seat that holds cards;
// seats with empty hands pass without discarding (R4.1). When the draw pile
// and every hand are empty the round ends and the saboteurs win (R7.4). It
// appends the events to evs.
func (g *Game) nextTurn(evs []Event) []Event {
	n := g.opts.Players
	if len(g.draw) == 0 {
		empty := true
		for _, h := range g.hands {
			if len(h) > 0 {
				empty = false
				break
			}
		}
		if empty {
			return append(evs, g.endRound(Saboteurs)...)
		}
	}
	s := (g.turn + 1) % n
	for len(g.hands[s]) == 0 {
		evs = append(evs, Event{Type: Passed, Round: g.round, Seat: s})
		s = (s + 1) % n
	}
	g.turn = s
	return append(evs, Event{Type: TurnStarted, Round: g.round, Seat: s})
}

// endRound ends the round won by team w (R7.3, R7.4), shows every role and
// goal (R1.4) and starts handing out the gold (R8).
func (g *Game) endRound(w Team) []Event {
	n := g.opts.Players
	saboteurs := 0
	for _, r := range g.roles {
		if r == Saboteur {
			saboteurs++
		}
	}
	if w == Saboteurs && saboteurs == 0 {
		w = NoTeam // R8.3
	}
	res := RoundResult{
		Round: g.round, Winner: w, Roles: slices.Clone(g.roles), SetAside: g.setAside,
		Goals: g.board.goals[:], Finisher: g.lastMover, Gold: make([]int, n),
	}
	res.Goals = slices.Clone(res.Goals)
	g.results = append(g.results, res)
	evs := []Event{{Type: RoundEnded, Round: g.round, Seat: g.lastMover, Winner: w,
		Roles: slices.Clone(g.roles), SetAside: g.setAside, Goals: slices.Clone(res.Goals)}}
	switch w {
	case Diggers:
		evs = append(evs, g.startOffer()...)
		return append(evs, g.handOut()...)
	case Saboteurs:
		evs = append(evs, g.paySaboteurs(saboteurs)...)
	}
	return append(evs, g.finishRound()...)
}

// startOffer draws the gold cards for the gold-diggers and lists who gets
// them, in order (R8.1, R8.1a, R8.1b).
func (g *Game) startOffer() []Event {
	n := g.opts.Players
	eligible := func(s int) bool {
		return g.roles[s] == GoldDigger && !(g.opts.SabotagedGetNothing && g.broken[s] != 0)
	}
	// Counterclockwise (to the previous seat) from the player who reached
	// the gold; a saboteur who reached it keeps nothing (R8.1 ruling).
	g.offerTo = g.offerTo[:0]
	for k := 0; k < n; k++ {
		s := ((g.lastMover-k)%n + n) % n
		if eligible(s) {
			g.offerTo = append(g.offerTo, s)
		}
	}
	count := min(n, 9)
	g.perSeat = g.opts.OneNuggetPerDigger
	if g.perSeat {
		count = len(g.offerTo)
	}
	count = min(count, len(g.goldPile))
	if len(g.offerTo) == 0 {
		count = 0
	}
	g.offer = slices.Clone(g.goldPile[len(g.goldPile)-count:])
	g.goldPile = g.goldPile[:len(g.goldPile)-count]
	g.offerAt = 0
	return nil
}

// handOut goes on handing out the offered gold: each recipient in turn
// keeps one card. Where every card left is worth the same there is nothing
// to choose and the card is kept at once; otherwise the game waits for a
// Keep move (R8.1).
func (g *Game) handOut() []Event {
	var evs []Event
	for len(g.offer) > 0 {
		s := g.offerTo[g.offerAt%len(g.offerTo)]
		if slices.Min(g.offer) != slices.Max(g.offer) {
			g.phase, g.turn = HandingOut, s
			return append(evs, Event{Type: GoldOffered, Round: g.round, Seat: s,
				Count: len(g.offer), Golds: slices.Clone(g.offer)})
		}
		evs = append(evs, g.keep(s, len(g.offer)-1))
	}
	g.phase = Playing
	return append(evs, g.finishRound()...)
}

// keep gives seat s the offered card at index i.
func (g *Game) keep(s, i int) Event {
	v := g.offer[i]
	g.offer = slices.Delete(g.offer, i, i+1)
	g.gold[s] = append(g.gold[s], v)
	g.results[len(g.results)-1].Gold[s] += v
	g.offerAt++
	return Event{Type: GoldKept, Round: g.round, Seat: s, Gold: v}
}

func (g *Game) applyKeep(m Move) ([]Event, error) {
	i := slices.Index(g.offer, m.Gold)
	if i < 0 {
		return nil, refuse("R8.1", "no gold card worth %d is offered", m.Gold)
	}
	evs := []Event{g.keep(m.Seat, i)}
	return append(evs, g.handOut()...), nil
}

// SaboteurShare is the gold each saboteur takes when the saboteurs win,
// by the number of saboteurs in play (R8.2).
func SaboteurShare(saboteurs int) int {
	switch {
	case saboteurs == 1:
		return 4
	case saboteurs <= 3:
		return 3
	}
	return 2
}

// paySaboteurs pays each saboteur its share in seat order from the seat
// after the last player to move, in the fewest gold cards that make the
// amount exactly, or the largest amount below it the pile can make (R8.2).
func (g *Game) paySaboteurs(saboteurs int) []Event {
	n := g.opts.Players
	share := SaboteurShare(saboteurs)
	var evs []Event
	for k := 1; k <= n; k++ {
		s := (g.lastMover + k) % n
		if g.roles[s] != Saboteur {
			continue
		}
		for _, v := range PayCards(g.goldPile, share) {
			i := slices.Index(g.goldPile, v)
			g.goldPile = slices.Delete(g.goldPile, i, i+1)
			g.gold[s] = append(g.gold[s], v)
			g.results[len(g.results)-1].Gold[s] += v
			evs = append(evs, Event{Type: GoldKept, Round: g.round, Seat: s, Gold: v})
		}
	}
	return evs
}

// PayCards chooses gold card values from pile adding up to amount with the
// fewest cards; where the pile cannot make amount exactly, the largest
// amount below it that it can (R8.2). Among equally few cards it takes the
// larger cards first. The result is in descending order. Values other
// than 1, 2 and 3 in pile are ignored.
func PayCards(pile []int, amount int) []int {
	var have [4]int
	for _, v := range pile {
		if v >= 1 && v <= 3 { // gold cards are worth 1, 2 or 3 (R2.6)
			have[v]++
		}
	}
	best, bestSum, bestCount := [4]int{}, -1, 0
	for a3 := min(have[3], amount/3); a3 >= 0; a3-- {
		for a2 := min(have[2], (amount-3*a3)/2); a2 >= 0; a2-- {
			a1 := min(have[1], amount-3*a3-2*a2)
			sum, count := 3*a3+2*a2+a1, a3+a2+a1
			if sum > bestSum || (sum == bestSum && count < bestCount) {
				best, bestSum, bestCount = [4]int{0, a1, a2, a3}, sum, count
			}
		}
	}
	var out []int
	for v := 3; v >= 1; v-- {
		for i := 0; i < best[v]; i++ {
			out = append(out, v)
		}
	}
	return out
}

// finishRound ends the game after round 3 (R9.1), or deals the next round
// to the left neighbour of the player who played the last card (R8.5, R8.6).
func (g *Game) finishRound() []Event {
	if g.round >= Rounds {
		g.phase = Over
		return []Event{{Type: GameEnded, Round: g.round, Seat: -1, Scores: g.Scores(), Winners: g.Winners()}}
	}
	return g.startRound(g.round+1, (g.lastMover+1)%g.opts.Players)
}
