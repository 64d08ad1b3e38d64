package scenes

import (
	"errors"
	"fmt"
	"strings"

	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules"
)

// Undo at a LAN table (issue 22; lan/PROTOCOL.md, Undo): the in-game
// menu's Undo is offered on every game's LAN screens as at one screen.
// The host decides: at the host's screen the table's own answer
// (game.Table.CanUndo) greys the item with its reason, and lan.Host.Undo
// takes the move back and tells every guest; a guest asks with
// lan.Client.Undo and the host answers with the undo notice (every
// screen's log and banner say who took their move back) or a refusal,
// which the guest's board shows with its reason (TakeUndoRefusal).

// GuestRewinder is a GuestTable that keeps what it learned from the
// host's events (a log, a path of cards): Rewound is called, on the
// link's reading goroutine, when the host's undo notice comes, right
// after the update that gave the view as it stood before the move; the
// table drops the events that came with the move taken back (UndoTrail)
// and hands its screens the game again.
type GuestRewinder interface {
	Rewound()
}

// Undo asks the table to take back seat's last move: at the host,
// lan.Host.Undo (refused: why, as game.Table.CanUndo says); at a guest,
// lan.Client.Undo for its own seat, whose answer comes later: the undo
// notice, or a refusal (TakeUndoRefusal).
func (l *LanLink) Undo(seat int) error {
	if l.Host != nil {
		err := l.Host.Undo(seat)
		l.RefreshHost()
		return err
	}
	if seat != l.Seat {
		return ErrNotYourSeat
	}
	return l.Client.Undo()
}

// HostCanUndo is, at the host, whether seat may take its last move back
// now (game.Table.CanUndo: nil when it may, else why not); at a guest
// ErrGuestUndo: only the host knows (its board greys what it can tell
// from its own view, and the host answers the rest).
func (l *LanLink) HostCanUndo(seat int) error {
	if l.Host == nil {
		return ErrGuestUndo
	}
	t := l.Host.Table()
	if t == nil {
		return rules.ErrNoMove
	}
	return t.CanUndo(seat)
}

// ErrGuestUndo: a guest's screen cannot check an undo itself; the host
// decides (LanLink.HostCanUndo).
var ErrGuestUndo = errors.New("lan: the host decides whether a guest's move may be taken back")

// TakeUndoRefusal returns and forgets the host's last refusal of this
// guest's undo (lan.CodeUndo), as an error its board words as at one
// screen (HostError), nil when there is none.
func (l *LanLink) TakeUndoRefusal() error {
	l.Mu.Lock()
	defer l.Mu.Unlock()
	r := l.undoRefused
	l.undoRefused = ""
	if r == "" {
		return nil
	}
	return HostError(r)
}

// ruleRefusal is a refusal's text that cites a rule: "R4.2: reason",
// "I3.4: ...", "U5.7: ...", "UR12: ..." (rules.RuleError.Error).
var ruleRefusal = lazyRegexp(`^([A-Z]{1,3}[0-9]+(?:\.[0-9]+)*): (.+)$`)

// HostError is an error text the host sent (lan.Message.Error) as the
// error it was on the host: a text that begins with one of the table's
// own undo reasons is rules.ErrMovedSince, ErrComputerMove, ErrGameOver,
// ErrNoMove or ErrNoUndo again (errors.Is), a refusal citing a rule a
// *rules.RuleError (rules.RuleOf), anything else the text as it came.
func HostError(text string) error {
	for _, e := range []error{rules.ErrMovedSince, rules.ErrComputerMove, rules.ErrGameOver, rules.ErrNoMove, rules.ErrNoUndo} {
		if rest, ok := strings.CutPrefix(text, e.Error()); ok { // "undo: another seat has moved since: the last move is seat 2's"
			return fmt.Errorf("%w%s", e, rest)
		}
	}
	if m := ruleRefusal().FindStringSubmatch(text); m != nil {
		return &rules.RuleError{Rule: m[1], Reason: m[2]}
	}
	return errors.New(text)
}

// takeUndo applies the host's undo notice and refusals on the guest's
// reading goroutine (take); it reports whether m was one of them.
func (l *LanLink) takeUndo(m lan.Message) bool {
	switch {
	case m.T == lan.TError && m.Code == lan.CodeUndo:
		l.Mu.Lock()
		l.undoRefused = m.Error
		l.Mu.Unlock()
		return true
	case m.T == lan.TNotice && m.Code == lan.NoticeUndo:
		if r, ok := l.Guest.(GuestRewinder); ok {
			r.Rewound()
		}
	}
	return false
}

// UndoTrail is a LAN guest's public events (of any game's type T), update
// by update, so that the events of a move the host took back can be cut
// out (lan/PROTOCOL.md, Undo): an update without events after one with
// some marks the host's rewind, and the undo notice that follows cuts
// the events of that earlier update. The zero UndoTrail is empty.
type UndoTrail[T any] struct {
	all      []T
	from, to int // the last update with events: all[from:to]
	// cutFrom, cutTo: the events the next undo notice cuts, marked by an
	// update without events (the host's rewind); updates after it (a
	// computer player moving at once) leave the mark.
	cutFrom, cutTo int
	cut            bool
}

// Add takes one update's events; resync says the update repeats the
// whole game after a reconnection (what an undo would cut is then
// unknown).
func (u *UndoTrail[T]) Add(evs []T, resync bool) {
	switch {
	case resync:
		u.all, u.cut = append(u.all[:0], evs...), false
		u.from, u.to = len(u.all), len(u.all)
	case len(evs) == 0:
		if u.to > u.from { // the host's rewind of the last update's move
			u.cutFrom, u.cutTo, u.cut = u.from, u.to, true
		}
	default:
		u.from = len(u.all)
		u.all = append(u.all, evs...)
		u.to = len(u.all)
	}
}

// Rewind cuts the events of the move taken back, marked by Add, and
// returns every event left (a new slice) and how many were cut; ok is
// false, and nothing changes, when no rewind was marked.
func (u *UndoTrail[T]) Rewind() (left []T, cut int, ok bool) {
	if !u.cut {
		return nil, 0, false
	}
	cut = u.cutTo - u.cutFrom
	u.all = append(u.all[:u.cutFrom], u.all[u.cutTo:]...)
	u.from, u.to, u.cut = len(u.all), len(u.all), false
	return append([]T(nil), u.all...), cut, true
}

// Len is the number of events kept.
func (u *UndoTrail[T]) Len() int { return len(u.all) }

// Say shows line in the board's notice banner (Toast) for ToastTicks from
// the board's tick t; on is the board it shows on.
func (l *LanLink) Say(line string, on any, t int) {
	l.Toast, l.ToastOn, l.ToastEnd, l.ToastFit = line, on, t+ToastTicks, ""
}
