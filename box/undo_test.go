package box

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
)

// tableState is every seat's view and the spectator's, the record and who
// owes a move at which step, as JSON, to compare a table's states.
func tableState(t *testing.T, tb *game.Table, players int) string {
	t.Helper()
	var all []any
	for s := -1; s < players; s++ {
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

// TestTableUndo: every game of the box, at a table (package game) of
// people at one screen, played by random legal moves: after every move
// its mover may take back (Table.CanUndo), Table.Undo brings the table
// back exactly (every view, the record, who owes what at which step), the
// autosave holds the shortened record, and every seat gets a Rewind
// delivery; the move is then made again. Any other seat is refused
// (rules.ErrMovedSince), and every refusal of the mover cites a rule.
func TestTableUndo(t *testing.T) {
	for _, g := range Games() {
		t.Run(g.ID, func(t *testing.T) {
			lo, _ := g.Rules.Seats()
			n := max(lo, 3)
			const seed = 77
			mirror, err := g.Rules.New(n, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := mirror.(rules.Undoer); !ok {
				t.Fatalf("%s's match is no rules.Undoer", g.ID)
			}
			seats := make([]game.Seat, n)
			inboxes := make([]*game.Inbox, n)
			for i := range seats {
				inboxes[i] = game.NewInbox(string(rune('A' + i)))
				seats[i] = inboxes[i]
			}
			save := &saver{}
			tb, err := game.NewTable(g.Rules, nil, seed, seats, save)
			if err != nil {
				t.Fatal(err)
			}
			defer tb.Close()
			rng := rand.New(rand.NewPCG(seed, 5))
			undone, refused := 0, map[string]int{}
			for k := 0; k < 400 && !mirror.Over(); k++ {
				owing := mirror.ToMove()
				seat := owing[rng.IntN(len(owing))]
				legal := mirror.Legal(seat)
				mv := legal[rng.IntN(len(legal))]
				before := tableState(t, tb, n)
				if err := tb.Submit(seat, mv); err != nil {
					t.Fatalf("move %d: %v", k, err)
				}
				if _, err := mirror.Apply(seat, mv); err != nil {
					t.Fatalf("move %d, the mirror: %v", k, err)
				}
				if mirror.Over() {
					break
				}
				if err := tb.CanUndo((seat + 1) % n); !errors.Is(err, rules.ErrMovedSince) {
					t.Fatalf("move %d: seat %d may take back seat %d's move: %v", k, (seat+1)%n, seat, err)
				}
				if err := tb.CanUndo(seat); err != nil {
					if rules.RuleOf(err) == "" {
						t.Fatalf("move %d: a refusal citing no rule: %v", k, err)
					}
					refused[rules.RuleOf(err)]++
					continue
				}
				for _, in := range inboxes {
					for _, ok := in.Poll(); ok; _, ok = in.Poll() {
					}
				}
				if err := tb.Undo(seat); err != nil {
					t.Fatalf("move %d: %v", k, err)
				}
				undone++
				if got := tableState(t, tb, n); got != before {
					t.Fatalf("move %d: seat %d's move taken back does not come back", k, seat)
				}
				rec, err := rules.ParseRecord(save.last)
				if err != nil || !sameMoves(rec.Moves, tb.Record().Moves) {
					t.Fatalf("move %d: the autosave after the undo: %v", k, err)
				}
				for i, in := range inboxes {
					d, ok := in.Poll()
					if !ok || !d.Rewind || in.Pending() != 0 {
						t.Fatalf("move %d: seat %d was handed %+v (%v), want one rewind", k, i, d, ok)
					}
				}
				if err := tb.Submit(seat, mv); err != nil {
					t.Fatalf("move %d made again: %v", k, err)
				}
			}
			if undone == 0 || len(refused) == 0 {
				t.Errorf("%d moves taken back, refusals %v: want some of each", undone, refused)
			}
			t.Logf("%d moves taken back; refused by rule: %v", undone, refused)
		})
	}
}

// sameMoves reports whether a and b hold the same moves.
func sameMoves(a, b []rules.RecordMove) bool {
	return reflect.DeepEqual(append([]rules.RecordMove{}, a...), append([]rules.RecordMove{}, b...))
}
