package rules

import (
	"errors"
	"fmt"
)

// The reasons CanUndo refuses besides a game's own (Undoer), which cite
// the rule.
var (
	// ErrNoUndo: the game takes no move back (its Match is no Undoer).
	ErrNoUndo = errors.New("undo: this game takes no move back")
	// ErrNoMove: no move has been made yet.
	ErrNoMove = errors.New("undo: no move has been made")
	// ErrMovedSince: the last move is not the asking seat's: another seat
	// has acted since (or the seat never moved).
	ErrMovedSince = errors.New("undo: another seat has moved since")
	// ErrComputerMove: the seat is a computer player's; only a person
	// takes a slip back.
	ErrComputerMove = errors.New("undo: a computer player's move")
	// ErrGameOver: the last move ended the game, which shows everything.
	ErrGameOver = errors.New("undo: the game is over")
)

// UndoableOf asks m whether seat's last move may be taken back (Undoer);
// a match that is no Undoer answers ErrNoUndo.
func UndoableOf(m Match, seat int) error {
	u, ok := m.(Undoer)
	if !ok {
		return ErrNoUndo
	}
	return u.Undoable(seat)
}

// CanUndo reports whether seat may take back the last move of match m,
// whose record is r (docs/DESIGN.md, "Undo"): nil when the game is not
// over, r's last move is seat's, seat is no computer player's and the
// match says the move showed nothing hidden (Undoer); else why not
// (ErrNoMove, ErrMovedSince, ErrComputerMove, ErrGameOver, ErrNoUndo or
// the game's own error citing its rule).
func CanUndo(r *Record, m Match, seat int) error {
	switch {
	case seat < 0 || seat >= len(r.Seats):
		return fmt.Errorf("undo: seat %d: want 0 to %d", seat, len(r.Seats)-1)
	case m.Over():
		return ErrGameOver
	case len(r.Moves) == 0:
		return ErrNoMove
	}
	if last := r.Moves[len(r.Moves)-1].Seat; last != seat {
		return fmt.Errorf("%w: the last move is seat %d's", ErrMovedSince, last)
	}
	if r.Seats[seat].Kind == Computer {
		return fmt.Errorf("%w: seat %d is played by the computer", ErrComputerMove, seat)
	}
	return UndoableOf(m, seat)
}

// Undone returns a copy of r without its last move (r itself is
// unchanged); with no move it returns a copy of r.
func (r *Record) Undone() *Record {
	c := r.Clone()
	if n := len(c.Moves); n > 0 {
		c.Moves = c.Moves[:n-1]
	}
	return c
}

// Undo takes seat's last move back: when CanUndo allows it, it replays r
// without that move (Undone, Record.Replay) and returns that record, the
// match as it stood before the move and every event of the game up to
// then (unredacted, the opening first). On any refusal r and m are
// unchanged and the error says why.
func Undo(g Game, r *Record, m Match, seat int) (*Record, Match, []Event, error) {
	if err := CanUndo(r, m, seat); err != nil {
		return nil, nil, nil, err
	}
	u := r.Undone()
	um, evs, err := u.Replay(g)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("undo: the record without its last move: %w", err)
	}
	return u, um, evs, nil
}
