package underground

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
)

// ugMenuUndo opens the in-game menu with the menu button and, when undo,
// chooses Undo by keyboard (Down to Undo, Enter) as Saboteur's
// TestUndoThroughTheScreen does, else closes the menu with Esc; it returns
// the lines the menu drew.
func ugMenuUndo(t *testing.T, h *scenes.Harness, undo bool) string {
	t.Helper()
	h.Arm()
	h.Click(scenes.MenuButtonRect(h.A))
	if h.A.Cur.Name() != "table-menu" {
		t.Fatalf("the menu button: scene %s", h.A.Cur.Name())
	}
	h.Arm()
	var drawn []string
	for _, d := range scenes.DrawnLines(h) {
		drawn = append(drawn, d.S)
	}
	if !undo {
		h.Key(ebiten.KeyEscape)
		return strings.Join(drawn, " ")
	}
	h.Key(ebiten.KeyArrowDown)
	h.Key(ebiten.KeyArrowDown)
	h.Key(ebiten.KeyEnter)
	return strings.Join(drawn, " ")
}

// TestUGUndoThroughTheScreen (issue 22): through the menu button and the
// in-game menu, a human's conquest comes back exactly (the position and
// the record as before it, and the record replays), and a pick of a combo
// is refused with its reason on the menu (U4.4: it brought the next combo
// into view; or U3.2 when a computer player has moved since).
//
// The log then says that the move was taken back.
func TestUGUndoThroughTheScreen(t *testing.T) {
	h, s := ugHarness(t, []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Name: "Bot 2", Level: "easy"}}, 5)
	m := s.m
	gt := ugGameTable(t, m)
	// The first move: a pick. It cannot be taken back.
	s, ok := ugWait(h, nil)
	if !ok {
		t.Fatal("the game ended before it began")
	}
	c := ugScript(s, 0)
	if c.pick < 0 {
		t.Fatalf("the first step is %q, want a pick", s.moves.step)
	}
	n := len(gt.Record().Moves)
	ugAct(h, t, s, c, false)
	if len(gt.Record().Moves) != n+1 {
		t.Fatal("the pick was not played")
	}
	if ok, why := s.CanUndo(h.A); ok || !strings.Contains(why, "U4.4") && !strings.Contains(why, "U3.2") {
		t.Fatalf("after a pick: CanUndo %v %q, want no, citing U4.4 (or U3.2)", ok, why)
	}
	drawn := ugMenuUndo(t, h, false)
	if !strings.Contains(drawn, "U4.4") && !strings.Contains(drawn, "U3.2") {
		t.Fatalf("the in-game menu does not say why Undo is refused: %q", drawn)
	}
	if got := len(gt.Record().Moves); got < n+1 {
		t.Fatalf("a refused Undo took moves back: %d, want at least %d", got, n+1)
	}
	if _, ok := h.A.Cur.(*ugPlayScene); !ok {
		t.Fatalf("Esc on the in-game menu: scene %s, want the board", h.A.Cur.Name())
	}
	// A conquest: it comes back exactly. One that turned a Place or Relic
	// marker face up cannot be taken back (U5.6): play on to one that did
	// not.
	gt.SetUndoWait(time.Minute) // the computer players wait for Undo
	var before int
	var view underground.View
	for tries := 0; ; tries++ {
		s, ok = ugPlayTo(h, t, func(s *ugPlayScene) bool {
			c := ugScript(s, 0)
			return s.moves.step == "conquer" && c.region >= 0
		})
		if !ok || tries > 30 {
			t.Fatal("the game ended before an undoable conquest")
		}
		before, view = len(gt.Record().Moves), s.mine
		ugAct(h, t, s, ugScript(s, 0), false)
		if len(gt.Record().Moves) != before+1 {
			t.Fatal("the conquest was not played")
		}
		ok, why := s.CanUndo(h.A)
		if ok {
			break
		}
		if !strings.Contains(why, "U5.6") {
			t.Fatalf("a conquest: CanUndo says no (%q)", why)
		}
	}
	ugMenuUndo(t, h, true)
	ns, ok := h.A.Cur.(*ugPlayScene)
	if !ok {
		t.Fatalf("after Undo: scene %s", h.A.Cur.Name())
	}
	if got := len(gt.Record().Moves); got != before {
		t.Fatalf("after Undo: %d moves, want %d", got, before)
	}
	// The log says so: the one person at the screen is "you".
	if lines := ugLogLines(ns); len(lines) == 0 || lines[len(lines)-1] != h.A.T("lan.notice.undo_you") {
		t.Fatalf("after Undo the log ends %q, want %q", lines[max(0, len(lines)-2):], h.A.T("lan.notice.undo_you"))
	}
	ns, ok = ugWait(h, nil)
	if !ok {
		t.Fatal("after Undo the game ended")
	}
	if !reflect.DeepEqual(ns.mine, view) {
		t.Fatalf("after Undo the position differs from the one before the conquest:\n%+v\n%+v", ns.mine, view)
	}
	if _, _, err := gt.Record().Replay(ugGame); err != nil {
		t.Fatalf("after Undo the record does not replay: %v", err)
	}
}

// ugGameTable is the match's table at one screen (game.Table).
func ugGameTable(t *testing.T, m *ugMatch) *game.Table {
	t.Helper()
	gt, ok := m.table.(*game.Table)
	if !ok {
		t.Fatalf("the table is a %T, want *game.Table", m.table)
	}
	return gt
}
