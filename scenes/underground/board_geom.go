package underground

import (
	"math"

	"github.com/goldvein/goldvein/rules/underground/maps"
)

// ugGeom is a map's drawing geometry, made once per board from the
// region polygons (map units, y down; maps.Region.Shape): each region
// triangulated (so a lit or hovered region fills with plain triangles that
// batch, no stencil), the cave outline edges (polygon edges no other region
// shares), and the spots around each label where markers go.
type ugGeom struct {
	pts     [][][2]float32 // per region: its polygon
	tris    [][]uint16     // per region: triangles, three indices into pts[i] each
	spts    [][][2]float32 // per region: its polygon simplified (within ugSimplify), for overlays
	stris   [][]uint16     // per region: triangles of spts[i]
	outline [][2][2]float32
	slots   [][][2]float64 // per region: marker spots near the label, best first
	radius  []float64      // per region: the largest disc around the label inside it (capped)
}

// ugSlotDist is how far (map units) a marker spot sits from the label.
const ugSlotDist = 28

func newUGGeom(m *maps.Map) *ugGeom {
	g := &ugGeom{}
	n := m.Len()
	g.pts = make([][][2]float32, n)
	g.tris = make([][]uint16, n)
	g.spts = make([][][2]float32, n)
	g.stris = make([][]uint16, n)
	g.slots = make([][][2]float64, n)
	g.radius = make([]float64, n)
	type edge struct{ a, b [2]float64 }
	owner := map[edge]bool{}
	for _, r := range m.Regions {
		for k, p := range r.Shape {
			owner[edge{p, r.Shape[(k+1)%len(r.Shape)]}] = true
		}
	}
	for i, r := range m.Regions {
		pts := make([][2]float32, len(r.Shape))
		for k, p := range r.Shape {
			pts[k] = [2]float32{float32(p[0]), float32(p[1])}
			q := r.Shape[(k+1)%len(r.Shape)]
			if !owner[edge{q, p}] {
				g.outline = append(g.outline, [2][2]float32{pts[k], {float32(q[0]), float32(q[1])}})
			}
		}
		g.pts[i] = pts
		g.tris[i] = triangulate(r.Shape)
		simple := simplify(r.Shape, ugSimplify)
		g.stris[i] = triangulate(simple)
		for _, p := range simple {
			g.spts[i] = append(g.spts[i], [2]float32{float32(p[0]), float32(p[1])})
		}
		g.radius[i] = clearance(r.Shape, r.Label, 40)
		g.slots[i] = markerSlots(r.Shape, r.Label)
	}
	return g
}

// clearance is the distance from q to the nearest edge of polygon p, at
// most limit.
func clearance(p [][2]float64, q [2]float64, limit float64) float64 {
	d := limit
	for k := range p {
		d = math.Min(d, segDist(q, p[k], p[(k+1)%len(p)]))
	}
	return d
}

func segDist(q, a, b [2]float64) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	l := dx*dx + dy*dy
	t := 0.0
	if l > 0 {
		t = math.Max(0, math.Min(1, ((q[0]-a[0])*dx+(q[1]-a[1])*dy)/l))
	}
	return math.Hypot(q[0]-a[0]-t*dx, q[1]-a[1]-t*dy)
}

// markerSlots lists spots around label, ugSlotDist away, with room for a
// marker (9 map units clear of the outline), in a fixed preference order:
// left, right, above-left, above-right, below-left, below-right, above,
// below. Spots too close to an earlier one are skipped. A region too small
// for any gets spots nearer the label.
func markerSlots(p [][2]float64, label [2]float64) [][2]float64 {
	dirs := [...]float64{180, 0, 225, 315, 135, 45, 270, 90}
	var out [][2]float64
	for _, dist := range [...]float64{ugSlotDist, ugSlotDist * 0.75, ugSlotDist * 1.35} {
		for _, deg := range dirs {
			a := deg * math.Pi / 180
			q := [2]float64{label[0] + dist*math.Cos(a), label[1] + dist*math.Sin(a)}
			if !maps.Inside(p, q) || clearance(p, q, 10) < 10 {
				continue
			}
			near := false
			for _, o := range out {
				if math.Hypot(o[0]-q[0], o[1]-q[1]) < 20 {
					near = true
				}
			}
			if !near {
				out = append(out, q)
			}
		}
	}
	for len(out) < 4 { // a tight region: markers overlap the stack's edge
		a := float64(len(out))*math.Pi/2 + math.Pi
		out = append(out, [2]float64{label[0] + 12*math.Cos(a), label[1] + 12*math.Sin(a)})
	}
	return out
}

// triangulate cuts a simple polygon (either orientation; collinear runs
// allowed) into triangles by ear clipping and returns their corner
// indices. A polygon that defeats it (not simple) ends as a fan.
func triangulate(p [][2]float64) []uint16 {
	n := len(p)
	if n < 3 {
		return nil
	}
	sign := 1.0
	if maps.Area(p) < 0 {
		sign = -1
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	out := make([]uint16, 0, 3*(n-2))
	cr := func(a, b, c [2]float64) float64 {
		// Positive for a left turn as the polygon runs (screen orientation).
		return -sign * ((b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0]))
	}
	for guard := 0; len(idx) > 3 && guard < 4*n*n; guard++ {
		found := false
		m := len(idx)
		for k := 0; k < m; k++ {
			ia, ib, ic := idx[(k+m-1)%m], idx[k], idx[(k+1)%m]
			a, b, c := p[ia], p[ib], p[ic]
			t := cr(a, b, c)
			if t < 0 {
				continue // reflex
			}
			if t == 0 { // collinear (or a spike): drop the middle point
				idx = append(idx[:k], idx[k+1:]...)
				found = true
				break
			}
			ear := true
			for _, j := range idx {
				if j == ia || j == ib || j == ic {
					continue
				}
				q := p[j]
				if q == a || q == b || q == c {
					continue
				}
				if cr(a, b, q) >= 0 && cr(b, c, q) >= 0 && cr(c, a, q) >= 0 {
					ear = false
					break
				}
			}
			if ear {
				out = append(out, uint16(ia), uint16(ib), uint16(ic))
				idx = append(idx[:k], idx[k+1:]...)
				found = true
				break
			}
		}
		if !found {
			break
		}
	}
	for k := 1; k+1 < len(idx); k++ {
		out = append(out, uint16(idx[0]), uint16(idx[k]), uint16(idx[k+1]))
	}
	return out
}

// ugSimplify is how far (map units) an overlay's outline may stray from
// the region's own: less than a pixel at the deepest zoom step's scale
// for the fitted map, and it cuts the hundreds of points the generator's
// smooth borders have to a few dozen a frame has to send.
const ugSimplify = 0.35

// simplify drops points of closed polygon p that lie within tol of the
// line through their kept neighbours (Douglas-Peucker on the ring, split
// at its first point and the point farthest from it).
func simplify(p [][2]float64, tol float64) [][2]float64 {
	n := len(p)
	if n <= 4 {
		return p
	}
	far, best := 0, -1.0
	for k := 1; k < n; k++ {
		if d := math.Hypot(p[k][0]-p[0][0], p[k][1]-p[0][1]); d > best {
			far, best = k, d
		}
	}
	keep := make([]bool, n)
	keep[0], keep[far] = true, true
	var dp func(a, b int) // b may be n: the ring's first point again
	dp = func(a, b int) {
		if b-a < 2 {
			return
		}
		pa, pb := p[a], p[b%n]
		k, worst := -1, tol
		for j := a + 1; j < b; j++ {
			if d := segDist(p[j], pa, pb); d > worst {
				k, worst = j, d
			}
		}
		if k >= 0 {
			keep[k] = true
			dp(a, k)
			dp(k, b)
		}
	}
	dp(0, far)
	dp(far, n)
	var out [][2]float64
	for k := range p {
		if keep[k] {
			out = append(out, p[k])
		}
	}
	if len(out) < 3 {
		return p
	}
	return out
}
