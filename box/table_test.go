package box

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
)

// saver keeps the last record a table saved.
type saver struct {
	mu   sync.Mutex
	last []byte
	n    int
}

func (s *saver) Save(r *rules.Record) error {
	b, err := json.Marshal(r)
	s.mu.Lock()
	s.last, s.n = b, s.n+1
	s.mu.Unlock()
	return err
}

// TestRealBotsPlayWholeGame: every game's own computer players, every
// level, play a whole game at a table (package game), each seat's on its
// own goroutine, as in the app; the autosave, written after every move,
// replays to the end. (game's tests play the toy game of rules/ruletest;
// this was their test of Saboteur's bots.)
func TestRealBotsPlayWholeGame(t *testing.T) {
	for _, g := range Games() {
		t.Run(g.ID, func(t *testing.T) {
			lo, hi := g.Rules.Seats()
			levels := g.Rules.Levels()
			n := min(max(lo, len(levels)+1, 5), hi)
			seats := make([]game.Seat, n)
			for i := range seats {
				l := levels[i%len(levels)]
				b, err := g.Rules.NewBot(l, i, uint64(10+i))
				if err != nil {
					t.Fatal(err)
				}
				seats[i] = game.NewBotSeat(fmt.Sprintf("%s %d", l, i), l, b, 0)
			}
			save := &saver{}
			tb, err := game.NewTable(g.Rules, nil, 2024, seats, save)
			if err != nil {
				t.Fatal(err)
			}
			defer tb.Close()
			select {
			case <-tb.Done():
			case <-time.After(120 * time.Second):
				t.Fatal("the game did not end")
			}
			if len(tb.Scores()) != n {
				t.Fatalf("over with scores %v for %d seats", tb.Scores(), n)
			}
			save.mu.Lock()
			defer save.mu.Unlock()
			rec, err := rules.ParseRecord(save.last)
			if err != nil {
				t.Fatal(err)
			}
			if m, _, err := rec.Replay(g.Rules); err != nil || !m.Over() || save.n != len(rec.Moves) {
				t.Fatalf("the autosave (%d saves, %d moves) does not replay to the end: %v", save.n, len(rec.Moves), err)
			}
			for i, s := range rec.Seats {
				if s.Kind != rules.Computer || s.Level != levels[i%len(levels)] {
					t.Errorf("seat %d recorded as %+v", i, s)
				}
			}
			t.Logf("%d seats, %d moves", n, len(rec.Moves))
		})
	}
}
