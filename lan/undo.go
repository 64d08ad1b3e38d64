package lan

import (
	"errors"
	"fmt"
)

// Undo takes back seat's last move at the host's table (game.Table.Undo:
// the table checks that no other seat has moved since and that the game
// lets the move be taken back). Taken back, every guest has been sent the
// view as it stood before the move and every seated connection, and the
// host's screen (Notices), gets a NoticeUndo naming the seat. A guest's
// TUndo comes here for the guest's own seat; the host's screen calls it
// for a seat played at the host, so that the guests are told too. The
// error says why not (game.Table.CanUndo's reasons).
func (h *Host) Undo(seat int) error {
	h.mu.Lock()
	t := h.table
	h.mu.Unlock()
	if t == nil {
		return errors.New("lan: the game has not started")
	}
	if err := t.Undo(seat); err != nil {
		return err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if seat < len(h.seats) {
		name := h.seats[seat].name
		h.noticeLocked(NoticeUndo, seat, name, fmt.Sprintf("%s took back their last move.", name))
	}
	return nil
}
