package underground

import (
	"math/bits"

	"github.com/goldvein/goldvein/rules/underground/maps"
)

// when says in which state of its race a power works (U13, U9.3).
type when uint8

const (
	whenActive  when = iota // the default: Active only
	whenDecline             // In Decline only (Reborn, Wise)
	whenBoth                // Active and In Decline (Muddy, Tomb)
)

// loss is what a conquest does to the defender's tokens (U7.1).
type loss struct {
	keepAll bool // Immortal (U13.5)
	subst   bool // a Vampire or Orb substitution (U13.18)
}

// powerDef is one special power: its badge value (U1.5) and the hooks the
// core asks (U13). A nil hook does nothing.
type powerDef struct {
	// Rule is the power's rule (U13.n): the help page cites it.
	Rule  string
	Value int
	When  when
	// Keep: the badge stays with the banner In Decline (U8.2, UR11).
	Keep bool
	// Score adds the power's scoring bonus for a race holding held.
	Score func(m *Match, seat int, held uint64, sc *scorer)
	// Cost adds the attacker's modifier (U5.5).
	Cost func(m *Match, seat, i int, c *cost)
	// Attacked acts when an opponent conquers a region of the power's race
	// (U13.5, U13.7, U13.20); att is the attacker.
	Attacked func(m *Match, seat, att int, l *loss, evs *[]Event)
}

var powerTable [NumPowers]powerDef

func init() {
	powerTable = [NumPowers]powerDef{
		Adventurous: {Rule: "U13.1", Value: 5, Score: adventurousScore},
		Fisher:      {Rule: "U13.2", Value: 4, Score: fisherScore},
		Flocking:    {Rule: "U13.3", Value: 5, Score: flockingScore},
		Frightened:  {Rule: "U13.4", Value: 4, Score: frightenedScore},
		Immortal:    {Rule: "U13.5", Value: 4, Attacked: func(_ *Match, _, _ int, l *loss, _ *[]Event) { l.keepAll = !l.subst }},
		Magic:       {Rule: "U13.6", Value: 5},
		Martyr:      {Rule: "U13.7", Value: 4, Attacked: martyrAttacked},
		Mining:      {Rule: "U13.8", Value: 4, Score: terrainScore("U13.8", "Mining", maps.Mine)},
		Muddy:       {Rule: "U13.9", Value: 3, When: whenBoth, Keep: true, Score: terrainScore("U13.9", "Muddy", maps.Mud)},
		Mystic:      {Rule: "U13.10", Value: 4, Score: terrainScore("U13.10", "Mystic", maps.Crystal)},
		Quarreling:  {Rule: "U13.11", Value: 3, Score: quarrelingScore},
		Reborn:      {Rule: "U13.12", Value: 5, When: whenDecline, Keep: true},
		Royal:       {Rule: "U13.13", Value: 5, Keep: true},
		Shield:      {Rule: "U13.14", Value: 3, Keep: true},
		Stone:       {Rule: "U13.15", Value: 4, Score: terrainScore("U13.15", "Stone", maps.Mountain)},
		Thieving:    {Rule: "U13.16", Value: 4, Score: thievingScore},
		Tomb:        {Rule: "U13.17", Value: 5, When: whenBoth, Keep: true},
		Vampire:     {Rule: "U13.18", Value: 5},
		Vanishing:   {Rule: "U13.19", Value: 5},
		Vengeful:    {Rule: "U13.20", Value: 4, Cost: vengefulCost, Attacked: vengefulAttacked},
		Wise:        {Rule: "U13.21", Value: 4, When: whenDecline, Keep: true, Score: wiseScore},
	}
}

// powers lists the powers working for seat's race (decline picks which):
// its own badge and the Stonehedge's when it occupies the Stonehedge
// (U14.8), each only in the state its timing allows (U13, U9.3).
func (m *Match) powers(seat int, decline bool) (out [2]Power, n int) {
	sl := m.slotOf(seat, decline)
	if !sl.has() {
		return out, 0
	}
	ok := func(p Power) bool {
		if p == NoPower {
			return false
		}
		switch powerTable[p].When {
		case whenActive:
			return !decline
		case whenDecline:
			return decline
		}
		return true
	}
	if ok(sl.Power) {
		out[n] = sl.Power
		n++
	}
	if m.stone != NoPower && ok(m.stone) {
		if i := m.markerAt(Stonehedge); i >= 0 {
			if o, d := m.occupant(i); o == seat && d == decline {
				out[n] = m.stone
				n++
			}
		}
	}
	return out, n
}

// hasPower reports whether power p works for seat's race now.
func (m *Match) hasPower(seat int, decline bool, p Power) bool {
	ps, n := m.powers(seat, decline)
	for _, q := range ps[:n] {
		if q == p {
			return true
		}
	}
	return false
}

// adventurousScore is U13.1: +1 per held region with a Popular Place.
func adventurousScore(m *Match, _ int, held uint64, sc *scorer) {
	for s := held; s != 0; s &= s - 1 {
		if i := bits.TrailingZeros64(s); m.regions[i].Place != NoMarker {
			sc.region(i, 1, "U13.1", "Adventurous")
		}
	}
}

// fisherScore is U13.2: +1 per whole pair of coastal regions.
func fisherScore(m *Match, _ int, held uint64, sc *scorer) {
	if n := bits.OnesCount64(held&m.mp.CoastalMask()) / 2; n > 0 {
		sc.group(n, "U13.2", "Fisher")
	}
}

// flockingScore is U13.3 (UR25): +2 when the held regions form one group
// by the race's widened adjacency.
func flockingScore(m *Match, seat int, held uint64, sc *scorer) {
	if held != 0 && m.groups(seat, held, true) == 1 {
		sc.group(2, "U13.3", "Flocking")
	}
}

// frightenedScore is U13.4: +1 per held region with 3 or more tokens.
func frightenedScore(m *Match, _ int, held uint64, sc *scorer) {
	for s := held; s != 0; s &= s - 1 {
		if i := bits.TrailingZeros64(s); m.regions[i].Tokens >= 3 {
			sc.region(i, 1, "U13.4", "Frightened")
		}
	}
}

// martyrAttacked is U13.7: +1 coin from the bank at once.
func martyrAttacked(m *Match, seat, _ int, _ *loss, evs *[]Event) {
	m.seats[seat].Coins++
	*evs = append(*evs, Event{Kind: EvCoins, Seat: seat, Coins: 1, Rule: "U13.7", Text: "Martyr"})
}

// quarrelingScore is U13.11 (UR25): +1 per group by shared borders.
func quarrelingScore(m *Match, seat int, held uint64, sc *scorer) {
	if n := m.groups(seat, held, false); n > 0 {
		sc.group(n, "U13.11", "Quarreling")
	}
}

// thievingScore is U13.16 (UR41): 1 coin from each opponent with an
// Active token bordering a Thieves region.
func thievingScore(m *Match, seat int, held uint64, sc *scorer) {
	var near uint64
	for s := held; s != 0; s &= s - 1 {
		near |= m.mp.AdjMask[bits.TrailingZeros64(s)]
	}
	m.takeFromNeighbours(seat, near, "U13.16", "Thieving", sc)
}

// vengefulCost is U13.20: -1 against a marked player.
func vengefulCost(m *Match, seat, i int, c *cost) {
	if o := m.regions[i].Owner; o >= 0 && int(o) != seat && m.seats[o].MarkedBy&(1<<uint(seat)) != 0 {
		c.add(-1, "-1 Vengeful")
	}
}

// vengefulAttacked is U13.20 (UR45): the attacker takes a Vengeance
// marker, one per opponent, four in all.
func vengefulAttacked(m *Match, seat, att int, _ *loss, evs *[]Event) {
	if m.seats[att].MarkedBy&(1<<uint(seat)) != 0 {
		return
	}
	out := 0
	for i := range m.seats {
		out += bits.OnesCount8(m.seats[i].MarkedBy)
	}
	if out >= VengeanceSupply {
		return
	}
	m.seats[att].MarkedBy |= 1 << uint(seat)
	*evs = append(*evs, Event{Kind: EvMarked, Seat: att, By: seat, Rule: "U13.20"})
}

// wiseScore is U13.21: +2 while In Decline and holding a region.
func wiseScore(_ *Match, _ int, held uint64, sc *scorer) {
	if held != 0 {
		sc.group(2, "U13.21", "Wise")
	}
}

// groups counts the connected groups of held regions; widened uses the
// race's widened adjacency (U13.3), otherwise shared borders (U13.11).
func (m *Match) groups(seat int, held uint64, widened bool) int {
	n := 0
	for left := held; left != 0; {
		g := left & -left
		for {
			next := g
			for s := g; s != 0; s &= s - 1 {
				i := bits.TrailingZeros64(s)
				next |= m.mp.AdjMask[i] & held
				if widened {
					w := m.widen(seat, 1<<uint(i))
					if m.seats[seat].Active.Race == Spiderines && !m.mp.Chasmside(i) {
						// UR25: only two chasm-bordering regions are linked along the chasms.
						w = w&^m.mp.ChasmsideMask() | m.pipeWiden(seat, i)
					}
					next |= w & held
				}
			}
			if next == g {
				break
			}
			g = next
		}
		left &^= g
		n++
	}
	return n
}
