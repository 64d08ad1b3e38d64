//go:build e2e

package e2e

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image/png"
	"math"
	"testing"
	"time"
)

// sceneShot returns the PNG the app saved of scene name (?shots=1: the
// app's --screenshots /home/web/shots, kept by storefs.js in localStorage),
// or nil while there is none.
func (b *browser) sceneShot(t *testing.T, name string) []byte {
	t.Helper()
	var b64 string
	expr := fmt.Sprintf(`(() => { const s = localStorage.getItem("goldvein:f:/home/web/shots/%s.png"); return s === null ? "" : btoa(s); })()`, name)
	if err := b.page.eval(expr, &b64); err != nil {
		t.Fatal(err)
	}
	if b64 == "" {
		return nil
	}
	data, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// waitShot waits for the app's PNG of scene name (see sceneShot).
func (b *browser) waitShot(t *testing.T, name string, limit time.Duration) []byte {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		if data := b.sceneShot(t, name); data != nil {
			return data
		}
		if time.Now().After(deadline) {
			s := b.state(t)
			if shot, err := b.page.screenshot(); err == nil {
				saveShot(t, "failed-"+name+".png", shot)
			}
			t.Fatalf("no %s scene within %v: stage %q; output:\n%s\nconsole:\n%s", name, limit, s.Stage,
				tail(s.Lines, 20), tail(b.page.console(), 20))
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// pageEvents counts the page's pointer events from now on (capture phase
// on window, before the game's own listeners on the canvas).
const pageEvents = `(() => {
	const n = {touchstart: 0, touchmove: 0, touchend: 0, mousedown: 0, mouseup: 0, click: 0};
	for (const k of Object.keys(n)) window.addEventListener(k, () => n[k]++, {capture: true, passive: true});
	window.goldveinEvents = n;
	return true;
})()`

// TestTapOpensNewGame: on the browser menu a finger's tap on New game
// opens the new-game scene, as a mouse click does (docs/LAN.md, Browser: touch
// works like the mouse). The touch is sent through the DevTools protocol
// (Input.dispatchTouchEvent) as a touch screen sends it: touchstart, a
// tenth of a second, touchend, and no mouse events at all; the scene that
// opens is read from the app's own scene screenshots (?shots=1).
func TestTapOpensNewGame(t *testing.T) {
	dir := gamePage(t)
	_, addr := newHost(t, dir, 4, 4)
	for _, c := range []struct {
		name  string
		input func(b *browser, x, y float64) error
	}{
		{"touch", func(b *browser, x, y float64) error {
			if err := b.page.call("Input.dispatchTouchEvent", map[string]any{"type": "touchStart",
				"touchPoints": []map[string]any{{"x": x, "y": y, "id": 1}}}, nil); err != nil {
				return err
			}
			time.Sleep(150 * time.Millisecond)
			return b.page.call("Input.dispatchTouchEvent", map[string]any{"type": "touchEnd",
				"touchPoints": []map[string]any{}}, nil)
		}},
		{"mouse", func(b *browser, x, y float64) error {
			for _, typ := range []string{"mousePressed", "mouseReleased"} {
				if err := b.page.call("Input.dispatchMouseEvent", map[string]any{"type": typ, "x": x, "y": y,
					"button": "left", "clickCount": 1}, nil); err != nil {
					return err
				}
				time.Sleep(150 * time.Millisecond)
			}
			return nil
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := startBrowser(t)
			b.navigate(t, "http://"+addr+"/?lang=en&mute=1&shots=1")
			b.waitFor(t, "the first frame", 90*time.Second, func(s pageState) bool { return s.FirstFrameMs != nil })
			// The menu's own screenshot is taken once it has settled.
			b.waitShot(t, "menu", 60*time.Second)
			if b.sceneShot(t, "newgame") != nil {
				t.Fatal("the new-game scene showed before any input")
			}
			var ok bool
			if err := b.page.eval(pageEvents, &ok); err != nil || !ok {
				t.Fatalf("counting events: %v", err)
			}
			// New game is the first menu button, beside the game picker: its
			// centre 210 units right of the middle (the picker's 380-unit
			// cards, a 40-unit gap, the buttons' 420-unit rows, all
			// centred), its top at 0.42 of the height less 10 units, 50
			// units high (scenes/menu.go); at this window size a unit is
			// one pixel.
			var size struct{ W, H float64 }
			if err := b.page.eval(`({W: innerWidth, H: innerHeight})`, &size); err != nil {
				t.Fatal(err)
			}
			x, y := size.W/2+210, size.H*0.42+15
			if err := c.input(b, x, y); err != nil {
				t.Fatal(err)
			}
			shot := b.waitShot(t, "newgame", 30*time.Second)
			saveShot(t, "newgame-by-"+c.name+".png", shot)
			checkDrawn(t, shot)
			var ev map[string]int
			if err := b.page.eval("window.goldveinEvents", &ev); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s at (%.0f, %.0f) in %vx%v opened the new-game scene; page events %v", c.name, x, y, size.W, size.H, ev)
			if c.name == "touch" && (ev["touchstart"] != 1 || ev["touchend"] != 1 || ev["mousedown"]+ev["mouseup"]+ev["click"] != 0) {
				t.Errorf("page events %v: want one touchstart, one touchend and no mouse events", ev)
			}
		})
	}
}

// key presses and releases a key in the page (KeyboardEvent.code is what
// Ebitengine reads).
func (b *browser) key(t *testing.T, key, code string, vk int) {
	t.Helper()
	for _, typ := range []string{"keyDown", "keyUp"} {
		if err := b.page.call("Input.dispatchKeyEvent", map[string]any{"type": typ, "key": key, "code": code,
			"windowsVirtualKeyCode": vk}, nil); err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestFingerOnTheBoard: on the board a finger that starts on the maze and
// moves pans it, the maze following the finger, and a finger drags a card
// from the hand onto the discard pile, which passes (docs/LAN.md, Browser: one
// finger drags a card, or pans the maze). The game is reached by keyboard
// (N opens the new game, Enter starts it and leaves the role card); it is
// the human's turn (seat 0, the youngest, starts: R3.5), so nothing else
// moves the maze. The two screenshots around the pan must match where the
// second is the first moved by the finger's travel, and not where it is
// not moved.
func TestFingerOnTheBoard(t *testing.T) {
	dir := gamePage(t)
	_, addr := newHost(t, dir, 4, 4)
	b := startBrowser(t)
	b.navigate(t, "http://"+addr+"/?lang=en&mute=1&shots=1")
	b.waitFor(t, "the first frame", 90*time.Second, func(s pageState) bool { return s.FirstFrameMs != nil })
	b.waitShot(t, "menu", 60*time.Second)
	b.key(t, "n", "KeyN", 78) // New game
	b.waitShot(t, "newgame", 30*time.Second)
	b.key(t, "Enter", "Enter", 13) // Start the game
	b.waitShot(t, "reveal", 30*time.Second)
	b.key(t, "Enter", "Enter", 13) // To the mine!
	b.waitShot(t, "board", 60*time.Second)
	time.Sleep(time.Second)
	before, err := b.page.screenshot()
	if err != nil {
		t.Fatal(err)
	}
	saveShot(t, "pan-before.png", before)
	var size struct{ W, H float64 }
	if err := b.page.eval(`({W: innerWidth, H: innerHeight})`, &size); err != nil {
		t.Fatal(err)
	}
	// From the maze's middle, 160 pixels to the left, in steps.
	const travel = 160
	x, y := size.W*0.5, size.H*0.4
	touch := func(typ string, x, y float64) {
		pts := []map[string]any{{"x": x, "y": y, "id": 1}}
		if typ == "touchEnd" {
			pts = []map[string]any{}
		}
		if err := b.page.call("Input.dispatchTouchEvent", map[string]any{"type": typ, "touchPoints": pts}, nil); err != nil {
			t.Fatal(err)
		}
		time.Sleep(60 * time.Millisecond)
	}
	touch("touchStart", x, y)
	for d := 10.0; d <= travel; d += 10 {
		touch("touchMove", x-d, y)
	}
	time.Sleep(300 * time.Millisecond)
	touch("touchEnd", x-travel, y)
	time.Sleep(time.Second)
	after, err := b.page.screenshot()
	if err != nil {
		t.Fatal(err)
	}
	saveShot(t, "pan-after.png", after)
	// Compare a band of the maze: after(x, y) against before(x+dx, y).
	diff := func(dx int) float64 {
		pa, _ := png.Decode(bytes.NewReader(after))
		pb, _ := png.Decode(bytes.NewReader(before))
		var sum, n float64
		for yy := int(size.H * 0.2); yy < int(size.H*0.6); yy += 2 {
			for xx := int(size.W * 0.3); xx < int(size.W*0.6); xx += 2 {
				r1, g1, b1, _ := pa.At(xx, yy).RGBA()
				r2, g2, b2, _ := pb.At(xx+dx, yy).RGBA()
				sum += math.Abs(float64(r1)-float64(r2)) + math.Abs(float64(g1)-float64(g2)) + math.Abs(float64(b1)-float64(b2))
				n++
			}
		}
		return sum / n / 3 / 257 // mean difference per channel, 0-255
	}
	moved, still := diff(travel), diff(0)
	t.Logf("the maze band after the pan differs from before by %.1f per channel moved back %d px, %.1f unmoved", moved, travel, still)
	if !(moved < 2 && still > 4*moved+1) {
		t.Errorf("the maze did not follow the finger: difference %.1f moved, %.1f unmoved", moved, still)
	}

	// Then a finger drags a card from the middle of the hand onto the
	// discard pile, which passes (R4.3): the empty pile shows a card. At
	// this window size the hand's middle is at (0.49 w, h - 60) and the
	// discard pile at (w - 56, 121) (scenes/board.go's layout, a unit a pixel).
	// pileDiff is the mean difference per channel (0-255) between two
	// screenshots over the discard pile's slot.
	pileDiff := func(x, y []byte) float64 {
		px, err := png.Decode(bytes.NewReader(x))
		if err != nil {
			t.Fatal(err)
		}
		py, err := png.Decode(bytes.NewReader(y))
		if err != nil {
			t.Fatal(err)
		}
		var sum, n float64
		for yy := 95; yy < 150; yy++ {
			for xx := int(size.W) - 76; xx < int(size.W)-36; xx++ {
				r1, g1, b1, _ := px.At(xx, yy).RGBA()
				r2, g2, b2, _ := py.At(xx, yy).RGBA()
				sum += math.Abs(float64(r1)-float64(r2)) + math.Abs(float64(g1)-float64(g2)) + math.Abs(float64(b1)-float64(b2))
				n++
			}
		}
		return sum / n / 3 / 257
	}
	fromX, fromY, toX, toY := size.W*0.49, size.H-60, size.W-56, 121.0
	touch("touchStart", fromX, fromY)
	for i := 1; i <= 20; i++ {
		f := float64(i) / 20
		touch("touchMove", fromX+(toX-fromX)*f, fromY+(toY-fromY)*f)
	}
	held, err := b.page.screenshot()
	if err != nil {
		t.Fatal(err)
	}
	saveShot(t, "card-held.png", held)
	time.Sleep(300 * time.Millisecond)
	touch("touchEnd", toX, toY)
	// The card flies onto the pile and a new one from the draw pile to the
	// hand; then the pile shows a face-down card (R4.4). Computer players
	// move only after this turn, so a card there is this drop's.
	deadline := time.Now().Add(30 * time.Second)
	for {
		time.Sleep(500 * time.Millisecond)
		dropped, err := b.page.screenshot()
		if err != nil {
			t.Fatal(err)
		}
		if d := pileDiff(after, dropped); d >= 8 { // the empty slot unchanged is 0
			saveShot(t, "card-dropped.png", dropped)
			t.Logf("the discard pile's slot differs from the empty one by %.0f per channel", d)
			break
		}
		if time.Now().After(deadline) {
			saveShot(t, "card-dropped.png", dropped)
			t.Fatalf("no card on the discard pile 30 s after the finger dropped one there (its slot differs by %.0f per channel from the empty one)", pileDiff(after, dropped))
		}
	}
}
