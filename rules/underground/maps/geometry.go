package maps

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// CheckGeometry checks a validated map's drawing data, as the built-in
// maps carry it: every region has a shape; each shape is a simple polygon,
// counter-clockwise on screen, inside the drawing size, with its label
// inside it; every polygon edge is either shared, point for point and in
// the opposite direction, by exactly one other region, or lies on the cave
// outline; the outline edges close into one simple counter-clockwise loop;
// and the pairs of regions sharing an edge are exactly the Borders (U11.8).
// Together these mean the shapes tile the cave without gap or overlap: the
// shared edges cancel, so for any point the number of shapes around it
// equals the outline's winding number, 1 inside and 0 outside.
func (m *Map) CheckGeometry() error {
	if m.index == nil {
		if err := m.Validate(); err != nil {
			return err
		}
	}
	type edge struct{ a, b [2]float64 }
	owner := map[edge]int{}
	for i, r := range m.Regions {
		f := fmt.Sprintf("regions[%d].shape", i)
		if len(r.Shape) == 0 {
			return fmt.Errorf("%s: missing", f)
		}
		if Area(r.Shape) <= 0 {
			return fmt.Errorf("%s: not counter-clockwise", f)
		}
		if k, ok := selfCrossing(r.Shape); !ok {
			return fmt.Errorf("%s[%d]: the outline crosses or touches itself", f, k)
		}
		for k, p := range r.Shape {
			if p[0] < 0 || p[1] < 0 || p[0] > m.Width || p[1] > m.Height {
				return fmt.Errorf("%s[%d]: outside the %gx%g drawing", f, k, m.Width, m.Height)
			}
			e := edge{p, r.Shape[(k+1)%len(r.Shape)]}
			if j, dup := owner[e]; dup {
				return fmt.Errorf("%s[%d]: edge also in regions[%d] in the same direction (overlap)", f, k, j)
			}
			owner[e] = i
		}
		if !Inside(r.Shape, r.Label) {
			return fmt.Errorf("regions[%d].label: not inside the shape", i)
		}
	}
	pairs := map[[2]int]bool{}
	outline := map[[2]float64][2]float64{}
	for e, i := range owner {
		if j, ok := owner[edge{e.b, e.a}]; ok {
			pairs[[2]int{min(i, j), max(i, j)}] = true
			continue
		}
		if _, dup := outline[e.a]; dup {
			return fmt.Errorf("regions[%d].shape: the cave outline branches at %v", i, e.a)
		}
		outline[e.a] = e.b
	}
	for _, b := range m.Borders {
		i, j := m.index[b[0]], m.index[b[1]]
		if !pairs[[2]int{min(i, j), max(i, j)}] {
			return fmt.Errorf("borders: %s-%s share no polygon edge", b[0], b[1])
		}
		delete(pairs, [2]int{min(i, j), max(i, j)})
	}
	for p := range pairs {
		return fmt.Errorf("borders: %s and %s share a polygon edge but no border", m.ID(p[0]), m.ID(p[1]))
	}
	loop, err := closeLoop(outline)
	if err != nil {
		return err
	}
	if k, ok := selfCrossing(loop); !ok {
		return fmt.Errorf("shapes: the cave outline crosses itself at point %d", k)
	}
	sum := 0.0
	for _, r := range m.Regions {
		sum += Area(r.Shape)
	}
	if a := Area(loop); a <= 0 || math.Abs(a-sum) > 1e-6*a {
		return fmt.Errorf("shapes: areas add up to %g, the outline holds %g", sum, a)
	}
	return nil
}

// closeLoop follows the outline edges (start -> end) from the topmost,
// leftmost point and requires them to make one closed loop.
func closeLoop(next map[[2]float64][2]float64) ([][2]float64, error) {
	if len(next) == 0 {
		return nil, errors.New("shapes: no cave outline")
	}
	var start [2]float64
	first := true
	for p := range next {
		if first || p[1] < start[1] || (p[1] == start[1] && p[0] < start[0]) {
			start, first = p, false
		}
	}
	loop := [][2]float64{start}
	for p := next[start]; p != start; p = next[p] {
		if _, ok := next[p]; !ok || len(loop) > len(next) {
			return nil, errors.New("shapes: the cave outline does not close")
		}
		loop = append(loop, p)
	}
	if len(loop) != len(next) {
		return nil, errors.New("shapes: the cave outline is not one loop (a hole or a second piece)")
	}
	return loop, nil
}

// selfCrossing reports whether polygon p is simple: no two edges meet
// except neighbours at their shared point, and no edge has zero length. If
// not, it returns the index of an offending edge.
func selfCrossing(p [][2]float64) (int, bool) {
	n := len(p)
	if n < 3 {
		return 0, false
	}
	if len(slices.Compact(slices.Clone(p))) != n || p[0] == p[n-1] {
		return 0, false
	}
	// Bounding boxes cut the pairs to test.
	for i := range n {
		a, b := p[i], p[(i+1)%n]
		for j := i + 1; j < n; j++ {
			c, d := p[j], p[(j+1)%n]
			if math.Max(a[0], b[0]) < math.Min(c[0], d[0]) || math.Max(c[0], d[0]) < math.Min(a[0], b[0]) ||
				math.Max(a[1], b[1]) < math.Min(c[1], d[1]) || math.Max(c[1], d[1]) < math.Min(a[1], b[1]) {
				continue
			}
			switch {
			case j == i+1:
				// neighbours share b == c: they must not fold back
				if cross(a, b, d) == 0 && dot(a, b, d) > 0 {
					return i, false
				}
			case i == 0 && j == n-1:
				if cross(c, d, b) == 0 && dot(c, d, b) > 0 {
					return i, false
				}
			default:
				if segmentsMeet(a, b, c, d) {
					return i, false
				}
			}
		}
	}
	return 0, true
}

// cross is the z of (b-a) x (c-a).
func cross(a, b, c [2]float64) float64 {
	return (b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0])
}

// dot is (a-b).(c-b): positive when a and c lie on the same side of b.
func dot(a, b, c [2]float64) float64 {
	return (a[0]-b[0])*(c[0]-b[0]) + (a[1]-b[1])*(c[1]-b[1])
}

// segmentsMeet reports whether closed segments ab and cd share a point.
func segmentsMeet(a, b, c, d [2]float64) bool {
	d1, d2 := cross(c, d, a), cross(c, d, b)
	d3, d4 := cross(a, b, c), cross(a, b, d)
	if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
		return true
	}
	on := func(p, q, r [2]float64) bool { // r on segment pq, given collinear
		return math.Min(p[0], q[0]) <= r[0] && r[0] <= math.Max(p[0], q[0]) &&
			math.Min(p[1], q[1]) <= r[1] && r[1] <= math.Max(p[1], q[1])
	}
	return (d1 == 0 && on(c, d, a)) || (d2 == 0 && on(c, d, b)) || (d3 == 0 && on(a, b, c)) || (d4 == 0 && on(a, b, d))
}

// Inside reports whether point q lies inside polygon p (even-odd rule; a
// point exactly on the outline may go either way).
func Inside(p [][2]float64, q [2]float64) bool {
	in := false
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		if (a[1] > q[1]) != (b[1] > q[1]) && q[0] < a[0]+(q[1]-a[1])*(b[0]-a[0])/(b[1]-a[1]) {
			in = !in
		}
	}
	return in
}

// Locate returns the region whose shape holds point q (map units), or -1:
// the hit test for a pointer on the drawn map.
func (m *Map) Locate(q [2]float64) int {
	for i, r := range m.Regions {
		if len(r.Shape) > 0 && Inside(r.Shape, q) {
			return i
		}
	}
	return -1
}
