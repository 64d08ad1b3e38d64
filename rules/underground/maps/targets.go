package maps

import (
	"errors"
	"fmt"
	"math/bits"
)

// Target is the design target of one player count (UNDERGROUND.md, Maps,
// "Design targets for the project's maps").
type Target struct {
	Players  int // player count (U1.1)
	Turns    int // game turns (U1.2, UR1)
	Land     int // land regions
	River    int // River regions in one chain (U11.2)
	Monsters int // Monster regions (U11.6; 14 Monsters allow 7)
	// Coastal land regions (U11.3): "about 9 on the small maps, more on
	// the large", read as this range.
	MinCoastal, MaxCoastal int
}

// targets lists the design targets for 2, 3, 4 and 5 players (Maps).
var targets = [...]Target{
	{Players: 2, Turns: 10, Land: 20, River: 3, Monsters: 4, MinCoastal: 7, MaxCoastal: 11},
	{Players: 3, Turns: 10, Land: 26, River: 3, Monsters: 5, MinCoastal: 7, MaxCoastal: 12},
	{Players: 4, Turns: 9, Land: 35, River: 5, Monsters: 6, MinCoastal: 10, MaxCoastal: 18},
	{Players: 5, Turns: 8, Land: 45, River: 5, Monsters: 7, MinCoastal: 10, MaxCoastal: 20},
}

// The targets shared by every player count (Maps).
const (
	MinChasms        = 4  // fewest Abysmal Chasms on a map (U11.4)
	MaxChasms        = 5  // most Abysmal Chasms on a map (U11.4)
	MinInnerChasms   = 2  // chasms inside the map, each with a Volcano (U11.5)
	MaxBlackMountain = 9  // Black Mountain markers in the box (U1.3, U11.7)
	MinEdgePercent   = 40 // least share of land regions on the edge (U5.2)
	MaxEdgePercent   = 60 // most share of land regions on the edge (U5.2)
	// MinHalfPercent is the share of the land regions that the smaller side
	// of the River must hold at least ("two halves of similar size").
	MinHalfPercent = 40
)

// TargetFor returns the design target for a player count.
func TargetFor(players int) (Target, bool) {
	for _, t := range targets {
		if t.Players == players {
			return t, true
		}
	}
	return Target{}, false
}

// CheckTargets checks a validated map against the design targets of the
// Maps section for its Players count: turns (U1.2); land region count and
// the five terrains within 1 of each other (U11.1), at most 9 Black
// Mountains (U11.7); one River chain of the target length whose two ends,
// and only they, are on the edge, splitting the land into two sides of
// similar size, with the coastal count in range (U11.2, U11.3); 4 or 5
// chasms, at least 2 inside the map, those and only those with a Volcano,
// the others on the edge (U11.4, U11.5); the Monster count, on land, never
// two adjacent, their terrains within 1 of each other, some on the edge and
// some not (U11.6); 40 to 60 percent of the land regions on the edge; the
// land and River regions connected without crossing a chasm, so every land
// region is reachable from an edge region (U5.2, U5.3). Every failed target
// is reported, one per line.
func (m *Map) CheckTargets() error {
	if m.index == nil {
		if err := m.Validate(); err != nil {
			return err
		}
	}
	t, ok := TargetFor(m.Players)
	if !ok {
		return fmt.Errorf("players: %d has no design target (Maps)", m.Players)
	}
	var errs []error
	fail := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if m.Turns != t.Turns {
		fail("turns: %d, the target is %d (U1.2)", m.Turns, t.Turns)
	}
	land, river, chasm := m.LandMask(), m.TerrainMask(River), m.TerrainMask(Chasm)
	nLand := bits.OnesCount64(land)
	if nLand != t.Land {
		fail("regions: %d land regions, the target is %d (Maps)", nLand, t.Land)
	}
	lo, hi := nLand, 0
	for _, tr := range LandTerrains() {
		c := bits.OnesCount64(m.TerrainMask(tr))
		lo, hi = min(lo, c), max(hi, c)
	}
	if hi-lo > 1 {
		fail("regions: terrain counts from %d to %d, not within 1 (Maps)", lo, hi)
	}
	if c := bits.OnesCount64(m.TerrainMask(Mountain)); c > MaxBlackMountain {
		fail("regions: %d Black Mountains, at most %d (U11.7)", c, MaxBlackMountain)
	}
	m.checkRiver(t, land, river, chasm, fail)
	m.checkChasms(land|river, chasm, fail)
	m.checkMonsters(t, fail)
	if nLand > 0 {
		pct := 100 * bits.OnesCount64(m.edge&land) / nLand
		if pct < MinEdgePercent || pct > MaxEdgePercent {
			fail("regions: %d%% of the land regions on the edge, the target is %d-%d%% (Maps)", pct, MinEdgePercent, MaxEdgePercent)
		}
	}
	open := land | river
	if open != 0 {
		first := uint64(1) << uint(bits.TrailingZeros64(open))
		if r := Reach(m.AdjMask, first, open); r != open {
			fail("borders: %s cannot be reached without crossing a chasm (U11.4)", m.ID(bits.TrailingZeros64(open&^r)))
		}
		if r := Reach(m.AdjMask, m.edge&open, open); r != open {
			fail("borders: %s is not reachable from an edge region (U5.2, Maps)", m.ID(bits.TrailingZeros64(open&^r)))
		}
	}
	return errors.Join(errs...)
}

func (m *Map) checkRiver(t Target, land, river, chasm uint64, fail func(string, ...any)) {
	n := bits.OnesCount64(river)
	if n != t.River {
		fail("regions: %d River regions, the target is %d (U11.2)", n, t.River)
	}
	if n == 0 {
		return
	}
	// A chain: connected, two ends with one River neighbour, the others two.
	var ends []int
	for _, i := range Indices(river) {
		switch bits.OnesCount64(m.AdjMask[i] & river) {
		case 1:
			ends = append(ends, i)
		case 2:
			if m.Edge(i) {
				fail("regions: River %s is on the edge but is not an end (U11.2)", m.ID(i))
			}
		default:
			if n > 1 {
				fail("borders: River %s is not a link of one chain (U11.2)", m.ID(i))
			}
		}
	}
	first := uint64(1) << uint(bits.TrailingZeros64(river))
	if Reach(m.AdjMask, first, river) != river || (n > 1 && len(ends) != 2) {
		fail("borders: the River regions are not one chain (U11.2)")
	}
	for _, e := range ends {
		if !m.Edge(e) {
			fail("regions: River end %s is not on the edge (U11.2)", m.ID(e))
		}
	}
	// Two sides of similar size once the River is taken away.
	left := land
	var sides []int
	for left != 0 {
		side := Reach(m.AdjMask, uint64(1)<<uint(bits.TrailingZeros64(left)), land)
		sides = append(sides, bits.OnesCount64(side))
		left &^= side
	}
	if len(sides) != 2 {
		fail("borders: the River cuts the land into %d parts, not 2 (Maps)", len(sides))
	} else if s := min(sides[0], sides[1]); 100*s < MinHalfPercent*(sides[0]+sides[1]) {
		fail("regions: the River's sides hold %d and %d land regions, not similar (Maps)", sides[0], sides[1])
	}
	if c := bits.OnesCount64(m.coastal); c < t.MinCoastal || c > t.MaxCoastal {
		fail("regions: %d coastal regions, the target is %d-%d (U11.3, Maps)", c, t.MinCoastal, t.MaxCoastal)
	}
}

func (m *Map) checkChasms(open, chasm uint64, fail func(string, ...any)) {
	n := bits.OnesCount64(chasm)
	if n < MinChasms || n > MaxChasms {
		fail("regions: %d chasms, the target is %d or %d (Maps)", n, MinChasms, MaxChasms)
	}
	inner := chasm &^ m.edge
	if c := bits.OnesCount64(inner); c < MinInnerChasms {
		fail("regions: %d chasms inside the map, the target is at least %d (Maps)", c, MinInnerChasms)
	}
	if inner != m.volcano {
		fail("regions: the Volcano symbols are not exactly on the inside chasms (U11.5, Maps)")
	}
	for _, i := range Indices(chasm) {
		if m.AdjMask[i]&open == 0 {
			fail("borders: chasm %s borders no region (U11.4)", m.ID(i))
		}
	}
}

func (m *Map) checkMonsters(t Target, fail func(string, ...any)) {
	mon := m.monster
	if c := bits.OnesCount64(mon); c != t.Monsters {
		fail("regions: %d Monster regions, the target is %d (U11.6)", c, t.Monsters)
	}
	for _, i := range Indices(mon) {
		if !m.IsLand(i) {
			fail("regions: Monster region %s is not land (U11.6)", m.ID(i))
		}
		if m.AdjMask[i]&mon != 0 {
			fail("borders: Monster regions %s and %s are adjacent (Maps)", m.ID(i), m.ID(bits.TrailingZeros64(m.AdjMask[i]&mon)))
		}
	}
	lo, hi := 64, 0
	for _, tr := range LandTerrains() {
		c := bits.OnesCount64(mon & m.TerrainMask(tr))
		lo, hi = min(lo, c), max(hi, c)
	}
	if hi-lo > 1 {
		fail("regions: Monster regions are not one per terrain where possible (Maps)")
	}
	if e := bits.OnesCount64(mon & m.edge); e == 0 || e == bits.OnesCount64(mon) {
		fail("regions: %d of the Monster regions on the edge; the target is some, not all (Maps)", e)
	}
}
