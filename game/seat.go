package game

import (
	"sync"
	"time"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// Delivery is one Deliver call as an Inbox queues it: a view and the events
// that led to it.
type Delivery struct {
	View   saboteur.View
	Events []saboteur.Event
}

// Inbox is a Seat that queues its deliveries for a reader on another
// goroutine, such as the app's frame loop: Deliver never blocks, Poll never
// waits. A local human's seat and the screen's spectator are Inboxes.
type Inbox struct {
	name   string
	mu     sync.Mutex
	queue  []Delivery
	latest saboteur.View
	has    bool
}

// NewInbox returns an empty Inbox for a player called name.
func NewInbox(name string) *Inbox { return &Inbox{name: name} }

// Name returns the player's name.
func (b *Inbox) Name() string { return b.name }

// Deliver queues the view and events.
func (b *Inbox) Deliver(v saboteur.View, evs []saboteur.Event) {
	b.mu.Lock()
	b.queue = append(b.queue, Delivery{v, evs})
	b.latest, b.has = v, true
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
func (b *Inbox) Latest() (v saboteur.View, ok bool) {
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

// Brain is what a BotSeat drives: a computer player (bot.Bot satisfies it).
// Observe sees every event of the seat's redacted stream in order; Choose
// returns a move for the view, which has the seat on turn.
type Brain interface {
	Observe(saboteur.Event)
	Choose(saboteur.View) saboteur.Move
}

// BotSeat runs a Brain off the caller's goroutine: deliveries are queued,
// and a goroutine of its own feeds the events to the Brain and, when the
// newest view has the seat on turn, lets it think and Submits its move, no
// sooner than Delay after the turn came (so humans can follow). A move the
// table refuses (a bug in the bot) is replaced by the first legal move, so
// the game never stalls. Start it by putting it at a table (it is a Binder);
// it stops when the table's game ends, the table is closed or the seat is
// replaced.
type BotSeat struct {
	name  string
	brain Brain
	delay time.Duration

	mu     sync.Mutex
	queue  []Delivery
	wake   chan struct{}
	stop   chan struct{}
	once   sync.Once
	t      *Table
	seat   int
	bound  bool
	onMove func(error) // test hook: the result of each Submit
}

// NewBotSeat returns a seat called name played by brain, which moves no
// sooner than delay after its turn comes (0: as soon as it has chosen).
func NewBotSeat(name string, brain Brain, delay time.Duration) *BotSeat {
	return &BotSeat{name: name, brain: brain, delay: delay, wake: make(chan struct{}, 1), stop: make(chan struct{})}
}

// Name returns the player's name.
func (s *BotSeat) Name() string { return s.name }

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
func (s *BotSeat) Deliver(v saboteur.View, evs []saboteur.Event) {
	s.mu.Lock()
	s.queue = append(s.queue, Delivery{v, evs})
	s.mu.Unlock()
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
		q := s.queue
		s.queue = nil
		s.mu.Unlock()
		if len(q) > 0 {
			for _, d := range q {
				for _, e := range d.Events {
					s.brain.Observe(e)
				}
			}
			if v := q[len(q)-1].View; v.MyTurn() {
				if !s.move(t, seat, v) {
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

// move lets the brain choose and submits, after the delay; false when the
// seat was stopped meanwhile.
func (s *BotSeat) move(t *Table, seat int, v saboteur.View) bool {
	began := time.Now()
	m := s.brain.Choose(v)
	if wait := s.delay - time.Since(began); wait > 0 {
		timer := time.NewTimer(wait)
		select {
		case <-timer.C:
		case <-s.stop:
			timer.Stop()
			return false
		}
	}
	select {
	case <-s.stop:
		return false
	default:
	}
	still := func() error {
		select {
		case <-s.stop:
			return ErrClosed
		default:
			return nil
		}
	}
	err := t.submitIf(seat, m, still)
	if err != nil && err != ErrClosed {
		if legal := v.LegalMoves(); len(legal) > 0 {
			err = t.submitIf(seat, legal[0], still)
		}
	}
	if s.onMove != nil {
		s.onMove(err)
	}
	return err != ErrClosed
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
func (t Tee) Deliver(v saboteur.View, evs []saboteur.Event) {
	t.Primary.Deliver(v, evs)
	t.Watcher.Deliver(v, evs)
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
