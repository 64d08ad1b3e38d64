package cardart

import (
	"image"
	"image/color"
	"math"
)

// Incan Gold's art (shared/rules/INCAN_GOLD.md I1.3-I1.6): the quest cards
// (treasures, the five hazards, artifacts), the card back, the temple cards
// of the round track and the torch and camp cards of the choice, drawn in
// the same card box and style as Saboteur's. Faces carry no text: the
// scenes write a treasure's value or an artifact's worth over them in the
// reader's digits.

// IGFace names one Incan Gold face.
type IGFace uint8

// The Incan Gold faces.
const (
	IGBack     IGFace = iota // the quest deck's back
	IGTreasure               // a treasure (Value: its gems, I1.3)
	IGHazard                 // a hazard (Value: its kind 0-4 in I1.3 order)
	IGArtifact               // an artifact (I1.4)
	IGTemple                 // a temple card of the round track (Value 1: the round being played)
	IGTorch                  // the torch card: go on (I1.6)
	IGCamp                   // the camp card: go home (I1.6)
)

// The hazard kinds' tints (spider, snake, mummy, fire, rockfall): each kind
// is also a different figure, so colour never carries the meaning alone.
var igHazardTint = [5]color.RGBA{
	rgb(0x5b3a78), rgb(0x3c7a3a), rgb(0x8a7a58), rgb(0xc0421c), rgb(0x6a625a),
}

// RenderIG draws Incan Gold face f (with its value v) widthPx wide and
// CardHeight(widthPx) high in palette p.
func RenderIG(f IGFace, v, widthPx int, p Palette) *image.RGBA {
	img, c, h := newFace(widthPx)
	switch f {
	case IGTreasure:
		igFrame(c, h, rgb(0x1f5660), p)
		igGems(c, h, v, p)
	case IGHazard:
		k := min(max(v, 0), 4)
		igFrame(c, h, mix(igHazardTint[k], p.Ink, 0.35), p)
		igHazard(c, h, k, p)
	case IGArtifact:
		igFrame(c, h, rgb(0x4a2d5e), p)
		igIdol(c, h, p)
	case IGTemple:
		field := rgb(0x5c5140)
		if v == 1 {
			field = rgb(0x8a6a2a)
		}
		igFrame(c, h, field, p)
		igPyramid(c, h, p, v == 1)
	case IGTorch:
		igFrame(c, h, rgb(0x6a3a14), p)
		igTorch(c, h, p)
	case IGCamp:
		igFrame(c, h, rgb(0x1d3550), p)
		igTent(c, h, p)
	default:
		igFrame(c, h, p.Back, p)
		igPyramid(c, h, p, false)
	}
	return img
}

// igFrame is the card: an ink edge, a field, and a thin inner gold line.
func igFrame(c *canvas, h float64, field color.RGBA, p Palette) {
	c.roundRect(0, 0, CardW, h, cornerR)
	c.fill(p.Ink)
	c.roundRect(borderW, borderW, CardW-2*borderW, h-2*borderW, cornerR-1)
	c.fill(field)
	c.poly(c.roundRectPts(4, 4, CardW-8, h-8, 2.5), false)
	c.poly(c.roundRectPts(4.8, 4.8, CardW-9.6, h-9.6, 2), true)
	c.fill(alpha(p.Accent, 150))
	// A stepped band of temple stone along the bottom.
	for i := 0; i < 8; i++ {
		x := 6 + float64(i)*6.5
		c.rect(x, h-14, 5, 3)
	}
	c.fill(alpha(p.Accent, 90))
}

// igGems piles up gems: more for a bigger treasure (1 to 17), turquoise
// with obsidian and gold among the larger piles (I1.5).
func igGems(c *canvas, h float64, v int, p Palette) {
	r := seed("igT" + string(rune('a'+v)))
	n := min(3+v, 18)
	cy := h * 0.56
	turq, turqL := rgb(0x38c8c0), rgb(0xb8fff4)
	obs, obsL := rgb(0x2a2a38), rgb(0x8a8ab0)
	for i := 0; i < n; i++ {
		row := float64(i % 4)
		x := 14 + r.between(0, 36)
		y := cy + 14 - row*7 + r.between(-3, 3)
		s := r.between(4.2, 6)
		col, hi := turq, turqL
		switch {
		case v >= 9 && i%5 == 2:
			col, hi = p.Gold, p.GoldLight
		case v >= 5 && i%4 == 1:
			col, hi = obs, obsL
		}
		gem := []pt{{x, y - s}, {x + s, y - s*0.2}, {x + s*0.6, y + s}, {x - s*0.6, y + s}, {x - s, y - s*0.2}}
		c.poly(gem, false)
		c.inked(col, p.Ink, 0.8)
		c.polygon(pt{x, y - s*0.8}, pt{x + s*0.5, y - s*0.2}, pt{x, y + s*0.1})
		c.fill(alpha(hi, 200))
	}
	c.star(48, cy-14, 3.2)
	c.fill(alpha(white, 220))
}

// igHazard draws one of the five hazards (I1.3, IR8).
func igHazard(c *canvas, h float64, k int, p Palette) {
	cx, cy := CardW/2.0, h*0.48
	ink := p.Ink
	switch k {
	case 0: // spider: a round body on eight legs
		for _, s := range []float64{-1, 1} {
			for i := 0; i < 4; i++ {
				a := -0.7 + float64(i)*0.45
				kx := cx + s*14*math.Cos(a)
				ky := cy + 14*math.Sin(a) - 4
				c.polyline(2.2, pt{cx + s*4, cy}, pt{kx, ky}, pt{kx + s*6, ky + 12})
			}
		}
		c.fill(ink)
		c.circle(cx, cy+3, 9)
		c.circle(cx, cy-8, 5.5)
		c.inked(rgb(0x2c1f36), rgb(0xc8a0e8), 1)
		c.circle(cx-2.2, cy-9, 1.3)
		c.circle(cx+2.2, cy-9, 1.3)
		c.fill(p.Danger)
		c.polygon(pt{cx - 3, cy + 1}, pt{cx + 3, cy + 1}, pt{cx, cy + 7})
		c.fill(p.Danger)
	case 1: // snake: an S of scales with a forked tongue
		var pts []pt
		for i := 0; i <= 24; i++ {
			t := float64(i) / 24
			pts = append(pts, pt{cx + 13*math.Sin(t*2.6*math.Pi), cy + 20 - t*36})
		}
		c.polyline(8, pts...)
		c.inked(rgb(0x58b84a), ink, 1)
		hd := pts[len(pts)-1]
		c.ellipse(hd.x, hd.y-2, 6, 4.5)
		c.inked(rgb(0x58b84a), ink, 1)
		c.circle(hd.x+2, hd.y-3.5, 1.2)
		c.fill(ink)
		c.polyline(0.9, pt{hd.x + 5, hd.y - 1}, pt{hd.x + 10, hd.y - 1}, pt{hd.x + 12, hd.y - 3})
		c.polyline(0.9, pt{hd.x + 10, hd.y - 1}, pt{hd.x + 12, hd.y + 1})
		c.fill(p.Danger)
	case 2: // mummy: a bandaged head with glowing eyes
		c.roundRect(cx-13, cy-18, 26, 36, 11)
		c.inked(rgb(0xe6dcc0), ink, 1.2)
		for i := 0; i < 6; i++ {
			y := cy - 14 + float64(i)*5.5
			c.seg(pt{cx - 12, y}, pt{cx + 12, y + 2.5}, 1)
		}
		c.fill(alpha(rgb(0x8a7a58), 200))
		c.rect(cx-10, cy-5, 20, 6)
		c.fill(ink)
		c.circle(cx-5, cy-2, 1.8)
		c.circle(cx+5, cy-2, 1.8)
		c.fill(rgb(0xffe040))
	case 3: // fire: three tongues of flame
		flame := func(x, y, w, hh float64) []pt {
			var out []pt
			for i := 0; i <= 16; i++ {
				a := math.Pi * float64(i) / 16
				out = append(out, pt{x - w*math.Cos(a), y + w*0.2*math.Sin(a)})
			}
			return append([]pt{{x, y - hh}}, out...)
		}
		c.poly(flame(cx, cy+16, 16, 40), false)
		c.inked(p.Danger, ink, 1)
		c.poly(flame(cx-2, cy+16, 11, 28), false)
		c.fill(p.Flame)
		c.poly(flame(cx+1, cy+16, 6, 16), false)
		c.fill(rgb(0xfff09a))
	default: // rockfall: boulders tumbling from a cracked roof
		c.polygon(pt{8, 12}, pt{56, 12}, pt{56, 18}, pt{40, 22}, pt{30, 17}, pt{18, 23}, pt{8, 18})
		c.inked(p.RockDark, ink, 1)
		r := seed("igrock")
		for _, b := range [][3]float64{{cx - 10, cy + 12, 9}, {cx + 10, cy + 8, 8}, {cx, cy - 6, 7}, {cx - 12, cy - 14, 4.5}, {cx + 12, cy - 10, 4}} {
			c.poly(c.blobPts(&r, b[0], b[1], b[2], b[2]*0.9, 0.18, 9), false)
			c.inked(p.Rock, ink, 1)
			c.circle(b[0]-b[2]*0.3, b[1]-b[2]*0.3, b[2]*0.25)
			c.fill(alpha(p.RockLight, 200))
		}
	}
}

// igIdol is an artifact: a golden idol with a turquoise gem.
func igIdol(c *canvas, h float64, p Palette) {
	cx, cy := CardW/2.0, h*0.5
	c.roundRect(cx-12, cy-20, 24, 22, 6)
	c.roundRect(cx-16, cy-4, 32, 8, 3)
	c.polygon(pt{cx - 10, cy + 4}, pt{cx + 10, cy + 4}, pt{cx + 14, cy + 22}, pt{cx - 14, cy + 22})
	c.inked(p.Gold, p.Ink, 1.2)
	c.rect(cx-8, cy-14, 6, 3)
	c.rect(cx+2, cy-14, 6, 3)
	c.rect(cx-5, cy-7, 10, 2.5)
	c.fill(p.GoldDark)
	c.polygon(pt{cx, cy + 6}, pt{cx + 5, cy + 11}, pt{cx, cy + 16}, pt{cx - 5, cy + 11})
	c.inked(rgb(0x38c8c0), p.Ink, 0.8)
	c.star(cx+13, cy-18, 3.5)
	c.star(cx-15, cy+14, 2.5)
	c.fill(p.GoldLight)
}

// igPyramid is a stepped temple (the deck's back and the temple cards).
func igPyramid(c *canvas, h float64, p Palette, lit bool) {
	cx, base := CardW/2.0, h*0.72
	stone, hi := rgb(0x9a8a6a), rgb(0xc8b890)
	if lit {
		stone, hi = p.Gold, p.GoldLight
	}
	for i := 0; i < 5; i++ {
		w := 44 - float64(i)*8
		c.rect(cx-w/2, base-float64(i+1)*7, w, 7)
	}
	c.rect(cx-3, base-42, 6, 7)
	c.inked(stone, p.Ink, 1)
	c.rect(cx-3, base-14, 6, 14)
	c.fill(p.Ink)
	for i := 0; i < 5; i++ {
		w := 44 - float64(i)*8
		c.rect(cx-w/2+1, base-float64(i+1)*7+1, w-2, 1.2)
	}
	c.fill(alpha(hi, 200))
	c.circle(cx, 18, 5)
	c.fill(alpha(p.Accent, 200))
}

// igTorch is a burning torch: go on.
func igTorch(c *canvas, h float64, p Palette) {
	cx, cy := CardW/2.0, h*0.5
	c.polygon(pt{cx - 4, cy - 6}, pt{cx + 4, cy - 6}, pt{cx + 2.5, cy + 28}, pt{cx - 2.5, cy + 28})
	c.inked(p.Wood, p.Ink, 1)
	c.roundRect(cx-6, cy-10, 12, 7, 2)
	c.inked(p.Metal, p.Ink, 1)
	c.poly([]pt{{cx, cy - 36}, {cx + 9, cy - 18}, {cx + 7, cy - 11}, {cx - 7, cy - 11}, {cx - 9, cy - 18}}, false)
	c.inked(p.Danger, p.Ink, 1)
	c.polygon(pt{cx, cy - 29}, pt{cx + 5, cy - 17}, pt{cx, cy - 12}, pt{cx - 5, cy - 17})
	c.fill(p.Flame)
	c.polygon(pt{cx, cy - 22}, pt{cx + 2.5, cy - 16}, pt{cx, cy - 13}, pt{cx - 2.5, cy - 16})
	c.fill(rgb(0xfff09a))
}

// igTent is a tent under the stars: go home.
func igTent(c *canvas, h float64, p Palette) {
	cx, cy := CardW/2.0, h*0.52
	c.polygon(pt{cx, cy - 22}, pt{cx + 24, cy + 18}, pt{cx - 24, cy + 18})
	c.inked(rgb(0xd8c090), p.Ink, 1.2)
	c.polygon(pt{cx, cy - 8}, pt{cx + 8, cy + 18}, pt{cx - 8, cy + 18})
	c.fill(p.Ink)
	c.seg(pt{cx, cy - 22}, pt{cx, cy - 30}, 1.4)
	c.fill(p.Ink)
	c.star(14, 18, 2.5)
	c.star(50, 24, 2)
	c.star(42, 12, 1.6)
	c.fill(p.GoldLight)
	c.rect(6, cy+18, CardW-12, 1.5)
	c.fill(alpha(p.Accent, 160))
}
