package scenes

import (
	"testing"
	"time"
)

// TestAutoplayHandInStep: in --autoplay the screen shows the followed
// computer player's hand, which must always be the hand of the moment the
// board shows (the table runs far ahead of the motion).
func TestAutoplayHandInStep(t *testing.T) {
	h := newHarness(t)
	h.a.cfg.Autoplay, h.a.cfg.Players = true, 5
	m, err := newAutoplayMatch(h.a)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.close)
	h.a.cur = startScene(h.a, m)
	deadline := time.Now().Add(60 * time.Second)
	checked := 0
	for time.Now().Before(deadline) {
		h.tick()
		if _, ok := h.a.cur.(*finalScene); ok {
			break
		}
		b, ok := h.a.cur.(*boardScene)
		if !ok || b.dealing > 0 || b.ended != nil || h.a.fade > 0 {
			continue
		}
		if b.mine.Moves != b.view.Moves {
			t.Fatalf("the hand is of move %d, the board of move %d", b.mine.Moves, b.view.Moves)
		}
		if got, want := len(b.hand), b.view.HandSizes[b.me]; got != want {
			t.Fatalf("round %d move %d: hand shows %d cards, the seat holds %d (mine at move %d)", b.view.Round, b.view.Moves, got, want, b.mine.Moves)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("never checked")
	}
}
