package incangold

import "github.com/goldvein/goldvein/rules"

// Undoable reports whether seat may take back the choice it just sealed
// (rules.Undoer; docs/INCAN_GOLD.md, "Undo"): yes while the choice step
// it was sealed in is still open, since until the reveal every other seat
// knows only that seat has chosen (I3.4, "Hidden information"). The
// choice that completed the step revealed all the choices at once and
// turned the next card (I3.3, I3.4), so it stays; so does the end of the
// game (I8.5). The table also refuses when another explorer has sealed
// since (rules.CanUndo).
func (m *Match) Undoable(seat int) error {
	switch {
	case seat < 0 || seat >= m.players:
		return rules.Refuse("I1.2", "seat %d: the table has seats 0 to %d", seat, m.players-1)
	case m.over:
		return rules.Refuse("I8.5", "the game is over: every choice has been revealed")
	case m.sealed&(1<<seat) == 0:
		return rules.Refuse("I3.4", "the choices have been revealed and the next card turned")
	}
	return nil
}
