package scenes

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestLineCoverage: Painter.Line covers its width at full alpha, fades
// over the pixel at each long edge, stops at its ends, and a diagonal
// line is as heavy as a straight one.
func TestLineCoverage(t *testing.T) {
	img := ebiten.NewImage(100, 100)
	var p Painter
	white := color.RGBA{0xff, 0xff, 0xff, 0xff}
	// Across y = 20, 3 pixels wide: rows 19 and 20 inside, rows 18 and
	// 21 half covered (their centres on the edges), 17 and 22 clear.
	p.Line(img, 10, 20, 60, 20, 3, white)
	px := make([]byte, 4*100*100)
	img.ReadPixels(px)
	at := func(x, y int) int { return int(px[4*(y*100+x)]) }
	for y, want := range map[int][2]int{17: {0, 0}, 18: {100, 155}, 19: {255, 255}, 20: {255, 255}, 21: {100, 155}, 22: {0, 0}} {
		if got := at(30, y); got < want[0] || got > want[1] {
			t.Errorf("row %d at x 30: %d, want %d to %d", y, got, want[0], want[1])
		}
	}
	if at(5, 20) != 0 || at(65, 20) != 0 {
		t.Errorf("past the ends: %d, %d, want 0", at(5, 20), at(65, 20))
	}
	// A diagonal line 3 wide covers about 3 pixels of each column it
	// crosses away from its ends, as the straight one does.
	img.Clear()
	p.Line(img, 10, 50, 60, 90, 3, white)
	img.ReadPixels(px)
	for _, x := range []int{25, 35, 45} {
		sum := 0
		for y := 40; y < 100; y++ {
			sum += at(x, y)
		}
		// The column through a line at slope 0.8 crosses 3/cos = 3.84 px.
		if cov := float64(sum) / 255; cov < 3.5 || cov > 4.2 {
			t.Errorf("diagonal, column %d: %.2f pixels covered, want about 3.84", x, cov)
		}
	}
	// Under a pixel wide, the width goes into alpha.
	img.Clear()
	p.Line(img, 10, 20.5, 60, 20.5, 0.5, white)
	img.ReadPixels(px)
	if got := at(30, 20); got < 100 || got > 155 {
		t.Errorf("half a pixel wide on a pixel's centre: %d, want about 128", got)
	}
}

// BenchmarkLineFrame draws a chart's worth of lines (40, each after a
// fill, as a chart's grid lines come between their labels) on a 1280x800
// image and waits for the pixels (issue 28: with Ebitengine's
// anti-aliasing the same frame took 40 times as long: 389 ms, against 9.5).
func BenchmarkLineFrame(b *testing.B) {
	img := ebiten.NewImage(1280, 800)
	var p Painter
	c := color.RGBA{0xc0, 0x90, 0x30, 0xff}
	for i := 0; i < b.N; i++ {
		for k := 0; k < 40; k++ {
			p.Fill(img, R(float64(10+k*30), 700, 20, 20), ColPanel)
			p.Line(img, 100, float64(100+k*14), 1100, float64(140+k*12), 3, c)
		}
		img.At(0, 0)
	}
}
