package underground

import (
	"bytes"
	"image"
	"math/rand/v2"
	"testing"

	xdraw "golang.org/x/image/draw"
)

// TestScaleCatmullRomIsXDraws: scaleCatmullRom draws the same bytes as
// golang.org/x/image/draw's CatmullRom.Scale with draw.Over, shrinking and
// enlarging, with a part of the source off the origin, a destination
// rectangle partly outside the destination, a translucent and an opaque
// source, over a destination that already holds pixels.
func TestScaleCatmullRomIsXDraws(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 5))
	randRGBA := func(r image.Rectangle, opaque bool) *image.RGBA {
		m := image.NewRGBA(r)
		for i := 0; i < len(m.Pix); i += 4 {
			a := uint8(rng.IntN(256))
			if opaque {
				a = 255
			}
			// Premultiplied: no channel above alpha.
			m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3] = uint8(rng.IntN(int(a)+1)), uint8(rng.IntN(int(a)+1)), uint8(rng.IntN(int(a)+1)), a
		}
		return m
	}
	for n := range 200 {
		sheet := randRGBA(image.Rect(-3, 2, 40+rng.IntN(40), 30+rng.IntN(40)), n%5 == 0)
		b := sheet.Bounds()
		x0, y0 := b.Min.X+rng.IntN(b.Dx()/2), b.Min.Y+rng.IntN(b.Dy()/2)
		sr := image.Rect(x0, y0, x0+1+rng.IntN(b.Max.X-x0), y0+1+rng.IntN(b.Max.Y-y0))
		base := randRGBA(image.Rect(0, 0, 64, 48), false)
		dx, dy := rng.IntN(80)-10, rng.IntN(60)-10
		dr := image.Rect(dx, dy, dx+1+rng.IntN(70), dy+1+rng.IntN(70))
		want := image.NewRGBA(base.Rect)
		copy(want.Pix, base.Pix)
		xdraw.CatmullRom.Scale(want, dr, sheet, sr, xdraw.Over, nil)
		got := image.NewRGBA(base.Rect)
		copy(got.Pix, base.Pix)
		scaleCatmullRom(got, dr, sheet, sr)
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Fatalf("case %d: %v of %v into %v: pixels differ from x/image/draw's", n, sr, b, dr)
		}
	}
}
