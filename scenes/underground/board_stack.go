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
// what reads at a glance, issue 25 item 6), with the count, and the
// armor, hammers and Vengeance where the region's plan p puts them
// (offsets from (x, y); nil: the dragged stack, its armor above left).
func (b *ugBoard) stack(a *scenes.App, dst *ebiten.Image, sh *ugShown, x, y, tok float64, n int, fsz float64, num func(int) string, p *ugPlan) {
	lx, ly := x, y
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
	at := func(pc ugPiece, dx, dy float64) (float64, float64) {
		if p == nil || p.box[pc].W == 0 {
			return x + dx*tok, top + dy*tok
		}
		b.rg = pc
		return lx + p.at[pc][0], ly + p.at[pc][1]
	}
	if sh.armor > 0 {
		// Beside the stack, clear of every marker (issue 25 item 6: the
		// armor sat on the Sword beside it).
		ax, ay := at(ugPcArmor, -0.5, -0.32)
		dir := -1.0
		if p != nil {
			dir = p.dir
		}
		b.sprite(dst, ugart.IconArmor, ax, ay, tok*0.55, 1)
		if sh.armor > 1 {
			b.badge(a, dst, ax+dir*tok*0.22, ay+tok*0.2, num(sh.armor), fsz*0.8, scenes.ColText, color.RGBA{0x60, 0x10, 0x10, 0xf0})
		}
	}
	if sh.hammers > 0 {
		hx, hy := at(ugPcHammers, -0.55, 0.35)
		b.sprite(dst, ugart.IconHammer, hx, hy, tok*0.55, 1)
		b.badge(a, dst, hx-tok*0.25, hy+tok*0.15, num(sh.hammers), fsz*0.8, scenes.ColText, color.RGBA{0x30, 0x30, 0x38, 0xf0})
	}
	if sh.venge {
		vx, vy := at(ugPcVenge, 0.66, -0.12)
		b.sprite(dst, ugart.IconVengeance, vx, vy, tok*0.52, 1)
	}
	b.rg = ugPcStack
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
