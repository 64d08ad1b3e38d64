package scenes

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// rect is a screen rectangle in pixels.
type rect struct{ x, y, w, h float64 }

func (r rect) in(x, y int) bool {
	fx, fy := float64(x), float64(y)
	return fx >= r.x && fy >= r.y && fx < r.x+r.w && fy < r.y+r.h
}

func (r rect) cx() float64 { return r.x + r.w/2 }
func (r rect) cy() float64 { return r.y + r.h/2 }

// inset returns r shrunk by d on every side.
func (r rect) inset(d float64) rect { return rect{r.x + d, r.y + d, r.w - 2*d, r.h - 2*d} }

// mirror returns r reflected across the vertical centre line of a screen w
// pixels wide (right-to-left layouts).
func (r rect) mirror(w float64) rect { return rect{w - r.x - r.w, r.y, r.w, r.h} }

// Colours of the interface (the card art has its own palette).
var (
	colText      = color.RGBA{0xf4, 0xec, 0xdc, 0xff}
	colTextDim   = color.RGBA{0xc0, 0xb4, 0xa0, 0xff}
	colTextDark  = color.RGBA{0x2a, 0x20, 0x18, 0xff}
	colPanel     = color.RGBA{0x26, 0x1d, 0x17, 0xe8}
	colPanelHi   = color.RGBA{0x3a, 0x2c, 0x20, 0xf0}
	colEdge      = color.RGBA{0x6b, 0x55, 0x3e, 0xff}
	colGold      = color.RGBA{0xf2, 0xb6, 0x1f, 0xff}
	colGoldDim   = color.RGBA{0x8a, 0x68, 0x18, 0xff}
	colButton    = color.RGBA{0x5a, 0x42, 0x2c, 0xff}
	colButtonHi  = color.RGBA{0x7a, 0x5a, 0x38, 0xff}
	colDisabled  = color.RGBA{0x3a, 0x34, 0x30, 0xff}
	colLegal     = color.RGBA{0x7c, 0xe0, 0x8a, 0xff}
	colBad       = color.RGBA{0xe0, 0x50, 0x40, 0xff}
	colShade     = color.RGBA{0x00, 0x00, 0x00, 0xa0}
	colMazeFloor = color.RGBA{0x1e, 0x17, 0x12, 0xff}
)

// painter draws rectangles and images with reused options, so steady-state
// frames allocate nothing (Ebitengine batching: one white source image,
// colour scales instead of new images).
type painter struct {
	white *ebiten.Image
	op    ebiten.DrawImageOptions
	tri   ebiten.DrawTrianglesOptions
	vs    []ebiten.Vertex
	is    []uint16
}

// whitePx is made from pixels (never drawn into), so Ebitengine packs it
// on the same atlas page as the card art: fills and art then merge into one
// draw call (each draw call allocates in Ebitengine, see BenchmarkBoardDrag).
var whitePx = func() *ebiten.Image {
	rgba := image.NewRGBA(image.Rect(0, 0, 3, 3))
	for i := range rgba.Pix {
		rgba.Pix[i] = 0xff
	}
	return ebiten.NewImageFromImage(rgba)
}()

// whiteSub is the inner pixel of whitePx, so filtering never reads its edge.
var whiteSub = whitePx.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)

func scaleFor(c color.Color) ebiten.ColorScale {
	var cs ebiten.ColorScale
	r, g, b, a := c.RGBA()
	cs.Scale(float32(r)/0xffff, float32(g)/0xffff, float32(b)/0xffff, float32(a)/0xffff)
	return cs
}

// fill paints r with c (c is straight alpha).
func (p *painter) fill(dst *ebiten.Image, r rect, c color.RGBA) {
	if r.w <= 0 || r.h <= 0 {
		return
	}
	p.op.GeoM.Reset()
	p.op.GeoM.Scale(r.w, r.h)
	p.op.GeoM.Translate(r.x, r.y)
	p.op.ColorScale.Reset()
	setColor(&p.op.ColorScale, c)
	// Nearest filtering needs no source-region uniform, so draws of
	// different images from one atlas page merge into one draw call.
	p.op.Filter = ebiten.FilterNearest
	dst.DrawImage(whiteSub, &p.op)
}

// frame paints the border of r, width w, inside r.
func (p *painter) frame(dst *ebiten.Image, r rect, w float64, c color.RGBA) {
	p.fill(dst, rect{r.x, r.y, r.w, w}, c)
	p.fill(dst, rect{r.x, r.y + r.h - w, r.w, w}, c)
	p.fill(dst, rect{r.x, r.y + w, w, r.h - 2*w}, c)
	p.fill(dst, rect{r.x + r.w - w, r.y + w, w, r.h - 2*w}, c)
}

// round paints a rounded rectangle with corner radius rad (and a border of
// width bw in edge when bw > 0), as triangles with reused buffers.
func (p *painter) round(dst *ebiten.Image, r rect, rad float64, c color.RGBA, bw float64, edge color.RGBA) {
	if bw > 0 {
		p.roundFill(dst, r, rad, edge)
		r = r.inset(bw)
		rad = math.Max(rad-bw, 0)
	}
	p.roundFill(dst, r, rad, c)
}

func (p *painter) roundFill(dst *ebiten.Image, r rect, rad float64, c color.RGBA) {
	rad = math.Min(rad, math.Min(r.w, r.h)/2)
	if rad < 1 {
		p.fill(dst, r, c)
		return
	}
	const seg = 6
	p.vs, p.is = p.vs[:0], p.is[:0]
	cr, cg, cb, ca := float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, float32(c.A)/255
	add := func(x, y float64) {
		p.vs = append(p.vs, ebiten.Vertex{DstX: float32(x), DstY: float32(y), SrcX: 1.5, SrcY: 1.5,
			ColorR: cr * ca, ColorG: cg * ca, ColorB: cb * ca, ColorA: ca})
	}
	add(r.cx(), r.cy())
	corners := [4][3]float64{
		{r.x + r.w - rad, r.y + rad, -math.Pi / 2},
		{r.x + r.w - rad, r.y + r.h - rad, 0},
		{r.x + rad, r.y + r.h - rad, math.Pi / 2},
		{r.x + rad, r.y + rad, math.Pi},
	}
	for _, k := range corners {
		for i := 0; i <= seg; i++ {
			a := k[2] + float64(i)/seg*math.Pi/2
			add(k[0]+rad*math.Cos(a), k[1]+rad*math.Sin(a))
		}
	}
	n := uint16(len(p.vs) - 1)
	for i := uint16(1); i <= n; i++ {
		j := i + 1
		if j > n {
			j = 1
		}
		p.is = append(p.is, 0, i, j)
	}
	p.tri.ColorScaleMode = ebiten.ColorScaleModePremultipliedAlpha
	p.tri.AntiAlias = false
	dst.DrawTriangles(p.vs, p.is, whitePx, &p.tri)
}

// image draws img with its top-left at (x, y), scaled by sx, sy, and
// faded by alpha.
func (p *painter) image(dst, img *ebiten.Image, x, y, sx, sy float64, alpha float32) {
	p.op.GeoM.Reset()
	p.op.Filter = ebiten.FilterLinear
	if sx == 1 && sy == 1 {
		// Art is made at the size it is shown: pixel-aligned and unfiltered
		// it is sharp, and batches (see fill).
		x, y = math.Round(x), math.Round(y)
		p.op.Filter = ebiten.FilterNearest
	}
	p.op.GeoM.Scale(sx, sy)
	p.op.GeoM.Translate(x, y)
	p.op.ColorScale.Reset()
	p.op.ColorScale.ScaleAlpha(alpha)
	dst.DrawImage(img, &p.op)
}

// imageIn draws img fitted into r (keeping its aspect ratio, centred).
func (p *painter) imageIn(dst, img *ebiten.Image, r rect, alpha float32) {
	b := img.Bounds()
	s := math.Min(r.w/float64(b.Dx()), r.h/float64(b.Dy()))
	w, h := float64(b.Dx())*s, float64(b.Dy())*s
	p.image(dst, img, r.x+(r.w-w)/2, r.y+(r.h-h)/2, s, s, alpha)
}

// imageCentered draws img centred on (cx, cy), scaled by sx, sy and turned
// by angle radians.
func (p *painter) imageCentered(dst, img *ebiten.Image, cx, cy, sx, sy, angle float64, alpha float32) {
	b := img.Bounds()
	p.op.GeoM.Reset()
	p.op.GeoM.Translate(-float64(b.Dx())/2, -float64(b.Dy())/2)
	p.op.GeoM.Scale(sx, sy)
	if angle != 0 {
		p.op.GeoM.Rotate(angle)
	}
	p.op.GeoM.Translate(cx, cy)
	p.op.ColorScale.Reset()
	p.op.ColorScale.ScaleAlpha(alpha)
	p.op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, &p.op)
}

// line draws a straight line (used by charts and arrows).
func (p *painter) line(dst *ebiten.Image, x0, y0, x1, y1, w float64, c color.RGBA) {
	vector.StrokeLine(dst, float32(x0), float32(y0), float32(x1), float32(y1), float32(w), c, true)
}

// button is a clickable labelled rectangle.
type button struct {
	r       rect
	label   string
	enabled bool
	primary bool
	focus   bool // keyboard focus
}

// drawButton draws b; hovered buttons light up.
func drawButton(a *App, p *painter, dst *ebiten.Image, b *button) {
	c := colButton
	switch {
	case !b.enabled:
		c = colDisabled
	case a.Hover(b.r) || b.focus:
		c = colButtonHi
	case b.primary:
		c = color.RGBA{0x8a, 0x62, 0x1a, 0xff}
	}
	edge := colEdge
	if b.focus && b.enabled {
		edge = colGold
	}
	p.round(dst, b.r, a.U(8), c, a.U(2), edge)
	tc := colText
	if !b.enabled {
		tc = colTextDim
	}
	// A label too long for its button in some language is drawn smaller
	// (down to two thirds), then cut with an ellipsis, never past the edge.
	room := b.r.w - a.U(12)
	size := fitSize(a, b.label, a.U(18), room)
	drawText(a, dst, fit(a, b.label, size, room), size, b.r.cx(), b.r.cy(), alignCenter, tc)
}

// clicked reports a click on an enabled button.
func (b *button) clicked(a *App) bool { return b.enabled && a.Clicked(b.r) }

// ease is a smooth step from 0 to 1 (ease in and out).
func ease(t float64) float64 {
	if t <= 0 {
		return 0
	}
	if t >= 1 {
		return 1
	}
	return t * t * (3 - 2*t)
}

// easeOut decelerates to 1.
func easeOut(t float64) float64 {
	if t >= 1 {
		return 1
	}
	return 1 - (1-t)*(1-t)*(1-t)
}

func lerp(a, b, t float64) float64 { return a + (b-a)*t }

// mirrored draws a layout made left to right in a screen w pixels wide,
// mirrored for a right-to-left language: rect mirrors a rectangle, align
// swaps start and end, text draws at a mirrored x.
type mirrored struct {
	a   *App
	dst *ebiten.Image
	w   float64
	rtl bool
}

func newMirrored(a *App, dst *ebiten.Image, w float64) mirrored {
	return mirrored{a: a, dst: dst, w: w, rtl: a.RTL()}
}

// rect is r as drawn: mirrored across the screen in a right-to-left
// language.
func (m mirrored) rect(r rect) rect {
	if m.rtl {
		return r.mirror(m.w)
	}
	return r
}

// align is al as drawn: start and end swap in a right-to-left language.
func (m mirrored) align(al textAlign) textAlign {
	if m.rtl && al != alignCenter {
		return alignStart + alignEnd - al
	}
	return al
}

// text draws str laid out at (x, y) with alignment al, mirrored.
func (m mirrored) text(str string, size, x, y float64, al textAlign, c color.RGBA) {
	drawText(m.a, m.dst, str, size, m.rect(rect{x, y, 0, 0}).x, y, m.align(al), c)
}
