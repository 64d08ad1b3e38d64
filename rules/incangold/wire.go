package incangold

import (
	"fmt"

	"github.com/goldvein/goldvein/rules"
)

// Incan Gold on the network (lan/PROTOCOL.md, version 3): its views and
// events travel as their JSON; DecodeView already holds a view's seats,
// lists and counts to the table's bounds.

// CheckView checks that v, a View a LAN guest received, is the guest's
// own seat's (rules.ViewChecker): another explorer's view would show its
// sealed choice (I3.4). Errors start "view:".
func (Game) CheckView(rv rules.View, seat int) error {
	v, ok := rv.(View)
	if !ok {
		return fmt.Errorf("view: of type %T, not an Incan Gold view", rv)
	}
	if v.Seat != seat {
		return fmt.Errorf("view: of seat %d, but this is seat %d", v.Seat, seat)
	}
	if seat < 0 || seat >= v.Players {
		return fmt.Errorf("view: seat %d at a table of %d", seat, v.Players)
	}
	return nil
}

// LegalMoves lists the choices of v's seat when it owes one, the safe one
// (camp, I3.4) first, as Match.Legal does (rules.LegalLister).
func (Game) LegalMoves(rv rules.View) []rules.Move {
	v, ok := rv.(View)
	if !ok {
		return nil
	}
	var out []rules.Move
	for _, m := range v.Legal() {
		out = append(out, m)
	}
	return out
}
