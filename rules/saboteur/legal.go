package saboteur

import "slices"

func errorR51(seat int, t Tool) error {
	return refuse("R5.1", "seat %d has a broken %s", seat, t)
}

// LegalMoves lists every legal move of seat now (none when it is not its
// turn). Cards of one kind in the hand give their moves once.
func (g *Game) LegalMoves(seat int) []Move { return g.AppendLegalMoves(nil, seat) }

// AppendLegalMoves appends the moves LegalMoves lists to dst and returns
// it, so that search code can reuse one slice and allocate nothing.
func (g *Game) AppendLegalMoves(dst []Move, seat int) []Move {
	if g.phase == Over || seat != g.turn {
		return dst
	}
	if g.phase == HandingOut {
		return append(dst, keepMoves(seat, g.offer)...)
	}
	var buf [8]Card
	hand := buf[:0]
	for _, id := range g.hands[seat] {
		hand = append(hand, deck[id])
	}
	return legalMoves(dst, &g.board, hand, g.broken, seat, g.opts.ConnectToStart)
}

func keepMoves(seat int, offer []int) []Move {
	var out []Move
	for v := 1; v <= 3; v++ {
		if slices.Contains(offer, v) {
			out = append(out, Move{Seat: seat, Type: Keep, Gold: v})
		}
	}
	return out
}

// legalMoves appends to dst every legal Play and Discard of seat holding
// hand (R4.1, R5, R6): each kind of card in the hand once, a path card in
// both orientations (R3.3) at every legal cell, an action card on every
// target it may go to, and a discard of each kind. It counts the moves
// first and grows dst once, since move lists run to hundreds.
func legalMoves(dst []Move, b *Board, hand []Card, broken []Tool, seat int, connectToStart bool) []Move {
	var kindBuf [8]Card
	kinds := kindBuf[:0]
	for _, c := range hand {
		if c = c.Canonical(); !slices.Contains(kinds, c) {
			kinds = append(kinds, c)
		}
	}
	var placeBuf [128]Placement
	places := placeBuf[:0]
	var placeEnd [8]int // end of each path kind's placements in places
	pathCards := 0
	for _, t := range b.tiles {
		if t.Card.Kind == Path {
			pathCards++
		}
	}
	total := len(kinds) // a discard of each kind
	for k, c := range kinds {
		switch c.Kind {
		case Path:
			if broken[seat] == 0 {
				places = b.Placements(places, c, connectToStart)
			}
		case Broken:
			for t := range broken {
				if broken[t]&c.Tools == 0 {
					total++
				}
			}
		case Repair:
			for t := range broken {
				total += bits(broken[t] & c.Tools)
			}
		case Rockfall:
			total += pathCards
		case Map:
			for i := range GoalCells {
				if !b.GoalFaceUp(i) {
					total++
				}
			}
		}
		if k < len(placeEnd) {
			placeEnd[k] = len(places)
		}
	}
	total += len(places)
	dst = slices.Grow(dst, total)
	start := 0
	for k, c := range kinds {
		switch c.Kind {
		case Path:
			end := len(places)
			if k < len(placeEnd) {
				end = placeEnd[k]
			}
			for _, p := range places[start:end] {
				dst = append(dst, Move{Seat: seat, Type: Play, Card: p.Card, At: p.At})
			}
			start = end
		case Broken:
			for t := range broken {
				if broken[t]&c.Tools == 0 {
					dst = append(dst, Move{Seat: seat, Type: Play, Card: c, Target: t})
				}
			}
		case Repair:
			for t := range broken {
				for _, tool := range toolOrder {
					if broken[t]&c.Tools&tool != 0 {
						dst = append(dst, Move{Seat: seat, Type: Play, Card: c, Target: t, Tool: tool})
					}
				}
			}
		case Rockfall:
			for _, t := range b.tiles {
				if t.Card.Kind == Path {
					dst = append(dst, Move{Seat: seat, Type: Play, Card: c, At: t.At})
				}
			}
		case Map:
			for i := range GoalCells {
				if !b.GoalFaceUp(i) {
					dst = append(dst, Move{Seat: seat, Type: Play, Card: c, Goal: i})
				}
			}
		}
		dst = append(dst, Move{Seat: seat, Type: Discard, Card: c})
	}
	return dst
}

// bits counts the tools in t.
func bits(t Tool) int {
	n := 0
	for ; t != 0; t &= t - 1 {
		n++
	}
	return n
}
