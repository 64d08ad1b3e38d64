package underground

import (
	"bytes"
	"runtime"
	"testing"
	"time"
)

// TestPaintAhead (issue 28): a sheet painted ahead is the sheet SpritesAt
// would paint, and SpritesAt then only sends it to the GPU: it allocates
// under two thirds of what painting the sheet on the spot does.
func TestPaintAhead(t *testing.T) {
	const px = 77 // a size no other test makes
	want := paintSheet(px, true)
	PaintAhead(px, true)
	// Let the painting finish, so what SpritesAt allocates is its own.
	for deadline := time.Now().Add(30 * time.Second); len(ugAhead[sheetKey{px, true}]) == 0; {
		if time.Now().After(deadline) {
			t.Fatal("the sheet painted ahead never came")
		}
		time.Sleep(10 * time.Millisecond)
	}
	ahead := allocated(func() { SpritesAt(px, true) })
	sh := SpritesAt(px, true)
	if !bytes.Equal(sh.Rgba.Pix, want.Pix) || sh.Rgba.Rect != want.Rect {
		t.Fatal("the sheet painted ahead differs from one painted on the spot")
	}
	if _, left := ugAhead[sheetKey{px, true}]; left {
		t.Error("the sheet painted ahead is still waiting after SpritesAt took it")
	}
	onSpot := allocated(func() { SpritesAt(px+1, true) })
	// Sending it to the GPU copies the sheet once (2 MB of 4.8 at this
	// size): painted ahead, the rest is gone.
	if ahead*3 > onSpot*2 {
		t.Errorf("SpritesAt allocated %d bytes with the sheet painted ahead, %d painting its own: want under two thirds", ahead, onSpot)
	}
	PaintAhead(px, true) // made already: nothing to paint
	if _, ok := ugAhead[sheetKey{px, true}]; ok {
		t.Error("PaintAhead started painting a sheet already made")
	}
}

// allocated is the bytes the process allocated while f ran.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
