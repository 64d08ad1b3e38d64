package underground

import (
	"math/bits"
	"strconv"

	"github.com/goldvein/goldvein/rules"
)

func itoa(n int) string { return strconv.Itoa(n) }

// gnomeGuard reports whether region i is held by an opponent's Active
// Gnomes, against whom seat may use no power (U12.4, UR19).
func (m *Match) gnomeGuard(seat, i int) bool {
	o, d := m.occupant(i)
	return o >= 0 && o != seat && !d && def(m.seats[o].Active.Race).Protected
}

// immune reports whether region i is immune to seat (U16.10, UR34).
func (m *Match) immune(seat, i int) bool {
	f := &m.fig
	return int(f.Balrog) == i ||
		(int(f.Queen) == i && int(f.QueenSeat) != seat) ||
		(int(f.Ancient) == i && int(f.AncientSeat) != seat) ||
		(int(f.Ghost) == i && int(f.GhostSeat) != seat)
}

// target says whether seat's Active race may aim at region i at all
// (U5.4, U12.7), and the rule that forbids it. A player with no coins may
// not aim at any Liches region, Active or In Decline (UR21, read
// literally); only the In Decline ones are paid for (conquer).
func (m *Match) target(seat, i int) (string, bool) {
	switch {
	case m.mp.IsChasm(i):
		return "U5.4", false
	case int(m.fig.Balrog) == i:
		return "U16.2", false
	case m.immune(seat, i):
		return "U16.10", false
	}
	if o, d := m.occupant(i); o == seat && !d {
		return "U5.4", false
	} else if o >= 0 && o != seat && m.raceAt(i) == Liches && m.seats[seat].Coins == 0 {
		return "U12.7", false
	}
	return "", true
}

// reachSet is where seat's Active race may conquer by adjacency (U5.2,
// U5.3, U11.8); plain leaves out every widening (U12.4).
func (m *Match) reachSet(seat int, plain bool) uint64 {
	held := m.held(seat, false)
	race := m.seats[seat].Active.Race
	land := ^m.mp.TerrainMask("chasm")
	if held == 0 { // U5.2: a first conquest
		if !plain && def(race).First != nil {
			return def(race).First(m) & land
		}
		return m.mp.EdgeMask() & land
	}
	var s uint64
	for h := held; h != 0; h &= h - 1 {
		s |= m.mp.AdjMask[bits.TrailingZeros64(h)]
	}
	if !plain {
		s |= m.widen(seat, held)
	}
	return s & land
}

// reaches reports whether seat may conquer region i by adjacency, with the
// Doormat if named (U15.1).
func (m *Match) reaches(seat, i int, doormat bool) bool {
	guard := m.gnomeGuard(seat, i)
	if doormat && !guard {
		return true
	}
	return m.reachSet(seat, guard)&(1<<uint(i)) != 0
}

// costOf sums the cost for seat's Active race to conquer region i with
// the uses named (U5.5).
func (m *Match) costOf(seat, i int, uses []use, track bool) cost {
	c := cost{track: track}
	r := &m.regions[i]
	guard := m.gnomeGuard(seat, i)
	race := m.seats[seat].Active.Race
	empty := false
	for _, u := range uses {
		if u.relic == Socks && !guard {
			empty = true
		}
	}
	if !guard && def(race).AsIfEmpty != nil && def(race).AsIfEmpty(m, seat, i) {
		empty = true
		c.add(0, "as if empty (U12.3)")
	}
	if m.mp.IsRiver(i) {
		c.add(1, "base 1 (River)")
	} else {
		c.add(2, "base 2")
	}
	if m.mp.Terrain(i) == "mountain" {
		c.add(1, "+1 Black Mountain")
	}
	if r.Place != NoMarker && placeTable[r.Place].Defence > 0 {
		c.add(placeTable[r.Place].Defence, "+1 Keep")
	}
	if !empty {
		if r.Armor > 0 {
			c.addCount(int(r.Armor), " Mushroom Armor")
		}
		if r.Monsters > 0 {
			c.addCount(int(r.Monsters), " Monster")
		}
		if r.Tokens > 0 {
			c.addCount(int(r.Tokens), " race token")
		}
	} else if len(uses) > 0 {
		c.add(0, "as if empty (U15.3)")
	}
	if d := def(race); d.Cost != nil && (!guard || d.Penalty) {
		d.Cost(m, seat, i, &c)
	}
	if !guard {
		ps, n := m.powers(seat, false)
		for _, p := range ps[:n] {
			if h := powerTable[p].Cost; h != nil {
				h(m, seat, i, &c)
			}
		}
		for _, u := range uses {
			if u.relic == Sword {
				c.addUse(-2, "-2 ", u)
			}
		}
	}
	if c.n < 1 {
		c.add(1-c.n, "never below 1")
	}
	return c
}

// checkUses validates a conquest's relic uses (U15, U13.6, U12.4).
func (m *Match) checkUses(seat, i int, uses []use, allowed ...Marker) error {
	var seen uint16
	for _, u := range uses {
		ok := false
		for _, a := range allowed {
			ok = ok || u.relic == a
		}
		if !ok {
			return rules.Refuse("U15.0", "%s cannot be used for this move", u)
		}
		if rule, ok := m.canUse(seat, u); !ok {
			return rules.Refuse(rule, "%s is not yours to use now (held by your Active race, once per turn)", u)
		}
		if m.gnomeGuard(seat, i) {
			return rules.Refuse("U12.4", "%s is held by Active Gnomes: no relic may be used against it", m.mp.ID(i))
		}
		if seen&usedBit(u.relic) != 0 {
			return rules.Refuse("UR40", "%s is already used in this conquest", u.relic)
		}
		seen |= usedBit(u.relic)
	}
	return nil
}

// conquestPrecheck is what every conquest asks (U5.1, U5.4, U5.3).
func (m *Match) conquestPrecheck(i int, uses []use, allowed ...Marker) error {
	s := m.active
	if m.seats[s].Active.Hand < 1 {
		return rules.Refuse("U5.1", "a conquest needs at least one %s token in hand", m.seats[s].Active.Race.Name())
	}
	if rule, ok := m.target(s, i); !ok {
		return rules.Refuse(rule, "%s cannot be targeted", m.mp.ID(i))
	}
	if err := m.checkUses(s, i, uses, allowed...); err != nil {
		return err
	}
	doormat := false
	for _, u := range uses {
		doormat = doormat || u.relic == Doormat
	}
	if !m.reaches(s, i, doormat) {
		if m.held(s, false) == 0 {
			return rules.Refuse("U5.2", "%s is not a region your first conquest may take", m.mp.ID(i))
		}
		return rules.Refuse("U5.3", "%s is not adjacent to your Active race", m.mp.ID(i))
	}
	return nil
}

// hammersFor is how many Silver Hammers pay toward a cost (U12.5, UR20):
// as many as possible, leaving one Dwarf token.
func (m *Match) hammersFor(i, c int) int {
	if !def(m.seats[m.active].Active.Race).Hammers || m.gnomeGuard(m.active, i) { // U12.4: no race power against Gnomes
		return 0
	}
	return min(m.t.hammersLeft, c-1)
}

// conquer is an outright conquest (U5.1-U5.6).
func (m *Match) conquer(i int, uses []use) ([]Event, error) {
	if err := m.conquestPrecheck(i, uses, Doormat, Socks, Sword); err != nil {
		return nil, err
	}
	c := m.costOf(m.active, i, uses, false).n
	h := m.hammersFor(i, c)
	if hand := m.seats[m.active].Active.Hand; hand < c-h {
		return nil, rules.Refuse("U5.1", "%s costs %d, you hold %d tokens%s", m.mp.ID(i), c, hand, hammerNote(h))
	}
	m.t.hammersLeft -= h
	ev := Event{Kind: EvConquer, Seat: m.active, Region: m.mp.ID(i), Cost: c, Tokens: c - h, With: useCodes(uses)}
	return m.resolve(i, c-h, uses, ev, false), nil
}

func hammerNote(h int) string {
	if h == 0 {
		return ""
	}
	return " and " + itoa(h) + " Silver Hammers"
}

func useCodes(uses []use) []string {
	var out []string
	for _, u := range uses {
		out = append(out, u.String())
	}
	return out
}

// die rolls the reinforcement die (U1.6), or takes the position's roll.
func (m *Match) die() int {
	if m.fixed != nil {
		return m.fixed.die
	}
	return DieFaces[m.rng.IntN(6)]
}

// finalConquest is U5.7: the die covers a shortfall of 1 to 3.
func (m *Match) finalConquest(i int, uses []use) ([]Event, error) {
	if err := m.conquestPrecheck(i, uses, Doormat, Socks, Sword); err != nil {
		return nil, err
	}
	s := &m.seats[m.active]
	c := m.costOf(m.active, i, uses, false).n
	have := s.Active.Hand + m.hammersFor(i, c)
	short := c - have
	if short < 1 || short > 3 {
		return nil, rules.Refuse("U5.7", "%s costs %d and you have %d: the die is for a shortfall of 1 to 3", m.mp.ID(i), c, have)
	}
	roll := m.die()
	m.t.rolled = true
	ev := Event{Kind: EvFinal, Seat: m.active, Region: m.mp.ID(i), Cost: c, Die: roll, With: useCodes(uses)}
	if have+roll < c {
		m.spend(m.active, uses, -1) // U15.0c, UR38
		ev.Failed = true
		evs := []Event{ev}
		return append(evs, m.endConquests()...), nil
	}
	h := m.hammersFor(i, c)
	m.t.hammersLeft -= h
	ev.Tokens = s.Active.Hand
	evs := m.resolve(i, s.Active.Hand, uses, ev, false)
	if m.t.balrogDue {
		return evs, nil // the Balrog first; then conquests end
	}
	return append(evs, m.endConquests()...), nil
}

// wispsRoll is U12.15 (UR24): a roll lowers the cost; short means the
// attempt fails and conquests end.
func (m *Match) wispsRoll(i int, uses []use) ([]Event, error) {
	s := m.active
	if !def(m.seats[s].Active.Race).Wisps {
		return nil, rules.Refuse("U12.15", "only the Will-o'-Wisps roll before a conquest")
	}
	if err := m.conquestPrecheck(i, uses, Doormat, Socks, Sword); err != nil {
		return nil, err
	}
	if m.gnomeGuard(s, i) {
		return nil, rules.Refuse("U12.4", "%s is held by Active Gnomes: no race power may be used against it", m.mp.ID(i))
	}
	if !m.wispsTarget(i) {
		return nil, rules.Refuse("U12.15", "%s is neither a Mystic Crystal region nor next to one you hold", m.mp.ID(i))
	}
	c := m.costOf(s, i, uses, false).n
	roll := m.die()
	c = max(1, c-roll)
	ev := Event{Kind: EvWisps, Seat: s, Region: m.mp.ID(i), Cost: c, Die: roll, With: useCodes(uses)}
	if m.seats[s].Active.Hand < c {
		m.spend(s, uses, -1)
		ev.Failed = true
		return append([]Event{ev}, m.endConquests()...), nil
	}
	ev.Tokens = c
	return m.resolve(i, c, uses, ev, false), nil
}

// wispsTarget is U12.15's condition.
func (m *Match) wispsTarget(i int) bool {
	if m.mp.Terrain(i) == "crystal" {
		return true
	}
	return m.mp.AdjMask[i]&m.held(m.active, false)&m.mp.TerrainMask("crystal") != 0
}

// substitute is the Vampire's and the Shiny Orb's conquest (U13.18,
// U15.5, UR36): one lone Active token of an opponent is replaced.
func (m *Match) substitute(i int, orb bool, uses []use) ([]Event, error) {
	s := m.active
	rule := "U13.18"
	if orb {
		rule = "U15.5"
	}
	if !orb && !m.hasPower(s, false, Vampire) {
		return nil, rules.Refuse(rule, "your Active race is not Vampire")
	}
	if orb {
		if len(uses) == 0 {
			uses = []use{{relic: Orb}}
		}
		if len(uses) != 1 || uses[0].relic != Orb {
			return nil, rules.Refuse(rule, "the Shiny Orb is used alone, or copied by the Bag")
		}
	} else if len(uses) > 0 {
		return nil, rules.Refuse(rule, "a Vampire substitution uses no relic")
	}
	if orb {
		if err := m.conquestPrecheck(i, uses, Orb); err != nil {
			return nil, err
		}
	} else if err := m.conquestPrecheck(i, nil); err != nil {
		return nil, err
	}
	o, d := m.occupant(i)
	if o < 0 || o == s || d || m.regions[i].Tokens != 1 {
		return nil, rules.Refuse(rule, "%s does not hold exactly one Active token of an opponent", m.mp.ID(i))
	}
	if m.gnomeGuard(s, i) {
		return nil, rules.Refuse("U12.4", "%s is held by Active Gnomes", m.mp.ID(i))
	}
	if !orb && m.t.vampireVs&(1<<uint(o)) != 0 {
		return nil, rules.Refuse(rule, "the Vampires already bit seat %d this turn", o)
	}
	if !orb {
		m.t.vampireVs |= 1 << uint(o)
	}
	ev := Event{Kind: EvSubstitute, Seat: s, Region: m.mp.ID(i), Tokens: 1, With: useCodes(uses), Rule: rule}
	return m.resolve(i, 1, uses, ev, true), nil
}

// resolve carries out a successful conquest of region i by the active seat
// putting n tokens in (U5.6, U7.1, U7.4). A substitution brings its token
// from the tray, or from hand when the tray has none.
func (m *Match) resolve(i, n int, uses []use, ev Event, subst bool) []Event {
	s := m.active
	r := &m.regions[i]
	evs := []Event{}
	hadMonsters := r.Monsters > 0
	r.Monsters = 0
	socks := false
	for _, u := range uses {
		socks = socks || u.relic == Socks
	}
	if o, d := m.occupant(i); o >= 0 {
		k := int(r.Tokens)
		ev.By = o
		if o == s { // U7.4, UR8: own In Decline tokens are lost
			ev.Lost = k
			m.emptyRegion(i)
			m.checkGone(o, true)
		} else {
			l := loss{subst: subst}
			if !d {
				ps, np := m.powers(o, false)
				for _, p := range ps[:np] {
					if h := powerTable[p].Attacked; h != nil {
						h(m, o, s, &l, &evs)
					}
				}
			} else if m.seats[o].Decline.Race == Liches && m.seats[s].Coins > 0 { // U12.7
				m.seats[s].Coins--
				m.seats[o].Coins++
				evs = append(evs, Event{Kind: EvPay, Seat: s, By: o, Coins: 1, Rule: "U12.7", Text: "Liches"})
			}
			if d {
				// U13.20: a Vengeful player's In Decline regions give markers too.
				ps, np := m.powers(o, false)
				for _, p := range ps[:np] {
					if p == Vengeful {
						powerTable[p].Attacked(m, o, s, &l, &evs)
					}
				}
			}
			lost := 1
			switch {
			case socks && !subst: // U15.3
				lost = 0
			case l.keepAll: // U13.5
				lost = 0
			}
			lost = min(lost, k)
			ev.Lost = lost
			m.slotOf(o, d).Hand += k - lost
			if k > lost {
				m.t.lost |= 1 << uint(o)
			}
			m.emptyRegion(i)
			m.checkGone(o, d)
		}
	}
	if r.Place == Crypt { // U14.2
		if int(m.fig.Ghost) >= 0 {
			m.fig.Ghost = -1
		}
		m.fig.GhostSeat = int8(s)
	}
	sl := &m.seats[s].Active
	if subst {
		if m.tray(sl.Race) == 0 {
			sl.Hand-- // U13.18: from hand when the tray has none
		}
	} else {
		sl.Hand -= n
	}
	r.Owner, r.Decline, r.Tokens = int8(s), false, int8(n)
	m.t.conquered |= 1 << uint(i)
	m.spend(s, uses, i)
	ancient := m.fig.AncientDue && int(m.fig.AncientSeat) == s && sl.Race == Cultists // U12.1
	if ancient {
		m.fig.Ancient, m.fig.AncientDue = int8(i), false
	}
	evs = append([]Event{ev}, evs...)
	if ancient {
		evs = append(evs, Event{Kind: EvAncient, Seat: s, Region: m.mp.ID(i), Rule: "U12.1"})
	}
	if hadMonsters && len(m.markers) > 0 { // U5.6
		k := m.drawMarker()
		if k.IsRelic() {
			m.relics[k-Doormat] = int8(i)
		} else {
			r.Place, m.places[k] = k, int8(i)
		}
		evs = append(evs, Event{Kind: EvDraw, Seat: s, Region: m.mp.ID(i), Marker: k.String()})
		if !k.IsRelic() && placeTable[k].Discover != nil {
			placeTable[k].Discover(m, s, i, &evs)
		}
		if m.t.balrogDue {
			m.step = stepBalrog
		}
	}
	return evs
}

// drawMarker takes the top face-down marker (U5.6), or the position's.
func (m *Match) drawMarker() Marker {
	if m.fixed != nil && m.fixed.marker != NoMarker {
		k := m.fixed.marker
		for j, x := range m.markers {
			if x == k {
				m.markers = append(m.markers[:j:j], m.markers[j+1:]...)
				return k
			}
		}
		m.markers = m.markers[:len(m.markers)-1]
		return k
	}
	k := m.markers[len(m.markers)-1]
	m.markers = m.markers[:len(m.markers)-1]
	return k
}

// abandon is U6.2-U6.3: a region held at the start of the turn goes, its
// last token into hand.
func (m *Match) abandon(i int) ([]Event, error) {
	s := m.active
	if m.t.rolled {
		return nil, rules.Refuse("U6.2", "no abandoning after the die is rolled")
	}
	if o, d := m.occupant(i); o != s || d {
		return nil, rules.Refuse("U6.5", "%s is not a region of your Active race", m.mp.ID(i))
	}
	if m.t.startHeld&(1<<uint(i)) == 0 || m.t.conquered&(1<<uint(i)) != 0 {
		return nil, rules.Refuse("UR37", "%s was conquered this turn and cannot be abandoned", m.mp.ID(i))
	}
	m.seats[s].Active.Hand += int(m.regions[i].Tokens)
	m.emptyRegion(i)
	return []Event{{Kind: EvAbandon, Seat: s, Region: m.mp.ID(i)}}, nil
}
