package cardart

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// pt is a point in art units: a card is CardW x CardH units whatever its
// pixel size, and a tool icon is drawn in a 64 x 64 unit box.
type pt struct{ x, y float64 }

// canvas draws filled vector shapes, given in art units, into a CPU image at
// its pixel size. Every shape is flattened to polygons, rasterised with
// golang.org/x/image/vector over its own bounding box only, and composited
// with Porter-Duff "over". A canvas value is cheap to copy: sub-canvases
// (an icon placed inside a card) share the image and the rasteriser.
type canvas struct {
	img   *image.RGBA
	r     *vector.Rasterizer
	m     [6]float64 // affine map from art units to pixels: x' = m0 x + m1 y + m2, y' = m3 x + m4 y + m5
	polys [][]pt     // the shape being built, in pixels
}

func newCanvas(img *image.RGBA, scale float64) *canvas {
	return &canvas{img: img, r: vector.NewRasterizer(1, 1), m: [6]float64{scale, 0, 0, 0, scale, 0}}
}

// then returns a canvas drawing through c's map after the map n (given in
// c's units): n's output is c's input.
func (c *canvas) then(n [6]float64) *canvas {
	m := c.m
	return &canvas{img: c.img, r: c.r, m: [6]float64{
		m[0]*n[0] + m[1]*n[3], m[0]*n[1] + m[1]*n[4], m[0]*n[2] + m[1]*n[5] + m[2],
		m[3]*n[0] + m[4]*n[3], m[3]*n[1] + m[4]*n[4], m[3]*n[2] + m[4]*n[5] + m[5],
	}}
}

// sub returns a canvas whose unit origin is at (x, y) of c and whose units
// are k of c's units: how an icon is placed inside a card.
func (c *canvas) sub(x, y, k float64) *canvas {
	return c.then([6]float64{k, 0, x, 0, k, y})
}

// rot returns a canvas turned by angle a (radians, clockwise on screen)
// around (cx, cy) of c.
func (c *canvas) rot(a, cx, cy float64) *canvas {
	s, co := math.Sin(a), math.Cos(a)
	return c.then([6]float64{co, -s, cx - co*cx + s*cy, s, co, cy - s*cx - co*cy})
}

func (c *canvas) px(p pt) pt {
	return pt{c.m[0]*p.x + c.m[1]*p.y + c.m[2], c.m[3]*p.x + c.m[4]*p.y + c.m[5]}
}

// scale is the pixels per art unit of c.
func (c *canvas) scale() float64 { return math.Sqrt(math.Abs(c.m[0]*c.m[4] - c.m[1]*c.m[3])) }

// tol is the flattening tolerance for curves, in art units (0.15 px).
func (c *canvas) tol() float64 { return 0.15 / c.scale() }

// poly adds a closed polygon (art units) to the current shape. Solid
// polygons are normalised to one winding so overlapping parts unite; holes
// get the other winding and cut.
func (c *canvas) poly(pts []pt, hole bool) {
	if len(pts) < 3 {
		return
	}
	out := make([]pt, len(pts))
	for i, p := range pts {
		out[i] = c.px(p)
	}
	c.addPixelPoly(out, hole)
}

func (c *canvas) addPixelPoly(out []pt, hole bool) {
	var area float64
	for i, p := range out {
		q := out[(i+1)%len(out)]
		area += p.x*q.y - q.x*p.y
	}
	if (area < 0) != hole {
		for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
			out[i], out[j] = out[j], out[i]
		}
	}
	c.polys = append(c.polys, out)
}

// outline replaces the current shape by a stroke of width w (art units)
// along its edges, centred on them, and returns the shape it replaced, so
// that a part can be inked and then filled:
//
//	shape := c.outline(1.5); c.fill(ink); c.polys = shape; c.fill(col)
func (c *canvas) outline(w float64) [][]pt {
	shape := c.polys
	c.polys = nil
	hw := w * c.scale() / 2
	for _, p := range shape {
		for i, a := range p {
			b := p[(i+1)%len(p)]
			dx, dy := b.x-a.x, b.y-a.y
			l := math.Hypot(dx, dy)
			if l > 0 {
				nx, ny := -dy/l*hw, dx/l*hw
				c.addPixelPoly([]pt{{a.x + nx, a.y + ny}, {b.x + nx, b.y + ny}, {b.x - nx, b.y - ny}, {a.x - nx, a.y - ny}}, false)
			}
			oct := make([]pt, 8)
			for k := range oct {
				t := float64(k) * math.Pi / 4
				oct[k] = pt{a.x + hw*math.Cos(t), a.y + hw*math.Sin(t)}
			}
			c.addPixelPoly(oct, false)
		}
	}
	return shape
}

// inked fills the current shape with col, edged with an ink line of width w.
func (c *canvas) inked(col, ink color.RGBA, w float64) {
	shape := c.outline(w)
	c.fill(ink)
	c.polys = shape
	c.fill(col)
}

// fill rasterises the current shape in colour col (straight, not
// premultiplied, alpha) and starts a new shape.
func (c *canvas) fill(col color.RGBA) {
	polys := c.polys
	c.polys = c.polys[:0]
	if len(polys) == 0 || col.A == 0 {
		return
	}
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, p := range polys {
		for _, q := range p {
			minX, maxX = math.Min(minX, q.x), math.Max(maxX, q.x)
			minY, maxY = math.Min(minY, q.y), math.Max(maxY, q.y)
		}
	}
	box := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX)), int(math.Ceil(maxY))).Intersect(c.img.Bounds())
	if box.Empty() {
		return
	}
	c.r.Reset(box.Dx(), box.Dy())
	c.r.DrawOp = draw.Over
	fx, fy := float64(box.Min.X), float64(box.Min.Y)
	for _, p := range polys {
		c.r.MoveTo(float32(p[0].x-fx), float32(p[0].y-fy))
		for _, q := range p[1:] {
			c.r.LineTo(float32(q.x-fx), float32(q.y-fy))
		}
		c.r.ClosePath()
	}
	c.r.Draw(c.img, box, image.NewUniform(premul(col)), image.Point{})
}

// premul turns a straight-alpha colour into the premultiplied form that
// color.RGBA means.
func premul(c color.RGBA) color.RGBA {
	if c.A == 255 {
		return c
	}
	a := uint32(c.A)
	return color.RGBA{uint8(uint32(c.R) * a / 255), uint8(uint32(c.G) * a / 255), uint8(uint32(c.B) * a / 255), c.A}
}

// alpha returns c with straight alpha a (0..255).
func alpha(c color.RGBA, a uint8) color.RGBA { c.A = a; return c }

// white is opaque white, for shine.
var white = color.RGBA{255, 255, 255, 255}

// mix blends a toward b by t (0..1), alpha included.
func mix(a, b color.RGBA, t float64) color.RGBA {
	l := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), l(a.A, b.A)}
}

// ---- shape builders (art units) ----

func (c *canvas) rect(x, y, w, h float64) {
	c.poly([]pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, false)
}

// arcPts appends the points of an elliptic arc around (cx, cy) from angle a0
// to a1 (radians, y down, so positive angles turn clockwise on screen).
func (c *canvas) arcPts(dst []pt, cx, cy, rx, ry, a0, a1 float64) []pt {
	r := math.Max(rx, ry)
	n := 2
	if r > 0 {
		step := 2 * math.Acos(math.Max(-1, 1-c.tol()/r))
		if step > 0 {
			n = int(math.Ceil(math.Abs(a1-a0)/step)) + 1
		}
	}
	n = max(n, 3)
	for i := 0; i <= n; i++ {
		a := a0 + (a1-a0)*float64(i)/float64(n)
		dst = append(dst, pt{cx + rx*math.Cos(a), cy + ry*math.Sin(a)})
	}
	return dst
}

func (c *canvas) ellipsePts(cx, cy, rx, ry float64) []pt {
	p := c.arcPts(nil, cx, cy, rx, ry, 0, 2*math.Pi)
	return p[:len(p)-1]
}

func (c *canvas) circle(cx, cy, r float64)       { c.poly(c.ellipsePts(cx, cy, r, r), false) }
func (c *canvas) ellipse(cx, cy, rx, ry float64) { c.poly(c.ellipsePts(cx, cy, rx, ry), false) }
func (c *canvas) circleHole(cx, cy, r float64)   { c.poly(c.ellipsePts(cx, cy, r, r), true) }
func (c *canvas) polygon(pts ...pt)              { c.poly(pts, false) }
func (c *canvas) fillCircle(cx, cy, r float64, col color.RGBA) {
	c.circle(cx, cy, r)
	c.fill(col)
}

// roundRect adds a rectangle with corners of radius r.
func (c *canvas) roundRect(x, y, w, h, r float64) {
	c.poly(c.roundRectPts(x, y, w, h, r), false)
}

func (c *canvas) roundRectPts(x, y, w, h, r float64) []pt {
	r = math.Min(r, math.Min(w, h)/2)
	var p []pt
	p = c.arcPts(p, x+w-r, y+r, r, r, -math.Pi/2, 0)
	p = c.arcPts(p, x+w-r, y+h-r, r, r, 0, math.Pi/2)
	p = c.arcPts(p, x+r, y+h-r, r, r, math.Pi/2, math.Pi)
	p = c.arcPts(p, x+r, y+r, r, r, math.Pi, 3*math.Pi/2)
	return p
}

// line adds a stroke of width w from a to b with round caps.
func (c *canvas) line(a, b pt, w float64) {
	c.seg(a, b, w)
	c.circle(a.x, a.y, w/2)
	c.circle(b.x, b.y, w/2)
}

// seg adds a stroke of width w from a to b with square-cut (butt) ends.
func (c *canvas) seg(a, b pt, w float64) {
	dx, dy := b.x-a.x, b.y-a.y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	c.poly([]pt{{a.x + nx, a.y + ny}, {b.x + nx, b.y + ny}, {b.x - nx, b.y - ny}, {a.x - nx, a.y - ny}}, false)
}

// polyline adds a stroke of width w through pts with round joins and caps.
func (c *canvas) polyline(w float64, pts ...pt) {
	for i := 0; i+1 < len(pts); i++ {
		c.seg(pts[i], pts[i+1], w)
	}
	for _, p := range pts {
		c.circle(p.x, p.y, w/2)
	}
}

// arcStroke adds a circular arc stroke of width w (round caps).
func (c *canvas) arcStroke(cx, cy, r, a0, a1, w float64) {
	outer := c.arcPts(nil, cx, cy, r+w/2, r+w/2, a0, a1)
	inner := c.arcPts(nil, cx, cy, r-w/2, r-w/2, a1, a0)
	c.poly(append(outer, inner...), false)
	c.circle(cx+r*math.Cos(a0), cy+r*math.Sin(a0), w/2)
	c.circle(cx+r*math.Cos(a1), cy+r*math.Sin(a1), w/2)
}

// ring adds a circle outline of width w.
func (c *canvas) ring(cx, cy, r, w float64) {
	c.poly(c.ellipsePts(cx, cy, r+w/2, r+w/2), false)
	c.poly(c.ellipsePts(cx, cy, r-w/2, r-w/2), true)
}

// star adds a four-pointed sparkle at (cx, cy) of radius r.
func (c *canvas) star(cx, cy, r float64) {
	k := r * 0.22
	c.polygon(pt{cx, cy - r}, pt{cx + k, cy - k}, pt{cx + r, cy}, pt{cx + k, cy + k},
		pt{cx, cy + r}, pt{cx - k, cy + k}, pt{cx - r, cy}, pt{cx - k, cy - k})
}

// rng is a small deterministic generator (xorshift) for rock speckles and
// nugget shapes: the same card always looks the same.
type rng uint64

func (r *rng) next() uint64 {
	x := uint64(*r)
	x ^= x << 13
	x ^= x >> 7
	x ^= x << 17
	*r = rng(x)
	return x
}

// float returns a number in [0, 1).
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }

// between returns a number in [a, b).
func (r *rng) between(a, b float64) float64 { return a + (b-a)*r.float() }

func seed(s string) rng {
	h := uint64(1469598103934665603)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	if h == 0 {
		h = 1
	}
	return rng(h)
}

// blob returns a lumpy closed shape around (cx, cy): a nugget, a boulder or
// a coal lump, its radius varying by up to jag.
func (c *canvas) blobPts(r *rng, cx, cy, rx, ry, jag float64, n int) []pt {
	rad := make([]float64, n)
	for i := range rad {
		rad[i] = 1 + jag*(r.float()*2-1)
	}
	var out []pt
	steps := 6
	for i := 0; i < n; i++ {
		r0, r1 := rad[i], rad[(i+1)%n]
		for s := 0; s < steps; s++ {
			t := float64(s) / float64(steps)
			// Smooth step between the control radii keeps the lump round.
			k := r0 + (r1-r0)*(3*t*t-2*t*t*t)
			a := 2 * math.Pi * (float64(i) + t) / float64(n)
			out = append(out, pt{cx + rx*k*math.Cos(a), cy + ry*k*math.Sin(a)})
		}
	}
	return out
}
