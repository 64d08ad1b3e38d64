package saboteur

import (
	"fmt"
	"testing"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// TestPanelShowsOwnGoldAndTools: the panel of the player holding the
// screen shows the gold they have won so far, drawn as their private
// thing (R8.4), and nothing of it once the screen is handed to nobody;
// every panel shows its seat's three tools, each whole or broken (R6.1),
// inside the panel and clear of its text (issue 26, items 2 and 3).
func TestPanelShowsOwnGoldAndTools(t *testing.T) {
	h, b := startBoard(t, oneHuman(4), 5)
	h.CheckPrivacy(nil)
	b.mine.Gold = 7 // as after rounds won: the view's own gold
	b.view.Broken[2] = saboteur.Lantern | saboteur.Cart
	gold := h.A.Num(7)
	inPanel := func(i int) (found bool) {
		for _, d := range scenes.DrawnLines(h) {
			if d.S == gold && scenes.Overlaps(d.R, b.L.panels[i]) {
				found = true
			}
		}
		return found
	}
	if !inPanel(0) {
		t.Fatalf("the own gold %q is not on Ann's panel", gold)
	}
	for i := 1; i < 4; i++ {
		if inPanel(i) {
			t.Errorf("Ann's gold shows on panel %d", i)
		}
	}
	h.A.HandTo(-1)
	if inPanel(0) || h.Leak() != "" {
		t.Errorf("with the screen handed to nobody the gold shows (%v) or leaks (%q)", inPanel(0), h.Leak())
	}
	h.A.HandTo(0)
	lines := scenes.DrawnLines(h)
	for i, p := range b.L.panels {
		var rs []scenes.Rect
		for k := range panelTools {
			r := b.toolRect(h.A, i, k)
			if r.X < p.X || r.Y < p.Y || r.X+r.W > p.X+p.W || r.Y+r.H > p.Y+p.H {
				t.Errorf("panel %d: tool %d at %v outside the panel %v", i, k, r, p)
			}
			for _, q := range rs {
				if scenes.Overlaps(r, q) {
					t.Errorf("panel %d: tools %v and %v overlap", i, r, q)
				}
			}
			rs = append(rs, r)
			for _, d := range lines {
				if scenes.Overlaps(d.R, r) {
					t.Errorf("panel %d: the text %q lies under tool %d", i, d.S, k)
				}
			}
		}
	}
	h.Shot(fmt.Sprintf("board-panels-%dx%d", h.A.W, h.A.H))
}
