package rules

import "slices"

func errorR51(seat int, t Tool) error {
	return refuse("R5.1", "seat %d has a broken %s", seat, t)
}

// LegalMoves lists every legal move of seat now (none when it is not its
// turn). Cards of one kind in the hand give their moves once.
func (g *Game) LegalMoves(seat int) []Move {
	if g.phase == Over || seat != g.turn {
		return nil
	}
	if g.phase == HandingOut {
		return keepMoves(seat, g.offer)
	}
	return legalMoves(nil, &g.board, g.handCards(seat), g.broken, seat, g.opts.ConnectToStart)
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
// hand (R4.1, R5, R6).
func legalMoves(dst []Move, b *Board, hand []Card, broken []Tool, seat int, connectToStart bool) []Move {
	var done []Card
	var places []Placement
	for _, c := range hand {
		c = c.Canonical()
		if slices.Contains(done, c) {
			continue
		}
		done = append(done, c)
		switch c.Kind {
		case Path:
			if broken[seat] != 0 {
				break
			}
			places = b.Placements(places[:0], c, connectToStart)
			for _, p := range places {
				dst = append(dst, Move{Seat: seat, Type: Play, Card: p.Card, At: p.At})
			}
		case Broken:
			for t := range broken {
				if broken[t]&c.Tools == 0 {
					dst = append(dst, Move{Seat: seat, Type: Play, Card: c, Target: t})
				}
			}
		case Repair:
			for t := range broken {
				for _, tool := range (broken[t] & c.Tools).Tools() {
					dst = append(dst, Move{Seat: seat, Type: Play, Card: c, Target: t, Tool: tool})
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
