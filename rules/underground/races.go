package underground

import (
	"math/bits"

	"github.com/goldvein/goldvein/rules/underground/maps"
)

// cost is a conquest cost being summed (U5.5), with its parts when a
// query wants them.
type cost struct {
	n     int
	parts []string
	track bool
}

func (c *cost) add(n int, part string) {
	c.n += n
	if c.track {
		c.parts = append(c.parts, part)
	}
}

// addCount adds n with the part "+n"+what, written only when tracked (the
// legal list sums many costs and keeps no parts).
func (c *cost) addCount(n int, what string) {
	c.n += n
	if c.track {
		c.parts = append(c.parts, "+"+itoa(n)+what)
	}
}

// addUse adds n with the part prefix+u, written only when tracked.
func (c *cost) addUse(n int, prefix string, u use) {
	c.n += n
	if c.track {
		c.parts = append(c.parts, prefix+u.String())
	}
}

// raceDef is one race: its counts (U1.4) and the hooks the core asks
// (U12). A nil hook does nothing.
type raceDef struct {
	// Rule is the race's rule (U12.n): the help page cites it.
	Rule           string
	Banner, Supply int
	// Pick is the step a pick of this race opens (Mimes' swap, Flames'
	// Volcano), or 0.
	Pick step
	// First widens the regions allowed for a first conquest (U5.2).
	First func(m *Match) uint64
	// Reach widens adjacency for conquests (U11.8), given the held regions.
	Reach func(m *Match, held uint64) uint64
	// Cost adds the attacker's modifier (U5.5); Penalty says it applies
	// against Gnomes too (U12.4, UR19).
	Cost    func(m *Match, seat, i int, c *cost)
	Penalty bool
	// AsIfEmpty says the region is conquered as if empty (U12.3).
	AsIfEmpty func(m *Match, seat, i int) bool
	// KeepsRiver: need not empty River regions (U12.6, U7.6).
	KeepsRiver bool
	// Protected: opponents may use no power against it (U12.4).
	Protected bool
	// Grow acts at the start of redeployment (U12.9); AfterRedeploy last
	// (U12.5).
	Grow          func(m *Match, seat int)
	AfterRedeploy func(m *Match, seat int)
	// Hammers: the race's conquests may spend Silver Hammers (U12.5).
	Hammers bool
	// Score adds the race's scoring bonus (U9.3).
	Score func(m *Match, seat int, held uint64, sc *scorer)
	// Wisps: may roll before a conquest (U12.15).
	Wisps bool
}

var raceTable [NumRaces]raceDef

func init() {
	raceTable = [NumRaces]raceDef{
		Cultists:   {Rule: "U12.1", Banner: 5, Supply: 10, Cost: cultistsCost},
		Drow:       {Rule: "U12.2", Banner: 4, Supply: 9, Score: drowScore},
		Flames:     {Rule: "U12.3", Banner: 4, Supply: 9, Pick: stepVolcano, First: flamesFirst, AsIfEmpty: flamesLinked},
		Gnomes:     {Rule: "U12.4", Banner: 6, Supply: 11, Protected: true},
		Dwarves:    {Rule: "U12.5", Banner: 7, Supply: 12, Hammers: true, AfterRedeploy: dwarvesHammers},
		Kraken:     {Rule: "U12.6", Banner: 5, Supply: 10, KeepsRiver: true},
		Liches:     {Rule: "U12.7", Banner: 5, Supply: 10},
		Lizardmen:  {Rule: "U12.8", Banner: 7, Supply: 12, Reach: lizardReach},
		Mudmen:     {Rule: "U12.9", Banner: 5, Supply: 12, Grow: mudmenGrow},
		Mummies:    {Rule: "U12.10", Banner: 10, Supply: 15, Cost: func(_ *Match, _, _ int, c *cost) { c.add(1, "+1 Mummies") }, Penalty: true},
		Ogres:      {Rule: "U12.11", Banner: 5, Supply: 10, Cost: func(_ *Match, _, _ int, c *cost) { c.add(-1, "-1 Ogres") }},
		Mimes:      {Rule: "U12.12", Banner: 7, Supply: 12, Pick: stepSwap},
		Shrooms:    {Rule: "U12.13", Banner: 5, Supply: 10, Score: terrainScore("U12.13", "Shrooms", maps.Forest)},
		Spiderines: {Rule: "U12.14", Banner: 7, Supply: 12, First: spiderFirst, Reach: spiderReach},
		Wisps:      {Rule: "U12.15", Banner: 6, Supply: 11, Wisps: true},
	}
}

// cultistsCost is U12.1: -1 next to the Great Ancient.
func cultistsCost(m *Match, seat, i int, c *cost) {
	a := int(m.fig.Ancient)
	if a < 0 || int(m.fig.AncientSeat) != seat {
		return
	}
	if m.mp.AreAdjacent(a, i) || m.pipeLinks(seat, a, i) {
		c.add(-1, "-1 Great Ancient")
	}
}

// drowScore is U12.2: +1 per Drow region bordering no other race and no
// Monster.
func drowScore(m *Match, seat int, held uint64, sc *scorer) {
	for s := held; s != 0; s &= s - 1 {
		i := bits.TrailingZeros64(s)
		alone := true
		for _, j := range m.mp.Adjacent(i) {
			r := &m.regions[j]
			if r.Monsters > 0 || (r.Tokens > 0 && (int(r.Owner) != seat || r.Decline)) {
				alone = false
				break
			}
		}
		if alone {
			sc.region(i, 1, "U12.2", "Drow alone")
		}
	}
}

// flamesFirst is U12.3 (UR17): the first conquest is next to the Volcano.
func flamesFirst(m *Match) uint64 {
	if m.fig.Volcano < 0 {
		return m.mp.EdgeMask() &^ m.mp.TerrainMask("chasm")
	}
	return m.mp.AdjMask[m.fig.Volcano] &^ m.mp.TerrainMask("chasm")
}

// flamesLinked is U12.3: next to the Volcano, or next to a Flames region
// linked to it through a chain of Flames regions.
func flamesLinked(m *Match, seat, i int) bool {
	v := int(m.fig.Volcano)
	if v < 0 {
		return false
	}
	if m.mp.AreAdjacent(v, i) {
		return true
	}
	held := m.held(seat, false)
	linked := held & m.mp.AdjMask[v]
	for {
		grow := linked
		for s := linked; s != 0; s &= s - 1 {
			grow |= m.mp.AdjMask[bits.TrailingZeros64(s)] & held
		}
		if grow == linked {
			break
		}
		linked = grow
	}
	for s := linked; s != 0; s &= s - 1 {
		if m.mp.AreAdjacent(bits.TrailingZeros64(s), i) {
			return true
		}
	}
	return false
}

// dwarvesHammers is U12.5: 1 Silver Hammer per Mine held, 7 in all.
func dwarvesHammers(m *Match, seat int) {
	n := bits.OnesCount64(m.held(seat, false) & m.mp.TerrainMask("mine"))
	m.seats[seat].Hammers = min(HammerSupply, m.seats[seat].Hammers+n)
}

// lizardReach is U12.8: land regions across a stretch of River.
func lizardReach(m *Match, held uint64) uint64 {
	var s uint64
	for h := held; h != 0; h &= h - 1 {
		for _, j := range m.mp.Across(bits.TrailingZeros64(h)) {
			s |= 1 << uint(j)
		}
	}
	return s
}

// mudmenGrow is U12.9: 1 token from the tray per Mudpool held.
func mudmenGrow(m *Match, seat int) {
	n := bits.OnesCount64(m.held(seat, false) & m.mp.TerrainMask("mud"))
	n = min(n, m.tray(Mudmen))
	m.seats[seat].Active.Hand += n
}

// spiderFirst and spiderReach are U12.14 (UR35).
func spiderFirst(m *Match) uint64 {
	return (m.mp.EdgeMask() | m.mp.ChasmsideMask()) &^ m.mp.TerrainMask("chasm")
}

func spiderReach(m *Match, held uint64) uint64 {
	if held == 0 {
		return 0
	}
	return m.mp.ChasmsideMask()
}

// terrainScore is +1 per held region of a terrain (U12.13, U13.8-U13.10,
// U13.15).
func terrainScore(rule, what string, terrain maps.Terrain) func(m *Match, seat int, held uint64, sc *scorer) {
	return func(m *Match, seat int, held uint64, sc *scorer) {
		for s := held & m.mp.TerrainMask(terrain); s != 0; s &= s - 1 {
			sc.region(bits.TrailingZeros64(s), 1, rule, what)
		}
	}
}

var noRaceDef raceDef

// def returns the race's definition; an empty one for NoRace (a seat with
// no Active race, as a position may ask about).
func def(r Race) *raceDef {
	if r < 0 || r >= NumRaces {
		return &noRaceDef
	}
	return &raceTable[r]
}
