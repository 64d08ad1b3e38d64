package ruletest

import "github.com/goldvein/goldvein/rules"

// Undoable lets seat take its pick back while the round's picks are still
// sealed (rules.Undoer): the pick that completed the round revealed every
// pick, so it stays (T4). The toy remembers nothing else: a sealed pick is
// in its picks until the reveal clears them.
func (m *toyMatch) Undoable(seat int) error {
	switch {
	case seat < 0 || seat >= len(m.picks):
		return rules.Refuse("T2", "seat %d is not at the table", seat)
	case m.Over():
		return rules.Refuse("T4", "the game is over")
	case m.picks[seat] == 0:
		return rules.Refuse("T4", "the picks were revealed")
	}
	return nil
}
