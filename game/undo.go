package game

import (
	"time"

	"github.com/goldvein/goldvein/rules"
)

// CanUndo reports whether seat may take its last move back now (Undo):
// nil when it may, else why not: ErrClosed, ErrNoSeat, or the reasons of
// rules.CanUndo (rules.ErrNoMove, rules.ErrMovedSince when another seat
// has moved since, rules.ErrComputerMove for a computer player's seat,
// rules.ErrGameOver, rules.ErrNoUndo for a game without undo, or the
// game's own error citing its rule when the move showed something
// hidden). A screen asks it to grey or hide its Undo control; the answer
// holds until the next move or undo.
func (t *Table) CanUndo(seat int) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.canUndo(seat)
}

// LastMover returns the seat that made the last move of the record, -1
// before the first move: at a shared screen, the seat whose Undo the
// in-game menu offers (CanUndo(LastMover())) when a person of this
// screen plays it, whoever holds the screen now.
func (t *Table) LastMover() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	if n := len(t.rec.Moves); n > 0 {
		return t.rec.Moves[n-1].Seat
	}
	return -1
}

// canUndo is CanUndo with t.mu held.
func (t *Table) canUndo(seat int) error {
	switch {
	case t.closed:
		return ErrClosed
	case seat < 0 || seat >= len(t.seats):
		return ErrNoSeat
	}
	if k, ok := t.seats[seat].(Kinder); ok {
		if kind, _ := k.Kind(); kind == rules.Computer {
			// A computer player stands in for a LAN guest: its moves are
			// not the guest's to take back, whatever the record says.
			return rules.ErrComputerMove
		}
	}
	return rules.CanUndo(t.rec, t.m, seat)
}

// Undo takes seat's last move back when CanUndo allows it: the match is
// rebuilt by replaying the record without that move (rules.Undo: the
// record is the truth), the shortened record is autosaved, and every seat
// and watcher is handed a Rewind delivery (its view as before the move and
// its whole history), so screens redraw and computer players relearn. A
// computer player's move chosen before the undo is dropped (BotSeat).
// Refused, it changes nothing and says why (see CanUndo).
func (t *Table) Undo(seat int) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.canUndo(seat); err != nil {
		return err
	}
	rec, m, evs, err := rules.Undo(t.game, t.rec, t.m, seat)
	if err != nil {
		return err
	}
	t.rec, t.m, t.events = rec, m, evs
	t.hold = time.Time{}
	if t.save != nil {
		t.saveErr = t.save.Save(t.rec)
	}
	owing, step := t.m.ToMove(), t.m.Step()
	for i, s := range t.seats {
		t.handAs(s, i, evs, owing, step, true)
	}
	for _, w := range t.watchers {
		t.handAs(w, -1, evs, nil, step, true)
	}
	return nil
}

// SetUndoWait sets how long computer players (BotSeat) hold their move
// after a person's move that may be taken back (CanUndo), so that Undo has
// time; a move that cannot be taken back holds nobody. 0, the table's
// default (and the tests'), holds nothing; at one screen the shell passes
// the player's setting "computer players wait after your move" (its
// Settings.BotWaitMs, 1500 ms unless changed). It applies from the next
// move on.
func (t *Table) SetUndoWait(d time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.undoWait = max(d, 0)
}

// UndoWait is the wait SetUndoWait set last (0: none).
func (t *Table) UndoWait() time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.undoWait
}

// holdAfter starts the hold after seat's move, which was just recorded,
// when a person made it and may take it back; any other move ends the
// hold. t.mu is held.
func (t *Table) holdAfter(seat int) {
	t.hold = time.Time{}
	if t.undoWait > 0 && t.canUndo(seat) == nil {
		t.hold = time.Now().Add(t.undoWait)
	}
}

// held is how long computer players must still hold their moves (0: not
// at all). t.mu is held.
func (t *Table) held() time.Duration {
	if t.hold.IsZero() {
		return 0
	}
	return time.Until(t.hold)
}

// heldNow is held with the table locked for the call.
func (t *Table) heldNow() time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.held()
}
