package scenes

import "testing"

// warmToy is the toy game with work to do ahead (Warmer): it counts the
// calls and notes whether a frame had been drawn before the first.
type warmToy struct {
	toyScreens
	calls     *int
	afterDraw *bool
}

func (w warmToy) Warm(a *App) {
	*w.calls++
	*w.afterDraw = a.drawn.screen != nil
}

// TestWarmOnceAfterFirstFrame: a game's work ahead (Warmer) starts once,
// on the first tick after the app's first frame was drawn, not before it
// (it would delay the first frame) and never again.
func TestWarmOnceAfterFirstFrame(t *testing.T) {
	var calls int
	var afterDraw bool
	h := NewHarness(t, []Game{warmToy{calls: &calls, afterDraw: &afterDraw}})
	if err := h.A.Update(); err != nil {
		t.Fatal(err)
	}
	if calls != 0 {
		t.Fatalf("warmed %d times before the first frame", calls)
	}
	h.A.Draw(h.Screen)
	h.Ticks(5)
	if calls != 1 || !afterDraw {
		t.Fatalf("after the first frame and 5 ticks: warmed %d times (after a frame drawn: %v), want once", calls, afterDraw)
	}
}
