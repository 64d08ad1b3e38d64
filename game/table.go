// Package game is a table in progress, for any game of the box
// (docs/DESIGN.md, game): one rules.Match, its seats (local humans,
// computer players, remote players), the turn loop (one seat or several
// owing a move) and the autosave. Single-player, hotseat and LAN games all
// go through a Table. It knows games only through package rules, and never
// imports ebiten: it runs and tests headless.
package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/goldvein/goldvein/rules"
)

// Seat is one player at a table: a local human, a bot, or a remote player.
type Seat interface {
	// Name is the player's name as shown at the table and written in the
	// game record.
	Name() string
	// Deliver gives the seat its fresh view and the events since the last
	// delivery, already redacted for it (rules.Event.For), and whether it
	// owes a move now. It is called with the table locked, from whichever
	// goroutine made the move: it must not block and must not call back
	// into the table (buffer or hand off).
	Deliver(d Delivery)
}

// Delivery is what a seat is handed after every move: its view, the
// events that led to it (redacted for the seat), the match's step and
// whether the seat owes a move at that step (rules.Match.ToMove).
//
// A Rewind delivery comes after a move was taken back (Table.Undo): it
// replaces everything the seat was handed before. Its Events are the
// seat's whole history up to the move taken back (as Resume hands them,
// the opening first), its View and Step are the match's as they stood
// before that move. A screen redraws from it as after Continue; a seat
// that learns from events (a computer player: BotSeat.Renew) relearns.
type Delivery struct {
	View   rules.View
	Events []rules.Event
	Step   int
	Owes   bool
	Rewind bool
}

// Kinder is a Seat that says who plays it, for the record (rules.SeatKind
// and, for a computer player, its level), so that Continue restores the
// same table. A Seat that is no Kinder is recorded as a human's.
type Kinder interface {
	Kind() (kind rules.SeatKind, level string)
}

// Viewer is a Seat that reads its view from the match itself while it is
// handed its delivery, instead of in Delivery.View (which is then nil):
// DeliverMatch runs with the table locked, m as it stands, and must not
// keep m. A LAN guest's seat, which sends only part of a view, spares the
// table a copy of the whole view per seat and move that way.
type Viewer interface {
	DeliverMatch(d Delivery, m rules.Match)
}

// Binder is a Seat that wants to know its table and seat number before its
// first delivery (a BotSeat Submits through it). NewTable, Resume and
// Replace call Bind with the table locked: Bind must only store them.
type Binder interface {
	Bind(t *Table, seat int)
}

// Stopper is a Seat that runs goroutines of its own. The table calls Stop
// when the seat is replaced (Replace) or the table is closed (Close).
type Stopper interface {
	Stop()
}

// Saver writes the game record after every move: the autosave (FileSaver in
// the user's config directory; a storage-backed one in the browser).
type Saver interface {
	Save(*rules.Record) error
}

// Errors Submit returns besides the match's own (which cite the rule).
var (
	// ErrClosed: the table was closed (Close) and takes no more moves.
	ErrClosed = errors.New("game: the table is closed")
	// ErrNotYourTurn: a move from a seat that owes none now.
	ErrNotYourTurn = errors.New("game: not your turn")
	// ErrNoSeat: a seat number outside the table.
	ErrNoSeat = errors.New("game: no such seat")
	// ErrStale: a SubmitAt move chosen before the game moved on.
	ErrStale = errors.New("game: the game has moved on since the move was chosen")
	// ErrOver: a move after the end of the game.
	ErrOver = errors.New("game: the game is over")
)

// Table owns one match and its seats; moves come in from any goroutine
// via Submit, are validated by the match, recorded, autosaved, and every
// seat gets its own view and events. All methods are safe for concurrent
// use.
type Table struct {
	mu       sync.Mutex
	game     rules.Game
	m        rules.Match
	rec      *rules.Record
	seats    []Seat
	watchers []Seat
	events   []rules.Event // every event of the game so far, unredacted
	save     Saver
	saveErr  error
	done     chan struct{}
	over     atomic.Bool // see Over
	closed   bool
	undoWait time.Duration // see SetUndoWait
	hold     time.Time     // computer players move no sooner (undo.go)
}

// NewTable deals a new match of g with its table options opts (the game's
// JSON; nil: its defaults) and seed to seats (one per player, in seat
// order), and delivers every seat its first view and the deal's events
// (rules.Opener). save may be nil (no autosave). It fails when the number
// of seats is outside the game's range or the options do not suit it.
func NewTable(g rules.Game, opts json.RawMessage, seed uint64, seats []Seat, save Saver) (*Table, error) {
	if lo, hi := g.Seats(); len(seats) < lo || len(seats) > hi {
		return nil, fmt.Errorf("game: %d seats: %s takes %d to %d players", len(seats), g.ID(), lo, hi)
	}
	m, err := g.New(len(seats), opts, seed)
	if err != nil {
		return nil, fmt.Errorf("game: %w", err)
	}
	recSeats := make([]rules.RecordSeat, len(seats))
	for i, s := range seats {
		recSeats[i] = recordSeat(s.Name(), s)
	}
	t := &Table{game: g, m: m, rec: rules.NewRecord(g.ID(), opts, seed, recSeats), seats: slices.Clone(seats),
		save: save, done: make(chan struct{})}
	t.start(rules.OpeningOf(m))
	return t, nil
}

// recordSeat is seat s as the record keeps it, called name.
func recordSeat(name string, s Seat) rules.RecordSeat {
	k, ok := s.(Kinder)
	if !ok {
		return rules.RecordSeat{Name: name, Kind: rules.Human}
	}
	kind, level := k.Kind()
	if kind != rules.Computer {
		level = ""
	}
	return rules.RecordSeat{Name: name, Kind: kind, Level: level}
}

// Resume rebuilds a table of g from a record (an autosave): the moves are
// replayed (rules.Record.Replay) and every seat gets its view and all the
// game's events so far, redacted for it, so that computer players can
// rebuild what they had learned. The record keeps its names; each seat's
// kind and level become those of the seat given (Kinder).
func Resume(g rules.Game, rec *rules.Record, seats []Seat, save Saver) (*Table, error) {
	if rec == nil {
		return nil, errors.New("game: resume: no record")
	}
	if len(seats) != len(rec.Seats) {
		return nil, fmt.Errorf("game: resume: %d seats for %d players", len(seats), len(rec.Seats))
	}
	m, evs, err := rec.Replay(g)
	if err != nil {
		return nil, fmt.Errorf("game: resume: %w", err)
	}
	cp := rec.Clone()
	for i, s := range seats {
		cp.Seats[i] = recordSeat(rec.Seats[i].Name, s)
	}
	t := &Table{game: g, m: m, rec: cp, seats: slices.Clone(seats), save: save, done: make(chan struct{})}
	t.start(evs)
	return t, nil
}

func (t *Table) start(evs []rules.Event) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, s := range t.seats {
		if b, ok := s.(Binder); ok {
			b.Bind(t, i)
		}
	}
	t.events = evs
	if t.m.Over() {
		t.over.Store(true)
		close(t.done)
	}
	t.deliver(evs)
}

// deliver hands every seat and watcher its view and its redaction of evs.
// t.mu is held.
func (t *Table) deliver(evs []rules.Event) {
	owing, step := t.m.ToMove(), t.m.Step()
	for i, s := range t.seats {
		t.hand(s, i, evs, owing, step)
	}
	for _, w := range t.watchers {
		t.hand(w, -1, evs, nil, step)
	}
}

// hand gives s, sitting in seat, its delivery (Viewer: without the view).
// t.mu is held.
func (t *Table) hand(s Seat, seat int, evs []rules.Event, owing []int, step int) {
	t.handAs(s, seat, evs, owing, step, false)
}

// handAs is hand, the delivery marked Rewind when rewind is set (Undo).
// t.mu is held.
func (t *Table) handAs(s Seat, seat int, evs []rules.Event, owing []int, step int, rewind bool) {
	if v, ok := s.(Viewer); ok {
		d := t.delivery(seat, evs, owing, step, false)
		d.Rewind = rewind
		v.DeliverMatch(d, t.m)
		return
	}
	d := t.delivery(seat, evs, owing, step, true)
	d.Rewind = rewind
	s.Deliver(d)
}

// delivery is seat's view (when view is set), its redaction of evs and
// whether it is among owing at step. t.mu is held.
func (t *Table) delivery(seat int, evs []rules.Event, owing []int, step int, view bool) Delivery {
	out := make([]rules.Event, 0, len(evs))
	for _, e := range evs {
		if r, ok := e.For(seat); ok {
			out = append(out, r)
		}
	}
	d := Delivery{Events: out, Step: step, Owes: slices.Contains(owing, seat)}
	if view {
		d.View = t.m.View(seat)
	}
	return d
}

// Submit plays move m for seat. It refuses, changing nothing, a move after
// Close (ErrClosed) or after the end (ErrOver), from a seat that owes no
// move (ErrNotYourTurn), and any move the match rejects (its error, citing
// the rule). A legal move is recorded, saved through the Saver (a failed
// save does not undo the move: see SaveError), and delivered to every
// seat.
func (t *Table) Submit(seat int, m rules.Move) error { return t.submitIf(seat, m, nil, false) }

// SubmitAt is Submit for a move chosen at step step of the match
// (Delivery.Step, rules.Match.Step): when the match has moved on since, it
// refuses with ErrStale and changes nothing. A LAN host's turn timer plays
// a silent guest's move with it, so that a move the guest made meanwhile
// is never followed by a second one for them.
func (t *Table) SubmitAt(seat, step int, m rules.Move) error {
	return t.submitIf(seat, m, t.at(step), false)
}

// SubmitOrSafe is SubmitAt for a computer player's move: when the match
// refuses m (a bot's bug, or a bot with no answer), the seat's first legal
// move is played instead (rules.Match.Legal puts one that is always safe
// first), so the game never stalls.
func (t *Table) SubmitOrSafe(seat, step int, m rules.Move) error {
	return t.submitIf(seat, m, t.at(step), true)
}

// at is the still-check of SubmitAt. t.mu is held when it runs.
func (t *Table) at(step int) func() error {
	return func() error {
		if t.m.Step() != step {
			return ErrStale
		}
		return nil
	}
}

// History returns what seat knows now, taken at one moment: its view, every
// event of the game so far redacted for it, the step and whether it owes a
// move. A computer player made mid-game catches up from it.
func (t *Table) History(seat int) Delivery {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.delivery(seat, t.events, t.m.ToMove(), t.m.Step(), true)
}

// ToMove returns the seats that owe a move now and the match's step.
func (t *Table) ToMove() (seats []int, step int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.m.ToMove(), t.m.Step()
}

// submitIf is Submit that first asks still, with the table locked, whether
// the move may still be made (nil) or why not: a bot replaced (Replace
// stops it with the table locked) while its move waited for the lock must
// not move for whoever sits there now (ErrClosed), nor may a SubmitAt move
// come after the game moved on (ErrStale). With safe, a move the match
// refuses is replaced by the seat's first legal move.
func (t *Table) submitIf(seat int, m rules.Move, still func() error, safe bool) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	var err error
	if still != nil && !t.closed {
		err = still()
	}
	switch {
	case t.closed:
		return ErrClosed
	case err != nil:
		return err
	case seat < 0 || seat >= len(t.seats):
		return ErrNoSeat
	case t.m.Over():
		return ErrOver
	}
	if owing := t.m.ToMove(); !slices.Contains(owing, seat) {
		return fmt.Errorf("%w: seat %d owes no move now (seats %v do)", ErrNotYourTurn, seat, owing)
	}
	evs, err := t.m.Apply(seat, m)
	if err != nil && safe {
		if legal := t.m.Legal(seat); len(legal) > 0 {
			m = legal[0]
			evs, err = t.m.Apply(seat, m)
		}
	}
	if err != nil {
		return err
	}
	if err := t.rec.Add(seat, m); err != nil {
		t.saveErr = err
	}
	t.events = append(t.events, evs...)
	t.holdAfter(seat)
	if t.save != nil {
		t.saveErr = t.save.Save(t.rec)
	}
	if t.m.Over() {
		t.over.Store(true) // before the last events go out (see Over)
		if e, ok := t.save.(Ender); ok && t.saveErr == nil {
			t.saveErr = e.Ended(t.rec, t.m.Scores())
		}
	}
	t.deliver(evs)
	if t.m.Over() {
		close(t.done)
	}
	return nil
}

// Replace puts s in seat's place (a bot stands in for a dropped LAN guest,
// and back). The old seat is stopped if it is a Stopper; the new one is
// bound (Binder) and delivered its view and every event of the game so far,
// redacted for it, at once. The record keeps the seat's kind.
func (t *Table) Replace(seat int, s Seat) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if seat < 0 || seat >= len(t.seats) {
		return ErrNoSeat
	}
	if st, ok := t.seats[seat].(Stopper); ok {
		st.Stop()
	}
	t.seats[seat] = s
	if b, ok := s.(Binder); ok {
		b.Bind(t, seat)
	}
	t.hand(s, seat, t.events, t.m.ToMove(), t.m.Step())
	return nil
}

// Watch adds a spectator: w gets the public view (seat -1) and the public
// events after every move, starting with every event so far. The app's
// screen follows the game through a watcher.
func (t *Table) Watch(w Seat) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.watchers = append(t.watchers, w)
	t.hand(w, -1, t.events, nil, t.m.Step())
}

// View returns what seat may know now (rules.Match.View); -1 is a
// spectator.
func (t *Table) View(seat int) rules.View {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.m.View(seat)
}

// Scores returns the final scores by seat once the game is over, nil
// before (rules.Match.Scores).
func (t *Table) Scores() []int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.m.Scores()
}

// Game returns the game the table plays.
func (t *Table) Game() rules.Game { return t.game }

// Names returns the seats' names in seat order, as the record has them.
func (t *Table) Names() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]string, len(t.rec.Seats))
	for i, s := range t.rec.Seats {
		out[i] = s.Name
	}
	return out
}

// Record returns a copy of the game record so far.
func (t *Table) Record() *rules.Record {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.rec.Clone()
}

// SaveError returns the error of the last autosave, nil when it worked.
func (t *Table) SaveError() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.saveErr
}

// Done returns a channel closed when the game is over.
func (t *Table) Done() <-chan struct{} { return t.done }

// Over reports whether the game is over. It turns true before the game's
// last events are handed to the seats, so a seat that hears the end and
// hangs up at once is already seen to leave after the game (Done closes
// only once the events are handed out). It never waits for the table's
// lock.
func (t *Table) Over() bool { return t.over.Load() }

// Close ends the table without finishing the game (the player left to the
// menu): later Submits fail with ErrClosed and every Stopper seat is
// stopped. The autosave stays, so the game can be continued. Close is
// idempotent.
func (t *Table) Close() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return
	}
	t.closed = true
	for _, s := range t.seats {
		if st, ok := s.(Stopper); ok {
			st.Stop()
		}
	}
}
