package lan

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/goldvein/goldvein/game"
)

// turnClock times the guests that owe a move (HostConfig.TurnTimeout),
// each seat on its own. A guest's seat arms its timer when a delivery has
// the seat owing a move and stops it when a delivery shows it owes none;
// it runs with the table locked, so it takes only its own lock. A move
// taken back (Undo) brings its step back (the match replays to before it):
// the seat then owes that step again, and its clock runs on from when the
// step first came due, not afresh, so moving and taking back never buys
// time (issue 22).
type turnClock struct {
	mu     sync.Mutex
	seats  map[int]*seatClock
	spent  map[int]seatClock // each seat's last stopped clock: its step and due time
	closed bool
}

// seatClock is one seat's timer and the step it runs for.
type seatClock struct {
	timer *time.Timer
	step  int       // the match's step when the move came due (game.Delivery.Step)
	due   time.Time // when the move came due
}

// observe looks at seat's fresh delivery: owing a move, the seat's clock
// runs for this step (once: the same step delivered again keeps its start,
// and so does the same step owed again after an undo); otherwise the
// seat's clock stops.
func (c *turnClock) observe(h *Host, seat int, owes bool, step int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	sc := c.seats[seat]
	if sc != nil && owes && sc.step == step {
		return
	}
	if sc != nil {
		sc.timer.Stop()
		delete(c.seats, seat)
		if c.spent == nil {
			c.spent = map[int]seatClock{}
		}
		c.spent[seat] = seatClock{step: sc.step, due: sc.due}
	}
	d := h.turnTimeout()
	if !owes || d <= 0 {
		return
	}
	due := time.Now()
	if old, ok := c.spent[seat]; ok && old.step == step {
		due = old.due // the same step owed again: a move taken back
	}
	left := max(d-time.Since(due), 0)
	if c.seats == nil {
		c.seats = map[int]*seatClock{}
	}
	c.seats[seat] = &seatClock{step: step, due: due, timer: time.AfterFunc(left, func() { h.turnTimedOut(seat, step, d) })}
}

// dueAt reports when seat's running clock started, and whether one runs.
func (c *turnClock) dueAt(seat int) (time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if sc := c.seats[seat]; sc != nil {
		return sc.due, true
	}
	return time.Time{}, false
}

func (c *turnClock) stop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	for _, sc := range c.seats {
		sc.timer.Stop()
	}
}

// turnTimeout reads the table's turn timer; it may run with the table
// locked (from a delivery), so it takes no lock of the host's: the value
// is read atomically.
func (h *Host) turnTimeout() time.Duration { return time.Duration(h.turnLimit.Load()) }

// turnTimedOut plays the move of a guest who let the turn timer run out:
// a computer player, caught up on everything the seat knows, makes that
// one move (game.Table.SubmitOrSafe: never after the guest moved
// meanwhile, and the first legal move should the match refuse the
// computer player's), and every connection gets a notice. A seat played by
// a stand-in, or whose guest left, is not touched.
func (h *Host) turnTimedOut(seat, step int, after time.Duration) {
	h.mu.Lock()
	t := h.table
	ok := t != nil && !h.closed && !h.over && seat < len(h.seats) &&
		h.seats[seat].kind == SeatGuest && h.seats[seat].standIn == nil
	level := h.cfg.BotLevel
	h.mu.Unlock()
	if !ok {
		return
	}
	d := t.History(seat)
	if d.Step != step || !d.Owes {
		return
	}
	bot := h.newBot(level, seat)
	for _, e := range d.Events {
		bot.Observe(e)
	}
	if err := t.SubmitOrSafe(seat, step, bot.Choose(d.View)); err != nil {
		if !errors.Is(err, game.ErrStale) && !errors.Is(err, game.ErrClosed) {
			h.logf("seat %d: turn timer: %v", seat, err)
		}
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	name := h.seats[seat].name
	h.noticeLocked(NoticeTurnTimeout, seat, name,
		fmt.Sprintf("%s took longer than %s for a turn: a computer player made the move.", name, after))
}

// noticeLocked tells every seated connection and the host's screen
// (Notices) something about seat, called name: a notice of code with
// text in English, also logged. h.mu is held.
func (h *Host) noticeLocked(code string, seat int, name, text string) {
	h.logf("seat %d: %s", seat, text)
	m := &Message{T: TNotice, Code: code, Seat: seat, Name: name, Text: text}
	for c := range h.conns {
		if c.seat >= 0 {
			c.out.send(m)
		}
	}
	h.notices = append(h.notices, Notice{Code: code, Seat: seat, Name: name, Text: text})
	if len(h.notices) > 100 {
		h.notices = slices.Delete(h.notices, 0, len(h.notices)-100)
	}
	h.notify()
}

// Notice is something the host tells every seat (lan/PROTOCOL.md,
// notice): Code says what (NoticeTurnTimeout, NoticeUndo), Seat and Name whom it is
// about, Text says it in English.
type Notice struct {
	Code string
	Seat int
	Name string
	Text string
}

// Notices returns what the host has told the table so far, the last 100
// (for the host's own screen; guests get them as notice messages).
func (h *Host) Notices() []Notice {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.notices)
}
