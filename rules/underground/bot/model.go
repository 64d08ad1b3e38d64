package bot

import (
	"math/bits"
	"sync"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/maps"
)

// builtinMaps parses the built-in maps once; the bots only read them.
var builtinMaps = sync.OnceValue(func() map[string]*maps.Map {
	out := map[string]*maps.Map{}
	for _, n := range maps.Names() {
		if mp, err := maps.Builtin(n); err == nil {
			out[n] = mp
		}
	}
	return out
})

// Banner and badge values (U1.4, U1.5): the tokens a combo brings, as the
// rules give them.
var (
	bannerValue = func() (out [underground.NumRaces]int) {
		for r := range out {
			out[r] = underground.Race(r).Banner()
		}
		return out
	}()
	badgeValue = func() (out [underground.NumPowers]int) {
		for p := range out {
			out[p] = underground.Power(p).Badge()
		}
		return out
	}()
)

// model is the board as one seat sees it (its View), read into bit sets
// and small arrays so that a turn plan can be searched without the match.
type model struct {
	v        *underground.View
	mp       *maps.Map
	me       int
	n        int
	owner    []int8 // -1 empty
	decl     []bool
	tokens   []int8
	monsters []int8
	armor    []int8
	place    []underground.Marker
	relic    []bool
	race     underground.Race // my Active race, NoRace when none
	power    underground.Power
	dRace    underground.Race // my In Decline race
	dPower   underground.Power
	hand     int
	mine     uint64 // regions of my Active race
	myDecl   uint64 // regions of my In Decline race
	land     uint64 // regions a conquest may aim at (no chasm)
	banned   uint64 // immune to me, the Balrog's region
	ancient  int
	volcano  int
	marked   uint64 // seats marked by my Vengeful race
	turnsLft int    // game turns left, this one included
	// ruled is the rules' own cost of each target of the view (View.Targets,
	// my conquest step only), -1 elsewhere: it holds while my regions are
	// those of the view.
	ruled []int8
}

func parseRace(s string) underground.Race {
	r, ok := underground.ParseRace(s)
	if !ok {
		return underground.NoRace
	}
	return r
}

func parsePower(s string) underground.Power {
	p, ok := underground.ParsePower(s)
	if !ok {
		return underground.NoPower
	}
	return p
}

// newModel reads v for seat v.Seat; nil when the map is not built in.
func newModel(v *underground.View) *model {
	mp := builtinMaps()[v.Map]
	if mp == nil || len(v.Regions) != mp.Len() {
		return nil
	}
	n := mp.Len()
	m := &model{v: v, mp: mp, me: v.Seat, n: n, ancient: -1, volcano: -1,
		race: underground.NoRace, power: underground.NoPower, dRace: underground.NoRace, dPower: underground.NoPower,
		place: make([]underground.Marker, n)}
	small := make([]int8, 5*n) // one allocation for the small arrays
	m.owner, m.tokens, m.monsters, m.armor, m.ruled = small[:n:n], small[n:2*n:2*n], small[2*n:3*n:3*n], small[3*n:4*n:4*n], small[4*n:]
	flags := make([]bool, 2*n)
	m.decl, m.relic = flags[:n:n], flags[n:]
	m.land = mp.LandMask() | mp.TerrainMask(maps.River)
	for i := range v.Regions {
		r := &v.Regions[i]
		m.owner[i], m.decl[i], m.tokens[i] = int8(r.Seat), r.Decline, int8(r.Tokens)
		m.monsters[i], m.armor[i] = int8(r.Monsters), int8(r.Armor)
		m.place[i] = underground.NoMarker
		if r.Place != "" {
			m.place[i], _ = underground.ParseMarker(r.Place)
		}
		m.relic[i] = r.Relic != ""
		if r.Seat == m.me && r.Tokens > 0 {
			if r.Decline {
				m.myDecl |= 1 << uint(i)
			} else {
				m.mine |= 1 << uint(i)
			}
		}
	}
	if me := v.Seats[m.me]; me.Active != nil {
		m.race, m.power, m.hand = parseRace(me.Active.Race), parsePower(me.Active.Power), me.Active.Hand
	}
	if me := v.Seats[m.me]; me.Decline != nil {
		m.dRace, m.dPower = parseRace(me.Decline.Race), parsePower(me.Decline.Power)
	}
	for name, f := range v.Figures {
		i := mp.Index(f.Region)
		if i < 0 {
			continue
		}
		switch name {
		case "balrog":
			m.banned |= 1 << uint(i)
		case "queen", "ghost":
			if f.Seat != m.me {
				m.banned |= 1 << uint(i)
			}
		case "ancient":
			if f.Seat != m.me {
				m.banned |= 1 << uint(i)
			} else {
				m.ancient = i
			}
		case "volcano":
			m.volcano = i
		}
	}
	for s, sv := range v.Seats {
		for _, b := range sv.MarkedBy {
			if b == m.me {
				m.marked |= 1 << uint(s)
			}
		}
	}
	m.turnsLft = v.Turns - v.Turn + 1
	for i := range m.ruled {
		m.ruled[i] = -1
	}
	for _, t := range v.Targets {
		if i := mp.Index(t.Region); i >= 0 {
			m.ruled[i] = int8(min(t.Cost, 127))
		}
	}
	return m
}

// raceOf is the race holding region i.
func (m *model) raceOf(i int) underground.Race {
	o := int(m.owner[i])
	if o < 0 || m.tokens[i] == 0 {
		return underground.NoRace
	}
	sv := m.v.Seats[o]
	if m.decl[i] {
		if sv.Decline != nil {
			return parseRace(sv.Decline.Race)
		}
	} else if sv.Active != nil {
		return parseRace(sv.Active.Race)
	}
	return underground.NoRace
}

// guarded reports an opponent's Active Gnomes in region i (U12.4).
func (m *model) guarded(i int) bool {
	o := int(m.owner[i])
	return o >= 0 && o != m.me && !m.decl[i] && m.tokens[i] > 0 && m.raceOf(i) == underground.Gnomes
}

// reach is where my Active race may conquer by adjacency when it holds
// held (U5.2, U5.3, U11.8, U12.3, U12.8, U12.14).
func (m *model) reach(held uint64) uint64 {
	mp := m.mp
	if held == 0 {
		switch m.race {
		case underground.Flames:
			if m.volcano >= 0 {
				return mp.AdjMask[m.volcano] & m.land
			}
		case underground.Spiderines:
			return (mp.EdgeMask() | mp.ChasmsideMask()) & m.land
		}
		return mp.EdgeMask() & m.land
	}
	var s uint64
	for h := held; h != 0; h &= h - 1 {
		i := bits.TrailingZeros64(h)
		s |= mp.AdjMask[i]
		if m.race == underground.Lizardmen {
			for _, j := range mp.Across(i) {
				s |= 1 << uint(j)
			}
		}
	}
	if m.race == underground.Spiderines {
		s |= mp.ChasmsideMask()
	}
	for h := held; h != 0; h &= h - 1 { // U14.4: the Great Brass Pipe
		if i := bits.TrailingZeros64(h); m.place[i] == underground.Pipe {
			s |= mp.TerrainMask(mp.Terrain(i))
		}
	}
	return s & m.land
}

// flamesLinked is U12.3 for the model.
func (m *model) flamesLinked(i int, held uint64) bool {
	v := m.volcano
	if v < 0 {
		return false
	}
	if m.mp.AreAdjacent(v, i) {
		return true
	}
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

// cost is U5.5 for my Active race against region i when it holds held
// (relics left out): the view's cost when it gives one for these regions
// (only the Flames' cost depends on the regions held, U12.3), else the
// model's own sum.
func (m *model) cost(i int, held uint64) int {
	if c := m.ruled[i]; c >= 0 && (held == m.mine || m.race != underground.Flames) {
		return int(c)
	}
	c := 2
	if m.mp.IsRiver(i) {
		c = 1
	}
	if m.mp.Terrain(i) == maps.Mountain {
		c++
	}
	if m.place[i] == underground.Keep {
		c++
	}
	guard := m.guarded(i)
	empty := !guard && m.race == underground.Flames && m.flamesLinked(i, held)
	if !empty {
		c += int(m.armor[i]) + int(m.monsters[i]) + int(m.tokens[i])
	}
	switch m.race {
	case underground.Mummies:
		c++
	case underground.Ogres:
		if !guard {
			c--
		}
	case underground.Cultists:
		if !guard && m.ancient >= 0 && m.mp.AreAdjacent(m.ancient, i) {
			c--
		}
	}
	if !guard && m.power == underground.Vengeful && m.owner[i] >= 0 && m.marked&(1<<uint(m.owner[i])) != 0 {
		c--
	}
	return max(c, 1)
}

// targetable reports whether my Active race may aim at region i at all
// (U5.4; U12.7: with no coins, no Liches region, Active or In Decline,
// UR21).
func (m *model) targetable(i int) bool {
	if m.land&(1<<uint(i)) == 0 || m.banned&(1<<uint(i)) != 0 || m.mine&(1<<uint(i)) != 0 {
		return false
	}
	if o := int(m.owner[i]); o >= 0 && o != m.me && m.raceOf(i) == underground.Liches {
		if c := m.v.Seats[m.me].Coins; c != nil && *c == 0 {
			return false
		}
	}
	return true
}

// keepsRiver is U12.6: only the Kraken hold River regions.
func (m *model) keepsRiver() bool { return m.race == underground.Kraken }

// worth is what holding region i brings my Active race each turn: its coin
// and the bonuses tied to it (U9, U12, U13, U14), plus what a Monster
// region's marker is worth.
func (m *model) worth(i int) float64 {
	mp := m.mp
	if mp.IsRiver(i) && !m.keepsRiver() {
		return 0
	}
	w := 1.0
	t := mp.Terrain(i)
	switch {
	case m.race == underground.Shrooms && t == maps.Forest,
		m.power == underground.Mining && t == maps.Mine,
		m.power == underground.Muddy && t == maps.Mud,
		m.power == underground.Mystic && t == maps.Crystal,
		m.power == underground.Stone && t == maps.Mountain:
		w++
	}
	switch {
	case m.race == underground.Dwarves && t == maps.Mine,
		m.race == underground.Mudmen && t == maps.Mud:
		w += 0.5
	case m.power == underground.Shield && t == maps.Forest:
		w += 0.3
	}
	if m.power == underground.Fisher && mp.Coastal(i) {
		w += 0.5
	}
	switch m.place[i] {
	case underground.NoMarker:
	case underground.LostMine:
		w += 2
	case underground.Keep, underground.Diamonds, underground.Altar:
		w++
	default:
		w += 0.5
	}
	if m.power == underground.Adventurous && m.place[i] != underground.NoMarker {
		w++
	}
	if m.relic[i] {
		w += 0.6
	}
	if m.monsters[i] > 0 && m.v.MarkersLeft > 0 {
		w += 1
		if m.power == underground.Adventurous {
			w += 0.5
		}
	}
	return w
}

// threat is how exposed region i is: the opponents' Active regions next to
// it.
func (m *model) threat(i int) int {
	n := 0
	for s := m.mp.AdjMask[i] & m.land; s != 0; s &= s - 1 {
		j := bits.TrailingZeros64(s)
		if o := int(m.owner[j]); o >= 0 && o != m.me && !m.decl[j] && m.tokens[j] > 0 {
			n++
		}
	}
	if m.mp.Edge(i) {
		n++
	}
	return n
}
