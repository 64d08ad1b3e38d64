package lan

import (
	"strings"
	"testing"
	"time"

	"github.com/goldvein/goldvein/rules/ruletest"
)

// expect reads c's messages until one satisfies ok, and fails the test
// after 10 s or when c ends.
func expect(t *testing.T, c *Client, what string, ok func(Message) bool) Message {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case m := <-c.Messages():
			if ok(m) {
				return m
			}
		case <-c.Done():
			t.Fatalf("%s: the connection ended: %v", what, c.Err())
		case <-timeout:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// TestUndoOverLAN: a guest takes back its own sealed pick over loopback:
// the host's table comes back to before it (the record without the move),
// every guest is sent the view as it stood before with a NoticeUndo naming
// the seat, and the host's screen has the notice; another guest asking to
// take that pick back, and the pick that reveals the round (T4), are
// refused with CodeUndo saying why, and change nothing.
func TestUndoOverLAN(t *testing.T) {
	t.Parallel()
	h, addr := startHost(t, testConfig(3, 0))
	cs := []*Client{join(t, addr, "ann", nil), join(t, addr, "bob", nil), join(t, addr, "cy", nil)}
	bySeat := make([]*Client, 3)
	for _, c := range cs {
		expect(t, c, "the first update", func(m Message) bool { return m.T == TUpdate })
		bySeat[c.Seat()] = c
	}
	first, second := bySeat[0], bySeat[1]
	if err := first.Move(ruletest.ToyMove{Pick: 2}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the pick on the host", func() bool { return len(h.Table().Record().Moves) == 1 })
	if err := second.Undo(); err != nil {
		t.Fatal(err)
	}
	m := expect(t, second, "the refusal", func(m Message) bool { return m.T == TError })
	if m.Code != CodeUndo || !strings.Contains(m.Error, "another seat has moved since") {
		t.Errorf("seat 1 taking back seat 0's pick: %s %q", m.Code, m.Error)
	}
	if n := len(h.Table().Record().Moves); n != 1 {
		t.Fatalf("a refused undo left %d moves", n)
	}

	if err := first.Undo(); err != nil {
		t.Fatal(err)
	}
	for seat, c := range bySeat {
		var up Message // the last update before the notice
		n := expect(t, c, "the undo notice", func(m Message) bool {
			if m.T == TUpdate {
				up = m
			}
			return m.T == TNotice
		})
		if n.Code != NoticeUndo || n.Seat != 0 || n.Name != "ann" {
			t.Errorf("seat %d's notice: %+v", seat, n)
		}
		v, ok := up.GameView.(ruletest.ToyView)
		if !ok || v.Picked[0] != 0 || up.Owes != (seat == 0) || len(up.GameEvents) != 0 {
			t.Errorf("seat %d's update before the notice: picked %v, owes %v, %d events", seat, v.Picked, up.Owes, len(up.GameEvents))
		}
	}
	if n := len(h.Table().Record().Moves); n != 0 {
		t.Fatalf("%d moves on the host after the undo", n)
	}
	if ns := h.Notices(); len(ns) != 1 || ns[0].Code != NoticeUndo || ns[0].Seat != 0 {
		t.Errorf("the host's notices: %+v", ns)
	}

	for seat, c := range bySeat { // a whole round: the last pick reveals it
		if err := c.Move(ruletest.ToyMove{Pick: 1}); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the pick", func() bool { return len(h.Table().Record().Moves) == seat+1 })
	}
	last := bySeat[2]
	if err := last.Undo(); err != nil {
		t.Fatal(err)
	}
	m = expect(t, last, "the refusal", func(m Message) bool { return m.T == TError })
	if m.Code != CodeUndo || !strings.Contains(m.Error, "T4") {
		t.Errorf("taking back the revealing pick: %s %q, want T4", m.Code, m.Error)
	}
	if n := len(h.Table().Record().Moves); n != 3 {
		t.Errorf("%d moves after a refused undo, want 3", n)
	}
}

// TestUndoMessage: an undo carries nothing; any other field is refused
// (protocol), as for every client message.
func TestUndoMessage(t *testing.T) {
	if m, err := DecodeClient([]byte(`{"t":"undo"}`)); err != nil || m.T != TUndo {
		t.Errorf("undo: %+v, %v", m, err)
	}
	for _, bad := range []string{`{"t":"undo","move":{"pick":1}}`, `{"t":"undo","seat":1}`, `{"t":"undo","text":"x"}`, `{"t":"undo","name":"x"}`} {
		if _, err := DecodeClient([]byte(bad)); err == nil {
			t.Errorf("%s was read", bad)
		}
	}
}

// TestUndoWaitOverLAN: with HostConfig.UndoWait the host's computer
// player holds after a guest's pick that may be taken back, so the guest
// can take it back.
func TestUndoWaitOverLAN(t *testing.T) {
	t.Parallel()
	cfg := testConfig(2, 0)
	cfg.UndoWait = time.Hour
	h, addr := startHost(t, cfg)
	h.SetSeat(1, SeatBot, "", "random")
	c := join(t, addr, "ann", nil)
	expect(t, c, "the first update", func(m Message) bool { return m.T == TUpdate && m.Owes })
	if err := c.Move(ruletest.ToyMove{Pick: 1}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the pick on the host", func() bool { return len(h.Table().Record().Moves) == 1 })
	time.Sleep(30 * time.Millisecond) // a bot that did not hold would move now
	if err := c.Undo(); err != nil {
		t.Fatal(err)
	}
	expect(t, c, "the undo notice", func(m Message) bool {
		if m.T == TError {
			t.Fatalf("refused: %s %s", m.Code, m.Error)
		}
		return m.T == TNotice && m.Code == NoticeUndo
	})
}

// TestUndoKeepsTheTurnClock: a guest who moves and takes the move back
// owes the same step again, and its turn timer runs on from when that step
// first came due, not afresh: moving and taking back never buys time
// (issue 22; the turn timer is HostConfig.TurnTimeout).
func TestUndoKeepsTheTurnClock(t *testing.T) {
	t.Parallel()
	cfg := testConfig(3, 0)
	cfg.TurnTimeout = time.Hour
	h, addr := startHost(t, cfg)
	cs := []*Client{join(t, addr, "ann", nil), join(t, addr, "bob", nil), join(t, addr, "cy", nil)}
	var first *Client
	for _, c := range cs {
		expect(t, c, "the first update", func(m Message) bool { return m.T == TUpdate })
		if c.Seat() == 0 {
			first = c
		}
	}
	var due time.Time
	waitFor(t, "seat 0's clock", func() bool {
		var ok bool
		due, ok = h.clock.dueAt(0)
		return ok
	})
	time.Sleep(20 * time.Millisecond) // so a fresh start would differ
	if err := first.Move(ruletest.ToyMove{Pick: 2}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the pick to stop seat 0's clock", func() bool { _, ok := h.clock.dueAt(0); return !ok })
	if err := first.Undo(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "seat 0's clock after the undo", func() bool { _, ok := h.clock.dueAt(0); return ok })
	if again, _ := h.clock.dueAt(0); !again.Equal(due) {
		t.Errorf("after the undo seat 0's clock runs from %v, %v after the step first came due; want the same start", again, again.Sub(due))
	}
}
