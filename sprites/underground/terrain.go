package underground

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/goldvein/goldvein/rules/underground/maps"
)

// ugTerrainBase is each terrain's ground colour on the map.
var ugTerrainBase = map[maps.Terrain]color.RGBA{
	maps.Mine:     {0xa8, 0x78, 0x40, 0xff},
	maps.Forest:   {0x4a, 0x84, 0x4c, 0xff},
	maps.Crystal:  {0x84, 0x6c, 0xc0, 0xff},
	maps.Mud:      {0x7c, 0x6c, 0x58, 0xff},
	maps.Mountain: {0x48, 0x48, 0x54, 0xff},
	maps.River:    {0x2c, 0x6c, 0xb8, 0xff},
	maps.Chasm:    {0x10, 0x0c, 0x14, 0xff},
}

// ugPatternPx is the side of a terrain pattern tile in pixels.
const ugPatternPx = 24

// ugPattern paints terrain t's tile: its ground colour with a pattern that
// needs no colour to tell (U11.1): Mine diagonal hatching with ore specks,
// Mushroom Forest dotted caps, Mystic Crystal facets, Mudpool rings of
// bubbles, Black Mountain crosshatch, River ripples, chasm dark speckle.
func Pattern(t maps.Terrain) *image.RGBA {
	base := ugTerrainBase[t]
	rgba := image.NewRGBA(image.Rect(0, 0, ugPatternPx, ugPatternPx))
	draw.Draw(rgba, rgba.Bounds(), image.NewUniform(base), image.Point{}, draw.Src)
	pen := &Pen{cpu: rgba, k: 1}
	hi := func(f float64) color.RGBA {
		return color.RGBA{uint8(math.Min(255, float64(base.R)*f)), uint8(math.Min(255, float64(base.G)*f)), uint8(math.Min(255, float64(base.B)*f)), 0xff}
	}
	const n = ugPatternPx
	switch t {
	case maps.Mine:
		for _, o := range [...]float64{-n, 0, n} { // seamless: lines wrap
			pen.seg(o, n, o+n, 0, 2.2, darker(base, 0.72))
		}
		pen.circle(6, 6, 1.6, color.RGBA{0xf0, 0xd0, 0x60, 0xff})
		pen.circle(18, 17, 1.3, color.RGBA{0xf0, 0xd0, 0x60, 0xff})
	case maps.Forest:
		for _, c := range [...][2]float64{{6, 7}, {18, 19}} {
			pen.Begin()
			pen.move(c[0]-4, c[1]+1)
			pen.quad(c[0], c[1]-5, c[0]+4, c[1]+1)
			pen.Path.Close()
			pen.fill(hi(1.45))
			pen.rect(c[0]-0.8, c[1]+1, c[0]+0.8, c[1]+3.5, hi(1.3))
		}
	case maps.Crystal:
		pen.poly(hi(1.35), 12, 2, 17, 12, 12, 22, 7, 12)
		pen.poly(hi(1.15), 12, 2, 17, 12, 12, 12)
		pen.poly(darker(base, 0.8), 0, 0, 3, 0, 0, 6)
		pen.poly(darker(base, 0.8), 24, 24, 21, 24, 24, 18)
	case maps.Mud:
		pen.ring(7, 8, 3.2, 1.2, darker(base, 0.7))
		pen.ring(18, 18, 2.4, 1.1, darker(base, 0.7))
		pen.ring(19, 5, 1.5, 1, hi(1.25))
	case maps.Mountain:
		for _, o := range [...]float64{-n, 0, n} {
			pen.seg(o, n, o+n, 0, 1.2, darker(base, 0.6))
			pen.seg(o, 0, o+n, n, 1.2, darker(base, 0.6))
		}
	case maps.River:
		for _, y := range [...]float64{6, 18} {
			pen.Begin()
			pen.move(0, y)
			pen.quad(6, y-3, 12, y)
			pen.quad(18, y+3, 24, y)
			pen.stroke(hi(1.45), 1.4)
		}
	case maps.Chasm:
		pen.circle(5, 9, 0.8, color.RGBA{0x3a, 0x30, 0x44, 0xff})
		pen.circle(17, 4, 0.6, color.RGBA{0x3a, 0x30, 0x44, 0xff})
		pen.circle(13, 19, 0.7, color.RGBA{0x3a, 0x30, 0x44, 0xff})
	}
	return rgba
}
