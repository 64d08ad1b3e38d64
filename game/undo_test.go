package game

import (
	"errors"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/ruletest"
	"pgregory.net/rapid"
)

// drain empties every inbox of seats and returns the last delivery each
// had (zero when none).
func drain(seats []Seat) []Delivery {
	out := make([]Delivery, len(seats))
	for i, s := range seats {
		if in, ok := s.(*Inbox); ok {
			for d, ok := in.Poll(); ok; d, ok = in.Poll() {
				out[i] = d
			}
		}
	}
	return out
}

// TestUndo: a person's sealed pick comes back exactly (every view, the
// record, who owes what at which step), the shortened record is autosaved
// and every seat and the watcher get a Rewind delivery with their whole
// history; another seat, no move, no seat, a revealing pick (T4) and a
// closed table are refused and change nothing.
func TestUndo(t *testing.T) {
	for _, md := range modes {
		t.Run(md.name, func(t *testing.T) {
			seats := inboxes(3)
			save := &memSaver{}
			tb, err := NewTable(toy, md.opts(0), 3, seats, save)
			if err != nil {
				t.Fatal(err)
			}
			watch := NewInbox("screen")
			tb.Watch(watch)
			if err := tb.Undo(0); !errors.Is(err, rules.ErrNoMove) {
				t.Errorf("before any move: %v", err)
			}
			for _, s := range []int{-1, 3} {
				if err := tb.Undo(s); !errors.Is(err, ErrNoSeat) {
					t.Errorf("seat %d: %v", s, err)
				}
			}
			before := state(t, tb)
			if s := tb.LastMover(); s != -1 {
				t.Errorf("the last mover before any move: %d", s)
			}
			if err := tb.Submit(0, ruletest.ToyMove{Pick: 2}); err != nil {
				t.Fatal(err)
			}
			if s := tb.LastMover(); s != 0 {
				t.Errorf("the last mover: %d, want 0", s)
			}
			after := state(t, tb)
			if err := tb.Undo(1); !errors.Is(err, rules.ErrMovedSince) || state(t, tb) != after {
				t.Errorf("seat 1 taking back seat 0's pick: %v", err)
			}
			if err := tb.CanUndo(0); err != nil {
				t.Fatalf("seat 0's sealed pick: %v", err)
			}
			drain(seats)
			drain([]Seat{watch})
			if err := tb.Undo(0); err != nil {
				t.Fatal(err)
			}
			if got := state(t, tb); got != before {
				t.Fatalf("taken back:\n%s\nwant\n%s", got, before)
			}
			rec, err := rules.ParseRecord(save.last)
			if err != nil || len(rec.Moves) != 0 {
				t.Fatalf("autosave after the undo: %v, %v", rec, err)
			}
			for i, d := range drain(append(seats, watch)) {
				seat := i
				if i == len(seats) {
					seat = -1
				}
				h := tb.History(seat)
				if !d.Rewind || !reflect.DeepEqual(d.View, h.View) || !reflect.DeepEqual(d.Events, h.Events) || d.Owes != h.Owes || d.Step != h.Step {
					t.Errorf("seat %d's delivery after the undo: %+v, want a rewind of %+v", seat, d, h)
				}
			}

			for s := range 3 { // a whole round: the last pick reveals them
				if err := tb.Submit(s, ruletest.ToyMove{Pick: 1}); err != nil {
					t.Fatal(err)
				}
			}
			revealed := state(t, tb)
			if err := tb.Undo(2); rules.RuleOf(err) != "T4" || state(t, tb) != revealed {
				t.Errorf("taking back the revealing pick: %v, want T4 and nothing changed", err)
			}
			tb.Close()
			if err := tb.Undo(2); !errors.Is(err, ErrClosed) {
				t.Errorf("closed: %v", err)
			}
		})
	}
}

// renewCounter makes fresh random bots for Renew, counting them in made.
func renewCounter(made *atomic.Int64, seed uint64) func() rules.Bot {
	return func() rules.Bot {
		made.Add(1)
		return newBrain(seed)
	}
}

// TestUndoHoldsComputerPlayers: with an undo wait, a computer player due
// after a person's undoable pick holds its move, so the pick can be taken
// back; the held move is then dropped (the record holds only the moves
// made after), the bot is made afresh (Renew) and relearns the game, and
// with no wait it moves at once. A computer player's move is not the
// person's to take back.
func TestUndoHoldsComputerPlayers(t *testing.T) {
	var made atomic.Int64
	bot := NewBotSeat("bot", "random", newBrain(1), 0)
	bot.Renew(renewCounter(&made, 2))
	seats := []Seat{NewInbox("A"), bot, NewInbox("C")}
	tb, err := NewTable(toy, modes[1].opts(0), 3, seats, nil) // in turns
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	tb.SetUndoWait(time.Hour)
	if err := tb.Submit(0, ruletest.ToyMove{Pick: 2}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(30 * time.Millisecond) // a bot that did not hold would move now
	if err := tb.Undo(0); err != nil {
		t.Fatalf("the bot did not hold: %v", err)
	}
	waitFor(t, "a fresh bot", func() bool { return made.Load() == 1 })
	tb.SetUndoWait(0)
	if err := tb.Submit(0, ruletest.ToyMove{Pick: 1}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the bot's move", func() bool { return len(tb.Record().Moves) >= 2 })
	rec := tb.Record()
	if len(rec.Moves) != 2 || rec.Moves[0].Seat != 0 || string(rec.Moves[0].Move) != `{"pick":1}` || rec.Moves[1].Seat != 1 {
		t.Fatalf("moves %+v: want seat 0's second pick, then the bot's one move", rec.Moves)
	}
	if err := tb.Undo(1); !errors.Is(err, rules.ErrComputerMove) {
		t.Errorf("taking back the computer's move: %v", err)
	}
	if err := tb.Undo(0); !errors.Is(err, rules.ErrMovedSince) {
		t.Errorf("taking back a pick the bot has answered: %v", err)
	}
}

// TestUndoWaitOnlyAfterUndoable: a person's move that cannot be taken
// back (the pick that reveals the round) holds nobody, however long the
// wait.
func TestUndoWaitOnlyAfterUndoable(t *testing.T) {
	seats := []Seat{NewBotSeat("b0", "random", newBrain(1), 0), NewBotSeat("b1", "random", newBrain(2), 0), NewInbox("C")}
	tb, err := NewTable(toy, modes[1].opts(0), 3, seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	tb.SetUndoWait(time.Hour)
	waitFor(t, "the bots' picks", func() bool { return len(tb.Record().Moves) == 2 })
	if err := tb.Submit(2, ruletest.ToyMove{Pick: 1}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the next round's bot pick", func() bool { return len(tb.Record().Moves) >= 4 })
}

// pickBrain always picks the same.
type pickBrain int

func (pickBrain) Observe(rules.Event)            {}
func (b pickBrain) Choose(rules.View) rules.Move { return ruletest.ToyMove{Pick: int(b)} }

// TestUndoDropsAHeldMove: a computer player's move chosen before a move
// was taken back is dropped even when the person has moved again and the
// match is back at the same step: the move that lands is the fresh bot's
// (Renew), chosen on the new position.
func TestUndoDropsAHeldMove(t *testing.T) {
	bot := NewBotSeat("bot", "random", pickBrain(2), 0) // the old bot picks 2
	bot.Renew(func() rules.Bot { return pickBrain(1) }) // a fresh one 1
	release := make(chan struct{})
	asked := make(chan struct{}, 1)
	var first atomic.Bool
	bot.Pace(func(_ int, _ time.Duration, stop <-chan struct{}) bool {
		if first.CompareAndSwap(false, true) {
			asked <- struct{}{}
			select {
			case <-release:
			case <-stop:
				return false
			}
		}
		return true
	})
	tb, err := NewTable(toy, modes[1].opts(0), 3, []Seat{NewInbox("A"), bot, NewInbox("C")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if err := tb.Submit(0, ruletest.ToyMove{Pick: 2}); err != nil {
		t.Fatal(err)
	}
	<-asked // the bot has chosen its 2 and waits
	if err := tb.Undo(0); err != nil {
		t.Fatal(err)
	}
	if err := tb.Submit(0, ruletest.ToyMove{Pick: 1}); err != nil {
		t.Fatal(err)
	}
	close(release)
	waitFor(t, "the bot's move", func() bool { return len(tb.Record().Moves) >= 2 })
	if got := string(tb.Record().Moves[1].Move); got != `{"pick":1}` {
		t.Errorf("the bot's move is %s: the move chosen before the undo went through", got)
	}
}

// TestUndoProperty: any sequence of picks and undo requests from any
// seat, all at once or in turns: an undo the table allows brings back
// exactly the state before that seat's last move, one it refuses changes
// nothing, and the record always replays to the table's state.
func TestUndoProperty(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(2, 5).Draw(rt, "players")
		md := modes[rapid.IntRange(0, 1).Draw(rt, "mode")]
		tb, err := NewTable(toy, md.opts(8), rapid.Uint64().Draw(rt, "seed"), inboxes(n), nil)
		if err != nil {
			rt.Fatal(err)
		}
		defer tb.Close()
		var before []string // the state before each move still in the record
		for range rapid.IntRange(1, 60).Draw(rt, "ops") {
			if tb.Over() {
				break
			}
			now := state(t, tb)
			if rapid.Bool().Draw(rt, "undo") {
				seat := rapid.IntRange(0, n-1).Draw(rt, "seat")
				allowed := tb.CanUndo(seat)
				err := tb.Undo(seat)
				switch {
				case (err == nil) != (allowed == nil):
					rt.Fatalf("CanUndo said %v, Undo %v", allowed, err)
				case err != nil && state(t, tb) != now:
					rt.Fatalf("a refused undo (%v) changed the table", err)
				case err == nil && state(t, tb) != before[len(before)-1]:
					rt.Fatalf("seat %d's undo does not come back to before its move", seat)
				case err == nil:
					before = before[:len(before)-1]
				}
			} else {
				owing := owing(tb)
				seat := owing[rapid.IntRange(0, len(owing)-1).Draw(rt, "mover")]
				if err := tb.Submit(seat, ruletest.ToyMove{Pick: rapid.IntRange(1, 2).Draw(rt, "pick")}); err != nil {
					rt.Fatal(err)
				}
				before = append(before, now)
			}
			m, _, err := tb.Record().Replay(toy)
			if err != nil || !reflect.DeepEqual(m.View(-1), tb.View(-1)) {
				rt.Fatalf("the record does not replay to the table: %v", err)
			}
		}
	})
}
