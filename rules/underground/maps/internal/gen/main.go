// Command gen designs the four built-in cave maps (UNDERGROUND.md, Maps)
// and writes them as JSON for package maps to embed:
//
//	go run ./rules/underground/maps/internal/gen -out rules/underground/maps/data
//
// A map is laid out on a fine grid of small hexagonal cells inside a
// wobbly cave outline: a River band crosses it from top to bottom and is
// cut into its chain of regions (U11.2); chasms are grown on the outline
// and one inside each side (U11.4, U11.5); the land on each side is split
// into regions of similar size by a balanced, wobbly Voronoi assignment of
// the cells. Each region is a connected set of cells without holes, so its
// outline is one simple polygon; the outlines are traced once per shared
// boundary and smoothed there (corner cutting), so neighbouring polygons
// share exactly the same points and tile the cave without overlap, and the
// borders are exactly the shared polygon edges. Terrains and Monster
// symbols are then dealt to the design targets. Every candidate is checked
// with maps.CheckTargets and the most even of several is kept. The output
// depends only on the seeds below.
package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/goldvein/goldvein/rules/underground/maps"
)

// spec is what one map is made to (maps.TargetFor plus layout choices).
type spec struct {
	target  maps.Target
	chasms  int     // 4 or 5, two of them inside
	aspect  float64 // width / height of the cave
	seed    uint64
	attempt int // layouts tried; the best passing one is kept
}

var verbose bool

var specs = []spec{
	{target: mustTarget(2), chasms: 5, aspect: 1.35, seed: 2011, attempt: 150},
	{target: mustTarget(3), chasms: 4, aspect: 1.4, seed: 3011, attempt: 150},
	{target: mustTarget(4), chasms: 4, aspect: 1.5, seed: 4011, attempt: 150},
	{target: mustTarget(5), chasms: 4, aspect: 1.55, seed: 5011, attempt: 150},
}

func mustTarget(p int) maps.Target {
	t, ok := maps.TargetFor(p)
	if !ok {
		panic(p)
	}
	return t
}

const (
	cellSize       = 10.0 // hexagon radius, map units
	cellsPerRegion = 30   // land cells per land region
	margin         = 16.0 // map units around the cave
)

func main() {
	out := flag.String("out", "rules/underground/maps/data", "folder for the JSON files")
	only := flag.Int("players", 0, "make only this map")
	flag.BoolVar(&verbose, "v", false, "say why each refused layout failed")
	flag.Parse()
	for _, sp := range specs {
		if *only != 0 && sp.target.Players != *only {
			continue
		}
		m, report, err := best(sp)
		if err != nil {
			fmt.Fprintf(os.Stderr, "gen: %d players: %v\n", sp.target.Players, err)
			os.Exit(1)
		}
		path := filepath.Join(*out, m.Name+".json")
		if err := os.WriteFile(path, encode(m), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		fmt.Printf("%s: %s\n", path, report)
	}
}

// best tries sp.attempt layouts and keeps the passing one with the lowest
// badness.
func best(sp spec) (*maps.Map, string, error) {
	var keep *maps.Map
	var keepScore float64
	var keepReport string
	var lastErr error
	passed := 0
	for a := range sp.attempt {
		rng := rand.New(rand.NewPCG(sp.seed, uint64(a)))
		m, score, report, err := design(sp, rng)
		if err != nil {
			lastErr = err
			if verbose {
				fmt.Fprintf(os.Stderr, "%d players, attempt %d: %s\n", sp.target.Players, a, strings.ReplaceAll(err.Error(), "\n", "; "))
			}
			continue
		}
		passed++
		if keep == nil || score < keepScore {
			keep, keepScore, keepReport = m, score, fmt.Sprintf("attempt %d, %s", a, report)
		}
	}
	if keep == nil {
		return nil, "", fmt.Errorf("no layout passed; last: %v", lastErr)
	}
	return keep, fmt.Sprintf("%d/%d passed; %s", passed, sp.attempt, keepReport), nil
}

// ---- the cell grid ----

// grid is the cave's cells: pointy-top hexagons in axial coordinates.
type grid struct {
	q, r []int
	x, y []float64
	nb   [][6]int // neighbour across edge k (corner k to k+1), -1 outside
	at   map[[2]int]int
}

var (
	// corner offsets in lattice units (sqrt(3)/2 s across, s/2 down):
	// top, upper right, lower right, bottom, lower left, upper left.
	corners = [6][2]int{{0, -2}, {1, -1}, {1, 1}, {0, 2}, {-1, 1}, {-1, -1}}
	// axial direction across the edge from corner k to corner k+1.
	dirs = [6][2]int{{1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}}
)

// vertex is a cell corner on the lattice, shared exactly by its cells.
type vertex [2]int

func (g *grid) corner(c, k int) vertex {
	return vertex{2*g.q[c] + g.r[c] + corners[k][0], 3*g.r[c] + corners[k][1]}
}

func (v vertex) point() [2]float64 {
	return [2]float64{float64(v[0]) * math.Sqrt(3) / 2 * cellSize, float64(v[1]) * cellSize / 2}
}

// cave makes the cells of a wobbly elliptical cave of about n cells.
func cave(n int, aspect float64, rng *rand.Rand) *grid {
	hexArea := 3 * math.Sqrt(3) / 2 * cellSize * cellSize
	area := float64(n) * hexArea
	a := math.Sqrt(area * aspect / math.Pi)
	b := a / aspect
	var ph [4]float64
	for i := range ph {
		ph[i] = rng.Float64() * 2 * math.Pi
	}
	wob := func(t float64) float64 {
		return 1 + 0.08*math.Sin(2*t+ph[0]) + 0.06*math.Sin(3*t+ph[1]) + 0.045*math.Sin(5*t+ph[2]) + 0.03*math.Sin(7*t+ph[3])
	}
	g := &grid{at: map[[2]int]int{}}
	rmax := int(b/(1.5*cellSize)) + 3
	for r := -rmax; r <= rmax; r++ {
		qmax := int(a/(math.Sqrt(3)*cellSize)) + 3 + rmax
		for q := -qmax; q <= qmax; q++ {
			x := math.Sqrt(3) * cellSize * (float64(q) + float64(r)/2)
			y := 1.5 * cellSize * float64(r)
			t := math.Atan2(y/b, x/a)
			if math.Hypot(x/a, y/b) < wob(t) {
				g.at[[2]int{q, r}] = len(g.q)
				g.q, g.r, g.x, g.y = append(g.q, q), append(g.r, r), append(g.x, x), append(g.y, y)
			}
		}
	}
	g.link()
	// Keep the largest connected piece.
	all := make([]int, len(g.q))
	for i := range all {
		all[i] = 0
	}
	comps := components(g, all, 0)
	biggest := slices.MaxFunc(comps, func(a, b []int) int { return cmp.Compare(len(a), len(b)) })
	h := &grid{at: map[[2]int]int{}}
	slices.Sort(biggest)
	for _, c := range biggest {
		h.at[[2]int{g.q[c], g.r[c]}] = len(h.q)
		h.q, h.r, h.x, h.y = append(h.q, g.q[c]), append(h.r, g.r[c]), append(h.x, g.x[c]), append(h.y, g.y[c])
	}
	h.link()
	return h
}

func (g *grid) link() {
	g.nb = make([][6]int, len(g.q))
	for c := range g.q {
		for k, d := range dirs {
			if j, ok := g.at[[2]int{g.q[c] + d[0], g.r[c] + d[1]}]; ok {
				g.nb[c][k] = j
			} else {
				g.nb[c][k] = -1
			}
		}
	}
}

// components splits the cells whose owner is want into connected pieces.
func components(g *grid, owner []int, want int) [][]int {
	seen := make([]bool, len(owner))
	var out [][]int
	for c := range owner {
		if owner[c] != want || seen[c] {
			continue
		}
		comp := []int{c}
		seen[c] = true
		for i := 0; i < len(comp); i++ {
			for _, n := range g.nb[comp[i]] {
				if n >= 0 && !seen[n] && owner[n] == want {
					seen[n] = true
					comp = append(comp, n)
				}
			}
		}
		out = append(out, comp)
	}
	return out
}

// distances is the number of cell steps from the cells in from, moving only
// through cells that ok allows (nil: all).
func distances(g *grid, from []int, ok func(int) bool) []int {
	d := make([]int, len(g.q))
	for i := range d {
		d[i] = -1
	}
	queue := slices.Clone(from)
	for _, c := range from {
		d[c] = 0
	}
	for i := 0; i < len(queue); i++ {
		c := queue[i]
		for _, n := range g.nb[c] {
			if n >= 0 && d[n] < 0 && (ok == nil || ok(n)) {
				d[n] = d[c] + 1
				queue = append(queue, n)
			}
		}
	}
	return d
}

func (g *grid) onOutline(c int) bool {
	for _, n := range g.nb[c] {
		if n < 0 {
			return true
		}
	}
	return false
}

// ---- the layout ----

const (
	free  = -1
	river = -2 // before the River is cut into regions
)

// kind of a region in the layout.
type kind int

const (
	landKind kind = iota
	riverKind
	chasmKind
)

type layout struct {
	g      *grid
	owner  []int // region of each cell
	kinds  []kind
	side   []int // 0 or 1 for land regions, -1 otherwise
	inner  []bool
	nLand  int
	riverN int
}

// design makes one candidate map and scores it (lower is better).
func design(sp spec, rng *rand.Rand) (*maps.Map, float64, string, error) {
	t := sp.target
	cells := t.Land*cellsPerRegion + t.River*cellsPerRegion*2/3 + sp.chasms*cellsPerRegion*2/3
	g := cave(cells, sp.aspect, rng)
	lay := &layout{g: g, owner: make([]int, len(g.q))}
	for i := range lay.owner {
		lay.owner[i] = free
	}
	if err := lay.river(t.River, rng); err != nil {
		return nil, 0, "", err
	}
	if err := lay.chasms(sp.chasms, rng); err != nil {
		return nil, 0, "", err
	}
	if err := lay.land(t.Land, rng); err != nil {
		return nil, 0, "", err
	}
	lay.lengthenBorders()
	geo, err := trace(lay)
	if err != nil {
		return nil, 0, "", err
	}
	m, err := lay.toMap(sp, geo, rng)
	if err != nil {
		return nil, 0, "", err
	}
	if err := m.CheckTargets(); err != nil {
		return nil, 0, "", err
	}
	if err := m.CheckGeometry(); err != nil {
		return nil, 0, "", err
	}
	score, report := lay.score(m, geo)
	return m, score, report, nil
}

// river marks a wavy band from the top of the cave to the bottom and cuts
// it into n regions by rows (U11.2).
func (l *layout) river(n int, rng *rand.Rand) error {
	g := l.g
	minX, maxX, minY, maxY := bounds(g)
	w, h := maxX-minX, maxY-minY
	x0 := (minX+maxX)/2 + (rng.Float64()-0.5)*0.12*w
	amp := (0.05 + 0.05*rng.Float64()) * w
	freq := 0.7 + 0.6*rng.Float64()
	ph := rng.Float64() * 2 * math.Pi
	half := 1.25 * math.Sqrt(3) * cellSize
	var band []int
	for c := range g.q {
		xc := x0 + amp*math.Sin(2*math.Pi*freq*(g.y[c]-minY)/h+ph)
		if math.Abs(g.x[c]-xc) < half {
			l.owner[c] = river
			band = append(band, c)
		}
	}
	// Cut by rows into n runs of about equal cell counts.
	slices.SortFunc(band, func(a, b int) int { return cmp.Or(cmp.Compare(g.r[a], g.r[b]), cmp.Compare(g.q[a], g.q[b])) })
	first := len(l.kinds)
	for range n {
		l.kinds = append(l.kinds, riverKind)
		l.side = append(l.side, -1)
		l.inner = append(l.inner, false)
	}
	for i, c := range band {
		seg := i * n / len(band)
		// keep a row in one region: follow the previous cell of the row
		if i > 0 && g.r[band[i-1]] == g.r[c] {
			seg = l.owner[band[i-1]] - first
		}
		l.owner[c] = first + seg
	}
	l.riverN = n
	for k := range n {
		if len(components(g, l.owner, first+k)) != 1 {
			return errors.New("river region in pieces")
		}
	}
	top, bottom := l.owner[band[0]], l.owner[band[len(band)-1]]
	if top != first || bottom != first+n-1 {
		return errors.New("river ends misplaced")
	}
	return nil
}

// chasms grows two chasms inside, one on each side of the River, and the
// rest on the outline away from the River's ends (U11.4, U11.5).
func (l *layout) chasms(n int, rng *rand.Rand) error {
	g := l.g
	sides := l.freeSides()
	if len(sides) < 2 || len(sides[1]) < 4*cellsPerRegion {
		return errors.New("the River does not cut the cave in two")
	}
	sides = sides[:2]
	var riverCells, outline []int
	for c := range g.q {
		if l.owner[c] >= 0 {
			riverCells = append(riverCells, c)
		}
		if g.onOutline(c) {
			outline = append(outline, c)
		}
	}
	dRiver := distances(g, riverCells, nil)
	dEdge := distances(g, outline, nil)
	size := cellsPerRegion * 2 / 3
	for _, side := range sides {
		var cand []int
		for _, c := range side {
			if dRiver[c] >= 5 && dEdge[c] >= 5 {
				cand = append(cand, c)
			}
		}
		if len(cand) == 0 {
			return errors.New("no room for an inner chasm")
		}
		seed := cand[rng.IntN(len(cand))]
		if !l.grow(seed, size, rng, func(c int) bool { return dEdge[c] >= 2 && dRiver[c] >= 2 }) {
			return errors.New("inner chasm too small")
		}
		l.inner[len(l.inner)-1] = true
	}
	// Edge chasms near the cave's "corners", spread over both sides.
	minX, maxX, minY, maxY := bounds(g)
	cx, cy := (minX+maxX)/2, (minY+maxY)/2
	// Corners alternate left and right (angles with y down), then sides.
	left, right := []float64{-2.4, 2.4}, []float64{-0.75, 0.75}
	rng.Shuffle(2, func(i, j int) { left[i], left[j] = left[j], left[i] })
	rng.Shuffle(2, func(i, j int) { right[i], right[j] = right[j], right[i] })
	if rng.IntN(2) == 0 {
		left, right = right, left
	}
	angles := []float64{left[0], right[0], left[1], right[1], 3.1, 0, -1.2, 1.2}
	placed := 0
	for _, ang := range angles {
		if placed == n-2 {
			break
		}
		ang += (rng.Float64() - 0.5) * 0.4
		best, bestD := -1, math.Inf(1)
		for _, c := range outline {
			if l.owner[c] != free || dRiver[c] < 4 {
				continue
			}
			a := math.Atan2((g.y[c]-cy)*(maxX-minX)/(maxY-minY), g.x[c]-cx)
			if d := math.Abs(math.Remainder(a-ang, 2*math.Pi)); d < bestD {
				best, bestD = c, d
			}
		}
		if best < 0 || bestD > 0.5 {
			continue
		}
		// away from other chasms
		near := false
		for c := range g.q {
			if l.owner[c] >= 0 && l.kinds[l.owner[c]] == chasmKind && math.Hypot(g.x[c]-g.x[best], g.y[c]-g.y[best]) < 6*cellSize {
				near = true
			}
		}
		if near {
			continue
		}
		if l.grow(best, size*3/4, rng, func(c int) bool { return dRiver[c] >= 3 }) {
			placed++
		}
	}
	if placed != n-2 {
		return errors.New("no room for the edge chasms")
	}
	return nil
}

// grow makes a new chasm region of about size free cells around seed,
// compact with a ragged rim.
func (l *layout) grow(seed, size int, rng *rand.Rand, ok func(int) bool) bool {
	g := l.g
	id := len(l.kinds)
	l.kinds = append(l.kinds, chasmKind)
	l.side = append(l.side, -1)
	l.inner = append(l.inner, false)
	taken := []int{seed}
	l.owner[seed] = id
	stretch := 0.7 + 0.6*rng.Float64()
	rot := rng.Float64() * math.Pi
	for len(taken) < size {
		best, bestD := -1, math.Inf(1)
		for _, c := range taken {
			for _, n := range g.nb[c] {
				if n < 0 || l.owner[n] != free || !ok(n) || l.touchesOther(n, id) {
					continue
				}
				dx, dy := g.x[n]-g.x[seed], g.y[n]-g.y[seed]
				u := dx*math.Cos(rot) + dy*math.Sin(rot)
				v := -dx*math.Sin(rot) + dy*math.Cos(rot)
				d := math.Hypot(u*stretch, v/stretch) * (1 + 0.35*rng.Float64())
				if d < bestD {
					best, bestD = n, d
				}
			}
		}
		if best < 0 {
			break
		}
		l.owner[best] = id
		taken = append(taken, best)
	}
	return len(taken) >= size*2/3
}

// touchesOther reports whether cell c borders a River or chasm region other
// than id (chasms never touch the River or each other).
func (l *layout) touchesOther(c, id int) bool {
	for _, n := range l.g.nb[c] {
		if n >= 0 && l.owner[n] >= 0 && l.owner[n] != id {
			return true
		}
	}
	return false
}

// freeSides returns the connected pieces of free cells, largest first.
func (l *layout) freeSides() [][]int {
	comps := components(l.g, l.owner, free)
	slices.SortFunc(comps, func(a, b []int) int { return cmp.Compare(len(b), len(a)) })
	return comps
}

// land splits the free cells of each side into regions of similar size.
func (l *layout) land(n int, rng *rand.Rand) error {
	g := l.g
	sides := l.freeSides()
	if len(sides) < 2 {
		return errors.New("land not split in two")
	}
	// Small pockets cut off by a chasm join that chasm.
	for _, p := range sides[2:] {
		joined := false
		for _, c := range p {
			for _, nb := range g.nb[c] {
				if nb >= 0 && l.owner[nb] >= 0 && l.kinds[l.owner[nb]] == chasmKind && !joined {
					for _, pc := range p {
						l.owner[pc] = l.owner[nb]
					}
					joined = true
				}
			}
		}
		if !joined || len(p) > cellsPerRegion/2 {
			return errors.New("land pocket cut off")
		}
	}
	total := len(sides[0]) + len(sides[1])
	n0 := int(math.Round(float64(n) * float64(len(sides[0])) / float64(total)))
	counts := []int{n0, n - n0}
	for s := range 2 {
		if err := l.split(sides[s], counts[s], s, rng); err != nil {
			return err
		}
	}
	l.nLand = n
	return nil
}

// split divides one side's cells into k land regions: seeds spread by
// farthest-point sampling, then a few rounds of Lloyd relaxation with
// per-region weights that even out the sizes; each region's distance is
// wobbled by direction so that borders bend like cave walls.
func (l *layout) split(cells []int, k, side int, rng *rand.Rand) error {
	g := l.g
	sx, sy := make([]float64, k), make([]float64, k)
	first := cells[rng.IntN(len(cells))]
	sx[0], sy[0] = g.x[first], g.y[first]
	for j := 1; j < k; j++ {
		best, bestD := -1, -1.0
		for _, c := range cells {
			d := math.Inf(1)
			for i := range j {
				d = min(d, math.Hypot(g.x[c]-sx[i], g.y[c]-sy[i]))
			}
			d *= 0.8 + 0.4*rng.Float64()
			if d > bestD {
				best, bestD = c, d
			}
		}
		sx[j], sy[j] = g.x[best], g.y[best]
	}
	type wobble struct{ a, b, p, q float64 }
	wob := make([]wobble, k)
	for j := range wob {
		wob[j] = wobble{0.12 * rng.Float64(), 0.08 * rng.Float64(), rng.Float64() * 2 * math.Pi, rng.Float64() * 2 * math.Pi}
	}
	weight := make([]float64, k)
	assign := make([]int, len(cells))
	target := float64(len(cells)) / float64(k)
	for round := range 60 {
		sumX, sumY, size := make([]float64, k), make([]float64, k), make([]float64, k)
		for i, c := range cells {
			best, bestD := 0, math.Inf(1)
			for j := range k {
				dx, dy := g.x[c]-sx[j], g.y[c]-sy[j]
				t := math.Atan2(dy, dx)
				w := wob[j]
				d := math.Hypot(dx, dy)*(1+w.a*math.Sin(2*t+w.p)+w.b*math.Sin(3*t+w.q)) - weight[j]
				if d < bestD {
					best, bestD = j, d
				}
			}
			assign[i] = best
			sumX[best] += g.x[c]
			sumY[best] += g.y[c]
			size[best]++
		}
		for j := range k {
			if size[j] == 0 {
				c := cells[rng.IntN(len(cells))]
				sx[j], sy[j], weight[j] = g.x[c], g.y[c], 0
				continue
			}
			if round < 40 {
				sx[j], sy[j] = sumX[j]/size[j], sumY[j]/size[j]
			}
			weight[j] += 0.6 * cellSize * (target - size[j]) / target
		}
	}
	base := len(l.kinds)
	for range k {
		l.kinds = append(l.kinds, landKind)
		l.side = append(l.side, side)
		l.inner = append(l.inner, false)
	}
	for i, c := range cells {
		l.owner[c] = base + assign[i]
	}
	// Each region keeps its largest piece; stray cells join the neighbour
	// they touch most.
	for j := base; j < base+k; j++ {
		comps := components(g, l.owner, j)
		if len(comps) == 0 {
			return errors.New("empty land region")
		}
		slices.SortFunc(comps, func(a, b []int) int { return cmp.Compare(len(b), len(a)) })
		for _, p := range comps[1:] {
			for _, c := range p {
				l.owner[c] = free
			}
		}
	}
	for {
		changed, left := false, false
		for _, c := range cells {
			if l.owner[c] != free {
				continue
			}
			votes := map[int]int{}
			for _, n := range g.nb[c] {
				if n >= 0 && l.owner[n] >= base && l.owner[n] < base+k {
					votes[l.owner[n]]++
				}
			}
			best, bestV := -1, 0
			for r, v := range votes {
				if v > bestV || (v == bestV && r < best) {
					best, bestV = r, v
				}
			}
			if best >= 0 {
				l.owner[c] = best
				changed = true
			} else {
				left = true
			}
		}
		if !left {
			break
		}
		if !changed {
			return errors.New("stray cells")
		}
	}
	return nil
}

// lengthenBorders removes borders only one cell edge long, which a player
// could hardly see: one of the two land cells meeting there passes to a
// land region at an end of that edge, when that keeps its region in one
// piece and makes no new such border.
func (l *layout) lengthenBorders() {
	g := l.g
	contacts := func() map[[2]int][][2]int {
		out := map[[2]int][][2]int{}
		for c := range g.q {
			for _, n := range g.nb[c] {
				if n > c && l.owner[n] != l.owner[c] {
					a, b := l.owner[c], l.owner[n]
					key := [2]int{min(a, b), max(a, b)}
					out[key] = append(out[key], [2]int{c, n})
				}
			}
		}
		return out
	}
	shortCount := func() int {
		k := 0
		for _, e := range contacts() {
			if len(e) == 1 {
				k++
			}
		}
		return k
	}
	for range 50 {
		before := shortCount()
		if before == 0 {
			return
		}
		improved := false
		all := contacts()
		var pairs [][2]int
		for k := range all {
			pairs = append(pairs, k)
		}
		slices.SortFunc(pairs, func(a, b [2]int) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
		for _, k := range pairs {
			e := all[k]
			if len(e) != 1 || improved {
				continue
			}
			ca, cb := e[0][0], e[0][1]
			// the two cells touching both ca and cb
			var ends []int
			for _, x := range g.nb[ca] {
				if x >= 0 && slices.Contains(g.nb[cb][:], x) {
					ends = append(ends, x)
				}
			}
			for _, mv := range [][2]int{{ca, 0}, {ca, 1}, {cb, 0}, {cb, 1}} {
				c := mv[0]
				if mv[1] >= len(ends) {
					continue
				}
				to, from := l.owner[ends[mv[1]]], l.owner[c]
				if l.kinds[from] != landKind || l.kinds[to] != landKind || l.side[to] != l.side[from] {
					continue
				}
				l.owner[c] = to
				if len(components(g, l.owner, from)) == 1 && shortCount() < before {
					improved = true
					break
				}
				l.owner[c] = from
			}
		}
		if !improved {
			return
		}
	}
}

func bounds(g *grid) (minX, maxX, minY, maxY float64) {
	minX, minY = math.Inf(1), math.Inf(1)
	maxX, maxY = math.Inf(-1), math.Inf(-1)
	for c := range g.q {
		minX, maxX = min(minX, g.x[c]), max(maxX, g.x[c])
		minY, maxY = min(minY, g.y[c]), max(maxY, g.y[c])
	}
	return
}

// ---- outlines ----

// geometry is the traced and smoothed outline of every region.
type geometry struct {
	shapes   [][][2]float64
	shared   map[[2]int]int // region pair -> shared cell edges
	edgeCell []bool         // region touches the cave outline
	labels   [][2]float64
}

type edgeKey [2]vertex

func ekey(a, b vertex) edgeKey {
	if a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]) {
		return edgeKey{a, b}
	}
	return edgeKey{b, a}
}

// trace finds each region's outline on the cell lattice, cuts the
// boundaries into chains between junctions (where three regions, or two
// and the outside, meet), smooths each chain once, and assembles every
// region's polygon from its chains, so that neighbours share points.
func trace(l *layout) (*geometry, error) {
	g := l.g
	nReg := len(l.kinds)
	regionOf := func(c int) int {
		if c < 0 {
			return -1
		}
		return l.owner[c]
	}
	for c := range g.q {
		if l.owner[c] < 0 {
			return nil, errors.New("unowned cell")
		}
	}
	geo := &geometry{shared: map[[2]int]int{}, edgeCell: make([]bool, nReg)}
	inc := map[vertex][]vertex{} // boundary edges at each vertex
	next := make([]map[vertex]vertex, nReg)
	for i := range next {
		next[i] = map[vertex]vertex{}
	}
	for c := range g.q {
		a := l.owner[c]
		for k := range 6 {
			n := g.nb[c][k]
			b := regionOf(n)
			if a == b {
				continue
			}
			u, v := g.corner(c, k), g.corner(c, (k+1)%6)
			next[a][u] = v // region a runs u -> v (clockwise on screen)
			if n < 0 {
				geo.edgeCell[a] = true
			}
			if n < 0 || c < n {
				inc[u] = append(inc[u], v)
				inc[v] = append(inc[v], u)
				if b >= 0 {
					geo.shared[[2]int{min(a, b), max(a, b)}]++
				}
			}
		}
	}
	junction := func(v vertex) bool { return len(inc[v]) != 2 }
	// Chains between junctions, smoothed once.
	type chainRef struct {
		id  int
		fwd bool
	}
	var chains [][][2]float64
	var chainLen []int
	start := map[edgeKey]chainRef{} // directed first edge -> chain
	used := map[edgeKey]bool{}
	vs := make([]vertex, 0, len(inc))
	for v := range inc {
		vs = append(vs, v)
	}
	slices.SortFunc(vs, func(a, b vertex) int { return cmp.Or(cmp.Compare(a[1], b[1]), cmp.Compare(a[0], b[0])) })
	for _, j := range vs {
		if !junction(j) {
			continue
		}
		for _, nb := range inc[j] {
			if used[ekey(j, nb)] {
				continue
			}
			path := []vertex{j, nb}
			used[ekey(j, nb)] = true
			for !junction(path[len(path)-1]) {
				cur, prev := path[len(path)-1], path[len(path)-2]
				nx := inc[cur][0]
				if nx == prev {
					nx = inc[cur][1]
				}
				used[ekey(cur, nx)] = true
				path = append(path, nx)
			}
			pts := make([][2]float64, len(path))
			for i, v := range path {
				pts[i] = v.point()
			}
			pts = smooth(pts)
			id := len(chains)
			chains = append(chains, pts)
			chainLen = append(chainLen, len(path)-1)
			start[edgeKey{path[0], path[1]}] = chainRef{id, true}
			start[edgeKey{path[len(path)-1], path[len(path)-2]}] = chainRef{id, false}
		}
	}
	for v, ns := range inc {
		for _, n := range ns {
			if !used[ekey(v, n)] {
				return nil, errors.New("a boundary without junction (enclosed region)")
			}
		}
	}
	geo.shapes = make([][][2]float64, nReg)
	for r := range nReg {
		// find a junction on r's loop
		var j vertex
		found := false
		for u := range next[r] {
			if junction(u) && (!found || u[1] < j[1] || (u[1] == j[1] && u[0] < j[0])) {
				j, found = u, true
			}
		}
		if !found {
			return nil, errors.New("region without junction")
		}
		var poly [][2]float64
		cur, steps := j, 0
		for {
			nx := next[r][cur]
			ref, ok := start[edgeKey{cur, nx}]
			if !ok {
				return nil, errors.New("chain not found")
			}
			pts := chains[ref.id]
			if !ref.fwd {
				pts = slices.Clone(pts)
				slices.Reverse(pts)
			}
			poly = append(poly, pts[:len(pts)-1]...)
			// advance along the lattice loop by the chain's length
			for range chainLen[ref.id] {
				cur = next[r][cur]
				steps++
			}
			if cur == j {
				break
			}
			if steps > len(next[r]) {
				return nil, errors.New("region outline is not one loop")
			}
		}
		if steps != len(next[r]) {
			return nil, errors.New("region has a hole")
		}
		// traced clockwise on screen; the format wants counter-clockwise
		slices.Reverse(poly)
		geo.shapes[r] = poly
	}
	geo.labels = labels(l)
	return geo, nil
}

// smooth turns a lattice chain into a gentle curve with the same two ends:
// the midpoints of its cell edges, every other one, corner-cut three times.
func smooth(p [][2]float64) [][2]float64 {
	if len(p) <= 2 {
		return p
	}
	var mids [][2]float64
	for i := 0; i+1 < len(p); i++ {
		mids = append(mids, [2]float64{(p[i][0] + p[i+1][0]) / 2, (p[i][1] + p[i+1][1]) / 2})
	}
	out := [][2]float64{p[0]}
	for i, q := range mids {
		if len(mids) <= 3 || i%2 == 1 {
			out = append(out, q)
		}
	}
	out = append(out, p[len(p)-1])
	return chaikin(out, 3)
}

// chaikin cuts the corners of an open polyline iters times, keeping its
// two ends, so chains still meet exactly at their junctions.
func chaikin(p [][2]float64, iters int) [][2]float64 {
	for range iters {
		if len(p) < 3 {
			return p
		}
		out := [][2]float64{p[0]}
		for i := 0; i+1 < len(p); i++ {
			a, b := p[i], p[i+1]
			if i > 0 {
				out = append(out, [2]float64{0.75*a[0] + 0.25*b[0], 0.75*a[1] + 0.25*b[1]})
			}
			if i+2 < len(p) {
				out = append(out, [2]float64{0.25*a[0] + 0.75*b[0], 0.25*a[1] + 0.75*b[1]})
			}
		}
		out = append(out, p[len(p)-1])
		p = out
	}
	return p
}

// labels puts each region's label on its cell farthest from its rim,
// nearest the centroid among equals.
func labels(l *layout) [][2]float64 {
	g := l.g
	nReg := len(l.kinds)
	var rim []int
	for c := range g.q {
		for _, n := range g.nb[c] {
			if n < 0 || l.owner[n] != l.owner[c] {
				rim = append(rim, c)
				break
			}
		}
	}
	d := distances(g, rim, nil)
	cx, cy, cnt := make([]float64, nReg), make([]float64, nReg), make([]float64, nReg)
	for c := range g.q {
		r := l.owner[c]
		cx[r] += g.x[c]
		cy[r] += g.y[c]
		cnt[r]++
	}
	best := make([]int, nReg)
	for i := range best {
		best[i] = -1
	}
	for c := range g.q {
		r := l.owner[c]
		b := best[r]
		if b < 0 || d[c] > d[b] || (d[c] == d[b] &&
			math.Hypot(g.x[c]-cx[r]/cnt[r], g.y[c]-cy[r]/cnt[r]) < math.Hypot(g.x[b]-cx[r]/cnt[r], g.y[b]-cy[r]/cnt[r])) {
			best[r] = c
		}
	}
	out := make([][2]float64, nReg)
	for r, c := range best {
		out[r] = [2]float64{g.x[c], g.y[c]}
	}
	return out
}

// ---- the map ----

// toMap deals terrains and Monsters, numbers the regions in reading order
// and builds the map.
func (l *layout) toMap(sp spec, geo *geometry, rng *rand.Rand) (*maps.Map, error) {
	nReg := len(l.kinds)
	adj := make([][]bool, nReg)
	for i := range adj {
		adj[i] = make([]bool, nReg)
	}
	for p := range geo.shared {
		adj[p[0]][p[1]], adj[p[1]][p[0]] = true, true
	}
	terr := l.terrains(adj, rng)
	monsters, err := l.monsters(sp.target.Monsters, terr, adj, geo, rng)
	if err != nil {
		return nil, err
	}
	// Reading order: rows of about one region's height, left to right.
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, s := range geo.shapes {
		for _, p := range s {
			minX, maxX = min(minX, p[0]), max(maxX, p[0])
			minY, maxY = min(minY, p[1]), max(maxY, p[1])
		}
	}
	row := math.Sqrt(cellsPerRegion*3*math.Sqrt(3)/2) * cellSize * 1.1
	order := make([]int, nReg)
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		ra, rb := int((geo.labels[a][1]-minY)/row), int((geo.labels[b][1]-minY)/row)
		return cmp.Or(cmp.Compare(ra, rb), cmp.Compare(geo.labels[a][0], geo.labels[b][0]))
	})
	idOf := make([]string, nReg)
	for k, r := range order {
		idOf[r] = "r" + strconv.Itoa(k+1)
	}
	round := func(v, off float64) float64 { return math.Round((v-off+margin)*10) / 10 }
	m := &maps.Map{
		Name:    fmt.Sprintf("caves-%dp", sp.target.Players),
		Players: sp.target.Players,
		Turns:   sp.target.Turns,
		Width:   math.Ceil(maxX - minX + 2*margin),
		Height:  math.Ceil(maxY - minY + 2*margin),
	}
	for _, r := range order {
		reg := maps.Region{ID: idOf[r], Edge: geo.edgeCell[r], Monster: monsters[r]}
		switch l.kinds[r] {
		case landKind:
			reg.Terrain = terr[r]
		case riverKind:
			reg.Terrain = maps.River
		case chasmKind:
			reg.Terrain = maps.Chasm
			reg.Volcano = l.inner[r]
		}
		for _, p := range geo.shapes[r] {
			reg.Shape = append(reg.Shape, [2]float64{round(p[0], minX), round(p[1], minY)})
		}
		reg.Label = [2]float64{round(geo.labels[r][0], minX), round(geo.labels[r][1], minY)}
		m.Regions = append(m.Regions, reg)
	}
	pos := make([]int, nReg)
	for k, r := range order {
		pos[r] = k
	}
	var pairs [][2]int
	for p := range geo.shared {
		a, b := pos[p[0]], pos[p[1]]
		pairs = append(pairs, [2]int{min(a, b), max(a, b)})
	}
	slices.SortFunc(pairs, func(a, b [2]int) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
	for _, p := range pairs {
		m.Borders = append(m.Borders, [2]string{m.Regions[p[0]].ID, m.Regions[p[1]].ID})
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return m, nil
}

// terrains deals the five land terrains as evenly as the count allows
// (extra regions go to Black Mountain first, as on the printed 3-player
// board), then swaps to keep equal terrains apart and the two sides alike.
func (l *layout) terrains(adj [][]bool, rng *rand.Rand) []maps.Terrain {
	var land []int
	for r, k := range l.kinds {
		if k == landKind {
			land = append(land, r)
		}
	}
	extraOrder := []maps.Terrain{maps.Mountain, maps.Mine, maps.Forest, maps.Crystal, maps.Mud}
	var deck []maps.Terrain
	for _, t := range maps.LandTerrains() {
		for range len(land) / 5 {
			deck = append(deck, t)
		}
	}
	deck = append(deck, extraOrder[:len(land)%5]...)
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	terr := make([]maps.Terrain, len(l.kinds))
	for i, r := range land {
		terr[r] = deck[i]
	}
	cost := func() int {
		c := 0
		for _, a := range land {
			for _, b := range land {
				if a < b && adj[a][b] && terr[a] == terr[b] {
					c += 10
				}
			}
		}
		for _, t := range maps.LandTerrains() {
			d := 0
			for _, r := range land {
				if terr[r] == t {
					d += 2*l.side[r] - 1
				}
			}
			c += d * d
		}
		return c
	}
	cur := cost()
	for range 4000 {
		a, b := land[rng.IntN(len(land))], land[rng.IntN(len(land))]
		if terr[a] == terr[b] {
			continue
		}
		terr[a], terr[b] = terr[b], terr[a]
		if c := cost(); c <= cur {
			cur = c
		} else {
			terr[a], terr[b] = terr[b], terr[a]
		}
	}
	return terr
}

// monsters picks the Monster regions: one per terrain where possible,
// never two adjacent, not next to a chasm if that can be had (this
// project's choice: a lair is a cave, not a cliff), split between the sides, some on the edge (Maps, U11.6).
func (l *layout) monsters(n int, terr []maps.Terrain, adj [][]bool, geo *geometry, rng *rand.Rand) ([]bool, error) {
	all := maps.LandTerrains()
	want := all[:]
	rng.Shuffle(len(want), func(i, j int) { want[i], want[j] = want[j], want[i] })
	for len(want) < n {
		want = append(want, want[len(want)-5])
	}
	want = want[:n]
	for try := range 2000 {
		avoidChasm := try < 1000
		chosen := make([]bool, len(l.kinds))
		ok := true
		var sides [2]int
		edges := 0
		for _, t := range want {
			var cand []int
			for r, k := range l.kinds {
				if k != landKind || terr[r] != t || chosen[r] {
					continue
				}
				clash := false
				for o := range chosen {
					if chosen[o] && adj[r][o] {
						clash = true
					}
					if avoidChasm && adj[r][o] && l.kinds[o] == chasmKind {
						clash = true
					}
				}
				if !clash {
					cand = append(cand, r)
				}
			}
			if len(cand) == 0 {
				ok = false
				break
			}
			r := cand[rng.IntN(len(cand))]
			chosen[r] = true
			sides[l.side[r]]++
			if geo.edgeCell[r] {
				edges++
			}
		}
		if !ok || sides[0]-sides[1] > 1 || sides[1]-sides[0] > 1 || edges < 1 || edges > (n+1)/2 {
			continue
		}
		return chosen, nil
	}
	return nil, errors.New("no Monster placement")
}

// score is the badness of a passing map: uneven land sizes, borders only
// one cell edge long (hard to see), lonely regions; and a short report.
func (l *layout) score(m *maps.Map, geo *geometry) (float64, string) {
	size := make([]float64, len(l.kinds))
	for _, r := range l.owner {
		size[r]++
	}
	var sum, sq, n float64
	for r, k := range l.kinds {
		if k == landKind {
			sum += size[r]
			sq += size[r] * size[r]
			n++
		}
	}
	mean := sum / n
	cv := math.Sqrt(sq/n-mean*mean) / mean
	short := 0
	for _, c := range geo.shared {
		if c < 2 {
			short++
		}
	}
	few := 0
	for i := range m.Len() {
		if m.IsLand(i) && len(m.Open(i)) < 3 {
			few++
		}
	}
	edge, coastal, land := 0, 0, 0
	for i := range m.Len() {
		if m.IsLand(i) {
			land++
		}
		if m.IsLand(i) && m.Edge(i) {
			edge++
		}
		if m.Coastal(i) {
			coastal++
		}
	}
	score := cv*10 + float64(short)*3 + float64(few)*2
	return score, fmt.Sprintf("size cv %.2f, %d one-edge borders, %d regions with <3 neighbours, edge %d/%d, coastal %d, %d borders",
		cv, short, few, edge, land, coastal, len(m.Borders))
}

// encode writes the map as JSON with one region per line.
func encode(m *maps.Map) []byte {
	var b bytes.Buffer
	head := func(k string, v any) {
		j, _ := json.Marshal(v)
		fmt.Fprintf(&b, "  %q: %s,\n", k, j)
	}
	b.WriteString("{\n")
	head("name", m.Name)
	head("players", m.Players)
	head("turns", m.Turns)
	head("width", m.Width)
	head("height", m.Height)
	b.WriteString("  \"regions\": [\n")
	for i, r := range m.Regions {
		j, _ := json.Marshal(r)
		b.WriteString("    ")
		b.Write(j)
		if i+1 < len(m.Regions) {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("  ],\n  \"borders\": [\n")
	for i, p := range m.Borders {
		if i%8 == 0 {
			b.WriteString("    ")
		}
		j, _ := json.Marshal(p)
		b.Write(j)
		if i+1 < len(m.Borders) {
			b.WriteString(",")
			if i%8 == 7 {
				b.WriteString("\n")
			} else {
				b.WriteString(" ")
			}
		}
	}
	b.WriteString("\n  ]\n}\n")
	return b.Bytes()
}
