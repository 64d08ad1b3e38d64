package incangold

import (
	"fmt"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/scenes"
)

// TestIGLANStatusClearsTheDeck: a LAN table's notice ("Bob took back their
// last move.") shows in the status column, over the keys line, and covers
// neither the deck's box nor the round track, at 1280x800 and 1024x640,
// left to right and right to left. It was a 540 px banner centred on the
// screen, over the deck's last line ("3 cards turned this round").
func TestIGLANStatusClearsTheDeck(t *testing.T) {
	hh, hg, hb, gb := igLANPair(t, "en", "fa")
	for _, p := range []struct {
		h *scenes.Harness
		b *igBoardScene
	}{{hh, hb}, {hg, gb}} {
		for _, size := range [][2]float64{{1280, 800}, {1024, 640}} {
			p.h.SetSize(size[0], size[1])
			p.b.layout(p.h.A)
			l := p.b.m.lan
			l.Toast = p.h.A.T("lan.notice.undo", "name", "Bob")
			l.ToastEnd = p.b.t + 600
			r := p.b.lanStatusRect(p.h.A)
			where := fmt.Sprintf("%s %vx%v", p.h.A.Settings.Lang, size[0], size[1])
			if scenes.Overlaps(r, p.b.l.deck) {
				t.Errorf("%s: the notice %v covers the deck's box %v", where, r, p.b.l.deck)
			}
			for _, tr := range p.b.l.track {
				if scenes.Overlaps(r, tr) {
					t.Errorf("%s: the notice %v covers the round track %v", where, r, tr)
				}
			}
			if r.X < 0 || r.X+r.W > size[0] || r.Y+r.H > p.b.l.path.Y {
				t.Errorf("%s: the notice %v leaves the screen or reaches the path %v", where, r, p.b.l.path)
			}
			drawn := false
			for _, d := range scenes.DrawnLines(p.h) {
				if cut := strings.TrimSuffix(d.S, "…"); cut != "" && strings.HasPrefix(l.Toast, cut) {
					drawn = true
					if d.R.X < r.X || d.R.X+d.R.W > r.X+r.W || d.R.Y < r.Y || d.R.Y+d.R.H > r.Y+r.H+1 {
						t.Errorf("%s: the notice's words %v stray out of its box %v", where, d.R, r)
					}
				}
			}
			if !drawn {
				t.Errorf("%s: the notice %q is not drawn", where, l.Toast)
			}
			p.h.Shot(fmt.Sprintf("ig-lan-notice-%s-%v", p.h.A.Settings.Lang, size[0]))
		}
	}
}
