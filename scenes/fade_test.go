package scenes

import (
	"bytes"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestCrossFadeAsComposed: a frame of a cross-fade, which draws the going
// scene straight onto the screen and lays the coming one over it (issue
// 28: two full-screen passes fewer), shows what drawing each scene into
// an image of its own and laying both over the screen shows, pixel for
// pixel, at every step of the fade.
func TestCrossFadeAsComposed(t *testing.T) {
	h := NewHarness(t, TestGames)
	h.Screen = ebiten.NewImage(h.A.W, h.A.H)
	h.Ticks(3)
	h.A.GoTo(NewSettingsScene(h.A, h.A.Cur))
	w, ht := h.A.W, h.A.H
	got, want := make([]byte, 4*w*ht), make([]byte, 4*w*ht)
	for h.A.Fade > 1 {
		before := ebiten.NewImage(w, ht)
		before.DrawImage(h.Screen, nil)
		h.Tick()
		from, to := ebiten.NewImage(w, ht), ebiten.NewImage(w, ht)
		h.A.drawScene(h.A.Cur, from)
		h.A.drawScene(h.A.next, to)
		before.DrawImage(from, nil)
		var op ebiten.DrawImageOptions
		op.ColorScale.ScaleAlpha(1 - float32(h.A.Fade)/FadeTicks)
		before.DrawImage(to, &op)
		h.Screen.ReadPixels(got)
		before.ReadPixels(want)
		if !bytes.Equal(got, want) {
			n := 0
			for i := range got {
				if got[i] != want[i] {
					n++
				}
			}
			t.Fatalf("fade step %d: %d of %d bytes differ from the scenes drawn apart and laid over the screen", h.A.Fade, n, len(got))
		}
		for _, img := range []*ebiten.Image{before, from, to} {
			img.Deallocate()
		}
	}
}

// TestCrossFadeDrawsScenesOnce (issue 28): neither scene runs during a
// cross-fade, so each is drawn once, on its first frame, however many
// frames the fade lasts; a new size draws them again, and the next fade
// draws its own scenes.
func TestCrossFadeDrawsScenesOnce(t *testing.T) {
	h := NewHarness(t, TestGames)
	from, to := &countScene{}, &countScene{}
	h.A.Cur = from
	h.Tick()
	drawsBefore := from.draws
	h.A.GoTo(to)
	frames := 0
	for h.A.Fade > 1 {
		h.Tick()
		h.A.Draw(h.Screen) // a second frame on the same tick
		frames += 2
		if h.A.Fade == FadeTicks/2 {
			h.SetSize(1024, 640)
			h.A.Draw(h.Screen)
			frames++
		}
	}
	if got := from.draws - drawsBefore; got != 2 {
		t.Errorf("the going scene: %d draws over %d frames of the fade, want 2 (the first frame, the new size)", got, frames)
	}
	if to.draws != 2 {
		t.Errorf("the coming scene: %d draws over %d frames of the fade, want 2", to.draws, frames)
	}
	h.Ticks(2)
	again := &countScene{}
	h.A.GoTo(again)
	h.Tick()
	if again.draws != 1 {
		t.Errorf("the next fade's coming scene: %d draws on its first frame, want 1", again.draws)
	}
}
