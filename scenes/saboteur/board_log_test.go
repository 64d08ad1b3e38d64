package saboteur

import (
	"fmt"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/scenes"
)

// TestLongLogFitsEveryLanguage: a 6-player game (seed 7) is played into
// its second round; its long log, newest first and then scrolled back to
// round 1's separator, is drawn in English, Russian and Persian at
// 1280x800 and 1024x640: every row drawn in the log's panel lies inside
// it, and the panel is filled (SCENE_SHOTS=DIR saves
// DIR/saboteur-log-<lang>-<size>[-back].png to look at).
func TestLongLogFitsEveryLanguage(t *testing.T) {
	h := scenes.NewHarness(t, testGames)
	h.A.Cfg.Autoplay, h.A.Cfg.Players, h.A.Cfg.Seed = true, 6, 7
	m, err := newAutoplayMatch(h.A)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	h.A.Cur = startScene(h.A, m)
	var b *boardScene
	for tick := 0; tick < 60000; tick++ {
		h.Tick()
		if s, ok := h.A.Cur.(*boardScene); ok && s.view.Round == 2 && s.dealt && len(m.log) > 60 {
			b = s
			break
		}
	}
	if b == nil {
		t.Fatalf("no long log in round 2; at %s with %d entries", h.A.Cur.Name(), len(m.log))
	}
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian, i18n.Persian} {
		if err := h.A.SetLang(lang); err != nil {
			t.Fatal(err)
		}
		m.localize(h.A)
		b.makeInitials()
		for _, size := range [][2]float64{{1280, 800}, {1024, 640}} {
			name := fmt.Sprintf("saboteur-log-%s-%gx%g", lang, size[0], size[1])
			h.A.LayoutF(size[0], size[1])
			h.Screen = scenes.NewScreen(h.A)
			h.In.X, h.In.Y = 5, 5
			h.Ticks(1)
			check := func(name string) {
				t.Helper()
				r := b.L.log
				rows := 0
				for _, d := range scenes.DrawnLines(h) {
					if !r.In(int(d.R.Cx()), int(d.R.Cy())) {
						continue
					}
					rows++
					if d.R.X < r.X-0.5 || d.R.X+d.R.W > r.X+r.W+0.5 || d.R.Y < r.Y-0.5 || d.R.Y+d.R.H > r.Y+r.H+0.5 {
						t.Errorf("%s: log row %q at %+v leaves the panel %+v", name, d.S, d.R, r)
					}
				}
				if min := int(r.H / h.A.U(20)); rows < min {
					t.Errorf("%s: %d rows drawn in a panel %.0f px high, want at least %d", name, rows, r.H, min)
				}
				h.Shot(name)
			}
			check(name)
			h.In.X, h.In.Y = int(b.L.log.Cx()), int(b.L.log.Cy())
			for i := 0; i < 12; i++ {
				h.In.Scroll = 1
				h.Tick()
			}
			check(name + "-back")
			h.Key(ebiten.KeyEnd)
		}
	}
}
