package saboteur

import (
	"fmt"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/scenes"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
)

// TestRoundEndShotAfterHandingOut: with --screenshots the round end's
// picture is taken once the gold handing-out (R8) is over, and it shows
// every "took a gold card" line (not just the last two), each whole on
// screen and apart from the others and from the "your gold" line.
func TestRoundEndShotAfterHandingOut(t *testing.T) {
	h := scenes.NewHarness(t, testGames)
	dir := t.TempDir()
	// Seed 4: the gold-diggers win round 1 and five gold cards are taken.
	h.A.Cfg.Autoplay, h.A.Cfg.Players, h.A.Cfg.Seed, h.A.Cfg.ScreenshotDir = true, 5, 4, dir
	m, err := newAutoplayMatch(h.A)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	h.A.Cur = startScene(h.A, m)
	for tick := 0; tick < 30000 && !h.A.Shots["roundend"]; tick++ {
		h.Tick()
	}
	h.A.WaitScreenshots()
	s, ok := h.A.Cur.(*roundEndScene)
	if !ok || !h.A.Shots["roundend"] {
		t.Fatalf("no round end shot (scene %T, shots %v)", h.A.Cur, h.A.Shots)
	}
	if !s.done {
		t.Fatalf("round end shot during the handing-out (%d lines so far)", len(s.lines))
	}
	if len(s.lines) < 3 {
		t.Fatalf("round 1 of seed 4 handed out %d gold cards; the test wants more than two", len(s.lines))
	}
	d := scenes.DrawnLines(h)
	W, H := float64(h.A.W), float64(h.A.H)
	want := map[string]int{}
	for _, l := range s.lines {
		want[l]++
	}
	var boxes []scenes.Rect
	for _, dt := range d {
		if want[dt.S] == 0 {
			continue
		}
		want[dt.S]--
		if dt.R.X < 0 || dt.R.Y < 0 || dt.R.X+dt.R.W > W || dt.R.Y+dt.R.H > H {
			t.Errorf("%q off screen at %+v", dt.S, dt.R)
		}
		for _, b := range boxes {
			if scenes.Overlaps(b, dt.R) {
				t.Errorf("%q at %+v overlaps another line at %+v", dt.S, dt.R, b)
			}
		}
		boxes = append(boxes, dt.R)
	}
	for l, n := range want {
		if n > 0 {
			t.Errorf("%q shown %d times too few (lines: %q)", l, n, s.lines)
		}
	}
	h.Shot("roundend-all-gold")
}

// TestLobbyBrowserOnlyWhenEmbedded: the host lobby shows the browser
// address and its QR code only when the binary carries the browser build;
// without it, the plain note, and the app's address either way.
func TestLobbyBrowserOnlyWhenEmbedded(t *testing.T) {
	old := scenes.BrowserBuild
	t.Cleanup(func() { scenes.BrowserBuild = old })
	for _, embedded := range []bool{false, true} {
		t.Run(fmt.Sprint("embedded=", embedded), func(t *testing.T) {
			scenes.BrowserBuild = func() bool { return embedded }
			scenes.LoopbackLAN(t)
			h := scenes.NewHarness(t, testGames)
			ls := scenes.NewLobbyScene(h.A)
			if ls.Link == nil {
				t.Fatal(ls.Err)
			}
			t.Cleanup(ls.Link.Close)
			h.A.Cur = ls
			h.Ticks(2)
			var d []scenes.DrawnText = scenes.DrawnLines(h)
			shown := map[string]bool{}
			for _, dt := range d {
				shown[dt.S] = true
			}
			// Wrapped texts are drawn line by line: the first line counts.
			for _, key := range []string{"lan.lobby.scan"} {
				full := h.A.T(key)
				for _, dt := range d {
					if len(dt.S) > 8 && strings.HasPrefix(full, dt.S) {
						shown[full] = true
					}
				}
			}
			url := strings.TrimSuffix(ls.QrURL, "/")
			if shown[url] != embedded || shown[h.A.T("lan.lobby.join_browser")] != embedded || shown[h.A.T("lan.lobby.scan")] != embedded {
				t.Errorf("browser address shown %v, its title %v, the scan hint %v; want %v",
					shown[url], shown[h.A.T("lan.lobby.join_browser")], shown[h.A.T("lan.lobby.scan")], embedded)
			}
			if (ls.Qr != nil) != embedded {
				t.Errorf("QR code made %v, want %v", ls.Qr != nil, embedded)
			}
			// Players see only what they can use: no build hint for developers.
			for _, dt := range d {
				if strings.Contains(dt.S, "make ") || strings.Contains(strings.ToLower(dt.S), "build") {
					t.Errorf("the lobby shows a developer's hint %q (browser build %v)", dt.S, embedded)
				}
			}
			if !shown[ls.Addrs[0]] {
				t.Errorf("the app's address %s is not shown", ls.Addrs[0])
			}
			// Without a QR code to make room for, the table talk starts
			// level with the table options, not below an empty space.
			if top := ls.Chat.R.Y <= ls.GraceB[0].R.Y; top == embedded {
				t.Errorf("table talk at y %v, grace row at y %v, with the browser build %v", ls.Chat.R.Y, ls.GraceB[0].R.Y, embedded)
			}
			h.Shot(fmt.Sprintf("lobby-embedded-%v", embedded))
		})
	}
}

// TestMenuShortWindows: in a browser tab's size (1280x657), the smallest
// window (1024x640) and a common one, the menu's buttons sit below the
// tagline and Quit keeps at least 10 px from the keys line.
func TestMenuShortWindows(t *testing.T) {
	for _, size := range [][2]float64{{1280, 657}, {1024, 640}, {1280, 800}} {
		name := fmt.Sprintf("%gx%g", size[0], size[1])
		h := scenes.NewHarness(t, testGames)
		h.A.LayoutF(size[0], size[1])
		h.Screen = scenes.NewScreen(h.A)
		s := scenes.NewMenuScene(h.A)
		h.A.Cur = s
		h.Ticks(2)
		keys, tag := scenes.Rect{}, scenes.Rect{}
		for _, dt := range scenes.DrawnLines(h) {
			switch dt.S {
			case h.A.T("scene.menu.keys"):
				keys = dt.R
			case h.A.T("scene.menu.tagline"):
				tag = dt.R
			}
		}
		if keys.W == 0 || tag.W == 0 {
			t.Fatalf("%s: keys line %+v, tagline %+v not drawn", name, keys, tag)
		}
		quit := s.Buttons[scenes.MenuQuit].R
		if gap := keys.Y - (quit.Y + quit.H); gap < 10 {
			t.Errorf("%s: Quit ends %.1f px above the keys line, want 10 or more", name, gap)
		}
		if first := s.Buttons[scenes.MenuNew].R; first.Y < tag.Y+tag.H {
			t.Errorf("%s: New game at y %.1f under the tagline ending at %.1f", name, first.Y, tag.Y+tag.H)
		}
		if bh := quit.H; bh < 30 {
			t.Errorf("%s: buttons %.1f px high", name, bh)
		}
		h.Shot("menu-" + name)
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
	h.Key(ebiten.KeyTab)
	h.Key(ebiten.KeyD)
	flying := 0
	for i := 0; i < 120; i++ {
		h.Tick()
		for _, an := range b.anims {
			if an.kind == animFly && an.x1 == b.L.discard.X && an.y1 == b.L.discard.Y {
				flying++
				if b.texts.discard == "0" || b.view.Discards == 0 {
					t.Fatalf("tick %d: a card flies onto the pile, which reads %q (%d)", i, b.texts.discard, b.view.Discards)
				}
				if i%4 == 0 {
					h.Shot("discard-flying")
				}
			}
		}
	}
	if flying == 0 {
		t.Fatal("no card flew onto the discard pile after D")
	}
	if b.texts.discard != h.A.Num(b.view.Discards) {
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
		h.A.Settings.UIScale = tc.scale
		h.A.LayoutF(tc.w, tc.h)
		h.Screen = scenes.NewScreen(h.A)
		h.Key(ebiten.KeyTab)
		h.Ticks(40) // the lift eases in
		if b.sel < 0 || b.hand[b.sel].lift < 0.99 {
			t.Fatalf("%s: no card lifted (sel %d)", name, b.sel)
		}
		var hint scenes.Rect
		for _, dt := range scenes.DrawnLines(h) {
			if dt.S == b.texts.hint {
				hint = dt.R
			}
		}
		if hint.W == 0 {
			t.Fatalf("%s: hint %q not drawn", name, b.texts.hint)
		}
		if top := b.hand[b.sel].r.Y; top < hint.Y+hint.H {
			t.Errorf("%s: the lifted card's top %.1f is above the hint's bottom %.1f", name, top, hint.Y+hint.H)
		}
		h.Shot("hand-lift-" + name)
	}
}

// TestNewGameKeysHint: the new-game table says, in each language, that
// Tab moves between the text fields (names, seed); the hint sits between
// Back and Start, clear of both.
func TestNewGameKeysHint(t *testing.T) {
	for _, l := range i18n.Langs {
		for _, size := range [][2]float64{{1280, 800}, {1024, 640}} {
			name := fmt.Sprintf("%s-%gx%g", l, size[0], size[1])
			h := scenes.LangHarness(t, string(l), testGames)
			h.A.LayoutF(size[0], size[1])
			h.Screen = scenes.NewScreen(h.A)
			s := newNewGameScene(h.A)
			h.A.Cur = s
			h.Ticks(2)
			keys := h.A.T("scene.newgame.keys")
			if !strings.Contains(keys, "Tab") || keys == "scene.newgame.keys" {
				t.Fatalf("%s: keys hint %q", name, keys)
			}
			var got []string
			for _, dt := range scenes.DrawnLines(h) {
				if !strings.Contains(keys, dt.S) || len(dt.S) < 4 {
					continue
				}
				got = append(got, dt.S)
				for _, b := range []scenes.Rect{s.Back.R, s.Start.R} {
					if scenes.Overlaps(b, dt.R) {
						t.Errorf("%s: hint line %q at %+v overlaps a button at %+v", name, dt.S, dt.R, b)
					}
				}
				if dt.R.Y < s.Start.R.Y-1 || dt.R.Y+dt.R.H > s.Start.R.Y+s.Start.R.H+1 {
					t.Errorf("%s: hint line %q at %+v is not beside the buttons %+v", name, dt.S, dt.R, s.Start.R)
				}
			}
			if strings.Join(got, "") == "" || !strings.Contains(strings.Join(got, " "), "Tab") {
				t.Errorf("%s: hint not drawn (drawn parts %q)", name, got)
			}
			// The summary above Start stays clear of the seed field (the
			// Russian summary's two lines once ran into it at 1024x640).
			summary, seen := s.summary(h.A), false
			for _, dt := range scenes.DrawnLines(h) {
				if len(dt.S) < 4 || !strings.Contains(summary, dt.S) {
					continue
				}
				seen = true
				if scenes.Overlaps(s.SeedR, dt.R) {
					t.Errorf("%s: summary line %q at %+v overlaps the seed field at %+v", name, dt.S, dt.R, s.SeedR)
				}
			}
			if !seen {
				t.Errorf("%s: summary %q not drawn", name, summary)
			}
			h.Shot("newgame-keys-" + name)
		}
	}
}
