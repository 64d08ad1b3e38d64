package maps

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// TestShapesTile samples each built-in map on a fine grid: no point lies in
// two shapes, and the covered points account for the shapes' total area,
// so the regions tile the cave without overlap (independently of
// CheckGeometry's proof). Each label lies in its own region.
func TestShapesTile(t *testing.T) {
	const step = 1.5 // map units; regions are about 100 across
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			m := builtin(t, name)
			area := 0.0
			for _, r := range m.Regions {
				area += Area(r.Shape)
			}
			covered := 0
			for y := step / 2; y < m.Height; y += step {
				// per region, the x spans on this line
				var spans [][][2]float64
				for _, r := range m.Regions {
					spans = append(spans, scanline(r.Shape, y))
				}
				for x := step / 2; x < m.Width; x += step {
					in := -1
					for i, s := range spans {
						for _, sp := range s {
							if sp[0] < x && x < sp[1] {
								if in >= 0 {
									t.Fatalf("point (%g, %g) is in %s and %s", x, y, m.ID(in), m.ID(i))
								}
								in = i
							}
						}
					}
					if in >= 0 {
						covered++
					}
				}
			}
			if got := float64(covered) * step * step; math.Abs(got-area) > 0.01*area {
				t.Errorf("sampled area %.0f, shapes' area %.0f", got, area)
			}
			for i, r := range m.Regions {
				if got := m.Locate(r.Label); got != i {
					t.Errorf("label of %s is in region %d", r.ID, got)
				}
			}
		})
	}
}

// TestBordersAreSharedEdges: two regions border each other exactly when
// their polygons share an edge (the same two points, in opposite
// directions), so drawing and adjacency agree (U11.8).
func TestBordersAreSharedEdges(t *testing.T) {
	for _, name := range Names() {
		m := builtin(t, name)
		type seg struct{ a, b [2]float64 }
		whose := map[seg]int{}
		for i, r := range m.Regions {
			for k, p := range r.Shape {
				whose[seg{p, r.Shape[(k+1)%len(r.Shape)]}] = i
			}
		}
		shared := map[[2]string]bool{}
		for s, i := range whose {
			if j, ok := whose[seg{s.b, s.a}]; ok && i < j {
				shared[[2]string{m.ID(i), m.ID(j)}] = true
			}
		}
		listed := map[[2]string]bool{}
		for _, b := range m.Borders {
			i, j := m.Index(b[0]), m.Index(b[1])
			if i > j {
				b[0], b[1] = b[1], b[0]
			}
			listed[b] = true
			if !shared[b] {
				t.Errorf("%s: border %v shares no polygon edge", name, b)
			}
		}
		for b := range shared {
			if !listed[b] {
				t.Errorf("%s: %v share a polygon edge but are not listed as a border", name, b)
			}
		}
	}
}

// TestShapesSimple checks every built-in polygon for crossings pair by
// pair, without the bounding-box shortcut of CheckGeometry.
func TestShapesSimple(t *testing.T) {
	for _, name := range Names() {
		m := builtin(t, name)
		for _, r := range m.Regions {
			p := r.Shape
			n := len(p)
			for i := range n {
				for j := i + 2; j < n; j++ {
					if i == 0 && j == n-1 {
						continue
					}
					if segmentsMeet(p[i], p[(i+1)%n], p[j], p[(j+1)%n]) {
						t.Fatalf("%s %s: edges %d and %d meet", name, r.ID, i, j)
					}
				}
			}
			if Area(p) <= 0 {
				t.Errorf("%s %s: not counter-clockwise", name, r.ID)
			}
		}
	}
}

// TestCheckGeometryCatches: overlapping, crossing or unshared shapes and
// borders without a shared edge are refused.
func TestCheckGeometryCatches(t *testing.T) {
	for _, tc := range []struct {
		name   string
		break_ func(m *Map)
		want   string
	}{
		{"clockwise", func(m *Map) {
			s := m.Regions[3].Shape
			for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
				s[i], s[j] = s[j], s[i]
			}
		}, "regions[3].shape: not counter-clockwise"},
		{"moved shared point", func(m *Map) {
			// a point inside a boundary that r6 shares with another region
			// (its two neighbours shared too): moving it on one side only
			// opens a gap and an overlap
			s := m.Regions[5].Shape
			for k := 1; k+1 < len(s); k++ {
				for j, r := range m.Regions {
					if j != 5 && slices.Contains(r.Shape, s[k-1]) && slices.Contains(r.Shape, s[k]) && slices.Contains(r.Shape, s[k+1]) {
						s[k][0] += 3
						return
					}
				}
			}
			panic("no shared boundary")
		}, "outline"},
		{"self crossing", func(m *Map) {
			s := m.Regions[7].Shape
			s[1], s[2] = s[2], s[1]
		}, ""},
		{"extra border", func(m *Map) {
			m.Borders = append(m.Borders, [2]string{m.ID(0), m.ID(m.Len() - 1)})
		}, "share no polygon edge"},
		{"missing border", func(m *Map) { m.Borders = m.Borders[1:] }, "share a polygon edge but no border"},
		{"label outside", func(m *Map) { m.Regions[4].Label = m.Regions[9].Label }, "regions[4].label"},
		{"outside the drawing", func(m *Map) { m.Width = 10 }, "outside the"},
		{"no shape", func(m *Map) { m.Regions[2].Shape = nil }, "regions[2].shape: missing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := builtin(t, "caves-2p")
			tc.break_(m)
			if err := m.Validate(); err != nil {
				t.Fatal(err)
			}
			err := m.CheckGeometry()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("CheckGeometry() = %v, want %q", err, tc.want)
			}
		})
	}
}
