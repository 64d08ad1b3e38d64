package underground

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/scenes"
	ugart "github.com/goldvein/goldvein/sprites/underground"
)

// ugRingK is the owner's ring under a stack, as a share of the token's
// width: the token's rim (0.9 of it) and a band of the seat's colour.
const ugRingK = 1.22

// stack draws n tokens of sh as a pile centred on (x, y), tok pixels
// wide, on a ring of its owner's seat colour (the panels' colour: who owns
// what reads at a glance, issue 25 item 6), with the count, the armor,
// hammers and Vengeance beside it.
func (b *ugBoard) stack(a *scenes.App, dst *ebiten.Image, sh *ugShown, x, y, tok float64, n int, fsz float64, num func(int) string, lit bool) scenes.Rect {
	if sh.pop > 0 {
		tok *= 1 + 0.12*math.Sin(float64(sh.pop)/10*math.Pi)
	}
	layers := min(n, 4)
	dy := tok * 0.12
	y += dy * float64(layers-1) / 2
	if sh.seat >= 0 {
		b.spriteTint(dst, ugart.IconDisc, x, y, tok*ugRingK, ugart.Seats(b.safe)[sh.seat%5])
	}
	for k := 0; k < layers; k++ {
		b.sprite(dst, sh.token, x, y-dy*float64(k), tok, 1)
	}
	top := y - dy*float64(layers-1)
	b.badge(a, dst, x+tok*0.42, top+tok*0.36, num(n), fsz, scenes.ColText, color.RGBA{0x14, 0x10, 0x0c, 0xe8})
	var box scenes.Rect
	if sh.armor > 0 {
		// Beside the stack where no marker or figure lies (issue 25 item
		// 6: the armor sat on the Sword beside it).
		at := b.armorSpot(sh, x, top, tok, lit)
		box = at.box
		b.sprite(dst, ugart.IconArmor, at.x, at.y, tok*0.55, 1)
		if sh.armor > 1 {
			b.badge(a, dst, at.x+at.dir*tok*0.22, at.y+tok*0.2, num(sh.armor), fsz*0.8, scenes.ColText, color.RGBA{0x60, 0x10, 0x10, 0xf0})
		}
	}
	if sh.hammers > 0 {
		hx, hy := x-tok*0.55, top+tok*0.35
		b.sprite(dst, ugart.IconHammer, hx, hy, tok*0.55, 1)
		b.badge(a, dst, hx-tok*0.25, hy+tok*0.15, num(sh.hammers), fsz*0.8, scenes.ColText, color.RGBA{0x30, 0x30, 0x38, 0xf0})
	}
	if sh.venge {
		b.sprite(dst, ugart.IconVengeance, x+tok*0.66, top-tok*0.12, tok*0.52, 1)
	}
	return box
}

// ugArmorSpot is where a stack's armor goes: the icon's centre, the side
// its count goes (-1 left, +1 right) and the box of both (pixels).
type ugArmorSpot struct {
	x, y, dir float64
	box       scenes.Rect
}

// ugArmorSpots are the armor's places around a stack whose top token is
// centred on (0, 0), in token widths, in order of preference: above left
// (where it always was), above right, below left, straight above, higher
// up right and left, right; and the side its count goes (towards the
// stack, but above left where it always was).
var ugArmorSpots = [...][3]float64{{-0.5, -0.32, -1}, {0.5, -0.32, -1}, {-0.5, 0.3, 1}, {0, -0.62, -1}, {0.35, -0.72, -1}, {-0.35, -0.72, 1}, {0.62, 0.02, -1}}

// armorSpot picks the first of ugArmorSpots clear of the markers and
// figures beside the stack (b.marks), of its Vengeance mark (right), its
// Silver Hammers (below left) and a lit region's cost (above); the first
// when none is clear.
func (b *ugBoard) armorSpot(sh *ugShown, x, top, tok float64, lit bool) ugArmorSpot {
	var first ugArmorSpot
	for k, o := range ugArmorSpots {
		s := ugArmorSpot{x: x + o[0]*tok, y: top + o[1]*tok, dir: o[2]}
		h := tok * 0.275
		s.box = scenes.R(s.x-h, s.y-h, 2*h, 2*h)
		if sh.armor > 1 { // the count's disc beside it
			r := tok * 0.26
			cx, cy := s.x+s.dir*tok*0.22, s.y+tok*0.2
			s.box = ugUnion(s.box, scenes.R(cx-r, cy-r, 2*r, 2*r))
		}
		if k == 0 {
			first = s
		}
		switch {
		case (k == 1 || k == 6) && sh.venge, k == 2 && sh.hammers > 0, k >= 3 && k <= 5 && lit:
			continue
		}
		clear := true
		for _, m := range b.marks {
			if ugOverlap(m, s.box) {
				clear = false
				break
			}
		}
		if clear {
			return s
		}
	}
	return first
}

// markAt notes a marker or figure px pixels wide drawn centred on (x, y)
// in b.marks.
func (b *ugBoard) markAt(x, y, px float64) {
	h := px * 0.43 // the icon's drawn part (96 of a 112-pixel cell)
	b.marks = append(b.marks, scenes.R(x-h, y-h, 2*h, 2*h))
}

// ugUnion is the smallest box holding p and q.
func ugUnion(p, q scenes.Rect) scenes.Rect {
	x0, y0 := math.Min(p.X, q.X), math.Min(p.Y, q.Y)
	x1, y1 := math.Max(p.X+p.W, q.X+q.W), math.Max(p.Y+p.H, q.Y+q.H)
	return scenes.R(x0, y0, x1-x0, y1-y0)
}

// ugOverlap reports whether boxes p and q share more than an edge.
func ugOverlap(p, q scenes.Rect) bool {
	return p.X < q.X+q.W && q.X < p.X+p.W && p.Y < q.Y+q.H && q.Y < p.Y+p.H
}
