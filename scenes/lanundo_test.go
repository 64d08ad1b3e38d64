package scenes

import (
	"errors"
	"slices"
	"testing"

	"github.com/goldvein/goldvein/rules"
)

// TestUndoTrail: an update without events marks the host's rewind of the
// last update's move; the undo notice (Rewind) cuts that move's events,
// and a computer player's move that came between the rewind and the
// notice stays; without a mark nothing is cut, and a reconnection's
// whole-game update leaves nothing to cut.
func TestUndoTrail(t *testing.T) {
	var u UndoTrail[int]
	if _, _, ok := u.Rewind(); ok {
		t.Fatal("an empty trail rewound")
	}
	u.Add([]int{1, 2}, false)
	u.Add([]int{3, 4}, false) // the move taken back
	u.Add(nil, false)         // the host's rewind
	u.Add([]int{5}, false)    // a computer player moved at once
	left, cut, ok := u.Rewind()
	if !ok || cut != 2 || !slices.Equal(left, []int{1, 2, 5}) {
		t.Fatalf("after the rewind: %v, cut %d, %v; want [1 2 5], 2", left, cut, ok)
	}
	if _, _, ok := u.Rewind(); ok {
		t.Fatal("a second notice cut again")
	}
	u.Add([]int{6}, false)
	u.Add([]int{1, 2, 5, 6}, true) // a reconnection repeats the game
	u.Add(nil, false)
	if _, _, ok := u.Rewind(); ok || u.Len() != 4 {
		t.Fatalf("after a reconnection a rewind cut something (%d kept)", u.Len())
	}
}

// TestHostError: the host's refusal texts read back as the errors they
// were: the table's own reasons (errors.Is) and rules cited (RuleOf).
func TestHostError(t *testing.T) {
	if err := HostError(rules.ErrMovedSince.Error() + ": the last move is seat 2's"); !errors.Is(err, rules.ErrMovedSince) {
		t.Errorf("moved since: %v", err)
	}
	if err := HostError("I3.4: the choices have been revealed"); rules.RuleOf(err) != "I3.4" {
		t.Errorf("I3.4: %v (rule %q)", err, rules.RuleOf(err))
	}
	if err := HostError("something else"); rules.RuleOf(err) != "" || err.Error() != "something else" {
		t.Errorf("other: %v", err)
	}
}
