package underground

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	xvector "golang.org/x/image/vector"

	"github.com/goldvein/goldvein/rules/underground/maps"
	ugart "github.com/goldvein/goldvein/sprites/underground"
)

// render paints the map at s pixels per map unit: each region filled with
// its terrain's pattern, a shade inside every border, the borders, the
// cave's rim, and the printed symbols (Monster lairs, Black Mountains,
// Volcanoes). It is rasterised on the CPU (golang.org/x/image/vector,
// antialiased, each region within its own bounds) and uploaded once: a
// software GPU took seconds over the same paths as GPU passes.
func (b *ugBoard) render(s float64) *ebiten.Image {
	return ebiten.NewImageFromImage(paintUGLayer(b.m, b.g, b.artFor(nil).ink, s))
}

// paintUGLayer is render's painting, on the CPU only, so it may run off
// the game goroutine (ugArt.start): it reads m, g and ink and nothing
// else.
func paintUGLayer(m *maps.Map, g *ugGeom, ink *ugInk, s float64) *image.RGBA {
	w, h := int(math.Ceil(m.Width*s))+2*ugLayerPad, int(math.Ceil(m.Height*s))+2*ugLayerPad
	c := &ugCanvas{dst: image.NewRGBA(image.Rect(0, 0, w, h)), s: s, ink: ink}
	for i, r := range m.Regions {
		c.fillPattern(g.pts[i], ink.patterns[r.Terrain])
	}
	rt := math.Sqrt(s)
	for i, r := range m.Regions {
		shade, sw := color.RGBA{0, 0, 0, 0x30}, 7*rt
		switch r.Terrain {
		case maps.Chasm:
			shade, sw = color.RGBA{0, 0, 0, 0x90}, 16*rt
		case maps.River:
			shade = color.RGBA{0xa0, 0xd0, 0xff, 0x38}
		}
		c.strokePoly(g.pts[i], sw, shade)
	}
	bw := math.Max(1.3, 1.5*rt)
	for i := range m.Regions {
		c.strokePoly(g.pts[i], bw, color.RGBA{0x14, 0x0e, 0x0a, 0xff})
	}
	c.path = vector.Path{}
	for _, e := range g.outline {
		c.path.MoveTo(c.px(e[0][0]), c.px(e[0][1]))
		c.path.LineTo(c.px(e[1][0]), c.px(e[1][1]))
	}
	c.stroke(3.5*rt, color.RGBA{0x0a, 0x06, 0x04, 0xff})
	// The printed Volcano symbols (U11.5); the Black Mountains and lairs
	// are drawn with the pieces, where each region's plan has room for them
	// (board_place.go).
	for _, r := range m.Regions {
		if r.Volcano {
			c.icon(ugart.IconVolcanoMark, r.Label[0], r.Label[1], 30*ugEff(s))
		}
	}
	return c.dst
}

// ugCanvas rasterises the map layer on the CPU.
type ugCanvas struct {
	dst     *image.RGBA
	s       float64
	ink     *ugInk
	z       xvector.Rasterizer
	maskPix []uint8
	path    vector.Path
	vs      []ebiten.Vertex
	is      []uint16
}

// px maps a map coordinate to a layer pixel.
func (c *ugCanvas) px(v float32) float32 { return v*float32(c.s) + ugLayerPad }

// bounds is the pixel box around points pts (layer pixels), grown by g
// and cut to the layer.
func (c *ugCanvas) bounds(minX, minY, maxX, maxY float32, g float64) image.Rectangle {
	r := image.Rect(int(math.Floor(float64(minX)-g)), int(math.Floor(float64(minY)-g)),
		int(math.Ceil(float64(maxX)+g))+1, int(math.Ceil(float64(maxY)+g))+1)
	return r.Intersect(c.dst.Bounds())
}

// fillPattern fills polygon pts (map units) with the repeating tile pat,
// anchored at the layer's origin so neighbouring regions join seamlessly.
func (c *ugCanvas) fillPattern(pts [][2]float32, pat *image.RGBA) {
	minX, minY, maxX, maxY := float32(math.Inf(1)), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.Inf(-1))
	for _, p := range pts {
		x, y := c.px(p[0]), c.px(p[1])
		minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
	}
	r := c.bounds(minX, minY, maxX, maxY, 1)
	if r.Empty() {
		return
	}
	c.z.Reset(r.Dx(), r.Dy())
	ox, oy := float32(r.Min.X), float32(r.Min.Y)
	for k, p := range pts {
		if k == 0 {
			c.z.MoveTo(c.px(p[0])-ox, c.px(p[1])-oy)
		} else {
			c.z.LineTo(c.px(p[0])-ox, c.px(p[1])-oy)
		}
	}
	c.z.ClosePath()
	// The mask is exactly r's size: the rasteriser writes a mask of its
	// own size straight into Pix, ignoring a wider stride.
	if cap(c.maskPix) < r.Dx()*r.Dy() {
		c.maskPix = make([]uint8, r.Dx()*r.Dy())
	}
	mask := &image.Alpha{Pix: c.maskPix[:r.Dx()*r.Dy()], Stride: r.Dx(), Rect: image.Rect(0, 0, r.Dx(), r.Dy())}
	c.z.DrawOp = draw.Src
	c.z.Draw(mask, mask.Bounds(), image.Opaque, image.Point{})
	n := pat.Rect.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		mrow := mask.Pix[(y-r.Min.Y)*mask.Stride:]
		drow := c.dst.Pix[y*c.dst.Stride:]
		prow := pat.Pix[(y%n)*pat.Stride:]
		for x := r.Min.X; x < r.Max.X; x++ {
			a := uint32(mrow[x-r.Min.X])
			if a == 0 {
				continue
			}
			d, p := drow[4*x:4*x+4], prow[4*(x%n):4*(x%n)+4]
			for k := 0; k < 4; k++ {
				d[k] = uint8((uint32(p[k])*a + uint32(d[k])*(255-a) + 127) / 255)
			}
		}
	}
}

// strokePoly strokes closed polygon pts (map units), w pixels wide.
func (c *ugCanvas) strokePoly(pts [][2]float32, w float64, col color.RGBA) {
	c.path = vector.Path{}
	for k, p := range pts {
		if k == 0 {
			c.path.MoveTo(c.px(p[0]), c.px(p[1]))
		} else {
			c.path.LineTo(c.px(p[0]), c.px(p[1]))
		}
	}
	c.path.Close()
	c.stroke(w, col)
}

// stroke strokes c.path, w pixels wide, in col (straight alpha): the
// stroke's triangles, all turned one way so their overlaps add up, are
// rasterised within their bounds.
func (c *ugCanvas) stroke(w float64, col color.RGBA) {
	op := &vector.StrokeOptions{Width: float32(w), LineJoin: vector.LineJoinRound}
	c.vs, c.is = c.path.AppendVerticesAndIndicesForStroke(c.vs[:0], c.is[:0], op)
	if len(c.vs) == 0 {
		return
	}
	minX, minY, maxX, maxY := float32(math.Inf(1)), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.Inf(-1))
	for _, v := range c.vs {
		minX, minY, maxX, maxY = min(minX, v.DstX), min(minY, v.DstY), max(maxX, v.DstX), max(maxY, v.DstY)
	}
	r := c.bounds(minX, minY, maxX, maxY, 1)
	if r.Empty() {
		return
	}
	c.z.Reset(r.Dx(), r.Dy())
	ox, oy := float32(r.Min.X), float32(r.Min.Y)
	for k := 0; k+2 < len(c.is); k += 3 {
		v0, v1, v2 := c.vs[c.is[k]], c.vs[c.is[k+1]], c.vs[c.is[k+2]]
		if (v1.DstX-v0.DstX)*(v2.DstY-v0.DstY)-(v1.DstY-v0.DstY)*(v2.DstX-v0.DstX) < 0 {
			v1, v2 = v2, v1
		}
		c.z.MoveTo(v0.DstX-ox, v0.DstY-oy)
		c.z.LineTo(v1.DstX-ox, v1.DstY-oy)
		c.z.LineTo(v2.DstX-ox, v2.DstY-oy)
		c.z.ClosePath()
	}
	c.z.DrawOp = draw.Over
	c.z.Draw(c.dst, r, image.NewUniform(color.NRGBA{col.R, col.G, col.B, col.A}), image.Point{})
}

// icon draws sheet icon k centred on map point (x, y), px pixels wide.
func (c *ugCanvas) icon(k ugart.Icon, x, y, px float64) {
	src := c.ink.icons[k]
	cx, cy := x*c.s+ugLayerPad, y*c.s+ugLayerPad
	r := image.Rect(int(math.Round(cx-px/2)), int(math.Round(cy-px/2)), int(math.Round(cx+px/2)), int(math.Round(cy+px/2)))
	scaleCatmullRom(c.dst, r, c.ink.sheet, src)
}
