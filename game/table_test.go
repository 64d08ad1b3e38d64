package game

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
	"pgregory.net/rapid"
)

// sab is the game the tables of these tests play.
var sab rules.Game = saboteur.Rules{Bots: bot.Brains}

// randomBrain picks a uniformly random legal move: a test double for a
// computer player (rules.Bot), which the table drives the same way.
type randomBrain struct {
	rng  *rand.Rand
	seen int
}

func (b *randomBrain) Observe(rules.Event) { b.seen++ }
func (b *randomBrain) Choose(v rules.View) rules.Move {
	sv := v.(saboteur.View)
	ms := sv.LegalMoves()
	return ms[b.rng.IntN(len(ms))]
}

// view is seat's view at tb, as Saboteur's type.
func view(tb *Table, seat int) saboteur.View { return tb.View(seat).(saboteur.View) }

func newBrain(seed uint64) *randomBrain {
	return &randomBrain{rng: rand.New(rand.NewPCG(seed, 7))}
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

func opts(n int) json.RawMessage {
	b, _ := json.Marshal(saboteur.Options{Players: n, FirstPlayer: 0})
	return b
}

func TestBotsPlayWholeGame(t *testing.T) {
	for _, n := range []int{3, 5, 10} {
		seats := make([]Seat, n)
		for i := range seats {
			seats[i] = NewBotSeat("bot", "random", newBrain(uint64(i+1)), 0)
		}
		save := &memSaver{}
		tb, err := NewTable(sab, opts(n), uint64(n), seats, save)
		if err != nil {
			t.Fatal(err)
		}
		select {
		case <-tb.Done():
		case <-time.After(60 * time.Second):
			t.Fatalf("%d bots: the game did not end", n)
		}
		if v := view(tb, -1); v.Phase != saboteur.Over || len(v.Scores) != n || !reflect.DeepEqual(tb.Scores(), v.Scores) {
			t.Fatalf("%d bots: phase %v scores %v", n, v.Phase, v.Scores)
		}
		rec, err := rules.ParseRecord(save.last)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Seats[0] != (rules.RecordSeat{Name: "bot", Kind: rules.Computer, Level: "random"}) {
			t.Errorf("%d bots: seat 0 recorded as %+v", n, rec.Seats[0])
		}
		m, _, err := rec.Replay(sab)
		if err != nil || !m.Over() {
			t.Fatalf("%d bots: autosave replays to the end: %v, %v", n, m.Over(), err)
		}
		if save.saves != len(rec.Moves) {
			t.Errorf("%d bots: %d saves for %d moves", n, save.saves, len(rec.Moves))
		}
	}
}

// viewsJSON is every seat's view and the record, to compare states.
func state(t *testing.T, tb *Table) string {
	t.Helper()
	var all []any
	for s := -1; s < len(tb.Names()); s++ {
		all = append(all, tb.View(s))
	}
	all = append(all, tb.Record())
	b, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRefusedSubmitChangesNothing(t *testing.T) {
	inboxes := []Seat{NewInbox("a"), NewInbox("b"), NewInbox("c"), NewInbox("d")}
	tb, err := NewTable(sab, opts(4), 11, inboxes, nil)
	if err != nil {
		t.Fatal(err)
	}
	v := view(tb, 0)
	var path saboteur.Card
	for _, c := range v.Hand {
		if c.Kind == saboteur.Path {
			path = c
		}
	}
	tests := []struct {
		name string
		seat int
		m    rules.Move
	}{
		{"out of turn", 1, saboteur.Move{Seat: 1, Type: saboteur.Discard, Card: view(tb, 1).Hand[0]}},
		{"another seat's move", 0, saboteur.Move{Seat: 1, Type: saboteur.Discard, Card: v.Hand[0]}},
		{"not a move", 0, "discard"},
		{"no such seat", 7, saboteur.Move{Type: saboteur.Discard}},
		{"card not held", 0, saboteur.Move{Type: saboteur.Play, Card: saboteur.MustCard("xNESW"), At: saboteur.Cell{X: 1}}},
		{"cell taken", 0, saboteur.Move{Type: saboteur.Play, Card: path, At: saboteur.Cell{}}},
		{"far away", 0, saboteur.Move{Type: saboteur.Play, Card: path, At: saboteur.Cell{X: 4, Y: 4}}},
		{"keep while playing", 0, saboteur.Move{Type: saboteur.Keep, Gold: 1}},
		{"no type", 0, saboteur.Move{}},
	}
	before := state(t, tb)
	pending := make([]int, len(inboxes))
	for i, s := range inboxes {
		pending[i] = s.(*Inbox).Pending()
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := tb.Submit(tc.seat, tc.m); err == nil {
				t.Fatalf("Submit(%d, %v) accepted", tc.seat, tc.m)
			}
			if after := state(t, tb); after != before {
				t.Fatalf("state changed")
			}
			for i, s := range inboxes {
				if s.(*Inbox).Pending() != pending[i] {
					t.Fatalf("seat %d got a delivery", i)
				}
			}
		})
	}
	if err := tb.Submit(1, saboteur.Move{Seat: 1, Type: saboteur.Discard, Card: view(tb, 1).Hand[0]}); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("out of turn: %v, want ErrNotYourTurn", err)
	}
	tb.Close()
	if err := tb.Submit(0, saboteur.Move{Seat: 0, Type: saboteur.Discard, Card: v.Hand[0]}); err != ErrClosed {
		t.Errorf("after Close: %v, want ErrClosed", err)
	}
}

// playRandom plays k moves (or to the end) at a table of Inboxes.
type fataler interface {
	Helper()
	Fatalf(string, ...any)
}

func playRandom(t fataler, tb *Table, rng *rand.Rand, k int) {
	t.Helper()
	for i := 0; i < k; i++ {
		v := view(tb, -1)
		if v.Phase == saboteur.Over {
			return
		}
		sv := view(tb, v.Turn)
		ms := sv.LegalMoves()
		if err := tb.Submit(v.Turn, ms[rng.IntN(len(ms))]); err != nil {
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

func TestAutosaveResume(t *testing.T) {
	dir := t.TempDir()
	fs := FileSaver{Path: filepath.Join(dir, "sub", AutosaveFile)}
	for _, k := range []int{1, 40, 150, 1000} {
		tb, err := NewTable(sab, opts(5), uint64(k), inboxes(5), fs)
		if err != nil {
			t.Fatal(err)
		}
		playRandom(t, tb, rand.New(rand.NewPCG(uint64(k), 1)), k)
		if err := tb.SaveError(); err != nil {
			t.Fatal(err)
		}
		saved, err := fs.Load(sab)
		if err != nil {
			t.Fatal(err)
		}
		if saved.Match.Over() != tb.Over() || saved.Record.From != 0 {
			t.Errorf("k=%d: loaded over %v, table %v", k, saved.Match.Over(), tb.Over())
		}
		seats := inboxes(5)
		tb2, err := Resume(sab, saved.Record, seats, nil)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := state(t, tb), state(t, tb2); a != b {
			t.Fatalf("k=%d: resumed state differs", k)
		}
		// The resumed seat got the whole game's events, redacted for it.
		d, ok := seats[2].(*Inbox).Poll()
		if !ok || len(d.Events) == 0 || !reflect.DeepEqual(d.View, tb.View(2)) {
			t.Fatalf("k=%d: resumed seat 2 got %v events, view equal %v", k, len(d.Events), reflect.DeepEqual(d.View, tb.View(2)))
		}
		for _, x := range d.Events {
			if e := x.(*saboteur.Event); e.Type == saboteur.Dealt && e.Seat != 2 && (e.Cards != nil || e.Role != saboteur.NoRole) {
				t.Fatalf("seat 2 saw seat %d's deal", e.Seat)
			}
		}
	}
}

func TestCorruptAutosave(t *testing.T) {
	dir := t.TempDir()
	fs := FileSaver{Path: filepath.Join(dir, AutosaveFile)}
	if _, err := fs.Load(sab); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing autosave: %v", err)
	}
	for _, data := range []string{"", "{", `{"format":1,"game":"goldvein","options":{"players":2},"seed":1,"seats":["a","b"],"moves":[]}`,
		`{"format":1,"game":"goldvein","options":{"players":3},"seed":1,"seats":["a","b","c"],"moves":[{"seat":2,"play":"discard","card":"NE"}]}`} {
		if err := os.WriteFile(fs.Path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := fs.Load(sab); err == nil {
			t.Errorf("autosave %q loaded", data)
		}
	}
	if err := fs.Remove(); err != nil {
		t.Error(err)
	}
	if err := fs.Remove(); err != nil {
		t.Errorf("second remove: %v", err)
	}
}

func TestReplace(t *testing.T) {
	seats := make([]Seat, 5)
	for i := range seats {
		seats[i] = NewBotSeat("bot", "random", newBrain(uint64(i)), 0)
	}
	guest := NewInbox("guest")
	seats[3] = guest
	tb, err := NewTable(sab, opts(5), 3, seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The bots play until the guest is on turn and the table waits for it.
	deadline := time.Now().Add(20 * time.Second)
	for view(tb, -1).Turn != 3 {
		if time.Now().After(deadline) {
			t.Fatal("the guest's turn never came")
		}
		time.Sleep(time.Millisecond)
	}
	moves := len(tb.Record().Moves)
	// A bot stands in for the guest, gets a fresh view and the game so far.
	stand := NewBotSeat("stand-in", "random", newBrain(99), 0)
	stand.bot.(*randomBrain).seen = 0
	var mu sync.Mutex
	var errs []error
	stand.onMove = func(err error) { mu.Lock(); errs = append(errs, err); mu.Unlock() }
	if err := tb.Replace(3, stand); err != nil {
		t.Fatal(err)
	}
	for len(tb.Record().Moves) == moves {
		if time.Now().After(deadline) {
			t.Fatal("the stand-in never moved")
		}
		time.Sleep(time.Millisecond)
	}
	// The guest takes the seat back: it gets its view at once.
	back := NewInbox("guest")
	if err := tb.Replace(3, back); err != nil {
		t.Fatal(err)
	}
	d, ok := back.Poll()
	if !ok || d.View.(saboteur.View).Seat != 3 || len(d.Events) == 0 || d.Owes != (d.View.(saboteur.View).Turn == 3) {
		t.Fatalf("the returning guest got %v, seat %d, %d events, owes %v", ok, d.View.(saboteur.View).Seat, len(d.Events), d.Owes)
	}
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
}

// TestDeliveriesRedacted: over random games, no seat's delivery ever holds
// another seat's hand, role, draw, discard, map sight or gold before the end
// (SABOTEUR.md, Hidden information), and the watcher gets only public facts.
func TestDeliveriesRedacted(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(3, 10).Draw(rt, "players")
		seed := rapid.Uint64().Draw(rt, "seed")
		seats := inboxes(n)
		tb, err := NewTable(sab, opts(n), seed, seats, nil)
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
				if d.View.(saboteur.View).Seat != seat {
					rt.Fatalf("seat %d got seat %d's view", seat, d.View.(saboteur.View).Seat)
				}
				for _, x := range d.Events {
					e := x.(*saboteur.Event)
					if e.Seat == seat {
						continue
					}
					if e.Cards != nil || e.Role != saboteur.NoRole || e.Golds != nil ||
						((e.Type == saboteur.Drew || e.Type == saboteur.Discarded || e.Type == saboteur.MapPlayed) && e.Card != (saboteur.Card{})) ||
						(e.Type == saboteur.GoldKept && e.Gold != 0) {
						rt.Fatalf("seat %d saw %v of seat %d", seat, e.Type, e.Seat)
					}
				}
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
	tee.Deliver(Delivery{View: saboteur.View{Seat: 4}})
	for _, x := range []*Inbox{a, b} {
		if v, ok := x.Latest(); !ok || v.(saboteur.View).Seat != 4 {
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

// TestRealBotsPlayWholeGame: five computer players of the bot package
// (every level) play a whole game at a table, each on its own goroutine.
func TestRealBotsPlayWholeGame(t *testing.T) {
	levels := []bot.Level{bot.Normal, bot.Easy, bot.Random, bot.Normal, bot.Easy}
	seats := make([]Seat, len(levels))
	for i, l := range levels {
		seats[i] = NewBotSeat(string(l), string(l), saboteur.AsBot(bot.New(l, i, len(levels), uint64(10+i))), 0)
	}
	save := &memSaver{}
	tb, err := NewTable(sab, opts(len(levels)), 2024, seats, save)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-tb.Done():
	case <-time.After(120 * time.Second):
		t.Fatal("the game did not end")
	}
	v := view(tb, -1)
	if v.Phase != saboteur.Over || len(v.Results) != saboteur.Rounds {
		t.Fatalf("phase %v after %d rounds", v.Phase, len(v.Results))
	}
	rec, err := rules.ParseRecord(save.last)
	if err != nil {
		t.Fatal(err)
	}
	if m, _, err := rec.Replay(sab); err != nil || !m.Over() {
		t.Fatalf("the autosave does not replay to the end: %v", err)
	}
}

// TestSubmitAtAndHistory: a move chosen at an earlier point of the game is
// refused with ErrStale and changes nothing; one chosen now is played.
// History gives the seat's view and its redaction of every event so far.
func TestSubmitAtAndHistory(t *testing.T) {
	tb, err := NewTable(sab, opts(4), 5, inboxes(4), nil)
	if err != nil {
		t.Fatal(err)
	}
	v0 := view(tb, -1)
	s := v0.Turn
	h := tb.History(s)
	v, evs := h.View.(saboteur.View), h.Events
	if v.Seat != s || v.Moves != v0.Moves || h.Step != v.Moves || !h.Owes || len(evs) == 0 {
		t.Fatalf("history of seat %d: view of seat %d at %d moves, step %d, owes %v, %d events", s, v.Seat, v.Moves, h.Step, h.Owes, len(evs))
	}
	if seats, step := tb.ToMove(); !reflect.DeepEqual(seats, []int{s}) || step != v.Moves {
		t.Fatalf("ToMove %v %d", seats, step)
	}
	for _, e := range evs {
		if e := *e.(*saboteur.Event); !reflect.DeepEqual(e, e.Redact(s)) {
			t.Fatalf("history holds an event not redacted for seat %d: %+v", s, e)
		}
	}
	m := v.LegalMoves()[0]
	if err := tb.SubmitAt(s, v.Moves+1, m); !errors.Is(err, ErrStale) {
		t.Fatalf("a move for a later point: %v, want ErrStale", err)
	}
	if got := view(tb, -1).Moves; got != v0.Moves {
		t.Fatalf("a stale move changed the game: %d moves, was %d", got, v0.Moves)
	}
	if err := tb.SubmitAt(s, v.Moves, m); err != nil {
		t.Fatal(err)
	}
	if err := tb.SubmitAt(s, v.Moves, m); !errors.Is(err, ErrStale) {
		t.Fatalf("the same move again: %v, want ErrStale", err)
	}
	evs2 := tb.History(s).Events
	if len(evs2) <= len(evs) {
		t.Fatalf("history did not grow after a move: %d then %d events", len(evs), len(evs2))
	}
	tb.Close()
	if err := tb.SubmitAt(s, v.Moves+1, m); !errors.Is(err, ErrClosed) {
		t.Fatalf("after Close: %v, want ErrClosed", err)
	}
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
	for _, e := range d.Events {
		if e.(*saboteur.Event).Type == saboteur.GameEnded {
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
	}
	s.BotSeat.Deliver(d)
}

// TestOverBeforeTheLastDelivery: a seat handed the end of the game (a LAN
// guest that hangs up at once) finds Over true though Done is not closed
// yet, so the host logs it as leaving after the game, not as dropped.
func TestOverBeforeTheLastDelivery(t *testing.T) {
	seats := make([]Seat, 3)
	watch := &overSeat{BotSeat: NewBotSeat("watch", "random", newBrain(1), 0)}
	seats[0] = watch
	for i := 1; i < len(seats); i++ {
		seats[i] = NewBotSeat("bot", "random", newBrain(uint64(i+1)), 0)
	}
	tb, err := NewTable(sab, opts(3), 3, seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-tb.Done():
	case <-time.After(60 * time.Second):
		t.Fatal("the game did not end")
	}
	if watch.over.Load() != 1 {
		t.Errorf("Over was false when the end of the game was handed out (%d)", watch.over.Load())
	}
	if watch.done.Load() != 2 {
		t.Errorf("Done was already closed when the end was handed out (%d): the test no longer shows the race", watch.done.Load())
	}
	if !tb.Over() {
		t.Error("Over is false after Done")
	}
}
