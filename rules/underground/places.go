package underground

import (
	"math/bits"

	"github.com/goldvein/goldvein/rules"
)

// placeDef is one Popular Place (U14): whether it works for an In Decline
// occupant, and its hooks. The Altar (U14.1), the Crypt (U14.2), the Pipe
// (U14.4) and the Fountain (U14.5) open steps or widen reach; the core asks
// for them by name.
type placeDef struct {
	// Rule is the Place's rule (U14.n): the help page cites it.
	Rule    string
	Decline bool
	// Score adds the Place's coins for its occupant (i is its region).
	Score func(m *Match, seat, i int, held uint64, sc *scorer)
	// Defence adds to the cost of conquering its region, whoever holds it.
	Defence int
	// Discover acts when the marker is drawn into region i by seat.
	Discover func(m *Match, seat, i int, evs *[]Event)
}

var placeTable [Pentacle + 1]placeDef

func init() {
	placeTable = [Pentacle + 1]placeDef{
		Altar:      {Rule: "U14.1", Decline: true},
		Crypt:      {Rule: "U14.2", Discover: cryptDiscover},
		Diamonds:   {Rule: "U14.3", Decline: true, Score: diamondsScore},
		Pipe:       {Rule: "U14.4"},
		Fountain:   {Rule: "U14.5"},
		Keep:       {Rule: "U14.6", Decline: true, Defence: 1, Score: func(_ *Match, _, i int, _ uint64, sc *scorer) { sc.region(i, 1, "U14.6", "Keep on the Motherland") }},
		LostMine:   {Rule: "U14.7", Decline: true, Score: func(_ *Match, _, i int, _ uint64, sc *scorer) { sc.group(2, "U14.7", "Mine of the Lost Dwarf") }},
		Stonehedge: {Rule: "U14.8", Discover: stonehedgeDiscover},
		Pentacle:   {Rule: "U14.9", Discover: pentacleDiscover},
	}
}

// diamondsScore is U14.3: +1 for the Fields and +1 per other held region
// of its terrain.
func diamondsScore(m *Match, _, i int, held uint64, sc *scorer) {
	sc.region(i, 1, "U14.3", "Diamond Fields")
	if n := bits.OnesCount64(held&m.mp.TerrainMask(m.mp.Terrain(i))) - 1; n > 0 {
		sc.group(n, "U14.3", "Diamond Fields")
	}
}

// cryptDiscover is U14.2: the Ghost is its discoverer's, placed at the
// end of their turn.
func cryptDiscover(m *Match, seat, _ int, _ *[]Event) { m.fig.GhostSeat = int8(seat) }

// stonehedgeDiscover is U14.8 (UR30): a badge at random from the stack.
func stonehedgeDiscover(m *Match, _, _ int, evs *[]Event) {
	if len(m.badges) == 0 && len(m.discard) > 0 {
		m.badges, m.discard = m.discard, nil
		m.rng.Shuffle(len(m.badges), func(i, j int) { m.badges[i], m.badges[j] = m.badges[j], m.badges[i] })
	}
	if len(m.badges) == 0 {
		return
	}
	var k int
	if m.fixed != nil {
		k = m.fixed.badge(m.badges)
	} else {
		k = m.rng.IntN(len(m.badges))
	}
	m.stone = m.badges[k]
	m.badges = append(m.badges[:k:k], m.badges[k+1:]...)
	*evs = append(*evs, Event{Kind: EvStonehedge, Power: m.stone.String(), Rule: "U14.8"})
}

// pentacleDiscover is U16.2: the discoverer sends the Balrog at once.
func pentacleDiscover(m *Match, _, _ int, _ *[]Event) {
	if m.balrogTargets() != 0 {
		m.t.used |= usedBalrog
		m.t.balrogDue = true
	}
}

// balrogTargets are the regions the Balrog may enter (U16.2, UR32).
func (m *Match) balrogTargets() uint64 {
	p := m.markerAt(Pentacle)
	if p < 0 {
		return 0
	}
	var s uint64
	for _, j := range m.mp.Open(p) {
		if j == int(m.fig.Balrog) || m.figureAt(j) || j == p {
			continue
		}
		if o, d := m.occupant(j); o >= 0 && !d && m.seats[o].Active.Race == Gnomes {
			continue
		}
		s |= 1 << uint(j)
	}
	return s
}

// figureAt reports whether region i holds an immunity figure (U16.10).
func (m *Match) figureAt(i int) bool {
	return int(m.fig.Queen) == i || int(m.fig.Ghost) == i || int(m.fig.Ancient) == i || int(m.fig.Balrog) == i
}

// sendBalrog moves the Balrog into region i (U16.2, UR26): the occupant
// loses 2 tokens to the tray, the rest go to hand; Monsters leave.
func (m *Match) sendBalrog(i int) ([]Event, error) {
	if m.balrogTargets()&(1<<uint(i)) == 0 {
		return nil, rules.Refuse("U16.2", "the Balrog cannot enter %s: it goes next to the Pentacle, never into a chasm, an immune region or a region of Active Gnomes", m.mp.ID(i))
	}
	ev := Event{Kind: EvBalrog, Seat: m.active, Region: m.mp.ID(i), Rule: "U16.2"}
	r := &m.regions[i]
	r.Monsters = 0
	if o, d := m.occupant(i); o >= 0 {
		k := int(r.Tokens)
		lost := min(2, k)
		sl := m.slotOf(o, d)
		sl.Hand += k - lost
		if k > lost {
			m.t.lost |= 1 << uint(o)
		}
		ev.Lost, ev.By = lost, o
		m.emptyRegion(i)
		m.checkGone(o, d)
	}
	m.fig.Balrog = int8(i)
	return []Event{ev}, nil
}

// pipeLinks reports whether the Great Brass Pipe links regions a and b for
// seat's Active race (U14.4).
func (m *Match) pipeLinks(seat, a, b int) bool {
	p, ok := m.placeFor(Pipe, seat, false)
	if !ok {
		return false
	}
	t := m.mp.Terrain(p)
	return m.mp.Terrain(a) == t && m.mp.Terrain(b) == t
}

// widen is the widened adjacency of seat's Active race from the regions
// from (U11.8): its race's reach and the Pipe.
func (m *Match) widen(seat int, from uint64) uint64 {
	var s uint64
	if h := def(m.seats[seat].Active.Race).Reach; h != nil && m.seats[seat].Active.has() {
		s |= h(m, from)
	}
	if p, ok := m.placeFor(Pipe, seat, false); ok {
		if tm := m.mp.TerrainMask(m.mp.Terrain(p)); tm&from != 0 {
			s |= tm
		}
	}
	return s
}

// pipeWiden is the Pipe's part of widen for one region (U14.4).
func (m *Match) pipeWiden(seat, i int) uint64 {
	if p, ok := m.placeFor(Pipe, seat, false); ok {
		if tm := m.mp.TerrainMask(m.mp.Terrain(p)); tm&(1<<uint(i)) != 0 {
			return tm
		}
	}
	return 0
}

// fountain is U14.5 (UR29): +1 token into the occupant's hand.
func (m *Match) fountain() []Event {
	if _, ok := m.placeFor(Fountain, m.active, false); !ok {
		return nil
	}
	s := &m.seats[m.active]
	if m.tray(s.Active.Race) == 0 {
		return nil
	}
	s.Active.Hand++
	return []Event{{Kind: EvBonus, Seat: m.active, Tokens: 1, Rule: "U14.5", Text: "Fountain of Youth"}}
}
