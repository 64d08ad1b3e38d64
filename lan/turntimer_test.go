package lan

import (
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/goldvein/goldvein/rules/ruletest"
)

// TestTurnTimerPlaysASilentGuest: a guest who joins and never moves does
// not stall the table. Each time their turn outlasts the turn timer a
// computer player makes that one move for them and every connection gets
// a notice; the guest keeps the seat, and the game ends.
func TestTurnTimerPlaysASilentGuest(t *testing.T) {
	t.Parallel()
	cfg := testConfig(3, 1)
	cfg.TurnTimeout = 40 * time.Millisecond
	cfg.Grace = time.Hour
	h, addr := startHost(t, cfg)
	silent := join(t, addr, "ann", nil) // seat 0, first to pick (testConfig)
	bob := join(t, addr, "bob", nil)
	var mu sync.Mutex
	var notices []Message
	var last ruletest.ToyView
	go func() {
		for m := range silent.Messages() {
			mu.Lock()
			switch m.T {
			case TNotice:
				notices = append(notices, m)
			case TUpdate:
				last = m.GameView.(ruletest.ToyView)
			}
			mu.Unlock()
		}
	}()
	views := playAll(t, []*Client{bob})
	checkFinal(t, h, []*Client{bob}, views)
	// Seat 0 picks in every round (the toy in turns) and nobody picked for
	// it but the timer: one notice per move of seat 0, each sent after its
	// move.
	moves := 0
	for _, m := range h.Table().Record().Moves {
		if m.Seat == 0 {
			moves++
		}
	}
	if moves == 0 {
		t.Fatal("the silent guest never moved")
	}
	mine := func() int {
		mu.Lock()
		defer mu.Unlock()
		n := 0
		for _, m := range notices {
			if m.Code != NoticeTurnTimeout || m.Text == "" {
				t.Errorf("notice %+v", m)
			}
			if m.Seat == 0 && m.Name == "ann" {
				n++
			}
		}
		return n
	}
	waitFor(t, "a notice for every move of the silent guest", func() bool { return mine() >= moves })
	if n := mine(); n != moves {
		t.Fatalf("%d notices about the silent guest, who made %d moves", n, moves)
	}
	own := 0
	for _, n := range h.Notices() {
		if n.Seat == 0 && n.Code == NoticeTurnTimeout {
			own++
		}
	}
	if own != moves { // bob may be timed out too on a loaded machine
		t.Fatalf("the host's own list has %d notices for seat 0, which made %d moves", own, moves)
	}
	waitFor(t, "the end of the game on the silent guest's side", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return last.Over
	})
	if s := h.Lobby().Seats[0]; s.Kind != SeatGuest || s.StandIn || !s.Connected {
		t.Fatalf("the silent guest's seat: %+v", s)
	}
	if l := h.Lobby(); l.TurnTimeoutMS != 40 {
		t.Fatalf("lobby turn_timeout_ms %d, want 40", l.TurnTimeoutMS)
	}
}

// TestTurnTimerOff: with the timer off (a negative TurnTimeout, or
// SetTurnTimeout(0)) a silent guest's turn waits.
func TestTurnTimerOff(t *testing.T) {
	t.Parallel()
	cfg := testConfig(3, 2)
	cfg.TurnTimeout = -1
	h, addr := startHost(t, cfg)
	join(t, addr, "ann", nil)
	<-h.Started()
	time.Sleep(150 * time.Millisecond)
	if seats, _ := h.Table().ToMove(); len(h.Table().Record().Moves) != 0 || !slices.Equal(seats, []int{0}) {
		t.Fatalf("with the timer off the game went on: %d moves, seats %v owe", len(h.Table().Record().Moves), seats)
	}
	if l := h.Lobby(); l.TurnTimeoutMS != 0 {
		t.Fatalf("lobby turn_timeout_ms %d, want 0 (off)", l.TurnTimeoutMS)
	}
	h.SetTurnTimeout(30 * time.Millisecond) // from the next turn on
	h.SetTurnTimeout(0)
	if l := h.Lobby(); l.TurnTimeoutMS != 0 {
		t.Fatalf("lobby turn_timeout_ms %d after SetTurnTimeout(0)", l.TurnTimeoutMS)
	}
}
