package scenes

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Rect is a screen rectangle in pixels.
type Rect struct{ X, Y, W, H float64 }

func (r Rect) In(x, y int) bool {
	fx, fy := float64(x), float64(y)
	return fx >= r.X && fy >= r.Y && fx < r.X+r.W && fy < r.Y+r.H
}

func (r Rect) Cx() float64 { return r.X + r.W/2 }
func (r Rect) Cy() float64 { return r.Y + r.H/2 }

// Inset returns r shrunk by d on every side.
func (r Rect) Inset(d float64) Rect { return Rect{r.X + d, r.Y + d, r.W - 2*d, r.H - 2*d} }

// Mirror returns r reflected across the vertical centre line of a screen w
// pixels wide (right-to-left layouts).
func (r Rect) Mirror(w float64) Rect { return Rect{w - r.X - r.W, r.Y, r.W, r.H} }

// Colours of the interface (the card art has its own palette).
var (
	ColText      = color.RGBA{0xf4, 0xec, 0xdc, 0xff}
	ColTextDim   = color.RGBA{0xc0, 0xb4, 0xa0, 0xff}
	ColTextDark  = color.RGBA{0x2a, 0x20, 0x18, 0xff}
	ColPanel     = color.RGBA{0x26, 0x1d, 0x17, 0xe8}
	ColPanelHi   = color.RGBA{0x3a, 0x2c, 0x20, 0xf0}
	ColEdge      = color.RGBA{0x6b, 0x55, 0x3e, 0xff}
	ColGold      = color.RGBA{0xf2, 0xb6, 0x1f, 0xff}
	ColGoldDim   = color.RGBA{0x8a, 0x68, 0x18, 0xff}
	colButton    = color.RGBA{0x5a, 0x42, 0x2c, 0xff}
	ColButtonHi  = color.RGBA{0x7a, 0x5a, 0x38, 0xff}
	colDisabled  = color.RGBA{0x3a, 0x34, 0x30, 0xff}
	ColLegal     = color.RGBA{0x7c, 0xe0, 0x8a, 0xff}
	ColBad       = color.RGBA{0xe0, 0x50, 0x40, 0xff}
	ColShade     = color.RGBA{0x00, 0x00, 0x00, 0xa0}
	ColMazeFloor = color.RGBA{0x1e, 0x17, 0x12, 0xff}
)

// Painter draws rectangles and images with reused options, so steady-state
// frames allocate nothing (Ebitengine batching: one white source image,
// colour scales instead of new images).
type Painter struct {
	white *ebiten.Image
	Op    ebiten.DrawImageOptions
	Tri   ebiten.DrawTrianglesOptions
	vs    []ebiten.Vertex
	is    []uint16
}

// WhitePx is made from pixels (never drawn into), so Ebitengine packs it
// on the same atlas page as the card art: fills and art then merge into one
// draw call (each draw call allocates in Ebitengine, see BenchmarkBoardDrag).
var WhitePx = func() *ebiten.Image {
	rgba := image.NewRGBA(image.Rect(0, 0, 3, 3))
	for i := range rgba.Pix {
		rgba.Pix[i] = 0xff
	}
	return ebiten.NewImageFromImage(rgba)
}()

// WhiteSub is the inner pixel of whitePx, so filtering never reads its edge.
var WhiteSub = WhitePx.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)

func scaleFor(c color.Color) ebiten.ColorScale {
	var cs ebiten.ColorScale
	r, g, b, a := c.RGBA()
	cs.Scale(float32(r)/0xffff, float32(g)/0xffff, float32(b)/0xffff, float32(a)/0xffff)
	return cs
}

// Fill paints r with c (c is straight alpha).
func (p *Painter) Fill(dst *ebiten.Image, r Rect, c color.RGBA) {
	if r.W <= 0 || r.H <= 0 {
		return
	}
	p.Op.GeoM.Reset()
	p.Op.GeoM.Scale(r.W, r.H)
	p.Op.GeoM.Translate(r.X, r.Y)
	p.Op.ColorScale.Reset()
	SetColor(&p.Op.ColorScale, c)
	// Nearest filtering needs no source-region uniform, so draws of
	// different images from one atlas page merge into one draw call.
	p.Op.Filter = ebiten.FilterNearest
	dst.DrawImage(WhiteSub, &p.Op)
}

// FillAround paints dst in colour c, all but the rectangle hole (screen
// pixels), which the caller paints whole itself: four strips, so a
// software GL fills no pixel twice (issue 28). c must be opaque to give
// what dst.Fill(c) under the hole's own paint gives.
func (p *Painter) FillAround(dst *ebiten.Image, hole image.Rectangle, c color.RGBA) {
	b := dst.Bounds()
	hole = hole.Intersect(b)
	if hole.Empty() {
		p.Fill(dst, rectOf(b), c)
		return
	}
	for _, r := range [4]image.Rectangle{
		{b.Min, image.Pt(b.Max.X, hole.Min.Y)},                            // above
		{image.Pt(b.Min.X, hole.Max.Y), b.Max},                            // below
		{image.Pt(b.Min.X, hole.Min.Y), image.Pt(hole.Min.X, hole.Max.Y)}, // left
		{image.Pt(hole.Max.X, hole.Min.Y), image.Pt(b.Max.X, hole.Max.Y)}, // right
	} {
		p.Fill(dst, rectOf(r), c)
	}
}

// rectOf is r as a Rect.
func rectOf(r image.Rectangle) Rect {
	return Rect{float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy())}
}

// Frame paints the border of r, width w, inside r.
func (p *Painter) Frame(dst *ebiten.Image, r Rect, w float64, c color.RGBA) {
	p.Fill(dst, Rect{r.X, r.Y, r.W, w}, c)
	p.Fill(dst, Rect{r.X, r.Y + r.H - w, r.W, w}, c)
	p.Fill(dst, Rect{r.X, r.Y + w, w, r.H - 2*w}, c)
	p.Fill(dst, Rect{r.X + r.W - w, r.Y + w, w, r.H - 2*w}, c)
}

// Round paints a rounded rectangle with corner radius rad (and a border of
// width bw in edge when bw > 0), as triangles with reused buffers.
func (p *Painter) Round(dst *ebiten.Image, r Rect, rad float64, c color.RGBA, bw float64, edge color.RGBA) {
	if bw > 0 {
		p.roundFill(dst, r, rad, edge)
		r = r.Inset(bw)
		rad = math.Max(rad-bw, 0)
	}
	p.roundFill(dst, r, rad, c)
}

func (p *Painter) roundFill(dst *ebiten.Image, r Rect, rad float64, c color.RGBA) {
	rad = math.Min(rad, math.Min(r.W, r.H)/2)
	if rad < 1 {
		p.Fill(dst, r, c)
		return
	}
	const seg = 6
	p.vs, p.is = p.vs[:0], p.is[:0]
	cr, cg, cb, ca := float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, float32(c.A)/255
	add := func(x, y float64) {
		p.vs = append(p.vs, ebiten.Vertex{DstX: float32(x), DstY: float32(y), SrcX: 1.5, SrcY: 1.5,
			ColorR: cr * ca, ColorG: cg * ca, ColorB: cb * ca, ColorA: ca})
	}
	add(r.Cx(), r.Cy())
	corners := [4][3]float64{
		{r.X + r.W - rad, r.Y + rad, -math.Pi / 2},
		{r.X + r.W - rad, r.Y + r.H - rad, 0},
		{r.X + rad, r.Y + r.H - rad, math.Pi / 2},
		{r.X + rad, r.Y + rad, math.Pi},
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
	p.Tri.ColorScaleMode = ebiten.ColorScaleModePremultipliedAlpha
	p.Tri.AntiAlias = false
	dst.DrawTriangles(p.vs, p.is, WhitePx, &p.Tri)
}

// Image draws img with its top-left at (x, y), scaled by sx, sy, and
// faded by alpha.
func (p *Painter) Image(dst, img *ebiten.Image, x, y, sx, sy float64, alpha float32) {
	p.Op.GeoM.Reset()
	p.Op.Filter = ebiten.FilterLinear
	if sx == 1 && sy == 1 {
		// Art is made at the size it is shown: pixel-aligned and unfiltered
		// it is sharp, and batches (see fill).
		x, y = math.Round(x), math.Round(y)
		p.Op.Filter = ebiten.FilterNearest
	}
	p.Op.GeoM.Scale(sx, sy)
	p.Op.GeoM.Translate(x, y)
	p.Op.ColorScale.Reset()
	p.Op.ColorScale.ScaleAlpha(alpha)
	dst.DrawImage(img, &p.Op)
}

// ImageIn draws img fitted into r (keeping its aspect ratio, centred).
func (p *Painter) ImageIn(dst, img *ebiten.Image, r Rect, alpha float32) {
	b := img.Bounds()
	s := math.Min(r.W/float64(b.Dx()), r.H/float64(b.Dy()))
	w, h := float64(b.Dx())*s, float64(b.Dy())*s
	p.Image(dst, img, r.X+(r.W-w)/2, r.Y+(r.H-h)/2, s, s, alpha)
}

// ImageCentered draws img centred on (cx, cy), scaled by sx, sy and turned
// by angle radians.
func (p *Painter) ImageCentered(dst, img *ebiten.Image, cx, cy, sx, sy, angle float64, alpha float32) {
	b := img.Bounds()
	p.Op.GeoM.Reset()
	p.Op.GeoM.Translate(-float64(b.Dx())/2, -float64(b.Dy())/2)
	p.Op.GeoM.Scale(sx, sy)
	if angle != 0 {
		p.Op.GeoM.Rotate(angle)
	}
	p.Op.GeoM.Translate(cx, cy)
	p.Op.ColorScale.Reset()
	p.Op.ColorScale.ScaleAlpha(alpha)
	p.Op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, &p.Op)
}

// Line draws a straight line (charts, arrows, marks) from (x0, y0) to
// (x1, y1), w pixels wide, in c, with butt ends: one batch of triangles,
// its long edges smoothed over a pixel by a strip whose alpha falls to 0
// (a line under a pixel wide is that wide in alpha). Not Ebitengine's
// anti-aliasing: that draws into a buffer twice the size and copies it
// back whenever the next draw needs another region, which in Mesa's
// software GL cost a frame of tens of milliseconds (issue 28).
func (p *Painter) Line(dst *ebiten.Image, x0, y0, x1, y1, w float64, c color.RGBA) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 || w <= 0 {
		return
	}
	nx, ny := -dy/l, dx/l // across the line
	in, out := math.Max(w/2-0.5, 0), w/2+0.5
	ca := float32(c.A) / 255
	if w < 1 {
		ca *= float32(w)
	}
	cr, cg, cb := float32(c.R)/255*ca, float32(c.G)/255*ca, float32(c.B)/255*ca
	p.vs, p.is = p.vs[:0], p.is[:0]
	// Four rows across, at each end: outer edge (clear), inner edge,
	// inner edge, outer edge (clear).
	for _, e := range [2][2]float64{{x0, y0}, {x1, y1}} {
		for _, k := range [4]float64{-out, -in, in, out} {
			v := ebiten.Vertex{DstX: float32(e[0] + nx*k), DstY: float32(e[1] + ny*k), SrcX: 1.5, SrcY: 1.5}
			if k == -in || k == in {
				v.ColorR, v.ColorG, v.ColorB, v.ColorA = cr, cg, cb, ca
			}
			p.vs = append(p.vs, v)
		}
	}
	for i := uint16(0); i < 3; i++ {
		p.is = append(p.is, i, i+1, i+5, i, i+5, i+4)
	}
	p.Tri.ColorScaleMode = ebiten.ColorScaleModePremultipliedAlpha
	p.Tri.AntiAlias = false
	dst.DrawTriangles(p.vs, p.is, WhitePx, &p.Tri)
}

// Button is a clickable labelled rectangle.
type Button struct {
	R       Rect
	Label   string
	Enabled bool
	Primary bool
	Focus   bool // keyboard focus
}

// DrawButton draws b; hovered buttons light up.
func DrawButton(a *App, p *Painter, dst *ebiten.Image, b *Button) {
	c := colButton
	switch {
	case !b.Enabled:
		c = colDisabled
	case a.Hover(b.R) || b.Focus:
		c = ColButtonHi
	case b.Primary:
		c = color.RGBA{0x8a, 0x62, 0x1a, 0xff}
	}
	edge := ColEdge
	if b.Focus && b.Enabled {
		edge = ColGold
	}
	p.Round(dst, b.R, a.U(8), c, a.U(2), edge)
	tc := ColText
	if !b.Enabled {
		tc = ColTextDim
	}
	// A label too long for its button in some language is drawn smaller
	// (down to two thirds), then cut with an ellipsis, never past the edge.
	room := b.R.W - a.U(12)
	size := FitSize(a, b.Label, a.U(18), room)
	DrawText(a, dst, Fit(a, b.Label, size, room), size, b.R.Cx(), b.R.Cy(), AlignCenter, tc)
}

// Clicked reports a click on an enabled button.
func (b *Button) Clicked(a *App) bool { return b.Enabled && a.Clicked(b.R) }

// Ease is a smooth step from 0 to 1 (ease in and out).
func Ease(t float64) float64 {
	if t <= 0 {
		return 0
	}
	if t >= 1 {
		return 1
	}
	return t * t * (3 - 2*t)
}

// EaseOut decelerates to 1.
func EaseOut(t float64) float64 {
	if t >= 1 {
		return 1
	}
	return 1 - (1-t)*(1-t)*(1-t)
}

func Lerp(a, b, t float64) float64 { return a + (b-a)*t }

// mirrored draws a layout made left to right in a screen w pixels wide,
// mirrored for a right-to-left language: rect mirrors a rectangle, align
// swaps start and end, text draws at a mirrored x.
type mirrored struct {
	a   *App
	dst *ebiten.Image
	w   float64
	rtl bool
}

func NewMirrored(a *App, dst *ebiten.Image, w float64) mirrored {
	return mirrored{a: a, dst: dst, w: w, rtl: a.RTL()}
}

// Rect is r as drawn: mirrored across the screen in a right-to-left
// language.
func (m mirrored) Rect(r Rect) Rect {
	if m.rtl {
		return r.Mirror(m.w)
	}
	return r
}

// align is al as drawn: start and end swap in a right-to-left language.
func (m mirrored) align(al textAlign) textAlign {
	if m.rtl && al != AlignCenter {
		return AlignStart + AlignEnd - al
	}
	return al
}

// Text draws str laid out at (x, y) with alignment al, mirrored.
func (m mirrored) Text(str string, size, x, y float64, al textAlign, c color.RGBA) {
	DrawText(m.a, m.dst, str, size, m.Rect(Rect{x, y, 0, 0}).X, y, m.align(al), c)
}

// DrawToggle draws a button with a check box; b.focus holds its state. A
// toggle that is not Enabled is greyed: its name dim, its box empty.
func DrawToggle(a *App, p *Painter, dst *ebiten.Image, b *Button) {
	bg := ColPanel
	if a.Hover(b.R) && b.Enabled {
		bg = ColPanelHi
	}
	p.Round(dst, b.R, a.U(6), bg, a.U(1), ColEdge)
	box := Rect{b.R.X + a.U(8), b.R.Cy() - a.U(11), a.U(22), a.U(22)}
	tx, al := box.X+box.W+a.U(10), AlignStart
	if a.RTL() {
		box.X = b.R.X + b.R.W - a.U(30)
		tx, al = box.X-a.U(10), AlignEnd
	}
	p.Round(dst, box, a.U(4), ColTextDark, a.U(2), ColEdge)
	if b.Focus {
		p.Round(dst, box.Inset(a.U(5)), a.U(2), ColGold, 0, ColGold)
	}
	// Long option names in some languages are drawn smaller until they fit.
	avail := b.R.W - box.W - a.U(26)
	size := FitSize(a, b.Label, a.U(15), avail)
	tc := ColText
	if !b.Enabled {
		tc = ColTextDim
	}
	DrawText(a, dst, Fit(a, b.Label, size, avail), size, tx, b.R.Cy(), al, tc)
}

// Image is r as an image rectangle (whole pixels, truncated).
func (r Rect) Image() image.Rectangle {
	return image.Rect(int(r.X), int(r.Y), int(r.X+r.W), int(r.Y+r.H))
}

// R is the rectangle at (x, y), w wide and h high, in pixels: Rect{x, y,
// w, h} for the games' packages (go vet wants an imported struct's fields
// named).
func R(x, y, w, h float64) Rect { return Rect{x, y, w, h} }
