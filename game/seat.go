package game

import (
	"errors"
	"sync"
	"time"

	"github.com/goldvein/goldvein/rules"
)

// Inbox is a Seat that queues its deliveries for a reader on another
// goroutine, such as the app's frame loop: Deliver never blocks, Poll never
// waits. A local human's seat and the screen's spectator are Inboxes.
type Inbox struct {
	name   string
	mu     sync.Mutex
	queue  []Delivery
	latest rules.View
	has    bool
}

// NewInbox returns an empty Inbox for a player called name.
func NewInbox(name string) *Inbox { return &Inbox{name: name} }

// Name returns the player's name.
func (b *Inbox) Name() string { return b.name }

// Deliver queues the delivery.
func (b *Inbox) Deliver(d Delivery) {
	b.mu.Lock()
	b.queue = append(b.queue, d)
	b.latest, b.has = d.View, true
	b.mu.Unlock()
}

// Poll takes the oldest queued delivery; ok is false when none is waiting.
func (b *Inbox) Poll() (d Delivery, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.queue) == 0 {
		return Delivery{}, false
	}
	d = b.queue[0]
	b.queue[0] = Delivery{}
	b.queue = b.queue[1:]
	return d, true
}

// Latest returns the newest view delivered (queued or not); ok is false
// before the first delivery.
func (b *Inbox) Latest() (v rules.View, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.latest, b.has
}

// Pending returns how many deliveries wait in the queue.
func (b *Inbox) Pending() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.queue)
}

// BotSeat runs a computer player (rules.Bot) off the caller's goroutine:
// deliveries are queued, and a goroutine of its own feeds the events to
// the bot and, when the newest delivery has the seat owing a move, lets it
// think and submits its move (Table.SubmitOrSafe: a move the match refuses,
// a bug in the bot, is replaced by the first legal move, so the game never
// stalls), no sooner than Delay after the move came due (so humans can
// follow), and no sooner than the table's hold after a person's move that
// may be taken back (Table.SetUndoWait). A move taken back (Table.Undo)
// drops a move the seat chose before it, and with Renew the seat's bot is
// made afresh and relearns the game. Start it by putting it at a table
// (it is a Binder); it stops when the table's game ends, the table is
// closed or the seat is replaced.
type BotSeat struct {
	name  string
	level string
	bot   rules.Bot
	delay time.Duration
	fresh func() rules.Bot // see Renew

	mu      sync.Mutex
	queue   []Delivery
	wake    chan struct{}
	rewound chan struct{} // a Rewind delivery came: a held move gives up
	stop    chan struct{}
	once    sync.Once
	t       *Table
	seat    int
	bound   bool
	pace    func(step int, delay time.Duration, stop <-chan struct{}) bool
	onMove  func(error) // test hook: the result of each Submit
	epoch   int         // Rewind deliveries so far: a move chosen before one is dropped
}

// NewBotSeat returns a seat called name played by b, a computer player of
// level (for the record), which moves no sooner than delay after its move
// comes due (0: as soon as it has chosen).
func NewBotSeat(name, level string, b rules.Bot, delay time.Duration) *BotSeat {
	return &BotSeat{name: name, level: level, bot: b, delay: delay, wake: make(chan struct{}, 1), rewound: make(chan struct{}, 1), stop: make(chan struct{})}
}

// Pace replaces the seat's wait between choosing and submitting: wait
// gets the step the move is for, the seat's delay and a channel closed
// when the seat stops, and returns true when the move may go, false when
// it may not (the seat stopped, or the move went stale meanwhile: it is
// dropped). A screen uses it to hold computer players until its
// animations have caught up. Call it before the seat is put at a table.
func (s *BotSeat) Pace(wait func(step int, delay time.Duration, stop <-chan struct{}) bool) {
	s.pace = wait
}

// Renew sets how the seat makes its computer player afresh when the
// table takes a move back (Table.Undo): the new bot observes the rewound
// history (Delivery.Rewind) and so forgets the move taken back. Without
// it the seat keeps its bot, which then remembers the events of that move
// (it does not observe the history twice). Call it before the seat is put
// at a table.
func (s *BotSeat) Renew(fresh func() rules.Bot) { s.fresh = fresh }

// Name returns the player's name.
func (s *BotSeat) Name() string { return s.name }

// Kind says the seat is a computer player of its level.
func (s *BotSeat) Kind() (rules.SeatKind, string) { return rules.Computer, s.level }

// Bind starts the seat's goroutine for seat at table t (called by the
// table; a BotSeat sits at one table once).
func (s *BotSeat) Bind(t *Table, seat int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.bound {
		return
	}
	s.t, s.seat, s.bound = t, seat, true
	go s.run(t, seat)
}

// Deliver queues the delivery for the seat's goroutine.
func (s *BotSeat) Deliver(d Delivery) {
	s.mu.Lock()
	if d.Rewind {
		s.epoch++
	}
	s.queue = append(s.queue, d)
	s.mu.Unlock()
	if d.Rewind {
		select {
		case s.rewound <- struct{}{}:
		default:
		}
	}
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Stop ends the seat's goroutine; it does not wait for it.
func (s *BotSeat) Stop() { s.once.Do(func() { close(s.stop) }) }

func (s *BotSeat) run(t *Table, seat int) {
	for {
		s.mu.Lock()
		q, epoch := s.queue, s.epoch
		s.queue = nil
		s.mu.Unlock()
		if len(q) > 0 {
			for _, d := range q {
				s.observe(d)
			}
			if d := q[len(q)-1]; d.Owes {
				if !s.move(t, seat, d, epoch) {
					return
				}
			}
		}
		select {
		case <-s.wake:
		case <-s.stop:
			return
		case <-t.Done():
			return
		}
	}
}

// observe feeds d's events to the bot; a Rewind delivery's go to a fresh
// bot (Renew), or to none when the seat has no way to make one.
func (s *BotSeat) observe(d Delivery) {
	if d.Rewind {
		if s.fresh == nil {
			return
		}
		s.bot = s.fresh()
	}
	for _, e := range d.Events {
		s.bot.Observe(e)
	}
}

// move lets the bot choose and submits, after the delay and the table's
// hold; false when the seat was stopped meanwhile. epoch is the seat's
// count of Rewind deliveries when d was taken: a move taken back since
// makes the move stale.
func (s *BotSeat) move(t *Table, seat int, d Delivery, epoch int) bool {
	began := time.Now()
	m := s.bot.Choose(d.View)
	if s.pace != nil {
		if !s.pace(d.Step, s.delay, s.stop) {
			select {
			case <-s.stop:
				return false
			default:
				return true // stale: the next delivery brings the next step
			}
		}
	} else if wait := s.delay - time.Since(began); wait > 0 {
		timer := time.NewTimer(wait)
		select {
		case <-timer.C:
		case <-s.stop:
			timer.Stop()
			return false
		}
	}
	stale := t.at(d.Step)
	still := func() error {
		select {
		case <-s.stop:
			return ErrClosed
		default:
		}
		s.mu.Lock()
		rewound := s.epoch != epoch
		s.mu.Unlock()
		switch {
		case rewound:
			return ErrStale
		case t.held() > 0:
			return errHeld
		}
		return stale()
	}
	var err error
	for {
		if !s.sleep(t.heldNow()) {
			return false
		}
		if err = t.submitIf(seat, m, still, true); err != errHeld {
			break
		}
	}
	if s.onMove != nil {
		s.onMove(err)
	}
	return err != ErrClosed
}

// errHeld: the table still holds computer players after a person's move
// (Table.SetUndoWait); the move waits and tries again.
var errHeld = errors.New("game: computer players hold their move")

// sleep waits d (nothing when d <= 0), or less when a move is taken back
// meanwhile; false when the seat stopped.
func (s *BotSeat) sleep(d time.Duration) bool {
	select {
	case <-s.stop:
		return false
	default:
	}
	if d <= 0 {
		return true
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-s.rewound:
		return true
	case <-s.stop:
		return false
	}
}

// Tee is a Seat that passes every delivery to a primary seat and to a
// watcher (for example, the screen following a computer player's hand in
// --autoplay). Name, Bind and Stop go to the primary; Bind also reaches the
// watcher if it is a Binder.
type Tee struct {
	Primary Seat
	Watcher Seat
}

// Name returns the primary seat's name.
func (t Tee) Name() string { return t.Primary.Name() }

// Deliver passes the delivery to both seats.
func (t Tee) Deliver(d Delivery) {
	t.Primary.Deliver(d)
	t.Watcher.Deliver(d)
}

// Kind is the primary seat's kind (a human's when it says none).
func (t Tee) Kind() (rules.SeatKind, string) {
	if k, ok := t.Primary.(Kinder); ok {
		return k.Kind()
	}
	return rules.Human, ""
}

// Bind binds the seats that are Binders.
func (t Tee) Bind(tb *Table, seat int) {
	if b, ok := t.Primary.(Binder); ok {
		b.Bind(tb, seat)
	}
	if b, ok := t.Watcher.(Binder); ok {
		b.Bind(tb, seat)
	}
}

// Stop stops the seats that are Stoppers.
func (t Tee) Stop() {
	if s, ok := t.Primary.(Stopper); ok {
		s.Stop()
	}
	if s, ok := t.Watcher.(Stopper); ok {
		s.Stop()
	}
}
