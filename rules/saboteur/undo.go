package saboteur

import (
	"slices"

	"github.com/goldvein/goldvein/rules"
)

// Undoable reports whether seat may take back the move it just made
// (rules.Undoer; docs/SABOTEUR.md, "Undo"), by what the move caused; each
// of these refuses, citing its rule (the first that applies, in this
// order):
//   - the end of the round (R7.3, R7.4), which shows every role and goal
//     (R1.4);
//   - gold handed out (R8.1), which shows the seat its gold cards;
//   - a goal turned face up by a path card (R7.1, R7.2);
//   - a map played (R6.4): its player has looked at a face-down goal;
//   - a card drawn after the move (R4.2): its player has seen the top of
//     the draw pile, which is the card they would draw after any other
//     move.
//
// Any other move may be taken back: a path card, a broken tool, a repair,
// a rockfall or a face-down discard (R4.4) made when the draw pile was
// already empty, so that nothing was drawn. The table also refuses when
// another seat has moved since (rules.CanUndo).
func (m *Match) Undoable(seat int) error {
	switch {
	case seat < 0 || seat >= m.g.opts.Players:
		return refuse("R1.1", "seat %d: the table has seats 0 to %d", seat, m.g.opts.Players-1)
	case m.Over():
		return refuse("R9.1", "the game is over")
	case len(m.last) == 0:
		return refuse("R4.1", "no move has been made")
	case m.last[0].Seat != seat:
		return refuse("R4.3", "the last move is seat %d's", m.last[0].Seat)
	}
	has := func(ts ...EventType) bool {
		return slices.ContainsFunc(m.last, func(e Event) bool { return slices.Contains(ts, e.Type) })
	}
	switch {
	case has(RoundEnded):
		return refuse("R1.4", "the move ended the round, which showed every role and goal")
	case has(GoldOffered, GoldKept):
		return refuse("R8.1", "gold cards were handed out")
	case has(GoalRevealed):
		return refuse("R7.1", "the path card turned a goal face up")
	case has(MapPlayed):
		return refuse("R6.4", "the map showed its player a face-down goal")
	case has(Drew):
		return refuse("R4.2", "the move drew a card from the draw pile, which its player has seen")
	}
	return nil
}

var _ rules.Undoer = (*Match)(nil)
