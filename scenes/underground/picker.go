package underground

import (
	"image/color"
	"math"

	"github.com/goldvein/goldvein/scenes"
	"github.com/hajimehoshi/ebiten/v2"
)

// drawUGPicture is Underground's picture on the menu's card: a patch of
// cave regions in the five land terrains' colours around a strip of River,
// a stack of race tokens on one, and the die, its pips glinting.
func drawUGPicture(a *scenes.App, p *scenes.Painter, dst *ebiten.Image, r scenes.Rect, ticks int) {
	terrains := [6]color.RGBA{
		{0x8a, 0x6a, 0x3e, 0xff}, // mine
		{0x5e, 0x7e, 0x3a, 0xff}, // mushroom forest
		{0x6a, 0x5a, 0xa8, 0xff}, // crystal
		{0x6e, 0x58, 0x40, 0xff}, // mudpool
		{0x3a, 0x36, 0x40, 0xff}, // black mountain
		{0x2e, 0x6e, 0x9a, 0xff}, // river
	}
	side := math.Min(r.W/4.2, r.H/2.6)
	x0, y0 := r.Cx()-side*2, r.Cy()-side*1.15
	// Two staggered rows of regions, the River through the middle.
	cells := [][3]float64{{0, 0, 0}, {1, 0, 1}, {2, 0, 5}, {3, 0, 2}, {0.5, 1, 3}, {1.5, 1, 5}, {2.5, 1, 4}, {3.5, 1, 0}}
	for _, c := range cells {
		cr := scenes.R(x0+c[0]*side, y0+c[1]*side*1.2, side-a.U(3), side*1.2-a.U(3))
		if cr.X+cr.W > r.X+r.W {
			cr.W = r.X + r.W - cr.X
		}
		p.Round(dst, cr, side*0.28, terrains[int(c[2])], a.U(1.5), scenes.ColEdge)
	}
	// A stack of tokens on the forest region.
	tx, ty := x0+side*1.5, y0+side*0.6
	for k := 0; k < 3; k++ {
		d := side * 0.42
		p.Round(dst, scenes.R(tx-d/2, ty-d/2-float64(k)*a.U(5), d, d*0.7), d/3, color.RGBA{0xe0, 0x6c, 0x4a, 0xff}, a.U(1), scenes.ColTextDark)
	}
	// The die.
	d := side * 0.55
	dx, dy := x0+side*3.3, y0+side*1.45
	p.Round(dst, scenes.R(dx-d/2, dy-d/2, d, d), d/6, color.RGBA{0xf4, 0xec, 0xdc, 0xff}, a.U(1.5), scenes.ColTextDark)
	glint := uint8(0x2a + 0x20*(1+math.Sin(float64(ticks)/25)))
	pc := color.RGBA{glint, 0x20, 0x18, 0xff}
	for _, f := range [3]float64{0.27, 0.5, 0.73} {
		q := d / 6
		p.Round(dst, scenes.R(dx-d/2+f*d-q/2, dy-d/2+f*d-q/2, q, q), q/2, pc, 0, pc)
	}
}
