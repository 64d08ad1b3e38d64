package game

import (
	"slices"
	"sync"
	"testing"
	"time"
)

// TestBotSeatPace: a paced computer player asks its pace before each move,
// with the step the move is for, and moves only when the pace lets it: in
// turns once per step, all at once once per seat at each round's step. A
// pace still waiting when the table closes lets no move through.
func TestBotSeatPace(t *testing.T) {
	for _, md := range modes {
		var mu sync.Mutex
		var steps []int
		seats := make([]Seat, 3)
		for i := range seats {
			b := NewBotSeat("bot", "random", newBrain(uint64(i+1)), 0)
			b.Pace(func(step int, _ time.Duration, _ <-chan struct{}) bool {
				mu.Lock()
				defer mu.Unlock()
				steps = append(steps, step)
				return true
			})
			seats[i] = b
		}
		tb, err := NewTable(toy, md.opts(0), 7, seats, nil)
		if err != nil {
			t.Fatal(err)
		}
		waitDone(t, tb, 60*time.Second, md.name)
		mu.Lock()
		moves := len(tb.Record().Moves)
		want := make([]int, moves) // the step of each move
		for i := range want {
			want[i] = i
			if !md.turns {
				want[i] = i / len(seats)
			}
		}
		slices.Sort(steps) // all at once, the seats of a round ask in any order
		if !slices.Equal(steps, want) {
			t.Errorf("%s: the pace was asked at steps %v, for %d moves", md.name, steps, moves)
		}
		mu.Unlock()

		held := NewBotSeat("bot", "random", newBrain(9), 0)
		asked := make(chan struct{})
		held.Pace(func(_ int, _ time.Duration, stop <-chan struct{}) bool {
			close(asked)
			<-stop
			return false
		})
		tb, err = NewTable(toy, md.opts(0), 7, []Seat{held, NewInbox("a"), NewInbox("b")}, nil)
		if err != nil {
			t.Fatal(err)
		}
		<-asked
		tb.Close()
		time.Sleep(20 * time.Millisecond)
		if n := len(tb.Record().Moves); n != 0 {
			t.Errorf("%s: %d moves after the table closed with the pace waiting", md.name, n)
		}
	}
}
