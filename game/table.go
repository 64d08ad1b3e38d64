// Package game is a table in progress (DESIGN.md, game): one saboteur.Game, its
// seats (local humans, computer players, remote players), the turn loop and
// the autosave. Single-player, hotseat and LAN games all go through a Table.
// It never imports ebiten: it runs and tests headless.
package game

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// Seat is one player at a table: a local human, a bot, or a remote player.
type Seat interface {
	// Name is the player's name as shown at the table and written in the
	// game record.
	Name() string
	// Deliver gives the seat its fresh view and the events since the last
	// delivery, already redacted for it (saboteur.Event.For). It is called with
	// the table locked, from whichever goroutine made the move: it must not
	// block and must not call back into the table (buffer or hand off).
	Deliver(v saboteur.View, evs []saboteur.Event)
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
	Save(*saboteur.Record) error
}

// Errors Submit returns besides the rules' own (which name the R-number).
var (
	// ErrClosed: the table was closed (Close) and takes no more moves.
	ErrClosed = errors.New("game: the table is closed")
	// ErrNotYourTurn: a move from a seat that is not on turn (R4.3).
	ErrNotYourTurn = errors.New("R4.3: not your turn")
	// ErrNoSeat: a seat number outside the table.
	ErrNoSeat = errors.New("game: no such seat")
	// ErrStale: a SubmitAt move chosen before the game moved on.
	ErrStale = errors.New("game: the game has moved on since the move was chosen")
)

// Table owns one saboteur.Game and its seats; moves come in from any goroutine
// via Submit, are validated by rules, recorded, autosaved, and every seat gets
// its own view and events. All methods are safe for concurrent use.
type Table struct {
	mu       sync.Mutex
	g        *saboteur.Game
	rec      *saboteur.Record
	seats    []Seat
	watchers []Seat
	events   []saboteur.Event // every event of the game so far, unredacted
	save     Saver
	saveErr  error
	done     chan struct{}
	over     atomic.Bool // see Over
	closed   bool
}

// NewTable deals a new game with opts and seed to seats (one per player, in
// seat order) and delivers every seat its first view and the deal's events.
// save may be nil (no autosave). It fails when the options are invalid or the
// number of seats does not match opts.Players.
func NewTable(opts saboteur.Options, seed uint64, seats []Seat, save Saver) (*Table, error) {
	if len(seats) != opts.Players {
		return nil, fmt.Errorf("game: %d seats for %d players", len(seats), opts.Players)
	}
	g, evs, err := saboteur.New(opts, seed)
	if err != nil {
		return nil, fmt.Errorf("game: %w", err)
	}
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = s.Name()
	}
	t := &Table{g: g, rec: saboteur.NewRecord(opts, seed, names), seats: slices.Clone(seats), save: save, done: make(chan struct{})}
	t.start(evs)
	return t, nil
}

// Resume rebuilds a table from an autosave record: the moves are replayed
// (saboteur.Record.Replay) and every seat gets its view and all the game's
// events so far, redacted for it, so that computer players can rebuild what
// they had learned. seats may carry new names; the record keeps its own.
func Resume(rec *saboteur.Record, seats []Seat, save Saver) (*Table, error) {
	if rec == nil {
		return nil, errors.New("game: resume: no record")
	}
	if len(seats) != rec.Options.Players {
		return nil, fmt.Errorf("game: resume: %d seats for %d players", len(seats), rec.Options.Players)
	}
	g, evs, err := rec.Replay()
	if err != nil {
		return nil, fmt.Errorf("game: resume: %w", err)
	}
	cp := *rec
	cp.Seats = slices.Clone(rec.Seats)
	cp.Moves = slices.Clone(rec.Moves)
	t := &Table{g: g, rec: &cp, seats: slices.Clone(seats), save: save, done: make(chan struct{})}
	t.start(evs)
	return t, nil
}

func (t *Table) start(evs []saboteur.Event) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, s := range t.seats {
		if b, ok := s.(Binder); ok {
			b.Bind(t, i)
		}
	}
	t.events = evs
	if t.g.Phase() == saboteur.Over {
		t.over.Store(true)
		close(t.done)
	}
	t.deliver(evs)
}

// deliver hands every seat and watcher its view and its redaction of evs.
// t.mu is held.
func (t *Table) deliver(evs []saboteur.Event) {
	for i, s := range t.seats {
		t.deliverTo(s, i, evs)
	}
	for _, w := range t.watchers {
		t.deliverTo(w, -1, evs)
	}
}

func (t *Table) deliverTo(s Seat, seat int, evs []saboteur.Event) {
	out := make([]saboteur.Event, len(evs))
	for j, e := range evs {
		out[j] = e.Redact(seat)
	}
	s.Deliver(t.g.View(seat), out)
}

// Submit plays move m for seat (m.Seat is set to seat). It refuses, changing
// nothing, a move after Close (ErrClosed) or after the end (saboteur.ErrOver),
// from a seat not on turn (ErrNotYourTurn), and any move the rules reject
// (the rules error, naming the R-number). A legal move is recorded, saved
// through the Saver (a failed save does not undo the move: see SaveError),
// and delivered to every seat.
func (t *Table) Submit(seat int, m saboteur.Move) error { return t.submitIf(seat, m, nil) }

// SubmitAt is Submit for a move chosen on the view after moves moves of the
// game (saboteur.View.Moves): when the game has made any other number of
// moves since, it refuses with ErrStale and changes nothing. A LAN host's
// turn timer plays a silent guest's turn with it, so that a move the
// guest made meanwhile is never followed by a second one for them.
func (t *Table) SubmitAt(seat, moves int, m saboteur.Move) error {
	return t.submitIf(seat, m, func() error {
		if t.g.Moves() != moves {
			return ErrStale
		}
		return nil
	})
}

// History returns what seat knows now: its view and every event of the
// game so far, redacted for it (saboteur.Event.For), taken at one moment. A
// computer player made mid-game catches up from it.
func (t *Table) History(seat int) (saboteur.View, []saboteur.Event) {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]saboteur.Event, len(t.events))
	for i, e := range t.events {
		out[i] = e.Redact(seat)
	}
	return t.g.View(seat), out
}

// submitIf is Submit that first asks still, with the table locked, whether
// the move may still be made (nil) or why not: a bot replaced (Replace
// stops it with the table locked) while its move waited for the lock must
// not move for whoever sits there now (ErrClosed), nor may a SubmitAt move
// come after the game moved on (ErrStale).
func (t *Table) submitIf(seat int, m saboteur.Move, still func() error) error {
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
	case t.g.Phase() == saboteur.Over:
		return saboteur.ErrOver
	case seat != t.g.Turn():
		return fmt.Errorf("%w: it is seat %d's turn", ErrNotYourTurn, t.g.Turn())
	}
	m.Seat = seat
	evs, err := t.g.Apply(m)
	if err != nil {
		return err
	}
	t.rec.Moves = append(t.rec.Moves, m)
	t.events = append(t.events, evs...)
	if t.save != nil {
		t.saveErr = t.save.Save(t.rec)
	}
	if t.g.Phase() == saboteur.Over {
		t.over.Store(true) // before the last events go out (see Over)
	}
	t.deliver(evs)
	if t.g.Phase() == saboteur.Over {
		close(t.done)
	}
	return nil
}

// Replace puts s in seat's place (a bot stands in for a dropped LAN guest,
// and back). The old seat is stopped if it is a Stopper; the new one is
// bound (Binder) and delivered its view and every event of the game so far,
// redacted for it, at once.
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
	t.deliverTo(s, seat, t.events)
	return nil
}

// Watch adds a spectator: w gets the public view (seat -1) and the public
// events after every move, starting with every event so far. The app's
// screen follows the game through a watcher.
func (t *Table) Watch(w Seat) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.watchers = append(t.watchers, w)
	t.deliverTo(w, -1, t.events)
}

// View returns what seat may know now (saboteur.Game.View); -1 is a spectator.
func (t *Table) View(seat int) saboteur.View {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.g.View(seat)
}

// Names returns the seats' names in seat order, as the record has them.
func (t *Table) Names() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.rec.Seats)
}

// Record returns a copy of the game record so far.
func (t *Table) Record() *saboteur.Record {
	t.mu.Lock()
	defer t.mu.Unlock()
	cp := *t.rec
	cp.Seats = slices.Clone(t.rec.Seats)
	cp.Moves = slices.Clone(t.rec.Moves)
	return &cp
}

// SaveError returns the error of the last autosave, nil when it worked.
func (t *Table) SaveError() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.saveErr
}

// Done returns a channel closed when the game is over (R9).
func (t *Table) Done() <-chan struct{} { return t.done }

// Over reports whether the game is over (R9). It turns true before the
// game's last events are handed to the seats, so a seat that hears the
// end and hangs up at once is already seen to leave after the game (Done
// closes only once the events are handed out). It never waits for the
// table's lock.
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
