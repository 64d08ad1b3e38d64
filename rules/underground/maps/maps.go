// Package maps holds the four original Small World: Underground cave maps
// of goldvein (UNDERGROUND.md, Maps) as embedded data, and loads, validates
// and describes any map, the position format's map_inline included.
//
// A map is a list of regions (land, River and Abysmal Chasm spaces, U11)
// with their borders. Regions are addressed by their id ("r1".."rN") in
// data and by their index in Map.Regions in code: Parse and Validate build
// the lookup tables (Adj, AdjMask, Index, Coastal, ...) that the rules
// engine asks in its hot loops. Adjacency is shared border only (U11.8);
// the tables keep chasms as regions, because the Flames' Volcano (U12.3)
// and the Spiderines (U12.14) need to know what borders a chasm, but a
// chasm is never a region anyone enters (U11.4, U5.4): use Open for the
// neighbours a race can move to.
//
// The built-in maps also carry drawing geometry: one simple polygon per
// region in map units (y grows downward, as on screen), the polygons tiling
// the cave without overlap, and a label point per region. Their borders are
// exactly the polygon edges that two regions share (CheckGeometry).
//
// The four maps are designed by the program in internal/gen (go run
// ./rules/underground/maps/internal/gen), which writes data/*.json; never
// edit those files by hand. The tests check them against the Maps
// section's targets and the geometry rules.
package maps

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// Terrain is the code of a region's terrain, as in the position format
// (U1.8): the five land terrains of U11.1, River (U11.2) and Abysmal Chasm
// (U11.4).
type Terrain string

// The terrain codes of U1.8.
const (
	Mine     Terrain = "mine"     // Mine (U11.1; Mining, Iron Dwarves)
	Forest   Terrain = "forest"   // Mushroom Forest (U11.1; Shrooms, Shield)
	Crystal  Terrain = "crystal"  // Mystic Crystal (U11.1; Mystic, Will-o'-Wisps)
	Mud      Terrain = "mud"      // Mudpool, the "Muddy region" (U11.1, UR14)
	Mountain Terrain = "mountain" // Black Mountain, with its marker (U11.7)
	River    Terrain = "river"    // a River region (U11.2)
	Chasm    Terrain = "chasm"    // an Abysmal Chasm, impassable (U11.4)
)

// LandTerrains lists the five land terrains of U11.1 in the order U1.8
// gives them.
func LandTerrains() [5]Terrain { return [5]Terrain{Mine, Forest, Crystal, Mud, Mountain} }

// Valid reports whether t is one of the seven codes of U1.8.
func (t Terrain) Valid() bool {
	switch t {
	case Mine, Forest, Crystal, Mud, Mountain, River, Chasm:
		return true
	}
	return false
}

// Land reports whether t is a land terrain (U11.1): not River, not chasm.
func (t Terrain) Land() bool { return t.Valid() && t != River && t != Chasm }

// MaxRegions is the most regions (land, River and chasm) a map may have,
// so that a set of regions fits one uint64 (AdjMask); the largest printed
// board has 55 spaces (Maps).
const MaxRegions = 64

// MaxTurns is the longest game a map may ask for; the printed maps ask 8 to
// 10 game turns (U1.2).
const MaxTurns = 99

// Region is one space of a map: a land region, a River region or an Abysmal
// Chasm (U11), with the flags of the position format's map_inline.
type Region struct {
	// ID names the region in positions and records: "r1".."rN" on the
	// built-in maps.
	ID string `json:"id"`
	// Terrain is the region's terrain code (U1.8, U11.1).
	Terrain Terrain `json:"terrain"`
	// Edge is set for a region on the board edge, where a first conquest may
	// be made (U5.2); the two River ends are edge regions.
	Edge bool `json:"edge"`
	// Monster is set for a land region with a Monster symbol: 2 Monsters at
	// setup, a Place or Relic when conquered (U11.6, U2.3, U5.6).
	Monster bool `json:"monster"`
	// Volcano is set for a chasm with a Volcano symbol, where the Flames may
	// put the Volcano (U11.5, U12.3).
	Volcano bool `json:"volcano"`
	// Shape is the region's outline for drawing: a simple polygon in map
	// units, counter-clockwise as seen on screen (y down), not closed (the
	// last point joins the first). Optional in map_inline.
	Shape [][2]float64 `json:"shape,omitempty"`
	// Label is where the region's stack or name is drawn, inside Shape.
	Label [2]float64 `json:"label,omitzero"`
}

// Map is a cave map: its regions, borders and game length (U1.2, U11,
// Maps). The JSON fields are the position format's map_inline plus name,
// players and drawing size; the lookup tables below them are built by
// Validate (and so by Parse, Builtin and ForPlayers) and must not be
// changed by callers.
type Map struct {
	// Name is the built-in map's name, "caves-2p".."caves-5p"; empty for an
	// inline map.
	Name string `json:"name,omitempty"`
	// Players is the player count the map is made for (U1.1); 0 if not said.
	Players int `json:"players,omitempty"`
	// Turns is the number of game turns (U1.2, UR1).
	Turns int `json:"turns"`
	// Regions lists every space: land, River and chasms (U11).
	Regions []Region `json:"regions"`
	// Borders lists each pair of regions that share a border, once (U11.8).
	Borders [][2]string `json:"borders"`
	// Width and Height are the drawing extent of the shapes, in map units.
	Width  float64 `json:"width,omitempty"`
	Height float64 `json:"height,omitempty"`

	// Adj[i] lists, in increasing order, the indices of every region that
	// shares a border with region i, chasms included (U11.8).
	Adj [][]int `json:"-"`
	// AdjMask[i] is Adj[i] as a set: bit j is set when j borders i.
	AdjMask []uint64 `json:"-"`

	index   map[string]int
	open    [][]int   // neighbours that are not chasms (U11.4)
	across  [][]int   // land regions linked through a stretch of River (U12.8)
	masks   [7]uint64 // terrain sets, in U1.8 order: the land terrains, River, Chasm
	edge    uint64
	monster uint64
	volcano uint64
	coastal uint64
	shore   uint64 // non-chasm regions bordering a chasm (U12.14)
	stretch []int  // River regions: id of their connected stretch; others -1
}

// Len is the number of regions.
func (m *Map) Len() int { return len(m.Regions) }

// Index returns the index of the region with this id, or -1.
func (m *Map) Index(id string) int {
	if i, ok := m.index[id]; ok {
		return i
	}
	return -1
}

// ID returns the id of region i.
func (m *Map) ID(i int) string { return m.Regions[i].ID }

// Adjacent returns Adj[i]: every region sharing a border with i, chasms
// included (U11.8). The slice belongs to the map.
func (m *Map) Adjacent(i int) []int { return m.Adj[i] }

// Open returns the neighbours of i that are not chasms, the regions a race
// on i may conquer next by ordinary adjacency (U5.3, U11.4). The slice
// belongs to the map.
func (m *Map) Open(i int) []int { return m.open[i] }

// AreAdjacent reports whether regions i and j share a border (U11.8).
func (m *Map) AreAdjacent(i, j int) bool { return m.AdjMask[i]&(1<<uint(j)) != 0 }

// Across returns, for a land region i, the other land regions that border
// a connected stretch of River that i borders: the Lizardmen's extra
// adjacency (U12.8). The slice belongs to the map.
func (m *Map) Across(i int) []int { return m.across[i] }

// Stretch returns the connected stretch of River that region i belongs to
// (0, 1, ...), or -1 if i is not a River region (U12.8).
func (m *Map) Stretch(i int) int { return m.stretch[i] }

// Terrain returns the terrain of region i.
func (m *Map) Terrain(i int) Terrain { return m.Regions[i].Terrain }

// IsLand reports whether region i is a land region (U11.1).
func (m *Map) IsLand(i int) bool { return m.Regions[i].Terrain.Land() }

// IsRiver reports whether region i is a River region (U11.2).
func (m *Map) IsRiver(i int) bool { return m.Regions[i].Terrain == River }

// IsChasm reports whether region i is an Abysmal Chasm (U11.4).
func (m *Map) IsChasm(i int) bool { return m.Regions[i].Terrain == Chasm }

// Edge reports whether region i is on the board edge (U5.2).
func (m *Map) Edge(i int) bool { return m.edge&(1<<uint(i)) != 0 }

// Monster reports whether region i has a Monster symbol (U11.6).
func (m *Map) Monster(i int) bool { return m.monster&(1<<uint(i)) != 0 }

// Volcano reports whether region i is a chasm with a Volcano symbol (U11.5).
func (m *Map) Volcano(i int) bool { return m.volcano&(1<<uint(i)) != 0 }

// Coastal reports whether region i is a coastal region: a land region that
// shares a border with a River region (U11.3, Fisher U13.2).
func (m *Map) Coastal(i int) bool { return m.coastal&(1<<uint(i)) != 0 }

// Chasmside reports whether region i is a land or River region bordering a
// chasm, which the Spiderines may reach from anywhere (U12.14).
func (m *Map) Chasmside(i int) bool { return m.shore&(1<<uint(i)) != 0 }

// TerrainMask is the set of regions with terrain t, as bits by index.
func (m *Map) TerrainMask(t Terrain) uint64 {
	if k := terrainSlot(t); k >= 0 {
		return m.masks[k]
	}
	return 0
}

// EdgeMask is the set of edge regions (U5.2), as bits by index; the masks
// below serve the engine's loops in the same way.
func (m *Map) EdgeMask() uint64 { return m.edge }

// MonsterMask is the set of Monster regions (U11.6).
func (m *Map) MonsterMask() uint64 { return m.monster }

// VolcanoMask is the set of Volcano chasms (U11.5).
func (m *Map) VolcanoMask() uint64 { return m.volcano }

// CoastalMask is the set of coastal regions (U11.3).
func (m *Map) CoastalMask() uint64 { return m.coastal }

// ChasmsideMask is the set of regions bordering a chasm (U12.14).
func (m *Map) ChasmsideMask() uint64 { return m.shore }

// LandMask is the set of land regions (U11.1).
func (m *Map) LandMask() uint64 {
	var s uint64
	for k := range LandTerrains() {
		s |= m.masks[k]
	}
	return s
}

// Indices lists the indices of the regions in set s, in increasing order.
func Indices(s uint64) []int {
	out := make([]int, 0, bits.OnesCount64(s))
	for s != 0 {
		i := bits.TrailingZeros64(s)
		out = append(out, i)
		s &= s - 1
	}
	return out
}

func terrainSlot(t Terrain) int {
	switch t {
	case Mine:
		return 0
	case Forest:
		return 1
	case Crystal:
		return 2
	case Mud:
		return 3
	case Mountain:
		return 4
	case River:
		return 5
	case Chasm:
		return 6
	}
	return -1
}

// Validate checks what every map, built-in or inline, must satisfy to be
// played (U11, position format): 1 to MaxTurns turns; 1 to MaxRegions
// regions with unique non-empty ids and known terrains; Monster only on
// land (U11.6), Volcano only on chasms (U11.5); borders between two
// different known regions, each pair once; at least one land region and
// one edge region that is not a chasm (U5.2); shapes, if given, of at
// least 3 finite points enclosing some area. It then builds the lookup
// tables. The error names the field ("regions[3].terrain: ...").
func (m *Map) Validate() error {
	if err := m.check(); err != nil {
		return err
	}
	m.build()
	return nil
}

func (m *Map) check() error {
	if m.Turns < 1 || m.Turns > MaxTurns {
		return fmt.Errorf("turns: %d is not between 1 and %d (U1.2)", m.Turns, MaxTurns)
	}
	if m.Players != 0 && (m.Players < 2 || m.Players > 5) {
		return fmt.Errorf("players: %d is not between 2 and 5 (U1.1)", m.Players)
	}
	if !finite(m.Width) || !finite(m.Height) || m.Width < 0 || m.Height < 0 {
		return fmt.Errorf("width, height: %g x %g is not a drawing size", m.Width, m.Height)
	}
	n := len(m.Regions)
	if n == 0 {
		return fmt.Errorf("regions: no region")
	}
	if n > MaxRegions {
		return fmt.Errorf("regions: %d regions, at most %d", n, MaxRegions)
	}
	ids := make(map[string]int, n)
	land, entry := false, false
	for i, r := range m.Regions {
		f := fmt.Sprintf("regions[%d]", i)
		if r.ID == "" {
			return fmt.Errorf("%s.id: empty", f)
		}
		if j, dup := ids[r.ID]; dup {
			return fmt.Errorf("%s.id: %q is also regions[%d]", f, r.ID, j)
		}
		ids[r.ID] = i
		if !r.Terrain.Valid() {
			return fmt.Errorf("%s.terrain: unknown terrain %q (U1.8: mine, forest, crystal, mud, mountain, river, chasm)", f, string(r.Terrain))
		}
		if r.Monster && !r.Terrain.Land() {
			return fmt.Errorf("%s.monster: a %s region cannot have Monsters (U11.6)", f, r.Terrain)
		}
		if r.Volcano && r.Terrain != Chasm {
			return fmt.Errorf("%s.volcano: only a chasm carries a Volcano symbol (U11.5)", f)
		}
		land = land || r.Terrain.Land()
		entry = entry || (r.Edge && r.Terrain != Chasm)
		if err := checkShape(f, r); err != nil {
			return err
		}
	}
	if !land {
		return fmt.Errorf("regions: no land region (U11.1)")
	}
	if !entry {
		return fmt.Errorf("regions: no edge region to make a first conquest on (U5.2)")
	}
	seen := make(map[[2]int]int, len(m.Borders))
	for k, b := range m.Borders {
		f := fmt.Sprintf("borders[%d]", k)
		i, ok := ids[b[0]]
		if !ok {
			return fmt.Errorf("%s: unknown region %q", f, b[0])
		}
		j, ok := ids[b[1]]
		if !ok {
			return fmt.Errorf("%s: unknown region %q", f, b[1])
		}
		if i == j {
			return fmt.Errorf("%s: region %q borders itself", f, b[0])
		}
		key := [2]int{min(i, j), max(i, j)}
		if prev, dup := seen[key]; dup {
			return fmt.Errorf("%s: %q-%q is also borders[%d]", f, b[0], b[1], prev)
		}
		seen[key] = k
	}
	return nil
}

func checkShape(f string, r Region) error {
	if !finite(r.Label[0]) || !finite(r.Label[1]) {
		return fmt.Errorf("%s.label: not a finite point", f)
	}
	if r.Shape == nil {
		return nil
	}
	if len(r.Shape) < 3 {
		return fmt.Errorf("%s.shape: %d points, a polygon needs at least 3", f, len(r.Shape))
	}
	for k, p := range r.Shape {
		if !finite(p[0]) || !finite(p[1]) {
			return fmt.Errorf("%s.shape[%d]: not a finite point", f, k)
		}
	}
	if a := Area(r.Shape); !(math.Abs(a) > 1e-9) {
		return fmt.Errorf("%s.shape: encloses no area", f)
	}
	return nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Area returns the signed area of polygon p by the shoelace formula, in map
// units squared: positive for a polygon that runs counter-clockwise as seen
// on screen (y down), the orientation of the built-in shapes.
func Area(p [][2]float64) float64 {
	var s float64
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		s += a[0]*b[1] - b[0]*a[1]
	}
	return -s / 2
}

// build makes the lookup tables from checked data.
func (m *Map) build() {
	n := len(m.Regions)
	m.index = make(map[string]int, n)
	for i, r := range m.Regions {
		m.index[r.ID] = i
	}
	m.AdjMask = make([]uint64, n)
	for _, b := range m.Borders {
		i, j := m.index[b[0]], m.index[b[1]]
		m.AdjMask[i] |= 1 << uint(j)
		m.AdjMask[j] |= 1 << uint(i)
	}
	m.masks = [7]uint64{}
	m.edge, m.monster, m.volcano = 0, 0, 0
	for i, r := range m.Regions {
		bit := uint64(1) << uint(i)
		m.masks[terrainSlot(r.Terrain)] |= bit
		if r.Edge {
			m.edge |= bit
		}
		if r.Monster {
			m.monster |= bit
		}
		if r.Volcano {
			m.volcano |= bit
		}
	}
	river, chasm := m.masks[5], m.masks[6]
	land := m.LandMask()
	m.coastal, m.shore = 0, 0
	m.Adj = make([][]int, n)
	m.open = make([][]int, n)
	for i := range n {
		m.Adj[i] = Indices(m.AdjMask[i])
		m.open[i] = Indices(m.AdjMask[i] &^ chasm)
		bit := uint64(1) << uint(i)
		if land&bit != 0 && m.AdjMask[i]&river != 0 {
			m.coastal |= bit
		}
		if chasm&bit == 0 && m.AdjMask[i]&chasm != 0 {
			m.shore |= bit
		}
	}
	// Stretches of River: connected components of River regions.
	m.stretch = make([]int, n)
	for i := range m.stretch {
		m.stretch[i] = -1
	}
	var stretches []uint64
	for i := range n {
		if river&(1<<uint(i)) == 0 || m.stretch[i] >= 0 {
			continue
		}
		comp := Reach(m.AdjMask, 1<<uint(i), river)
		for _, j := range Indices(comp) {
			m.stretch[j] = len(stretches)
		}
		stretches = append(stretches, comp)
	}
	m.across = make([][]int, n)
	for i := range n {
		if land&(1<<uint(i)) == 0 {
			continue
		}
		var s uint64
		for _, st := range stretches {
			var shore uint64
			for _, j := range Indices(st) {
				shore |= m.AdjMask[j]
			}
			if shore&(1<<uint(i)) != 0 {
				s |= shore & land
			}
		}
		m.across[i] = Indices(s &^ (1 << uint(i)))
	}
}

// Reach returns the regions reachable from the set from, moving across
// borders (adj, as Map.AdjMask) only into regions of the set within; from
// itself is kept whatever within says.
func Reach(adj []uint64, from, within uint64) uint64 {
	seen, frontier := from, from
	for frontier != 0 {
		var next uint64
		for _, i := range Indices(frontier) {
			next |= adj[i]
		}
		next &= within &^ seen
		seen |= next
		frontier = next
	}
	return seen
}

// Clone returns a deep copy of m with its own lookup tables.
func (m *Map) Clone() *Map {
	c := &Map{Name: m.Name, Players: m.Players, Turns: m.Turns, Width: m.Width, Height: m.Height}
	c.Regions = make([]Region, len(m.Regions))
	for i, r := range m.Regions {
		r.Shape = slices.Clone(r.Shape)
		c.Regions[i] = r
	}
	c.Borders = slices.Clone(m.Borders)
	if m.index != nil {
		c.build()
	}
	return c
}
