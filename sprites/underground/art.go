// Package underground is Small World: Underground's art, all drawn by
// code: the races' colours and emblems (U1.4), icons for the figures
// (U16), Places (U14), Relics (U15) and markers, painted once into one
// sprite sheet so a frame's stacks and icons batch into few draw calls, and
// the terrain patterns the cave map is filled with (told apart without
// colour).
package underground

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	xvector "golang.org/x/image/vector"

	"github.com/goldvein/goldvein/rules/underground"
)

// The Underground art, all drawn by code: a colour and an emblem for each
// of the 15 races (U1.4), icons for the figures (U16), the Places (U14),
// the Relics (U15) and the markers, painted once into one sprite sheet so a
// frame's stacks and icons batch into few draw calls, and the terrain
// patterns (hatching, dots, facets, ripples, peaks: told apart without
// colour) the map layer is filled with.

// The sprite sheet's icons.
type Icon int

const (
	IconRace        Icon = 0                                     // + race: an Active token
	IconDecline          = IconRace + Icon(underground.NumRaces) // + race: an In Decline token
	IconFigure           = IconDecline + Icon(underground.NumRaces)
	IconMarker           = IconFigure + Figures // + underground.Marker: Places then Relics
	IconMonster          = IconMarker + Icon(underground.NumMarkers)
	IconArmor            = IconMonster + 1
	IconHammer           = IconArmor + 1
	IconVengeance        = IconHammer + 1
	IconLair             = IconVengeance + 1
	IconMountain         = IconLair + 1
	IconVolcanoMark      = IconMountain + 1
	IconDisc             = IconVolcanoMark + 1 // a white disc, tinted when drawn (number badges)
	IconCost             = IconDisc + 1        // the gold disc of a lit region's cost
	IconCount            = IconCost + 1
)

// The figures (U16), in View.Figures' names order.
const (
	ugFigBalrog = iota
	ugFigAncient
	ugFigQueen
	ugFigGhost
	FigVolcano
	ugFigBag
	Figures
)

var FigureNames = [Figures]string{"balrog", "ancient", "queen", "ghost", "volcano", "bag"}

// ugCell is a sheet cell's side in pixels; icons fill its middle ugIconPx,
// the rest is margin so scaled (mipmapped) draws never bleed.
const (
	ugCell   = 112
	ugIconPx = 96
	ugCols   = 8
)

// ugPen draws icons in a unit box: (-1, -1) to (1, 1) around (cx, cy),
// k pixels per unit.
type Pen struct {
	dst    *ebiten.Image
	cx, cy float32
	k      float32
	aa     bool        // antialias each path on the GPU (a pass each)
	cpu    *image.RGBA // when set, paths are rasterised here instead of dst
	raster xvector.Rasterizer
	Path   vector.Path
	vs     []ebiten.Vertex
	is     []uint16
	races  *[underground.NumRaces]color.RGBA // the tokens' colours (nil: RaceColors)
}

// race is race r's token colour in the pen's palette.
func (p *Pen) race(r underground.Race) color.RGBA {
	if p.races != nil {
		return p.races[r]
	}
	return RaceColors[r]
}

func (p *Pen) X(x float64) float32 { return p.cx + float32(x)*p.k }
func (p *Pen) Y(y float64) float32 { return p.cy + float32(y)*p.k }

func (p *Pen) Begin() { p.Path = vector.Path{} }
func (p *Pen) move(x, y float64) {
	p.Path.MoveTo(p.X(x), p.Y(y))
}
func (p *Pen) line(x, y float64) { p.Path.LineTo(p.X(x), p.Y(y)) }
func (p *Pen) quad(x1, y1, x, y float64) {
	p.Path.QuadTo(p.X(x1), p.Y(y1), p.X(x), p.Y(y))
}
func (p *Pen) cubic(x1, y1, x2, y2, x, y float64) {
	p.Path.CubicTo(p.X(x1), p.Y(y1), p.X(x2), p.Y(y2), p.X(x), p.Y(y))
}
func (p *Pen) arc(x, y, r, a0, a1 float64) {
	p.Path.Arc(p.X(x), p.Y(y), float32(r)*p.k, float32(a0), float32(a1), vector.Clockwise)
}

// fill fills the current path with c (non-zero rule).
func (p *Pen) fill(c color.RGBA) {
	p.vs, p.is = p.Path.AppendVerticesAndIndicesForFilling(p.vs[:0], p.is[:0])
	p.draw(c, ebiten.FillRuleNonZero)
}

// stroke strokes the current path, w units wide.
func (p *Pen) stroke(c color.RGBA, w float64) {
	op := &vector.StrokeOptions{Width: float32(w) * p.k, LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}
	p.vs, p.is = p.Path.AppendVerticesAndIndicesForStroke(p.vs[:0], p.is[:0], op)
	p.draw(c, ebiten.FillRuleFillAll)
}

func (p *Pen) draw(c color.RGBA, rule ebiten.FillRule) {
	if p.cpu != nil {
		p.rasterise(c, rule)
		return
	}
	r, g, b, a := float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, float32(c.A)/255
	for i := range p.vs {
		p.vs[i].SrcX, p.vs[i].SrcY = 1.5, 1.5
		p.vs[i].ColorR, p.vs[i].ColorG, p.vs[i].ColorB, p.vs[i].ColorA = r*a, g*a, b*a, a
	}
	op := &ebiten.DrawTrianglesOptions{AntiAlias: p.aa, FillRule: rule, ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
	p.dst.DrawTriangles(p.vs, p.is, whitePx, op)
}

// rasterise paints the queued triangles into p.cpu in c (straight alpha).
// The rasteriser adds signed coverage: a fill's triangles keep their
// turn (so a concave path's fan cancels outside it, as the non-zero rule
// does), a stroke's are all turned one way (their overlaps must not
// cancel).
func (p *Pen) rasterise(c color.RGBA, rule ebiten.FillRule) {
	b := p.cpu.Bounds()
	z := &p.raster
	z.Reset(b.Dx(), b.Dy())
	for k := 0; k+2 < len(p.is); k += 3 {
		v0, v1, v2 := p.vs[p.is[k]], p.vs[p.is[k+1]], p.vs[p.is[k+2]]
		if rule == ebiten.FillRuleFillAll && (v1.DstX-v0.DstX)*(v2.DstY-v0.DstY)-(v1.DstY-v0.DstY)*(v2.DstX-v0.DstX) < 0 {
			v1, v2 = v2, v1
		}
		z.MoveTo(v0.DstX-float32(b.Min.X), v0.DstY-float32(b.Min.Y))
		z.LineTo(v1.DstX-float32(b.Min.X), v1.DstY-float32(b.Min.Y))
		z.LineTo(v2.DstX-float32(b.Min.X), v2.DstY-float32(b.Min.Y))
		z.ClosePath()
	}
	z.DrawOp = draw.Over
	z.Draw(p.cpu, b, image.NewUniform(color.NRGBA{c.R, c.G, c.B, c.A}), image.Point{})
}

func (p *Pen) circle(x, y, r float64, c color.RGBA) {
	p.Begin()
	p.arc(x, y, r, 0, 2*math.Pi)
	p.Path.Close()
	p.fill(c)
}

func (p *Pen) ring(x, y, r, w float64, c color.RGBA) {
	p.Begin()
	p.arc(x, y, r, 0, 2*math.Pi)
	p.Path.Close()
	p.stroke(c, w)
}

// poly fills the polygon through the points (x0, y0, x1, y1, ...).
func (p *Pen) poly(c color.RGBA, xy ...float64) {
	p.Begin()
	p.move(xy[0], xy[1])
	for i := 2; i+1 < len(xy); i += 2 {
		p.line(xy[i], xy[i+1])
	}
	p.Path.Close()
	p.fill(c)
}

// seg strokes a line from (x0, y0) to (x1, y1), w units wide.
func (p *Pen) seg(x0, y0, x1, y1, w float64, c color.RGBA) {
	p.Begin()
	p.move(x0, y0)
	p.line(x1, y1)
	p.stroke(c, w)
}

func (p *Pen) rect(x0, y0, x1, y1 float64, c color.RGBA) {
	p.poly(c, x0, y0, x1, y0, x1, y1, x0, y1)
}

// roundRect fills a rounded square badge.
func (p *Pen) roundRect(x0, y0, x1, y1, r float64, c color.RGBA) {
	p.Begin()
	p.move(x0+r, y0)
	p.line(x1-r, y0)
	p.quad(x1, y0, x1, y0+r)
	p.line(x1, y1-r)
	p.quad(x1, y1, x1-r, y1)
	p.line(x0+r, y1)
	p.quad(x0, y1, x0, y1-r)
	p.line(x0, y0+r)
	p.quad(x0, y0, x0+r, y0)
	p.Path.Close()
	p.fill(c)
}

func darker(c color.RGBA, f float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * f), uint8(float64(c.G) * f), uint8(float64(c.B) * f), c.A}
}

var (
	ugDark    = color.RGBA{0x1c, 0x14, 0x10, 0xff}
	ugBone    = color.RGBA{0xf4, 0xec, 0xdc, 0xff}
	ugGrey    = color.RGBA{0x9a, 0x96, 0x90, 0xff}
	ugParch   = color.RGBA{0xe8, 0xd4, 0xa4, 0xff}
	ugPlaceCl = color.RGBA{0x6a, 0x3c, 0x14, 0xff}
	ugRelicBg = color.RGBA{0x4c, 0x2c, 0x7c, 0xff}
	ugGoldCl  = color.RGBA{0xf6, 0xc4, 0x3c, 0xff}
	ugRed     = color.RGBA{0xd8, 0x2c, 0x20, 0xff}
)

// icon draws sheet icon k centred on the pen.
func (p *Pen) icon(k Icon) {
	switch {
	case k < IconDecline:
		r := underground.Race(k - IconRace)
		c := p.race(r)
		p.circle(0.06, 0.1, 0.9, color.RGBA{0, 0, 0, 0x70}) // shadow
		p.circle(0, 0, 0.9, darker(c, 0.55))
		p.circle(0, 0, 0.8, c)
		p.Begin()
		p.arc(0, 0, 0.66, math.Pi*1.1, math.Pi*1.6)
		p.stroke(color.RGBA{0xff, 0xff, 0xff, 0x50}, 0.1)
		p.emblem(r, Ink(c), c)
	case k < IconFigure:
		r := underground.Race(k - IconDecline)
		c := p.race(r)
		p.circle(0.06, 0.1, 0.9, color.RGBA{0, 0, 0, 0x70})
		p.circle(0, 0, 0.9, darker(c, 0.8))
		p.circle(0, 0, 0.74, ugGrey)
		p.emblem(r, color.RGBA{0x4a, 0x46, 0x42, 0xff}, ugGrey)
	case k < IconMarker:
		p.figure(int(k - IconFigure))
	case k < IconMonster:
		mk := underground.Marker(k - IconMarker)
		if mk.IsRelic() {
			p.circle(0.05, 0.08, 0.9, color.RGBA{0, 0, 0, 0x70})
			p.poly(ugGoldCl, 0, -0.95, 0.95, 0, 0, 0.95, -0.95, 0)
			p.poly(ugRelicBg, 0, -0.8, 0.8, 0, 0, 0.8, -0.8, 0)
			p.k *= 0.62
			p.relic(mk)
			p.k /= 0.62
		} else {
			p.roundRect(-0.82, -0.78, 0.88, 0.92, 0.22, color.RGBA{0, 0, 0, 0x70})
			p.roundRect(-0.88, -0.88, 0.82, 0.82, 0.22, ugPlaceCl)
			p.roundRect(-0.78, -0.78, 0.72, 0.72, 0.16, ugParch)
			p.cx -= p.k * 0.03
			p.cy -= p.k * 0.03
			p.k *= 0.62
			p.place(mk)
			p.k /= 0.62
		}
	default:
		p.misc(k)
	}
}

// emblem draws race r's emblem in ink on a token of colour bg.
func (p *Pen) emblem(r underground.Race, ink, bg color.RGBA) {
	switch r {
	case underground.Cultists: // an eye
		p.Begin()
		p.move(-0.6, 0)
		p.quad(0, -0.55, 0.6, 0)
		p.quad(0, 0.55, -0.6, 0)
		p.Path.Close()
		p.fill(ink)
		p.circle(0, 0, 0.2, bg)
		p.circle(0, 0, 0.08, ink)
	case underground.Drow: // a crescent moon
		p.circle(0, 0, 0.48, ink)
		p.circle(0.2, -0.12, 0.4, bg)
	case underground.Flames: // a flame
		p.Begin()
		p.move(0, -0.62)
		p.cubic(0.55, -0.1, 0.5, 0.5, 0, 0.52)
		p.cubic(-0.5, 0.5, -0.5, 0, -0.15, -0.2)
		p.quad(-0.05, 0, 0, -0.62)
		p.Path.Close()
		p.fill(ink)
		p.Begin()
		p.move(0.02, -0.1)
		p.cubic(0.3, 0.15, 0.25, 0.42, 0, 0.42)
		p.cubic(-0.22, 0.42, -0.2, 0.2, 0.02, -0.1)
		p.fill(bg)
	case underground.Gnomes: // a pointed cap
		p.poly(ink, -0.42, 0.32, 0.42, 0.32, 0.12, -0.62)
		p.rect(-0.55, 0.3, 0.55, 0.46, ink)
		p.circle(0.12, -0.6, 0.1, ink)
	case underground.Dwarves: // a hammer
		p.rect(-0.48, -0.52, 0.48, -0.2, ink)
		p.rect(-0.09, -0.2, 0.09, 0.58, ink)
	case underground.Kraken: // a head and tentacles
		p.circle(0, -0.22, 0.32, ink)
		for _, dx := range [...]float64{-0.3, 0, 0.3} {
			p.Begin()
			p.move(dx*0.8, -0.05)
			p.quad(dx*1.6+0.15, 0.25, dx*1.3-0.05, 0.55)
			p.stroke(ink, 0.13)
		}
	case underground.Liches: // a skull
		p.circle(0, -0.1, 0.4, ink)
		p.rect(-0.22, 0.12, 0.22, 0.46, ink)
		p.circle(-0.15, -0.1, 0.11, bg)
		p.circle(0.15, -0.1, 0.11, bg)
		p.seg(0, 0.3, 0, 0.46, 0.06, bg)
	case underground.Lizardmen: // a reptile's eye
		p.circle(0, 0, 0.48, ink)
		p.Begin()
		p.move(0, -0.42)
		p.quad(0.2, 0, 0, 0.42)
		p.quad(-0.2, 0, 0, -0.42)
		p.Path.Close()
		p.fill(bg)
	case underground.Mudmen: // bubbles of mud
		p.circle(-0.26, 0.2, 0.24, ink)
		p.circle(0.26, 0.2, 0.24, ink)
		p.circle(0, -0.22, 0.26, ink)
	case underground.Mummies: // bandages
		p.roundRect(-0.36, -0.5, 0.36, 0.5, 0.14, ink)
		for _, y := range [...]float64{-0.25, 0, 0.25} {
			p.seg(-0.36, y+0.08, 0.36, y-0.08, 0.07, bg)
		}
	case underground.Ogres: // a club
		p.poly(ink, -0.1, 0.58, 0.1, 0.58, 0.34, -0.38, 0.05, -0.62, -0.3, -0.42)
	case underground.Mimes: // a mask, half dark
		p.circle(0, 0, 0.5, ink)
		p.Begin()
		p.arc(0, 0, 0.5, math.Pi/2, 3*math.Pi/2)
		p.Path.Close()
		p.fill(bg)
		p.ring(0, 0, 0.5, 0.08, ink)
		p.circle(-0.18, -0.1, 0.08, ink)
		p.circle(0.18, -0.1, 0.08, bg)
	case underground.Shrooms: // a mushroom
		p.Begin()
		p.move(-0.58, 0.05)
		p.quad(0, -0.9, 0.58, 0.05)
		p.Path.Close()
		p.fill(ink)
		p.rect(-0.15, 0.05, 0.15, 0.52, ink)
		p.circle(-0.2, -0.18, 0.08, bg)
		p.circle(0.18, -0.25, 0.07, bg)
	case underground.Spiderines: // a spider
		for _, s := range [...]float64{-1, 1} {
			for _, a := range [...]float64{-0.35, -0.1, 0.15, 0.4} {
				p.Begin()
				p.move(0, 0.05)
				p.quad(s*0.4, a-0.2, s*0.6, a+0.1)
				p.stroke(ink, 0.08)
			}
		}
		p.circle(0, 0.12, 0.24, ink)
		p.circle(0, -0.2, 0.14, ink)
	case underground.Wisps: // a spark
		p.poly(ink, 0, -0.62, 0.14, -0.14, 0.62, 0, 0.14, 0.14, 0, 0.62, -0.14, 0.14, -0.62, 0, -0.14, -0.14)
	}
}

// figure draws figure f (U16).
func (p *Pen) figure(f int) {
	shadow := color.RGBA{0, 0, 0, 0x80}
	switch f {
	case ugFigBalrog: // a horned demon's head
		p.circle(0.05, 0.08, 0.92, shadow)
		p.circle(0, 0, 0.92, color.RGBA{0x2a, 0x06, 0x06, 0xff})
		p.circle(0, 0, 0.82, color.RGBA{0xb0, 0x1c, 0x10, 0xff})
		p.poly(ugDark, -0.5, -0.2, -0.75, -0.8, -0.2, -0.4)
		p.poly(ugDark, 0.5, -0.2, 0.75, -0.8, 0.2, -0.4)
		p.circle(0, 0.05, 0.48, ugDark)
		p.poly(ugGoldCl, -0.32, -0.05, -0.08, 0.05, -0.3, 0.1)
		p.poly(ugGoldCl, 0.32, -0.05, 0.08, 0.05, 0.3, 0.1)
		p.poly(ugBone, -0.2, 0.28, -0.12, 0.45, -0.04, 0.28)
		p.poly(ugBone, 0.2, 0.28, 0.12, 0.45, 0.04, 0.28)
	case ugFigAncient: // a great eye with tentacles
		p.circle(0.05, 0.08, 0.92, shadow)
		green := color.RGBA{0x3c, 0x8c, 0x5c, 0xff}
		p.poly(color.RGBA{0x14, 0x30, 0x20, 0xff}, 0, -0.95, 0.82, -0.48, 0.82, 0.48, 0, 0.95, -0.82, 0.48, -0.82, -0.48)
		p.poly(green, 0, -0.82, 0.7, -0.41, 0.7, 0.41, 0, 0.82, -0.7, 0.41, -0.7, -0.41)
		p.Begin()
		p.move(-0.55, -0.1)
		p.quad(0, -0.6, 0.55, -0.1)
		p.quad(0, 0.4, -0.55, -0.1)
		p.Path.Close()
		p.fill(color.RGBA{0xe8, 0xf0, 0xa0, 0xff})
		p.circle(0, -0.1, 0.18, ugDark)
		for _, dx := range [...]float64{-0.35, 0, 0.35} {
			p.Begin()
			p.move(dx, 0.25)
			p.quad(dx+0.15, 0.45, dx-0.05, 0.62)
			p.stroke(ugDark, 0.1)
		}
	case ugFigQueen: // a crown
		p.circle(0.05, 0.08, 0.92, shadow)
		p.circle(0, 0, 0.92, color.RGBA{0x8a, 0x6a, 0x10, 0xff})
		p.circle(0, 0, 0.82, color.RGBA{0x5a, 0x1e, 0x7a, 0xff})
		p.poly(ugGoldCl, -0.58, 0.38, -0.62, -0.35, -0.3, 0, 0, -0.55, 0.3, 0, 0.62, -0.35, 0.58, 0.38)
		p.circle(0, -0.55, 0.09, ugGoldCl)
		p.circle(-0.62, -0.35, 0.09, ugGoldCl)
		p.circle(0.62, -0.35, 0.09, ugGoldCl)
		p.circle(0, 0.15, 0.09, ugRed)
	case ugFigGhost: // a ghost
		p.circle(0.05, 0.08, 0.92, shadow)
		p.circle(0, 0, 0.92, color.RGBA{0x20, 0x30, 0x5a, 0xff})
		p.circle(0, 0, 0.82, color.RGBA{0x34, 0x4c, 0x8a, 0xff})
		p.Begin()
		p.move(-0.45, 0.6)
		p.line(-0.45, -0.1)
		p.cubic(-0.45, -0.75, 0.45, -0.75, 0.45, -0.1)
		p.line(0.45, 0.6)
		p.quad(0.3, 0.4, 0.15, 0.6)
		p.quad(0, 0.4, -0.15, 0.6)
		p.quad(-0.3, 0.4, -0.45, 0.6)
		p.Path.Close()
		p.fill(ugBone)
		p.circle(-0.16, -0.12, 0.08, ugDark)
		p.circle(0.16, -0.12, 0.08, ugDark)
	case FigVolcano: // an erupting cone
		p.volcano(true)
	case ugFigBag: // a sack
		p.circle(0.05, 0.08, 0.92, shadow)
		p.circle(0, 0, 0.92, color.RGBA{0x3a, 0x24, 0x10, 0xff})
		p.circle(0, 0, 0.82, color.RGBA{0x2a, 0x5a, 0x6a, 0xff})
		p.Begin()
		p.move(-0.2, -0.3)
		p.cubic(-0.7, 0, -0.6, 0.6, 0, 0.6)
		p.cubic(0.6, 0.6, 0.7, 0, 0.2, -0.3)
		p.Path.Close()
		p.fill(color.RGBA{0xb8, 0x8c, 0x50, 0xff})
		p.poly(color.RGBA{0xb8, 0x8c, 0x50, 0xff}, -0.2, -0.3, -0.35, -0.6, 0, -0.45, 0.35, -0.6, 0.2, -0.3)
		p.seg(-0.25, -0.3, 0.25, -0.3, 0.1, ugDark)
		p.poly(ugGoldCl, 0, 0, 0.08, 0.15, 0.24, 0.15, 0.1, 0.25, 0.16, 0.42, 0, 0.32, -0.16, 0.42, -0.1, 0.25, -0.24, 0.15, -0.08, 0.15)
	}
}

// volcano draws a volcano: erupting (the Flames' figure) or the dim
// symbol printed on a Volcano chasm (U11.5).
func (p *Pen) volcano(live bool) {
	rock, lava := color.RGBA{0x5a, 0x40, 0x30, 0xff}, color.RGBA{0xff, 0x70, 0x10, 0xff}
	if !live {
		rock, lava = color.RGBA{0x4a, 0x38, 0x30, 0xff}, color.RGBA{0xa0, 0x40, 0x18, 0xff}
	}
	p.poly(ugDark, -0.92, 0.72, -0.3, -0.38, 0.3, -0.38, 0.92, 0.72)
	p.poly(rock, -0.78, 0.64, -0.24, -0.3, 0.24, -0.3, 0.78, 0.64)
	p.poly(lava, -0.24, -0.3, 0.24, -0.3, 0.14, -0.1, 0.2, 0.12, 0.02, -0.05, -0.08, 0.25, -0.12, -0.08)
	if live {
		p.circle(-0.15, -0.62, 0.16, color.RGBA{0xff, 0xb0, 0x30, 0xff})
		p.circle(0.12, -0.74, 0.2, color.RGBA{0xff, 0x80, 0x20, 0xff})
		p.circle(0.0, -0.5, 0.12, color.RGBA{0xff, 0xe0, 0x60, 0xff})
	} else {
		p.circle(0, -0.56, 0.1, color.RGBA{0x80, 0x70, 0x68, 0xff})
		p.circle(0.14, -0.72, 0.13, color.RGBA{0x80, 0x70, 0x68, 0xff})
	}
}

// place draws Popular Place mk's picture (U14), brown on parchment.
func (p *Pen) place(mk underground.Marker) {
	ink := ugPlaceCl
	switch mk {
	case underground.Altar: // an altar with a flame
		p.rect(-0.7, 0.2, 0.7, 0.4, ink)
		p.rect(-0.5, 0.4, -0.3, 0.85, ink)
		p.rect(0.3, 0.4, 0.5, 0.85, ink)
		p.Begin()
		p.move(0, -0.8)
		p.cubic(0.45, -0.3, 0.3, 0.15, 0, 0.15)
		p.cubic(-0.3, 0.15, -0.45, -0.3, 0, -0.8)
		p.fill(ugRed)
	case underground.Crypt: // a tombstone
		p.Begin()
		p.move(-0.5, 0.85)
		p.line(-0.5, -0.3)
		p.cubic(-0.5, -0.95, 0.5, -0.95, 0.5, -0.3)
		p.line(0.5, 0.85)
		p.Path.Close()
		p.fill(ink)
		p.rect(-0.07, -0.55, 0.07, 0.2, ugParch)
		p.rect(-0.28, -0.35, 0.28, -0.21, ugParch)
	case underground.Diamonds: // a cut diamond
		cyan := color.RGBA{0x1c, 0x8c, 0xb4, 0xff}
		p.poly(cyan, -0.8, -0.3, -0.45, -0.75, 0.45, -0.75, 0.8, -0.3, 0, 0.85)
		p.seg(-0.8, -0.3, 0.8, -0.3, 0.08, ugParch)
		p.seg(-0.25, -0.3, 0, 0.75, 0.06, ugParch)
		p.seg(0.25, -0.3, 0, 0.75, 0.06, ugParch)
		p.seg(-0.45, -0.75, -0.25, -0.3, 0.06, ugParch)
		p.seg(0.45, -0.75, 0.25, -0.3, 0.06, ugParch)
	case underground.Pipe: // a brass pipe with a bend
		brass := color.RGBA{0xb0, 0x80, 0x20, 0xff}
		p.Begin()
		p.move(-0.75, -0.45)
		p.line(0.2, -0.45)
		p.quad(0.55, -0.45, 0.55, -0.1)
		p.line(0.55, 0.8)
		p.stroke(brass, 0.36)
		p.rect(-0.85, -0.7, -0.7, -0.2, ink)
		p.rect(0.3, 0.62, 0.8, 0.78, ink)
	case underground.Fountain: // a basin and its jet
		blue := color.RGBA{0x2c, 0x7c, 0xd0, 0xff}
		p.Begin()
		p.move(-0.75, 0.2)
		p.quad(0, 0.95, 0.75, 0.2)
		p.Path.Close()
		p.fill(ink)
		p.Begin()
		p.move(0, 0.15)
		p.quad(0, -0.85, -0.55, -0.2)
		p.stroke(blue, 0.14)
		p.Begin()
		p.move(0, 0.15)
		p.quad(0, -0.85, 0.55, -0.2)
		p.stroke(blue, 0.14)
		p.circle(0, -0.55, 0.12, blue)
	case underground.Keep: // a tower with crenels
		p.poly(ink, -0.55, 0.85, -0.45, -0.45, 0.45, -0.45, 0.55, 0.85)
		for _, x := range [...]float64{-0.55, -0.12, 0.31} {
			p.rect(x, -0.8, x+0.24, -0.4, ink)
		}
		p.Begin()
		p.move(-0.18, 0.85)
		p.line(-0.18, 0.4)
		p.quad(0, 0.15, 0.18, 0.4)
		p.line(0.18, 0.85)
		p.Path.Close()
		p.fill(ugParch)
	case underground.LostMine: // a pickaxe
		p.seg(-0.6, 0.75, 0.35, -0.35, 0.16, ink)
		p.Begin()
		p.move(-0.55, -0.45)
		p.quad(0.15, -0.95, 0.75, 0.05)
		p.stroke(color.RGBA{0x60, 0x60, 0x6a, 0xff}, 0.2)
	case underground.Stonehedge: // a trilithon
		stone := color.RGBA{0x6a, 0x64, 0x5c, 0xff}
		p.rect(-0.65, -0.3, -0.3, 0.85, stone)
		p.rect(0.3, -0.3, 0.65, 0.85, stone)
		p.rect(-0.8, -0.65, 0.8, -0.32, stone)
	case underground.Pentacle: // a star in a circle
		p.ring(0, 0, 0.78, 0.1, ugRed)
		p.Begin()
		for k := 0; k <= 5; k++ {
			a := -math.Pi/2 + float64(k*2)*2*math.Pi/5
			x, y := 0.72*math.Cos(a), 0.72*math.Sin(a)
			if k == 0 {
				p.move(x, y)
			} else {
				p.line(x, y)
			}
		}
		p.stroke(ugRed, 0.1)
	}
}

// relic draws Righteous Relic mk's picture (U15), gold on violet.
func (p *Pen) relic(mk underground.Marker) {
	g := ugGoldCl
	switch mk {
	case underground.Doormat: // a flying carpet
		p.poly(color.RGBA{0xc0, 0x30, 0x30, 0xff}, -0.8, -0.3, 0.7, -0.5, 0.8, 0.3, -0.7, 0.5)
		p.poly(g, -0.5, -0.15, 0.45, -0.28, 0.52, 0.15, -0.43, 0.28)
		for _, t := range [...]float64{-0.2, 0.1, 0.4} {
			p.seg(-0.8+t*0.1, -0.3+t*0.8+0.1, -0.98+t*0.1, -0.26+t*0.8+0.1, 0.06, g)
		}
	case underground.Ring: // a ring with a gem
		p.ring(0, 0.2, 0.5, 0.16, g)
		p.poly(color.RGBA{0x40, 0xd0, 0x60, 0xff}, 0, -0.75, 0.25, -0.45, 0, -0.2, -0.25, -0.45)
	case underground.Socks: // a sock
		p.Begin()
		p.move(-0.3, -0.85)
		p.line(0.25, -0.85)
		p.line(0.25, 0.2)
		p.quad(0.8, 0.3, 0.7, 0.7)
		p.line(-0.1, 0.7)
		p.quad(-0.3, 0.6, -0.3, 0.3)
		p.Path.Close()
		p.fill(color.RGBA{0xd8, 0xd0, 0xa0, 0xff})
		p.rect(-0.3, -0.85, 0.25, -0.6, color.RGBA{0x60, 0xa0, 0x40, 0xff})
		p.circle(0.5, 0.0, 0.08, color.RGBA{0x80, 0xa0, 0x40, 0xff})
		p.circle(0.62, -0.25, 0.06, color.RGBA{0x80, 0xa0, 0x40, 0xff})
	case underground.Scepter: // a rod with an orb
		p.seg(-0.5, 0.8, 0.35, -0.35, 0.16, g)
		p.circle(0.45, -0.5, 0.26, color.RGBA{0xe0, 0x40, 0x60, 0xff})
		p.ring(0.45, -0.5, 0.26, 0.08, g)
	case underground.Orb: // a shining orb
		p.circle(0, 0, 0.7, color.RGBA{0x60, 0xc0, 0xf0, 0xff})
		p.circle(-0.22, -0.25, 0.2, color.RGBA{0xe8, 0xf8, 0xff, 0xff})
		p.ring(0, 0, 0.7, 0.1, g)
	case underground.Sword: // a sword
		p.poly(color.RGBA{0xe0, 0xe4, 0xf0, 0xff}, -0.1, 0.3, -0.1, -0.7, 0, -0.92, 0.1, -0.7, 0.1, 0.3)
		p.rect(-0.42, 0.28, 0.42, 0.42, g)
		p.rect(-0.08, 0.42, 0.08, 0.8, g)
		p.circle(0, 0.86, 0.1, g)
	}
}

// misc draws the markers: Monsters, armor, hammers, Vengeance, and the
// map's printed lair, Black Mountain and edge symbols.
func (p *Pen) misc(k Icon) {
	switch k {
	case IconMonster: // a fanged face (U16.1)
		p.circle(0.05, 0.08, 0.9, color.RGBA{0, 0, 0, 0x80})
		p.circle(0, 0, 0.9, color.RGBA{0x12, 0x22, 0x10, 0xff})
		p.circle(0, 0, 0.8, color.RGBA{0x5a, 0x8a, 0x2a, 0xff})
		p.poly(color.RGBA{0x30, 0x50, 0x18, 0xff}, -0.6, -0.3, -0.55, -0.8, -0.25, -0.45)
		p.poly(color.RGBA{0x30, 0x50, 0x18, 0xff}, 0.6, -0.3, 0.55, -0.8, 0.25, -0.45)
		p.circle(-0.3, -0.15, 0.17, ugGoldCl)
		p.circle(0.3, -0.15, 0.17, ugGoldCl)
		p.circle(-0.3, -0.15, 0.07, ugDark)
		p.circle(0.3, -0.15, 0.07, ugDark)
		p.poly(ugDark, -0.45, 0.2, 0.45, 0.2, 0.3, 0.55, -0.3, 0.55)
		p.poly(ugBone, -0.3, 0.2, -0.2, 0.45, -0.1, 0.2)
		p.poly(ugBone, 0.3, 0.2, 0.2, 0.45, 0.1, 0.2)
	case IconArmor: // a mushroom-cap shield (U13.14)
		p.Begin()
		p.move(-0.7, -0.7)
		p.line(0.7, -0.7)
		p.line(0.7, 0.0)
		p.quad(0.6, 0.6, 0, 0.92)
		p.quad(-0.6, 0.6, -0.7, 0.0)
		p.Path.Close()
		p.fill(ugDark)
		p.Begin()
		p.move(-0.58, -0.58)
		p.line(0.58, -0.58)
		p.line(0.58, 0.0)
		p.quad(0.5, 0.5, 0, 0.78)
		p.quad(-0.5, 0.5, -0.58, 0.0)
		p.Path.Close()
		p.fill(color.RGBA{0xc8, 0x30, 0x30, 0xff})
		p.circle(-0.25, -0.25, 0.12, ugBone)
		p.circle(0.25, -0.1, 0.14, ugBone)
		p.circle(-0.05, 0.3, 0.1, ugBone)
	case IconHammer: // a silver hammer (U12.5)
		p.circle(0, 0, 0.9, color.RGBA{0x30, 0x30, 0x38, 0xff})
		p.poly(color.RGBA{0xd8, 0xdc, 0xe8, 0xff}, -0.6, -0.55, 0.45, -0.55, 0.6, -0.2, -0.6, -0.2)
		p.rect(-0.1, -0.2, 0.1, 0.7, color.RGBA{0xa0, 0x70, 0x40, 0xff})
	case IconVengeance: // a red mark with a dagger (U16.9)
		p.circle(0, 0, 0.9, ugDark)
		p.circle(0, 0, 0.78, color.RGBA{0x9a, 0x10, 0x18, 0xff})
		p.poly(ugBone, -0.08, 0.2, -0.08, -0.55, 0, -0.75, 0.08, -0.55, 0.08, 0.2)
		p.rect(-0.3, 0.18, 0.3, 0.3, ugGoldCl)
		p.rect(-0.06, 0.3, 0.06, 0.6, ugGoldCl)
	case IconLair: // the printed Monster symbol: claw marks (U11.6)
		p.circle(0, 0, 0.9, color.RGBA{0x20, 0x10, 0x0c, 0xc0})
		p.ring(0, 0, 0.84, 0.1, color.RGBA{0xc8, 0x3c, 0x28, 0xff})
		for _, dx := range [...]float64{-0.32, 0, 0.32} {
			p.Begin()
			p.move(dx-0.2, -0.55)
			p.quad(dx+0.1, -0.1, dx+0.05, 0.55)
			p.stroke(color.RGBA{0xe0, 0x60, 0x40, 0xff}, 0.14)
		}
	case IconMountain: // the Black Mountain marker: peaks (U11.7)
		p.circle(0, 0, 0.92, color.RGBA{0xd8, 0xd8, 0xe0, 0xff})
		p.circle(0, 0, 0.8, color.RGBA{0x16, 0x16, 0x1c, 0xff})
		p.poly(color.RGBA{0x7a, 0x7a, 0x88, 0xff}, -0.7, 0.45, -0.25, -0.5, 0.05, 0.05, 0.3, -0.25, 0.72, 0.45)
		p.poly(ugBone, -0.25, -0.5, -0.08, -0.14, -0.25, -0.24, -0.4, -0.16)
		p.poly(ugBone, 0.3, -0.25, 0.44, -0.02, 0.3, -0.08, 0.18, -0.04)
	case IconVolcanoMark:
		p.volcano(false)
	case IconDisc:
		p.circle(0, 0, 1, color.RGBA{0xff, 0xff, 0xff, 0xff})
	case IconCost:
		p.circle(0, 0, 1, inkDark)
		p.circle(0, 0, 0.86, gold)
		p.Begin()
		p.arc(0, 0, 0.7, math.Pi*1.1, math.Pi*1.6)
		p.stroke(color.RGBA{0xff, 0xf0, 0xb0, 0xa0}, 0.1)
	}
}

// gold and inkDark are the box's gold and dark ink (the UI's colours).
var (
	gold    = color.RGBA{0xf2, 0xb6, 0x1f, 0xff}
	inkDark = color.RGBA{0x2a, 0x20, 0x18, 0xff}
)

// whitePx is the white image the pen's triangles are filled from, made
// from pixels as scenes.WhitePx is, so Ebitengine packs it on an atlas page
// with the art and their draws merge.
var whitePx = func() *ebiten.Image {
	rgba := image.NewRGBA(image.Rect(0, 0, 3, 3))
	for i := range rgba.Pix {
		rgba.Pix[i] = 0xff
	}
	return ebiten.NewImageFromImage(rgba)
}()
