package incangold

import (
	"encoding/json"
	"sync"
	"time"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

// igGameTable is igTable over a game.Table: the contract's table, which
// records every move, autosaves it (game.Saver: record format 2 with the
// game id "incangold", its options, seed and seat kinds) and hands every
// seat its own redacted view. Humans sit as igHumanSeat (the screen asks
// the table for their views and submits their sealed choices), computer
// players as game.BotSeat paced by the gate (igGate), each thinking on a
// goroutine of its own, off the UI goroutine; the screen follows the public stream through a watcher.
type igGameTable struct {
	t     *game.Table
	watch *game.Inbox
	gate  *igGate
}

// igGate paces the computer players to the screen: a computer player that
// owes a choice at a step submits it only once the screen has caught up
// with the game at that step (Pump) and its delay since then is over, so
// their choices seal one after another while the screen shows the table,
// as people's would, and never pile up behind the screen's motion.
type igGate struct {
	mu     sync.Mutex
	step   int
	opened time.Time
	moved  chan struct{} // closed and replaced whenever step changes
}

func newIGGate() *igGate { return &igGate{step: -1, moved: make(chan struct{})} }

// open records that the screen has caught up at step, at now.
func (g *igGate) open(step int, at time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if step == g.step {
		return
	}
	g.step, g.opened = step, at
	close(g.moved)
	g.moved = make(chan struct{})
}

// wait blocks until the screen has opened step and delay has passed since;
// false when stop closes first or the screen is past step (the move is
// stale).
func (g *igGate) wait(step int, delay time.Duration, stop <-chan struct{}) bool {
	for {
		g.mu.Lock()
		ch, at, cur := g.moved, g.opened, g.step
		g.mu.Unlock()
		if cur > step {
			return false
		}
		var timer *time.Timer
		var tick <-chan time.Time
		if cur == step {
			left := delay - time.Since(at)
			if left <= 0 {
				return true
			}
			timer = time.NewTimer(left)
			tick = timer.C
		}
		stopped := false
		select {
		case <-ch:
		case <-tick:
		case <-stop:
			stopped = true
		}
		if timer != nil {
			timer.Stop()
		}
		if stopped {
			return false
		}
	}
}

// igHumanSeat is a person at this screen: the screen reads their view
// from the table when it needs it, so deliveries are dropped.
type igHumanSeat struct{ name string }

func (s igHumanSeat) Name() string                   { return s.name }
func (s igHumanSeat) Deliver(game.Delivery)          {}
func (s igHumanSeat) Kind() (rules.SeatKind, string) { return rules.Human, "" }

// igTableSeats makes the table's seats of setup s, named names: humans and
// computer players of their levels, each pausing delay (staggered by seat:
// igBotDelay) after the screen has caught up.
func igTableSeats(s igSetup, names []string, delay time.Duration, gate *igGate) ([]game.Seat, error) {
	seats := make([]game.Seat, len(s.Seats))
	for i, st := range s.Seats {
		if st.Human {
			seats[i] = igHumanSeat{name: names[i]}
			continue
		}
		b, err := igGame.NewBot(st.Level, i, scenes.BotSeed(s.Seed, i))
		if err != nil {
			return nil, err
		}
		bs := game.NewBotSeat(names[i], st.Level, b, igBotDelay(delay, i))
		bs.Pace(gate.wait) // after the screen has caught up
		level, seed := st.Level, scenes.BotSeed(s.Seed, i)
		bs.Renew(func() rules.Bot { b, _ := igGame.NewBot(level, i, seed); return b }) // game.Table.Undo
		seats[i] = bs
	}
	return seats, nil
}

// newIGGameTable deals a new game of setup s at a table of seats named
// names, autosaving after every move through save (nil: no autosave).
func newIGGameTable(s igSetup, names []string, delay time.Duration, save game.Saver) (*igGameTable, error) {
	gate := newIGGate()
	seats, err := igTableSeats(s, names, delay, gate)
	if err != nil {
		return nil, err
	}
	opts, err := json.Marshal(s.Options)
	if err != nil {
		return nil, err
	}
	t, err := game.NewTable(igGame, opts, s.Seed, seats, save)
	if err != nil {
		return nil, err
	}
	return igWatch(t, gate), nil
}

// resumeIGGameTable rebuilds the table of a record (an autosave): the
// moves are replayed, the computer players relearn the game from its
// events, and the screen's watcher is handed every event so far.
func resumeIGGameTable(rec *rules.Record, s igSetup, names []string, delay time.Duration, save game.Saver) (*igGameTable, error) {
	gate := newIGGate()
	seats, err := igTableSeats(s, names, delay, gate)
	if err != nil {
		return nil, err
	}
	t, err := game.Resume(igGame, rec, seats, save)
	if err != nil {
		return nil, err
	}
	return igWatch(t, gate), nil
}

func igWatch(t *game.Table, gate *igGate) *igGameTable {
	w := game.NewInbox("")
	t.Watch(w)
	return &igGameTable{t: t, watch: w, gate: gate}
}

// igBotDelay staggers the computer players' choices so that they seal one
// after another, as people would.
func igBotDelay(base time.Duration, seat int) time.Duration {
	return base/2 + base*time.Duration((seat*37)%10)/10
}

func (g *igGameTable) View(seat int) incangold.View { return g.t.View(seat).(incangold.View) }

func (g *igGameTable) Submit(seat int, c incangold.Choice) error {
	return g.t.Submit(seat, incangold.Move{Choice: c})
}

// Pump tells the computer players that the screen has caught up with the
// game: those owing a choice at the open step submit it once their delay
// since the step's first Pump is over.
func (g *igGameTable) Pump(at time.Time) {
	if g.t.Over() {
		return
	}
	g.gate.open(g.View(-1).Step, at)
}

// Take hands out the watcher's new events, each with the public view after
// the move that caused it.
func (g *igGameTable) Take() []igItem {
	var out []igItem
	for {
		d, ok := g.watch.Poll()
		if !ok {
			return out
		}
		v, _ := d.View.(incangold.View)
		if d.Rewind { // a move taken back (game.Table.Undo): the whole game again
			out = append(out, igItem{rewind: true, view: &v, history: igItems(d.Events, &v)})
			continue
		}
		for i, e := range d.Events {
			ev, ok := e.(incangold.Event)
			if !ok {
				continue
			}
			out = append(out, igItem{ev: ev, view: &v, last: i == len(d.Events)-1})
		}
	}
}

// Close ends the table (the computer players stop); the autosave stays.
func (g *igGameTable) Close() { g.t.Close() }

// Record is the game record so far.
func (g *igGameTable) Record() *rules.Record { return g.t.Record() }

// igItems are the public stream's items of events, each with view.
func igItems(evs []rules.Event, v *incangold.View) []igItem {
	out := make([]igItem, 0, len(evs))
	for i, e := range evs {
		if ev, ok := e.(incangold.Event); ok {
			out = append(out, igItem{ev: ev, view: v, last: i == len(evs)-1})
		}
	}
	return out
}
