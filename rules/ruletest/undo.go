package ruletest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/goldvein/goldvein/rules"
)

// UndoStats counts what Undo saw: the moves whose mover could take them
// back, and the refusals by the rule they cite.
type UndoStats struct {
	Moves    int            // moves played
	Undoable int            // moves the match let their mover take back
	Checked  int            // of those, how many were replayed and compared
	Refused  map[string]int // refusals by rule (rules.RuleOf)
}

// Undo plays one game of random legal moves at table tb with seed, every
// seat a person's (rules.Human), and after every move asks the match
// whether its mover may take it back (rules.CanUndo, rules.Undoer):
//   - a refusal must cite a rule (rules.RuleOf), and is counted by it;
//   - an allowed one, for up to probes of them (spread over the game by
//     chance), must come back exactly: the record without the move
//     (rules.Undo) replays to every seat's view, the spectator's, the
//     owing seats, the step and Over as they were before the move;
//   - whatever the match says, another seat than the mover is refused
//     (rules.ErrMovedSince).
//
// It returns the counts, and an error naming the first move that breaks
// one of these.
func Undo(c Config, tb Table, seed uint64, probes int) (UndoStats, error) {
	c.defaults()
	st := UndoStats{Refused: map[string]int{}}
	g := c.Game
	m, err := g.New(tb.Players, tb.Options, seed)
	if err != nil {
		return st, fmt.Errorf("New: %w", err)
	}
	if _, ok := m.(rules.Undoer); !ok {
		return st, errors.New("the match is no rules.Undoer")
	}
	seats := make([]rules.RecordSeat, tb.Players)
	for i := range seats {
		seats[i] = rules.RecordSeat{Name: fmt.Sprintf("P%d", i), Kind: rules.Human}
	}
	rec := rules.NewRecord(g.ID(), tb.Options, seed, seats)
	rng := rand.New(rand.NewPCG(seed, 23))
	for n := 0; !m.Over(); n++ {
		if n >= c.MaxMoves {
			return st, fmt.Errorf("not over after %d moves", n)
		}
		owing := m.ToMove()
		if len(owing) == 0 {
			return st, errors.New("no seat owes a move and the game is not over")
		}
		seat := owing[rng.IntN(len(owing))]
		legal := m.Legal(seat)
		mv := legal[rng.IntN(len(legal))]
		before := snapshot(m, tb.Players)
		if _, err := m.Apply(seat, mv); err != nil {
			return st, fmt.Errorf("move %d: seat %d's legal move refused: %w", n, seat, err)
		}
		if err := rec.Add(seat, mv); err != nil {
			return st, err
		}
		st.Moves++
		other := (seat + 1) % tb.Players
		if err := rules.CanUndo(rec, m, other); !m.Over() && !errors.Is(err, rules.ErrMovedSince) {
			return st, fmt.Errorf("move %d: seat %d may take back seat %d's move: %v", n, other, seat, err)
		}
		err := rules.CanUndo(rec, m, seat)
		if err != nil {
			if errors.Is(err, rules.ErrGameOver) {
				continue
			}
			rule := rules.RuleOf(err)
			if rule == "" {
				return st, fmt.Errorf("move %d: a refusal that cites no rule: %v", n, err)
			}
			st.Refused[rule]++
			continue
		}
		st.Undoable++
		if st.Checked >= probes || rng.IntN(4) != 0 && st.Checked > 0 {
			continue
		}
		st.Checked++
		_, um, _, err := rules.Undo(g, rec, m, seat)
		if err != nil {
			b, _ := json.Marshal(mv)
			return st, fmt.Errorf("move %d: seat %d's move %s: %w", n, seat, b, err)
		}
		if after := snapshot(um, tb.Players); !bytes.Equal(after, before) {
			b, _ := json.Marshal(mv)
			return st, fmt.Errorf("move %d: seat %d's move %s taken back does not come back to where it was:\n%s\nwant\n%s",
				n, seat, b, clip(after), clip(before))
		}
	}
	return st, nil
}
