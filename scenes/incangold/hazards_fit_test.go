package incangold

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

// TestIncanHazardCaptionsFit: the hazard tracker's captions (each kind's
// name, how many are left, "the next one ends it!", how many are
// removed) are drawn whole inside their boxes, in en, ru and fa at
// 1280x800 and 1024x640, with a hazard on the path and explorers inside
// (the Russian warning was cut short at 1024x640).
func TestIncanHazardCaptionsFit(t *testing.T) {
	for _, l := range i18n.Langs {
		for _, sz := range [][2]float64{{1280, 800}, {1024, 640}} {
			name := fmt.Sprintf("%s-%gx%g", l, sz[0], sz[1])
			h := scenes.LangHarness(t, string(l), igTestGames)
			h.SetSize(sz[0], sz[1])
			m, err := newIGMatch(h.A, igSetup{Seats: igSeats(0, 3), Options: incangold.Options{StartPlayer: 0}, Seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(m.table.Close)
			b := newIGBoardScene(h.A, m)
			h.A.Cur = b
			warned := func() bool {
				st := &b.m.st
				if !slices.Contains(st.in, true) {
					return false
				}
				for k := range incangold.Kinds {
					if st.onPath(incangold.Hazard(k)) > 0 && st.deck().Hazards[k] > 0 {
						return true
					}
				}
				return false
			}
			scenes.Until(t, 4000, warned, h)
			lines := scenes.DrawnLines(h)
			warn := h.A.T("ig.hazard.next_ends")
			seen := false
			for _, d := range lines {
				for k, r := range b.l.hazards {
					if !scenes.Overlaps(r, d.R) {
						continue
					}
					seen = seen || d.S == warn
					if strings.HasSuffix(d.S, "…") || d.R.X < r.X || d.R.X+d.R.W > r.X+r.W {
						t.Errorf("%s: hazard %d's caption %q at %+v is cut or leaves its box %+v", name, k, d.S, d.R, r)
					}
				}
			}
			if !seen {
				t.Errorf("%s: the warning %q is not drawn whole", name, warn)
			}
			h.Shot("ig-hazards-" + name)
		}
	}
}
