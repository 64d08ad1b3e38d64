package scenes

import (
	"testing"
)

// TestCrashScreen: a panic in a scene shows the crash screen, with what
// happened and where the autosave is, instead of ending the app.
func TestCrashScreen(t *testing.T) {
	h := NewHarness(t, TestGames)
	h.A.Cur = PanicScene{}
	if err := h.A.Update(); err != nil {
		t.Fatalf("Update returned %v", err)
	}
	cs, ok := h.A.Cur.(*crashScene)
	if !ok {
		t.Fatalf("scene %s after a panic", h.A.Cur.Name())
	}
	if cs.err != "something broke" || cs.where == "" {
		t.Errorf("crash screen says %q at %q", cs.err, cs.where)
	}
	h.A.Crashed = false // the harness fails on a crash; the screen itself draws fine
	h.A.ShotWait = 0
	h.Shot("crash")
	// Back to the menu.
	cs.layout(h.A)
	r := cs.menu.R
	h.In.X, h.In.Y, h.In.Pressed, h.In.Down = int(r.Cx()), int(r.Cy()), true, true
	h.Tick()
	h.In.Released, h.In.Down = true, false
	h.Tick()
	h.Ticks(FadeTicks + 1)
	if h.A.Cur.Name() != "menu" {
		t.Errorf("scene %s after Back to the menu", h.A.Cur.Name())
	}
}
