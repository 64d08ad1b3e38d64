package scenes

import (
	"fmt"
	"slices"
	"time"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/incangold"
	igbot "github.com/goldvein/goldvein/rules/incangold/bot"
)

// Incan Gold's match as its screens see it (issue 16, "Playing it"). Until
// the game table (package game) runs any game of the contract, the screens
// drive a rules.Match themselves through igTable, so that the switch to
// game.Table is one new implementation of that interface.

// igGame is Incan Gold on the contract, with its computer players
// (rules/incangold/bot).
var igGame rules.Game = igbot.Game()

// igSetup is a new Incan Gold game as its new-game scene makes it.
type igSetup struct {
	Seats   []SeatSetup       `json:"seats"`
	Options incangold.Options `json:"options"`
	// ShowChance shows the chance that the next card ends the round (a
	// learning aid, off by default; issue 16).
	ShowChance bool   `json:"show_chance"`
	Seed       uint64 `json:"seed"`
}

func (s *igSetup) validate() error {
	if err := s.Options.Validate(len(s.Seats)); err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	for i, st := range s.Seats {
		if !st.Human && !slices.Contains(incangold.Levels, st.Level) {
			return fmt.Errorf("setup: seat %d: level %q: want one of %v", i, st.Level, incangold.Levels)
		}
	}
	return nil
}

// igItem is one event of the public (spectator) stream, with the public
// view after the move that caused it.
type igItem struct {
	ev   incangold.Event
	view *incangold.View
	last bool
}

// igTable is what the screens need of a running match: views, a human's
// sealed choice, the computer players' turns and the public stream.
type igTable interface {
	// View is what seat may know now (-1: public facts only).
	View(seat int) incangold.View
	// Submit seals seat's choice (I3.4).
	Submit(seat int, c incangold.Choice) error
	// Pump lets the computer players that owe a choice make it, once their
	// delay is over.
	Pump(now time.Time)
	// Take hands out the public stream's new events, in order.
	Take() []igItem
	// Close ends the match's work.
	Close()
}

// igLocal is igTable over a rules.Match in this process. Each computer
// player runs on a goroutine of its own (igWorker), off the UI goroutine,
// seeing its redacted events and choosing in order.
type igLocal struct {
	m       rules.Match
	workers map[int]*igWorker
	delay   time.Duration
	opened  time.Time // when the open choice step opened
	step    int
	feed    []igItem
	chosen  chan igChosen
	ready   map[int]igChosen // choices made, waiting for their delay
}

// igChosen is a computer player's choice for the step it was asked at.
type igChosen struct {
	seat, step int
	mv         rules.Move
}

// igWorker runs one computer player's Observe and Choose calls in order.
type igWorker struct {
	b    rules.Bot
	jobs chan func()
}

func newIGWorker(b rules.Bot) *igWorker {
	w := &igWorker{b: b, jobs: make(chan func(), 1024)}
	go func() {
		for job := range w.jobs {
			job()
		}
	}()
	return w
}

// igBotDelay staggers the computer players' choices so that they seal one
// after another, as people would.
func igBotDelay(base time.Duration, seat int) time.Duration {
	return base/2 + base*time.Duration((seat*37)%10)/10
}

func newIGLocal(s igSetup, delay time.Duration) (*igLocal, error) {
	// NewMatch rather than igGame.New: it also returns the deal's events
	// (round 1 started, the first card turned), which the screen shows.
	m, opening, err := incangold.NewMatch(len(s.Seats), s.Options, s.Seed)
	if err != nil {
		return nil, err
	}
	t := &igLocal{m: m, workers: map[int]*igWorker{}, delay: delay, step: -1,
		chosen: make(chan igChosen, 16), ready: map[int]igChosen{}}
	for i, st := range s.Seats {
		if st.Human {
			continue
		}
		b, err := igGame.NewBot(st.Level, i, botSeed(s.Seed, i))
		if err != nil {
			t.Close()
			return nil, err
		}
		t.workers[i] = newIGWorker(b)
	}
	t.deliver(toRulesEvents(opening))
	return t, nil
}

func toRulesEvents(evs []incangold.Event) []rules.Event {
	out := make([]rules.Event, len(evs))
	for i, e := range evs {
		out[i] = e
	}
	return out
}

func (t *igLocal) View(seat int) incangold.View { return t.m.View(seat).(incangold.View) }

func (t *igLocal) Submit(seat int, c incangold.Choice) error {
	evs, err := t.m.Apply(seat, incangold.Move{Choice: c})
	if err != nil {
		return err
	}
	t.deliver(evs)
	return nil
}

// deliver shows the events to every computer player (redacted for its
// seat) and queues them, redacted for a spectator, for the screen.
func (t *igLocal) deliver(evs []rules.Event) {
	v := t.View(-1)
	for i, e := range evs {
		for seat, w := range t.workers {
			if re, ok := e.For(seat); ok {
				w.jobs <- func() { w.b.Observe(re) }
			}
		}
		pe, ok := e.For(-1)
		if !ok {
			continue
		}
		t.feed = append(t.feed, igItem{ev: pe.(incangold.Event), view: &v, last: i == len(evs)-1})
	}
	if len(t.feed) > 0 {
		t.feed[len(t.feed)-1].last = true
	}
}

func (t *igLocal) Pump(now time.Time) {
	if t.m.Over() {
		return
	}
	if s := t.m.Step(); s != t.step {
		// A new step: every computer player that owes a choice is asked
		// for it, on its own goroutine.
		t.step, t.opened = s, now
		clear(t.ready)
		for _, seat := range t.m.ToMove() {
			if w, ok := t.workers[seat]; ok {
				v, seat := t.m.View(seat), seat
				w.jobs <- func() { t.chosen <- igChosen{seat: seat, step: s, mv: w.b.Choose(v)} }
			}
		}
	}
	for more := true; more; {
		select {
		case c := <-t.chosen:
			if c.step == t.step {
				t.ready[c.seat] = c
			}
		default:
			more = false
		}
	}
	for _, seat := range t.m.ToMove() {
		c, ok := t.ready[seat]
		if !ok || now.Sub(t.opened) < igBotDelay(t.delay, seat) {
			continue
		}
		delete(t.ready, seat)
		evs, err := t.m.Apply(seat, c.mv)
		if err != nil {
			// A refused move: the safe default the engine lists first.
			if evs, err = t.m.Apply(seat, t.m.Legal(seat)[0]); err != nil {
				continue
			}
		}
		t.deliver(evs)
		if t.m.Step() != t.step {
			return // a new step: the screen shows the reveal first
		}
	}
}

func (t *igLocal) Take() []igItem {
	out := t.feed
	t.feed = nil
	return out
}

// Close stops the computer players' goroutines.
func (t *igLocal) Close() {
	for seat, w := range t.workers {
		close(w.jobs)
		delete(t.workers, seat)
	}
}

// igGameID is Incan Gold's --game name.
const igGameID = incangold.ID
