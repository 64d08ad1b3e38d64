package game

import (
	"sync"
	"testing"
	"time"
)

// TestBotSeatPace: a paced computer player asks its pace before each move,
// with the step the move is for, and moves only when the pace lets it; a
// pace still waiting when the table closes lets no move through.
func TestBotSeatPace(t *testing.T) {
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
	tb, err := NewTable(sab, opts(3), 7, seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-tb.Done():
	case <-time.After(60 * time.Second):
		t.Fatal("the game did not end")
	}
	mu.Lock()
	if moves := len(tb.Record().Moves); len(steps) != moves || steps[0] != 0 || steps[moves-1] != moves-1 {
		t.Errorf("the pace was asked %d times (steps %v...), for %d moves", len(steps), steps[:min(5, len(steps))], moves)
	}
	mu.Unlock()

	held := NewBotSeat("bot", "random", newBrain(9), 0)
	asked := make(chan struct{})
	held.Pace(func(_ int, _ time.Duration, stop <-chan struct{}) bool {
		close(asked)
		<-stop
		return false
	})
	tb, err = NewTable(sab, opts(3), 7, []Seat{held, NewInbox("a"), NewInbox("b")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	<-asked
	tb.Close()
	time.Sleep(20 * time.Millisecond)
	if n := len(tb.Record().Moves); n != 0 {
		t.Errorf("%d moves after the table closed with the pace waiting", n)
	}
}
