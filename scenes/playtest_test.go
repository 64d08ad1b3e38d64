package scenes

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestDiscardKeyWithoutCardSaysWhatToDo: D with no card picked plays
// nothing and says how to pick the card to discard (issue 17, item 9).
func TestDiscardKeyWithoutCardSaysWhatToDo(t *testing.T) {
	h, b := startBoard(t, oneHuman(3), 5)
	if b.sel >= 0 {
		t.Fatalf("card %d picked at the start", b.sel)
	}
	h.key(ebiten.KeyD)
	if n := len(b.m.table.Record().Moves); n != 0 {
		t.Fatalf("%d moves after D with no card picked, want none", n)
	}
	if want := h.a.T("scene.board.discard_pick"); b.reason != want || b.reasonT == 0 {
		t.Fatalf("D with no card says %q (shown %v), want %q", b.reason, b.reasonT > 0, want)
	}
	// Shown on the screen, not only kept.
	found := false
	for _, d := range drawnLines(h) {
		if d.s == b.reason {
			found = true
		}
	}
	if !found {
		t.Error("the answer to D is not drawn")
	}
}
