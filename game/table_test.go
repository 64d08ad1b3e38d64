package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/ruletest"
	"pgregory.net/rapid"
)

// The tables of these tests play the toy game of rules/ruletest, on the
// contract only (package game names no game: rules/imports_test.go): every
// seat picks 1 or 2 in secret, all at once (several seats owe a move, as in
// Incan Gold) or one at a time (a game of turns, as in Saboteur), with a
// secret bonus dealt to each seat at the start (an opening, as Saboteur's
// deal). box/save_test.go keeps the tests of Saboteur's own saves.

// toy is the game the tables of these tests play.
var toy rules.Game = ruletest.Toy{}

// toyOpts is o as the toy's table options JSON.
func toyOpts(o ruletest.ToyOptions) json.RawMessage {
	b, err := json.Marshal(o)
	if err != nil {
		panic(err)
	}
	return b
}

// mode is one way of playing the toy: all seats at once, or in turns.
type mode struct {
	name  string
	turns bool
}

var modes = []mode{{"all at once", false}, {"in turns", true}}

// opts is the toy's options in mode with a secret deal and target (0: 10).
func (md mode) opts(target int) json.RawMessage {
	return toyOpts(ruletest.ToyOptions{Turns: md.turns, Deal: true, Target: target})
}

// randomBrain picks 1 or 2 at random: a test double for a computer player
// (rules.Bot), which the table drives the same way. seen counts the events
// it observed.
type randomBrain struct {
	rng  *rand.Rand
	seen atomic.Int64
}

func (b *randomBrain) Observe(rules.Event)          { b.seen.Add(1) }
func (b *randomBrain) Choose(rules.View) rules.Move { return ruletest.ToyMove{Pick: 1 + b.rng.IntN(2)} }

func newBrain(seed uint64) *randomBrain {
	return &randomBrain{rng: rand.New(rand.NewPCG(seed, 7))}
}

// view is seat's view at tb, as the toy's type.
func view(tb *Table, seat int) ruletest.ToyView { return tb.View(seat).(ruletest.ToyView) }

// owing is the seats that owe a move at tb now.
func owing(tb *Table) []int { s, _ := tb.ToMove(); return s }

// owesIn reports whether v's seat owes a move by what v shows: it has not
// picked this round and, in turns, every seat before it has.
func owesIn(v ruletest.ToyView, turns bool) bool {
	for i, p := range v.Picked {
		switch {
		case v.Over:
			return false
		case p == 0 && i == v.Seat:
			return true
		case p == 0 && turns:
			return false
		}
	}
	return false
}

// memSaver keeps the last record saved.
type memSaver struct {
	mu    sync.Mutex
	last  []byte
	saves int
}

func (s *memSaver) Save(r *rules.Record) error {
	b, err := json.Marshal(r)
	s.mu.Lock()
	s.last, s.saves = b, s.saves+1
	s.mu.Unlock()
	return err
}

// waitDone fails the test when tb's game has not ended within d.
func waitDone(t testing.TB, tb *Table, d time.Duration, what string) {
	t.Helper()
	select {
	case <-tb.Done():
	case <-time.After(d):
		t.Fatalf("%s: the game did not end", what)
	}
}

// waitFor fails the test when cond is not true within 20 s.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s never happened", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestBotsPlayWholeGame: computer players in every seat, each on its own
// goroutine, play whole games at every table size, all at once (every
// owing bot seat moves) and in turns; the final scores are the view's
// points plus the bonuses, revealed at the end; the autosave is written
// after every move, names the seats' kinds and replays to the end.
func TestBotsPlayWholeGame(t *testing.T) {
	for _, md := range modes {
		for _, n := range []int{3, 5, 10} {
			what := fmt.Sprintf("%s, %d bots", md.name, n)
			seats := make([]Seat, n)
			for i := range seats {
				seats[i] = NewBotSeat("bot", "random", newBrain(uint64(i+1)), 0)
			}
			save := &memSaver{}
			tb, err := NewTable(toy, md.opts(30), uint64(n), seats, save)
			if err != nil {
				t.Fatal(err)
			}
			waitDone(t, tb, 60*time.Second, what)
			v := view(tb, -1)
			final := slices.Clone(v.Scores)
			for i, b := range v.Bonus {
				final[i] += b
			}
			if !v.Over || len(v.Scores) != n || len(v.Bonus) != n || slices.Contains(v.Bonus, 0) || !reflect.DeepEqual(tb.Scores(), final) {
				t.Fatalf("%s: over %v, points %v, bonuses %v, scores %v", what, v.Over, v.Scores, v.Bonus, tb.Scores())
			}
			if slices.Max(v.Scores) < 30 {
				t.Fatalf("%s: over at %v points, the target is 30", what, v.Scores)
			}
			rec, err := rules.ParseRecord(save.last)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Seats[0] != (rules.RecordSeat{Name: "bot", Kind: rules.Computer, Level: "random"}) {
				t.Errorf("%s: seat 0 recorded as %+v", what, rec.Seats[0])
			}
			m, _, err := rec.Replay(toy)
			if err != nil || !m.Over() || !reflect.DeepEqual(m.Scores(), tb.Scores()) {
				t.Fatalf("%s: autosave replays to the end: %v, %v", what, m.Over(), err)
			}
			if save.saves != len(rec.Moves) {
				t.Errorf("%s: %d saves for %d moves", what, save.saves, len(rec.Moves))
			}
		}
	}
}

// state is every seat's view, the record and who owes a move at which
// step, to compare states.
func state(t testing.TB, tb *Table) string {
	t.Helper()
	var all []any
	for s := -1; s < len(tb.Names()); s++ {
		all = append(all, tb.View(s))
	}
	seats, step := tb.ToMove()
	all = append(all, tb.Record(), seats, step)
	b, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRefusedSubmitChangesNothing: a move from a seat that owes none (not
// its turn, or it has picked already), from no seat, of the wrong type or
// refused by the rules changes neither the match, the record nor any
// seat's deliveries; the errors say which.
func TestRefusedSubmitChangesNothing(t *testing.T) {
	for _, md := range modes {
		t.Run(md.name, func(t *testing.T) {
			seats := inboxes(4)
			tb, err := NewTable(toy, md.opts(0), 11, seats, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !md.turns {
				// Seat 1 picks: it owes no more move this round.
				if err := tb.Submit(1, ruletest.ToyMove{Pick: 2}); err != nil {
					t.Fatal(err)
				}
			}
			tests := []struct {
				name string
				seat int
				m    rules.Move
				want error  // errors.Is, or nil
				rule string // rules.RuleOf, or ""
			}{
				{"out of turn", 1, ruletest.ToyMove{Pick: 1}, ErrNotYourTurn, ""},
				{"not a move", 0, "pick", nil, "T1"},
				{"a pointer to a move", 0, &ruletest.ToyMove{Pick: 1}, nil, "T1"},
				{"no such seat", 7, ruletest.ToyMove{Pick: 1}, ErrNoSeat, ""},
				{"negative seat", -1, ruletest.ToyMove{Pick: 1}, ErrNoSeat, ""},
				{"pick 3", 0, ruletest.ToyMove{Pick: 3}, nil, "T3"},
				{"pick 0", 0, ruletest.ToyMove{}, nil, "T3"},
			}
			before := state(t, tb)
			pending := make([]int, len(seats))
			for i, s := range seats {
				pending[i] = s.(*Inbox).Pending()
			}
			for _, tc := range tests {
				err := tb.Submit(tc.seat, tc.m)
				switch {
				case err == nil:
					t.Fatalf("%s: Submit(%d, %v) accepted", tc.name, tc.seat, tc.m)
				case tc.want != nil && !errors.Is(err, tc.want):
					t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
				case tc.rule != "" && rules.RuleOf(err) != tc.rule:
					t.Errorf("%s: %v, want a refusal citing %s", tc.name, err, tc.rule)
				}
				if after := state(t, tb); after != before {
					t.Fatalf("%s: state changed", tc.name)
				}
				for i, s := range seats {
					if s.(*Inbox).Pending() != pending[i] {
						t.Fatalf("%s: seat %d got a delivery", tc.name, i)
					}
				}
			}
			if err := tb.Submit(0, ruletest.ToyMove{Pick: 1}); err != nil {
				t.Fatalf("the legal move after the refusals: %v", err)
			}
			tb.Close()
			s := owing(tb)[0]
			if err := tb.Submit(s, ruletest.ToyMove{Pick: 1}); err != ErrClosed {
				t.Errorf("after Close: %v, want ErrClosed", err)
			}
		})
	}
}

// fataler is what playRandom needs of a test (testing.T, rapid.T).
type fataler interface {
	Helper()
	Fatalf(string, ...any)
}

// playRandom plays k random moves (or to the end) at a table of Inboxes,
// each by a random one of the seats that owe a move.
func playRandom(t fataler, tb *Table, rng *rand.Rand, k int) {
	t.Helper()
	for i := 0; i < k; i++ {
		seats, _ := tb.ToMove()
		if len(seats) == 0 {
			return
		}
		s := seats[rng.IntN(len(seats))]
		if err := tb.Submit(s, ruletest.ToyMove{Pick: 1 + rng.IntN(2)}); err != nil {
			t.Fatalf("legal move refused: %v", err)
		}
	}
}

func inboxes(n int) []Seat {
	out := make([]Seat, n)
	for i := range out {
		out[i] = NewInbox(string(rune('A' + i)))
	}
	return out
}

// checkRedacted fails when evs, handed to seat, tell it another seat's
// sealed pick or secret bonus.
func checkRedacted(t fataler, seat int, evs []rules.Event) {
	t.Helper()
	for _, x := range evs {
		e := x.(ruletest.ToyEvent)
		if e.Seat != seat && ((e.Type == "picked" && e.Pick != 0) || (e.Type == "dealt" && e.Bonus != 0)) {
			t.Fatalf("seat %d saw seat %d's %s %+v", seat, e.Seat, e.Type, e)
		}
	}
}

// TestAutosaveResume: a table's autosave (FileSaver), taken early, mid-game
// and at the end, loads and resumes to the same state, and the resumed
// seats get the whole game's events, redacted for them, as the first table
// would have handed them.
func TestAutosaveResume(t *testing.T) {
	dir := t.TempDir()
	fs := FileSaver{Path: filepath.Join(dir, "sub", AutosaveFile)}
	for _, md := range modes {
		for _, k := range []int{1, 40, 150, 1000} {
			tb, err := NewTable(toy, md.opts(100), uint64(k), inboxes(5), fs)
			if err != nil {
				t.Fatal(err)
			}
			playRandom(t, tb, rand.New(rand.NewPCG(uint64(k), 1)), k)
			if err := tb.SaveError(); err != nil {
				t.Fatal(err)
			}
			if over := k == 1000; tb.Over() != over {
				t.Fatalf("%s, k=%d: over %v: the test no longer reaches that point", md.name, k, tb.Over())
			}
			saved, err := fs.Load(toy)
			if err != nil {
				t.Fatal(err)
			}
			if saved.Match.Over() != tb.Over() || saved.Record.From != 0 || saved.Game.ID() != "toy" || saved.Session != nil {
				t.Errorf("%s, k=%d: loaded over %v, table %v", md.name, k, saved.Match.Over(), tb.Over())
			}
			seats := inboxes(5)
			tb2, err := Resume(toy, saved.Record, seats, nil)
			if err != nil {
				t.Fatal(err)
			}
			if a, b := state(t, tb), state(t, tb2); a != b {
				t.Fatalf("%s, k=%d: resumed state differs:\n%s\n%s", md.name, k, a, b)
			}
			// The resumed seat got the whole game's events, redacted for it.
			d, ok := seats[2].(*Inbox).Poll()
			if !ok || len(d.Events) == 0 || !reflect.DeepEqual(d.View, tb.View(2)) {
				t.Fatalf("%s, k=%d: resumed seat 2 got %v events, view equal %v", md.name, k, len(d.Events), reflect.DeepEqual(d.View, tb.View(2)))
			}
			if h := tb.History(2); !reflect.DeepEqual(d.Events, h.Events) || d.Owes != h.Owes || d.Step != h.Step {
				t.Fatalf("%s, k=%d: resumed seat 2 got %d events, the table's history %d", md.name, k, len(d.Events), len(h.Events))
			}
			checkRedacted(t, 2, d.Events)
			tb.Close()
			tb2.Close()
		}
	}
}

// TestCorruptAutosave: a missing autosave is fs.ErrNotExist; one that does
// not parse, that no game of the box reads, or whose moves do not replay is
// an error naming what is wrong, and nothing is loaded. Remove is
// idempotent. (box/save_test.go: Saboteur's format-1 autosaves.)
func TestCorruptAutosave(t *testing.T) {
	dir := t.TempDir()
	fs := FileSaver{Path: filepath.Join(dir, AutosaveFile)}
	if _, err := fs.Load(toy); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing autosave: %v", err)
	}
	const two = `[{"name":"a","kind":"human"},{"name":"b","kind":"human"}]`
	for _, tc := range []struct{ data, want string }{
		{"", "unexpected end of JSON input"},
		{"{", "unexpected end of JSON input"},
		{`{"format":2,"game":"toy","options":null,"seed":1,"seats":[{"name":"a","kind":"human"}],"moves":[]}`, "players: 1"},
		{`{"format":2,"game":"toy","options":{"target":0,"rounds":3},"seed":1,"seats":` + two + `,"moves":[]}`, `unknown field "rounds"`},
		{`{"format":2,"game":"toy","options":null,"seed":1,"seats":` + two + `,"moves":[{"seat":1,"move":{"pick":3}}]}`, "moves[0] (seat 1): T3"},
		{`{"format":2,"game":"toy","options":{"turns":true},"seed":1,"seats":` + two + `,"moves":[{"seat":1,"move":{"pick":1}}]}`, "moves[0] (seat 1): T2"},
		{`{"format":2,"game":"toy","options":null,"seed":1,"seats":` + two + `,"moves":[{"seat":0,"move":{"pick":1,"card":"NE"}}]}`, `unknown field "card"`},
		{`{"format":2,"game":"chess","options":null,"seed":1,"seats":` + two + `,"moves":[]}`, `"chess" is not in this box`},
		{`{"format":1,"game":"goldvein","options":{"players":3},"seed":1,"seats":["a","b","c"],"moves":[]}`, "no game of this box reads it"},
	} {
		if err := os.WriteFile(fs.Path, []byte(tc.data), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := fs.Load(toy)
		if err == nil || !strings.Contains(err.Error(), tc.want) || got != nil {
			t.Errorf("autosave %q: %v, want an error with %q", tc.data, err, tc.want)
		}
	}
	if err := fs.Remove(); err != nil {
		t.Error(err)
	}
	if err := fs.Remove(); err != nil {
		t.Errorf("second remove: %v", err)
	}
}

// TestReplace: a computer player stands in for a guest whose move the
// table waits for (the only seat owing, all at once or in turns); it gets
// the game so far and moves; the guest taking the seat back gets its view
// and every event at once.
func TestReplace(t *testing.T) {
	for _, md := range modes {
		t.Run(md.name, func(t *testing.T) {
			seats := make([]Seat, 5)
			for i := range seats {
				seats[i] = NewBotSeat("bot", "random", newBrain(uint64(i)), 0)
			}
			guest := NewInbox("guest")
			seats[3] = guest
			tb, err := NewTable(toy, md.opts(30), 3, seats, nil)
			if err != nil {
				t.Fatal(err)
			}
			// The bots play until the guest alone owes a move and the table waits for it.
			waitFor(t, "the guest's move", func() bool { return slices.Equal(owing(tb), []int{3}) })
			moves := len(tb.Record().Moves)
			known := len(tb.History(3).Events)
			// A bot stands in for the guest, gets a fresh view and the game so far.
			brain := newBrain(99)
			stand := NewBotSeat("stand-in", "random", brain, 0)
			var mu sync.Mutex
			var errs []error
			stand.onMove = func(err error) { mu.Lock(); errs = append(errs, err); mu.Unlock() }
			if err := tb.Replace(3, stand); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the stand-in's move", func() bool { return len(tb.Record().Moves) > moves })
			if seen := brain.seen.Load(); seen < int64(known) {
				t.Errorf("the stand-in observed %d events, the game had %d", seen, known)
			}
			// The guest takes the seat back: it gets its view at once.
			back := NewInbox("guest")
			if err := tb.Replace(3, back); err != nil {
				t.Fatal(err)
			}
			d, ok := back.Poll()
			if !ok || d.View.(ruletest.ToyView).Seat != 3 || len(d.Events) < known || d.Owes != owesIn(d.View.(ruletest.ToyView), md.turns) {
				t.Fatalf("the returning guest got %v, seat %d, %d events, owes %v", ok, d.View.(ruletest.ToyView).Seat, len(d.Events), d.Owes)
			}
			checkRedacted(t, 3, d.Events)
			if err := tb.Replace(9, back); err != ErrNoSeat {
				t.Errorf("Replace(9): %v", err)
			}
			tb.Close()
			mu.Lock()
			defer mu.Unlock()
			for _, err := range errs {
				if err != nil && err != ErrClosed {
					t.Errorf("stand-in move refused: %v", err)
				}
			}
		})
	}
}

// TestDeliveriesRedacted: over random games, no seat's delivery ever holds
// another seat's sealed pick or secret bonus (before the end, when the
// bonuses are revealed), in its view or its events, and the watcher gets
// only public facts.
func TestDeliveriesRedacted(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(2, 10).Draw(rt, "players")
		md := modes[rapid.IntRange(0, 1).Draw(rt, "mode")]
		seed := rapid.Uint64().Draw(rt, "seed")
		seats := inboxes(n)
		tb, err := NewTable(toy, md.opts(20), seed, seats, nil)
		if err != nil {
			rt.Fatal(err)
		}
		w := NewInbox("watch")
		tb.Watch(w)
		playRandom(rt, tb, rand.New(rand.NewPCG(seed, 2)), rapid.IntRange(1, 60).Draw(rt, "moves"))
		check := func(seat int, b *Inbox) {
			for {
				d, ok := b.Poll()
				if !ok {
					return
				}
				v := d.View.(ruletest.ToyView)
				if v.Seat != seat {
					rt.Fatalf("seat %d got seat %d's view", seat, v.Seat)
				}
				for i := range n {
					if i != seat && (v.Picked[i] > 0 || (v.Bonus[i] != 0 && !v.Over)) {
						rt.Fatalf("seat %d's view shows seat %d's pick or bonus: %+v", seat, i, v)
					}
				}
				checkRedacted(rt, seat, d.Events)
			}
		}
		for i, s := range seats {
			check(i, s.(*Inbox))
		}
		check(-1, w)
	})
}

func TestTee(t *testing.T) {
	a, b := NewInbox("a"), NewInbox("b")
	tee := Tee{a, b}
	if tee.Name() != "a" {
		t.Errorf("name %q", tee.Name())
	}
	tee.Deliver(Delivery{View: ruletest.ToyView{Seat: 4}})
	for _, x := range []*Inbox{a, b} {
		if v, ok := x.Latest(); !ok || v.(ruletest.ToyView).Seat != 4 {
			t.Errorf("%s: %v %v", x.Name(), ok, v)
		}
	}
	if k, _ := tee.Kind(); k != rules.Human {
		t.Errorf("a tee of inboxes is a %s's seat", k)
	}
	if k, l := (Tee{NewBotSeat("b", "hard", nil, 0), b}).Kind(); k != rules.Computer || l != "hard" {
		t.Errorf("a tee of a bot seat is %s %s", k, l)
	}
}

// TestRealBotsPlayWholeGame: the game's own computer players (every level,
// rules.Game.NewBot) play a whole game at a table, each on its own
// goroutine, in both modes.
func TestRealBotsPlayWholeGame(t *testing.T) {
	for _, md := range modes {
		levels := append(toy.Levels(), toy.Levels()...)[:4]
		levels = append(levels, levels[0]) // five players, as many as Saboteur's test had
		seats := make([]Seat, len(levels))
		for i, l := range levels {
			b, err := toy.NewBot(l, i, uint64(10+i))
			if err != nil {
				t.Fatal(err)
			}
			seats[i] = NewBotSeat(l, l, b, 0)
		}
		save := &memSaver{}
		tb, err := NewTable(toy, md.opts(30), 2024, seats, save)
		if err != nil {
			t.Fatal(err)
		}
		waitDone(t, tb, 120*time.Second, md.name)
		if v := view(tb, -1); !v.Over || slices.Max(v.Scores) < 30 || len(tb.Scores()) != len(levels) {
			t.Fatalf("%s: over %v at %v points", md.name, v.Over, v.Scores)
		}
		rec, err := rules.ParseRecord(save.last)
		if err != nil {
			t.Fatal(err)
		}
		if m, _, err := rec.Replay(toy); err != nil || !m.Over() {
			t.Fatalf("%s: the autosave does not replay to the end: %v", md.name, err)
		}
		for i, l := range levels {
			if rec.Seats[i].Level != l {
				t.Errorf("%s: seat %d recorded as %+v", md.name, i, rec.Seats[i])
			}
		}
	}
}

// TestSubmitAtAndHistory: in a game of turns, a move chosen at an earlier
// point of the game is refused with ErrStale and changes nothing; one
// chosen now is played. History gives the seat's view and its redaction of
// every event so far, the deal included.
func TestSubmitAtAndHistory(t *testing.T) {
	tb, err := NewTable(toy, modes[1].opts(0), 5, inboxes(4), nil)
	if err != nil {
		t.Fatal(err)
	}
	seats, step := tb.ToMove()
	if !reflect.DeepEqual(seats, []int{0}) || step != 0 {
		t.Fatalf("ToMove %v %d", seats, step)
	}
	s := seats[0]
	h := tb.History(s)
	v, evs := h.View.(ruletest.ToyView), h.Events
	if v.Seat != s || h.Step != step || !h.Owes || len(evs) != 4 {
		t.Fatalf("history of seat %d: view of seat %d, step %d, owes %v, %d events", s, v.Seat, h.Step, h.Owes, len(evs))
	}
	if h := tb.History(1); h.Owes {
		t.Fatal("the history of seat 1 says it owes a move")
	}
	for _, e := range evs {
		if r, _ := e.For(s); !reflect.DeepEqual(e, r) {
			t.Fatalf("history holds an event not redacted for seat %d: %+v", s, e)
		}
	}
	checkRedacted(t, s, evs)
	m := ruletest.ToyMove{Pick: 1}
	before := state(t, tb)
	if err := tb.SubmitAt(s, step+1, m); !errors.Is(err, ErrStale) {
		t.Fatalf("a move for a later point: %v, want ErrStale", err)
	}
	if state(t, tb) != before {
		t.Fatal("a stale move changed the game")
	}
	if err := tb.SubmitAt(s, step, m); err != nil {
		t.Fatal(err)
	}
	if err := tb.SubmitAt(s, step, m); !errors.Is(err, ErrStale) {
		t.Fatalf("the same move again: %v, want ErrStale", err)
	}
	evs2 := tb.History(s).Events
	if len(evs2) <= len(evs) {
		t.Fatalf("history did not grow after a move: %d then %d events", len(evs), len(evs2))
	}
	tb.Close()
	if err := tb.SubmitAt(1, step+1, m); !errors.Is(err, ErrClosed) {
		t.Fatalf("after Close: %v, want ErrClosed", err)
	}
}

// TestSubmitAtAllAtOnce: when several seats owe a move at once, each may
// answer the one decision at its step; a seat that has answered owes no
// more; once all have, the step moves on and a move chosen at the old step
// is stale.
func TestSubmitAtAllAtOnce(t *testing.T) {
	tb, err := NewTable(toy, modes[0].opts(0), 5, inboxes(3), nil)
	if err != nil {
		t.Fatal(err)
	}
	seats, step := tb.ToMove()
	if !reflect.DeepEqual(seats, []int{0, 1, 2}) {
		t.Fatalf("ToMove %v", seats)
	}
	m := ruletest.ToyMove{Pick: 2}
	for _, s := range []int{2, 0} {
		if err := tb.SubmitAt(s, step, m); err != nil {
			t.Fatalf("seat %d at step %d: %v", s, step, err)
		}
	}
	if seats, now := tb.ToMove(); !reflect.DeepEqual(seats, []int{1}) || now != step {
		t.Fatalf("after seats 2 and 0: ToMove %v %d, want [1] %d", seats, now, step)
	}
	if err := tb.SubmitAt(0, step, m); !errors.Is(err, ErrNotYourTurn) {
		t.Fatalf("seat 0 again: %v, want ErrNotYourTurn", err)
	}
	if err := tb.SubmitAt(1, step, m); err != nil {
		t.Fatal(err)
	}
	seats, now := tb.ToMove()
	if !reflect.DeepEqual(seats, []int{0, 1, 2}) || now == step {
		t.Fatalf("after the round: ToMove %v %d", seats, now)
	}
	if v := view(tb, -1); !reflect.DeepEqual(v.Scores, []int{2, 2, 2}) {
		t.Fatalf("after the round: points %v", v.Scores)
	}
	before := state(t, tb)
	if err := tb.SubmitAt(0, step, m); !errors.Is(err, ErrStale) {
		t.Fatalf("a move for the last round: %v, want ErrStale", err)
	}
	if state(t, tb) != before {
		t.Fatal("a stale move changed the game")
	}
}

// refuser is a computer player with a bug: its every move is refused by
// the rules (T3).
type refuser struct{}

func (refuser) Observe(rules.Event)          {}
func (refuser) Choose(rules.View) rules.Move { return ruletest.ToyMove{Pick: 3} }

// TestBotSeatPlaysSafeForARefusedMove: a computer player whose moves the
// match refuses has its seat's first legal move (the safe one, a 1)
// played instead, so the game never stalls.
func TestBotSeatPlaysSafeForARefusedMove(t *testing.T) {
	for _, md := range modes {
		bad := NewBotSeat("bad", "ones", refuser{}, 0)
		var refused atomic.Int32
		bad.onMove = func(err error) {
			if err != nil {
				refused.Add(1)
			}
		}
		save := &memSaver{}
		tb, err := NewTable(toy, md.opts(0), 1, []Seat{NewBotSeat("bot", "random", newBrain(1), 0), bad}, save)
		if err != nil {
			t.Fatal(err)
		}
		waitDone(t, tb, 60*time.Second, md.name)
		rec := tb.Record()
		n := 0
		for _, rm := range rec.Moves {
			if rm.Seat == 1 {
				n++
				if string(rm.Move) != `{"pick":1}` {
					t.Fatalf("%s: the bad bot's move was recorded as %s", md.name, rm.Move)
				}
			}
		}
		if n == 0 || refused.Load() != 0 {
			t.Fatalf("%s: the bad bot made %d moves, %d refused", md.name, n, refused.Load())
		}
	}
}

// slowBrain waits in Choose until release is closed.
type slowBrain struct {
	*randomBrain
	asked   chan struct{}
	once    sync.Once
	release chan struct{}
}

func (b *slowBrain) Choose(v rules.View) rules.Move {
	b.once.Do(func() { close(b.asked) })
	<-b.release
	return b.randomBrain.Choose(v)
}

// TestBotsOfEveryOwingSeatMove: when several computer players owe a move
// at once, each thinks on its own goroutine: one that is slow to choose
// holds only its own seat, the others' moves go in at the same step.
func TestBotsOfEveryOwingSeatMove(t *testing.T) {
	slow := &slowBrain{randomBrain: newBrain(1), asked: make(chan struct{}), release: make(chan struct{})}
	seats := []Seat{NewBotSeat("slow", "random", slow, 0)}
	for i := 1; i < 4; i++ {
		seats = append(seats, NewBotSeat("bot", "random", newBrain(uint64(i+1)), 0))
	}
	tb, err := NewTable(toy, modes[0].opts(20), 4, seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	<-slow.asked
	waitFor(t, "the three quick bots' moves", func() bool { return slices.Equal(owing(tb), []int{0}) })
	if _, step := tb.ToMove(); step != 0 || len(tb.Record().Moves) != 3 {
		t.Fatalf("step %d, %d moves while the slow bot thinks", step, len(tb.Record().Moves))
	}
	close(slow.release)
	waitDone(t, tb, 60*time.Second, "after the slow bot's move")
}

// overSeat is a bot seat that notes, when it is handed the end of the
// game, whether the table already says the game is over and whether Done
// is closed yet.
type overSeat struct {
	*BotSeat
	t          *Table
	over, done atomic.Int32 // 1: seen true, 2: seen false
}

func (s *overSeat) Bind(t *Table, seat int) { s.t = t; s.BotSeat.Bind(t, seat) }

func (s *overSeat) Deliver(d Delivery) {
	if d.View.(ruletest.ToyView).Over && s.over.Load() == 0 {
		s.over.Store(2)
		if s.t.Over() {
			s.over.Store(1)
		}
		select {
		case <-s.t.Done():
			s.done.Store(1)
		default:
			s.done.Store(2)
		}
	}
	s.BotSeat.Deliver(d)
}

// TestOverBeforeTheLastDelivery: a seat handed the end of the game (a LAN
// guest that hangs up at once) finds Over true though Done is not closed
// yet, so the host logs it as leaving after the game, not as dropped.
func TestOverBeforeTheLastDelivery(t *testing.T) {
	for _, md := range modes {
		seats := make([]Seat, 3)
		watch := &overSeat{BotSeat: NewBotSeat("watch", "random", newBrain(1), 0)}
		seats[0] = watch
		for i := 1; i < len(seats); i++ {
			seats[i] = NewBotSeat("bot", "random", newBrain(uint64(i+1)), 0)
		}
		tb, err := NewTable(toy, md.opts(0), 3, seats, nil)
		if err != nil {
			t.Fatal(err)
		}
		waitDone(t, tb, 60*time.Second, md.name)
		if watch.over.Load() != 1 {
			t.Errorf("%s: Over was false when the end of the game was handed out (%d)", md.name, watch.over.Load())
		}
		if watch.done.Load() != 2 {
			t.Errorf("%s: Done was already closed when the end was handed out (%d): the test no longer shows the race", md.name, watch.done.Load())
		}
		if !tb.Over() {
			t.Errorf("%s: Over is false after Done", md.name)
		}
	}
}
