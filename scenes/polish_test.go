package scenes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
)

// drawnLines draws the current scene once and returns every line drawText
// placed, with its box.
func drawnLines(h *harness) []drawnText {
	var d []drawnText
	h.a.text.drawn = &d
	h.a.Draw(h.screen)
	h.a.text.drawn = nil
	return d
}

// overlaps reports whether two boxes share any area.
func overlaps(p, q rect) bool {
	return p.x < q.x+q.w && q.x < p.x+p.w && p.y < q.y+q.h && q.y < p.y+p.h
}

// TestRoundEndShotAfterHandingOut: with --screenshots the round end's
// picture is taken once the gold handing-out (R8) is over, and it shows
// every "took a gold card" line (not just the last two), each whole on
// screen and apart from the others and from the "your gold" line.
func TestRoundEndShotAfterHandingOut(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	// Seed 4: the gold-diggers win round 1 and five gold cards are taken.
	h.a.cfg.Autoplay, h.a.cfg.Players, h.a.cfg.Seed, h.a.cfg.ScreenshotDir = true, 5, 4, dir
	m, err := newAutoplayMatch(h.a)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.close)
	h.a.cur = startScene(h.a, m)
	for tick := 0; tick < 30000 && !h.a.shots["roundend"]; tick++ {
		h.tick()
	}
	h.a.WaitScreenshots()
	s, ok := h.a.cur.(*roundEndScene)
	if !ok || !h.a.shots["roundend"] {
		t.Fatalf("no round end shot (scene %T, shots %v)", h.a.cur, h.a.shots)
	}
	if !s.done {
		t.Fatalf("round end shot during the handing-out (%d lines so far)", len(s.lines))
	}
	if len(s.lines) < 3 {
		t.Fatalf("round 1 of seed 4 handed out %d gold cards; the test wants more than two", len(s.lines))
	}
	d := drawnLines(h)
	W, H := float64(h.a.w), float64(h.a.h)
	want := map[string]int{}
	for _, l := range s.lines {
		want[l]++
	}
	var boxes []rect
	for _, dt := range d {
		if want[dt.s] == 0 {
			continue
		}
		want[dt.s]--
		if dt.r.x < 0 || dt.r.y < 0 || dt.r.x+dt.r.w > W || dt.r.y+dt.r.h > H {
			t.Errorf("%q off screen at %+v", dt.s, dt.r)
		}
		for _, b := range boxes {
			if overlaps(b, dt.r) {
				t.Errorf("%q at %+v overlaps another line at %+v", dt.s, dt.r, b)
			}
		}
		boxes = append(boxes, dt.r)
	}
	for l, n := range want {
		if n > 0 {
			t.Errorf("%q shown %d times too few (lines: %q)", l, n, s.lines)
		}
	}
	h.shot("roundend-all-gold")
}

// TestLobbyBrowserOnlyWhenEmbedded: the host lobby shows the browser
// address and its QR code only when the binary carries the browser build;
// without it, the plain note, and the app's address either way.
func TestLobbyBrowserOnlyWhenEmbedded(t *testing.T) {
	old := browserBuild
	t.Cleanup(func() { browserBuild = old })
	for _, embedded := range []bool{false, true} {
		t.Run(fmt.Sprint("embedded=", embedded), func(t *testing.T) {
			browserBuild = func() bool { return embedded }
			loopbackLAN(t)
			h := newHarness(t)
			ls := newLobbyScene(h.a)
			if ls.link == nil {
				t.Fatal(ls.err)
			}
			t.Cleanup(ls.link.close)
			h.a.cur = ls
			h.ticks(2)
			var d []drawnText = drawnLines(h)
			shown := map[string]bool{}
			for _, dt := range d {
				shown[dt.s] = true
			}
			// Wrapped texts are drawn line by line: the first line counts.
			for _, key := range []string{"lan.lobby.scan"} {
				full := h.a.T(key)
				for _, dt := range d {
					if len(dt.s) > 8 && strings.HasPrefix(full, dt.s) {
						shown[full] = true
					}
				}
			}
			url := strings.TrimSuffix(ls.qrURL, "/")
			if shown[url] != embedded || shown[h.a.T("lan.lobby.join_browser")] != embedded || shown[h.a.T("lan.lobby.scan")] != embedded {
				t.Errorf("browser address shown %v, its title %v, the scan hint %v; want %v",
					shown[url], shown[h.a.T("lan.lobby.join_browser")], shown[h.a.T("lan.lobby.scan")], embedded)
			}
			if (ls.qr != nil) != embedded {
				t.Errorf("QR code made %v, want %v", ls.qr != nil, embedded)
			}
			// Players see only what they can use: no build hint for developers.
			for _, dt := range d {
				if strings.Contains(dt.s, "make ") || strings.Contains(strings.ToLower(dt.s), "build") {
					t.Errorf("the lobby shows a developer's hint %q (browser build %v)", dt.s, embedded)
				}
			}
			if !shown[ls.addrs[0]] {
				t.Errorf("the app's address %s is not shown", ls.addrs[0])
			}
			// Without a QR code to make room for, the table talk starts
			// level with the table options, not below an empty space.
			if top := ls.chat.r.y <= ls.graceB[0].r.y; top == embedded {
				t.Errorf("table talk at y %v, grace row at y %v, with the browser build %v", ls.chat.r.y, ls.graceB[0].r.y, embedded)
			}
			h.shot(fmt.Sprintf("lobby-embedded-%v", embedded))
		})
	}
}

// TestMenuShortWindows: in a browser tab's size (1280x657), the smallest
// window (1024x640) and a common one, the menu's buttons sit below the
// tagline and Quit keeps at least 10 px from the keys line.
func TestMenuShortWindows(t *testing.T) {
	for _, size := range [][2]float64{{1280, 657}, {1024, 640}, {1280, 800}} {
		name := fmt.Sprintf("%gx%g", size[0], size[1])
		h := newHarness(t)
		h.a.LayoutF(size[0], size[1])
		h.screen = newScreen(h.a)
		s := newMenuScene(h.a)
		h.a.cur = s
		h.ticks(2)
		keys, tag := rect{}, rect{}
		for _, dt := range drawnLines(h) {
			switch dt.s {
			case h.a.T("scene.menu.keys"):
				keys = dt.r
			case h.a.T("scene.menu.tagline"):
				tag = dt.r
			}
		}
		if keys.w == 0 || tag.w == 0 {
			t.Fatalf("%s: keys line %+v, tagline %+v not drawn", name, keys, tag)
		}
		quit := s.buttons[menuQuit].r
		if gap := keys.y - (quit.y + quit.h); gap < 10 {
			t.Errorf("%s: Quit ends %.1f px above the keys line, want 10 or more", name, gap)
		}
		if first := s.buttons[menuNew].r; first.y < tag.y+tag.h {
			t.Errorf("%s: New game at y %.1f under the tagline ending at %.1f", name, first.y, tag.y+tag.h)
		}
		if bh := quit.h; bh < 30 {
			t.Errorf("%s: buttons %.1f px high", name, bh)
		}
		h.shot("menu-" + name)
	}
}

// TestDiscardCountWhileFlying: while a discarded card (R4.4) flies onto
// the discard pile, the pile's count already shows it: never 0 under a
// card on its way.
func TestDiscardCountWhileFlying(t *testing.T) {
	h, b := startBoard(t, oneHuman(4), 4)
	if b.view.Discards != 0 {
		t.Fatalf("the round starts with %d discards", b.view.Discards)
	}
	h.key(ebiten.KeyTab)
	h.key(ebiten.KeyD)
	flying := 0
	for i := 0; i < 120; i++ {
		h.tick()
		for _, an := range b.anims {
			if an.kind == animFly && an.x1 == b.L.discard.x && an.y1 == b.L.discard.y {
				flying++
				if b.texts.discard == "0" || b.view.Discards == 0 {
					t.Fatalf("tick %d: a card flies onto the pile, which reads %q (%d)", i, b.texts.discard, b.view.Discards)
				}
				if i%4 == 0 {
					h.shot("discard-flying")
				}
			}
		}
	}
	if flying == 0 {
		t.Fatal("no card flew onto the discard pile after D")
	}
	if b.texts.discard != h.a.Num(b.view.Discards) {
		t.Errorf("the pile reads %q, the view has %d", b.texts.discard, b.view.Discards)
	}
}

// TestSelectedCardBelowHint: a selected hand card, fully lifted, stays
// below the hint line above the hand, in the smallest window at UI scales
// 1 and 1.5 and in a large one.
func TestSelectedCardBelowHint(t *testing.T) {
	for _, tc := range []struct{ w, h, scale float64 }{{1280, 800, 1}, {1024, 640, 1.5}, {1920, 1080, 1}} {
		name := fmt.Sprintf("%gx%g@%g", tc.w, tc.h, tc.scale)
		h, b := startBoard(t, oneHuman(5), 4)
		h.a.settings.UIScale = tc.scale
		h.a.LayoutF(tc.w, tc.h)
		h.screen = newScreen(h.a)
		h.key(ebiten.KeyTab)
		h.ticks(40) // the lift eases in
		if b.sel < 0 || b.hand[b.sel].lift < 0.99 {
			t.Fatalf("%s: no card lifted (sel %d)", name, b.sel)
		}
		var hint rect
		for _, dt := range drawnLines(h) {
			if dt.s == b.texts.hint {
				hint = dt.r
			}
		}
		if hint.w == 0 {
			t.Fatalf("%s: hint %q not drawn", name, b.texts.hint)
		}
		if top := b.hand[b.sel].r.y; top < hint.y+hint.h {
			t.Errorf("%s: the lifted card's top %.1f is above the hint's bottom %.1f", name, top, hint.y+hint.h)
		}
		h.shot("hand-lift-" + name)
	}
}

// TestNewGameKeysHint: the new-game table says, in each language, that
// Tab moves between the text fields (names, seed); the hint sits between
// Back and Start, clear of both.
func TestNewGameKeysHint(t *testing.T) {
	for _, l := range i18n.Langs {
		for _, size := range [][2]float64{{1280, 800}, {1024, 640}} {
			name := fmt.Sprintf("%s-%gx%g", l, size[0], size[1])
			h := langHarness(t, string(l))
			h.a.LayoutF(size[0], size[1])
			h.screen = newScreen(h.a)
			s := newNewGameScene(h.a)
			h.a.cur = s
			h.ticks(2)
			keys := h.a.T("scene.newgame.keys")
			if !strings.Contains(keys, "Tab") || keys == "scene.newgame.keys" {
				t.Fatalf("%s: keys hint %q", name, keys)
			}
			var got []string
			for _, dt := range drawnLines(h) {
				if !strings.Contains(keys, dt.s) || len(dt.s) < 4 {
					continue
				}
				got = append(got, dt.s)
				for _, b := range []rect{s.back.r, s.start.r} {
					if overlaps(b, dt.r) {
						t.Errorf("%s: hint line %q at %+v overlaps a button at %+v", name, dt.s, dt.r, b)
					}
				}
				if dt.r.y < s.start.r.y-1 || dt.r.y+dt.r.h > s.start.r.y+s.start.r.h+1 {
					t.Errorf("%s: hint line %q at %+v is not beside the buttons %+v", name, dt.s, dt.r, s.start.r)
				}
			}
			if strings.Join(got, "") == "" || !strings.Contains(strings.Join(got, " "), "Tab") {
				t.Errorf("%s: hint not drawn (drawn parts %q)", name, got)
			}
			// The summary above Start stays clear of the seed field (the
			// Russian summary's two lines once ran into it at 1024x640).
			summary, seen := s.summary(h.a), false
			for _, dt := range drawnLines(h) {
				if len(dt.s) < 4 || !strings.Contains(summary, dt.s) {
					continue
				}
				seen = true
				if overlaps(s.seedR, dt.r) {
					t.Errorf("%s: summary line %q at %+v overlaps the seed field at %+v", name, dt.s, dt.r, s.seedR)
				}
			}
			if !seen {
				t.Errorf("%s: summary %q not drawn", name, summary)
			}
			h.shot("newgame-keys-" + name)
		}
	}
}
