package lan

import (
	"testing"
	"time"
)

// TestTurnClockPerSeat: the turn timer runs for each seat that owes a
// move, on its own (several at once while a simultaneous choice is open):
// a seat's clock keeps its start while the same step is delivered again,
// restarts at a new step, and stops when that seat owes no more, leaving
// the others running.
func TestTurnClockPerSeat(t *testing.T) {
	h := &Host{}
	h.turnLimit.Store(int64(time.Hour))
	var c turnClock
	defer c.stop()
	c.observe(h, 1, true, 5)
	c.observe(h, 2, true, 5)
	c.observe(h, 3, false, 5)
	if len(c.seats) != 2 || c.seats[1] == nil || c.seats[2] == nil {
		t.Fatalf("clocks %v, want seats 1 and 2", c.seats)
	}
	first := c.seats[1]
	c.observe(h, 1, true, 5)
	if c.seats[1] != first {
		t.Error("the same step delivered again restarted seat 1's clock")
	}
	c.observe(h, 1, true, 6)
	if c.seats[1] == first || c.seats[1].step != 6 {
		t.Error("a new step kept seat 1's old clock")
	}
	c.observe(h, 2, false, 6)
	if c.seats[2] != nil || c.seats[1] == nil {
		t.Errorf("after seat 2 moved: clocks %v", c.seats)
	}
	h.turnLimit.Store(-1)
	c.observe(h, 1, true, 7)
	if len(c.seats) != 0 {
		t.Errorf("the timer off: clocks %v", c.seats)
	}
}
