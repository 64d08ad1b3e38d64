//go:build e2e

package e2e

import (
	"encoding/base64"
	"fmt"
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
// opens the new-game scene, as a mouse click does (README, Browser: touch
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
			// New game is the first menu button: centred, its top at 0.42 of
			// the height less 10 units, 50 units high (scenes/menu.go); at
			// this window size a unit is one pixel.
			var size struct{ W, H float64 }
			if err := b.page.eval(`({W: innerWidth, H: innerHeight})`, &size); err != nil {
				t.Fatal(err)
			}
			x, y := size.W/2, size.H*0.42+15
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
