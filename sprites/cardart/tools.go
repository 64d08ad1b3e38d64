package cardart

import (
	"image/color"
	"math"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// Tool icons are drawn in a 64 x 64 unit box, centred on (32, 32). Each tool
// has its own silhouette (R6: pickaxe, lantern, cart), so they differ by
// shape and not only by colour.

const inkW = 1.6 // outline width of icon parts, in icon units

func drawTool(c *canvas, t saboteur.Tool, p Palette) {
	switch t {
	case saboteur.Pickaxe:
		drawPickaxe(c, p)
	case saboteur.Lantern:
		drawLantern(c, p)
	case saboteur.Cart:
		drawCart(c, p)
	}
}

// drawPickaxe draws a pickaxe with its head to the upper right.
func drawPickaxe(c *canvas, p Palette) {
	c = c.rot(0.62, 32, 32)
	// Handle.
	c.roundRect(29.2, 12, 5.6, 48, 2.4)
	c.inked(p.Wood, p.Ink, inkW)
	c.rect(29.2, 47, 5.6, 1.4)
	c.rect(29.2, 51, 5.6, 1.4)
	c.rect(29.2, 55, 5.6, 1.4)
	c.fill(p.WoodDark)
	// Head: a crescent, thick in the middle and pointed at both ends.
	const cx, cy, r = 32, 38, 24
	var outer, inner []pt
	n := 28
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		a := (-160 + 140*t) * math.Pi / 180
		th := 8.5*math.Sin(math.Pi*t) + 0.6
		outer = append(outer, pt{cx + (r+th/2)*math.Cos(a), cy + (r+th/2)*math.Sin(a)})
		inner = append(inner, pt{cx + (r-th/2)*math.Cos(a), cy + (r-th/2)*math.Sin(a)})
	}
	for i := len(inner) - 1; i >= 0; i-- {
		outer = append(outer, inner[i])
	}
	c.polygon(outer...)
	c.inked(p.Metal, p.Ink, inkW)
	// Shine along the top edge of the head.
	c.arcStroke(cx, cy, r+1.8, -125*math.Pi/180, -60*math.Pi/180, 1.3)
	c.fill(mix(p.Metal, white, 0.6))
	// Socket where head and handle meet.
	c.roundRect(27.5, 11, 9, 8, 1.5)
	c.inked(p.MetalDark, p.Ink, inkW)
}

// drawLantern draws a miner's lantern with a lit flame.
func drawLantern(c *canvas, p Palette) {
	c.circle(32, 35, 22)
	c.fill(alpha(p.GoldLight, 70))
	c.ring(32, 9, 4.2, 2)
	c.inked(p.Metal, p.Ink, 1)
	c.polygon(pt{20, 21}, pt{44, 21}, pt{39, 13}, pt{25, 13})
	c.inked(p.MetalDark, p.Ink, inkW)
	// Glass with the glow of the flame.
	c.roundRect(21, 20, 22, 29, 3)
	c.inked(mix(p.GoldLight, p.Flame, 0.35), p.Ink, inkW)
	// Flame: a teardrop.
	var f []pt
	f = c.arcPts(f, 32, 39, 5, 5, -0.3, math.Pi+0.3)
	f = append(f, pt{32, 26})
	c.polygon(f...)
	c.fill(p.Flame)
	var g []pt
	g = c.arcPts(g, 32, 40.5, 2.6, 2.6, -0.3, math.Pi+0.3)
	g = append(g, pt{32, 33})
	c.polygon(g...)
	c.fill(p.GoldLight)
	// Frame bars.
	c.rect(20.5, 20, 3, 29)
	c.rect(40.5, 20, 3, 29)
	c.inked(p.Metal, p.Ink, 1)
	c.roundRect(18, 48, 28, 7, 2)
	c.inked(p.MetalDark, p.Ink, inkW)
	c.rect(18.5, 20, 27, 3)
	c.inked(p.Metal, p.Ink, 1)
}

// drawCart draws a mine cart with ore, on a rail.
func drawCart(c *canvas, p Palette) {
	// Rail and sleepers.
	c.rect(4, 56.5, 56, 3)
	c.fill(p.MetalDark)
	// Ore heaped in the tub.
	r := seed("cart")
	c.poly(c.blobPts(&r, 24, 23, 8, 6, 0.15, 7), false)
	c.poly(c.blobPts(&r, 40, 22, 9, 7, 0.15, 7), false)
	c.poly(c.blobPts(&r, 32, 20, 7, 6, 0.15, 7), false)
	c.inked(p.RockLight, p.Ink, 1.2)
	c.poly(c.blobPts(&r, 33, 20, 4, 3.2, 0.15, 6), false)
	c.inked(p.Gold, p.Ink, 1)
	// Tub.
	c.polygon(pt{10, 25}, pt{54, 25}, pt{48, 48}, pt{16, 48})
	c.inked(p.Wood, p.Ink, inkW)
	c.rect(13, 33, 38, 1.5)
	c.rect(14.5, 40, 35, 1.5)
	c.fill(p.WoodDark)
	c.rect(9, 23, 46, 4.5)
	c.inked(p.Metal, p.Ink, inkW)
	// Wheels.
	for _, x := range []float64{22, 42} {
		c.circle(x, 51, 6.5)
		c.inked(p.MetalDark, p.Ink, inkW)
		c.circle(x, 51, 2.2)
		c.fill(p.Metal)
	}
}

// drawCross draws a bold X centred on (cx, cy) with arms reaching r: the
// mark of a broken tool, edged so it reads on any background.
func drawCross(c *canvas, cx, cy, r, w float64, col, edge color.RGBA) {
	a, b := pt{cx - r, cy - r}, pt{cx + r, cy + r}
	d, e := pt{cx + r, cy - r}, pt{cx - r, cy + r}
	c.line(a, b, w+3)
	c.line(d, e, w+3)
	c.fill(edge)
	c.line(a, b, w)
	c.line(d, e, w)
	c.fill(col)
}

// drawCheck draws a bold check mark centred near (cx, cy), size r: the mark
// of a repair.
func drawCheck(c *canvas, cx, cy, r, w float64, col, edge color.RGBA) {
	pts := []pt{{cx - r, cy}, {cx - r*0.3, cy + r*0.7}, {cx + r, cy - r*0.75}}
	c.polyline(w+3, pts...)
	c.fill(edge)
	c.polyline(w, pts...)
	c.fill(col)
}

// drawCrack draws a jagged crack through an icon box of size 64 (icon
// units), in colour col: the tool split in two.
func drawCrack(c *canvas, col color.RGBA) {
	c.polyline(2.6, pt{44, 6}, pt{35, 22}, pt{41, 29}, pt{28, 40}, pt{33, 46}, pt{20, 60})
	c.fill(col)
}

// drawWrench draws a wrench from a to b (the jaw at b), width w.
func drawWrench(c *canvas, a, b pt, w float64, p Palette) {
	dx, dy := b.x-a.x, b.y-a.y
	l := math.Hypot(dx, dy)
	ang := math.Atan2(dy, dx)
	// Draw along +x from the origin, then place.
	k := c.then([6]float64{math.Cos(ang), -math.Sin(ang), a.x, math.Sin(ang), math.Cos(ang), a.y})
	k.roundRect(0, -w/2, l-w*0.8, w, w/2)
	// The head: a ring-like disc with the open jaw facing b.
	hx, R := l-w*0.4, w*1.25
	th := math.Pi / 6
	head := k.arcPts(nil, hx, 0, R, R, th, 2*math.Pi-th)
	head = append(head, pt{l - w*0.15, -w * 0.42}, pt{l - w*0.15, w * 0.42})
	k.polygon(head...)
	k.inked(p.Metal, p.Ink, 1.2)
	k.circle(w*0.6, 0, w*0.22)
	k.fill(p.MetalDark)
}
