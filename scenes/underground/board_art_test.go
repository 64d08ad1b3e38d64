package underground

import (
	"bytes"
	"image"
	"testing"

	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
)

// TestUGLayerPaintedOffFrame (issue 28): without Config.ArtOnFrame the
// first frame of a board paints no map layer on the frame: a goroutine
// paints it and a later frame uploads it, the very pixels the frame
// itself would have painted; a new zoom step draws the layer already made
// meanwhile; a second board of the same map paints nothing again.
func TestUGLayerPaintedOffFrame(t *testing.T) {
	h := scenes.NewHarness(t, ugTestGames)
	h.A.Cfg.ArtOnFrame = false
	m, err := maps.Builtin("caves-3p")
	if err != nil {
		t.Fatal(err)
	}
	s := &ugBoardScene{b: newUGBoard(m), r: image.Rect(20, 60, 1260, 780)}
	s.b.SetView(ugFullView(m, m.Players))
	h.A.Cur = s
	h.Tick()
	art := s.b.art
	if art == nil || len(art.layers) != 0 || !s.b.painting() {
		t.Fatalf("first frame: layers %v, painting %v; want none made on the frame and one being painted", art, s.b.painting())
	}
	<-art.paint.done
	h.Tick()
	sc := s.b.scale()
	l := art.find(sc)
	if l == nil || s.b.painting() {
		t.Fatalf("after the paint: layer %v, painting %v", l, s.b.painting())
	}
	got := image.NewRGBA(l.img.Bounds())
	l.img.ReadPixels(got.Pix)
	want := image.NewRGBA(l.img.Bounds())
	s.b.render(sc).ReadPixels(want.Pix)
	if !bytes.Equal(got.Pix, want.Pix) {
		t.Errorf("the layer painted off the frame differs from the one painted on it")
	}

	// A zoom step in: the old layer stands in while the new one is painted.
	s.b.zoom++
	if near := s.b.layer(h.A); near == nil || !sameScale(near.s, sc) || !s.b.painting() {
		t.Fatalf("zoomed: stand-in %v, painting %v; want the layer at %.3f and a paint under way", near, s.b.painting(), sc)
	}
	<-art.paint.done
	if l := s.b.layer(h.A); l == nil || !sameScale(l.s, s.b.scale()) {
		t.Fatalf("zoomed layer not taken up: %v", l)
	}

	// Another board of the map (Undo makes one) shares the layers.
	s.b.zoom--
	b2 := newUGBoard(m)
	b2.setRect(s.r)
	if l := b2.layer(h.A); l == nil || !sameScale(l.s, sc) || b2.painting() {
		t.Errorf("a new board of the same map: layer %v, painting %v; want the shared layer", l, b2.painting())
	}
}
