package underground

import (
	"fmt"
	"slices"

	"github.com/goldvein/goldvein/rules"
)

// Small World: Underground on the network (lan/PROTOCOL.md, version 3):
// its views and events travel as their JSON; DecodeView already holds a
// view's players, seats and legal moves to the table's bounds.

// CheckView checks that v, a View a LAN guest received, is the guest's
// own seat's and, when the seat owes a move, lists its legal moves
// (rules.ViewChecker): another seat's view would show its coins (U10),
// and a computer player needs the moves. Errors start "view:".
func (Game) CheckView(rv rules.View, seat int) error {
	v, ok := rv.(View)
	if !ok {
		return fmt.Errorf("view: of type %T, not an Underground view", rv)
	}
	if v.Seat != seat {
		return fmt.Errorf("view: of seat %d, but this is seat %d", v.Seat, seat)
	}
	if seat < 0 || seat >= v.Players {
		return fmt.Errorf("view: seat %d at a table of %d", seat, v.Players)
	}
	for _, s := range v.ToMove {
		if s < 0 || s >= v.Players {
			return fmt.Errorf("view: to_move: seat %d at a table of %d", s, v.Players)
		}
	}
	if !v.Over && slices.Contains(v.ToMove, seat) && len(v.Legal) == 0 {
		return fmt.Errorf("view: seat %d owes a move and has no legal one", seat)
	}
	return nil
}

// LegalMoves lists the legal moves of v's seat, as the view carries them
// (Match.Legal's, the safe one first: rules.LegalLister).
func (Game) LegalMoves(rv rules.View) []rules.Move {
	v, ok := rv.(View)
	if !ok {
		return nil
	}
	out := make([]rules.Move, len(v.Legal))
	for i, m := range v.Legal {
		out[i] = m
	}
	return out
}
