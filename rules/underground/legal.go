package underground

import (
	"math/bits"

	"github.com/goldvein/goldvein/rules"
)

func ip(n int) *int { return &n }

// Legal lists seat's moves now, the safe one first (an end of the step, or
// the cheapest choice when the step must be taken). A redeployment is
// listed token by token (deploy, lift, armor); the whole-map redeploy move
// is also accepted.
func (m *Match) Legal(seat int) []rules.Move {
	ms := m.LegalMoves(seat)
	out := make([]rules.Move, len(ms))
	for i, mv := range ms {
		out[i] = mv
	}
	return out
}

// LegalMoves is Legal with the game's own type.
func (m *Match) LegalMoves(seat int) []Move {
	if m.over || seat != m.mover() {
		return nil
	}
	id := m.mp.ID
	end := Move{End: true}
	var out []Move
	switch m.step {
	case stepDecide:
		out = append(out, end, Move{Decline: true})
		if m.hasPower(seat, false, Vanishing) && m.seats[seat].Active.Power != Vanishing {
			out = append(out, Move{Decline: true, Vanish: true})
		}
		out = append(out, m.balrogLegal()...)
	case stepPick:
		for i := range m.offer {
			if i <= m.seats[seat].Coins {
				out = append(out, Move{Pick: ip(i)})
			}
		}
	case stepSwap:
		out = append(out, end)
		for j := range m.offer {
			out = append(out, Move{Swap: ip(j)})
		}
	case stepVolcano:
		for _, i := range indices(m.mp.VolcanoMask()) {
			out = append(out, Move{Volcano: id(i)})
		}
	case stepReborn:
		out = append(out, end)
		regs := indices(m.held(seat, true))
		spare := m.tray(m.seats[seat].Active.Race) + m.seats[seat].Active.Hand
		for a, i := range regs {
			if m.mp.IsRiver(i) && m.seats[seat].Active.Race != Kraken {
				continue
			}
			out = append(out, Move{Reborn: []string{id(i)}})
			for _, j := range regs[a+1:] {
				if spare < 2 || m.mp.IsRiver(j) && m.seats[seat].Active.Race != Kraken {
					continue
				}
				out = append(out, Move{Reborn: []string{id(i), id(j)}})
			}
		}
	case stepAncient:
		out = append(out, end)
		for _, i := range indices(m.ancientTargets()) {
			out = append(out, Move{Ancient: id(i)})
		}
	case stepConquer:
		out = m.conquestLegal()
	case stepBalrog:
		for _, i := range indices(m.balrogTargets()) {
			out = append(out, Move{Balrog: id(i)})
		}
	case stepRedeploy:
		out = append(out, end)
		sl, d := m.rslot()
		held := m.held(seat, d)
		for _, i := range indices(held) {
			if sl.Hand > 0 {
				out = append(out, Move{Deploy: id(i)})
			}
			if m.regions[i].Tokens > 1 {
				out = append(out, Move{Lift: id(i)})
			}
			if !d && m.seats[seat].ArmorHand > 0 {
				out = append(out, Move{Armor: id(i)})
			}
		}
		if !d {
			out = append(out, m.balrogLegal()...)
		}
	case stepPlace:
		out = append(out, end)
		for _, o := range m.placeOptions() {
			for _, i := range indices(o.targets) {
				out = append(out, Move{Place: map[string]string{o.what: id(i)}})
			}
		}
		out = append(out, m.balrogLegal()...)
	case stepDefend:
		out = append(out, end)
		p := &m.seats[seat]
		if p.Decline.Hand > 0 {
			for _, i := range indices(m.held(seat, true)) {
				out = append(out, Move{Deploy: id(i)})
			}
		}
		if p.Active.Hand > 0 && m.t.lost&(1<<uint(seat)) != 0 {
			for _, i := range indices(m.held(seat, false)) {
				out = append(out, Move{Deploy: id(i)})
			}
		}
	case stepAltar:
		out = append(out, end)
		for _, i := range indices(m.altarTargets()) {
			out = append(out, Move{Altar: id(i)})
		}
	}
	return out
}

func (m *Match) balrogLegal() []Move {
	if _, ok := m.placeFor(Pentacle, m.active, false); !ok || m.t.used&usedBalrog != 0 {
		return nil
	}
	var out []Move
	for _, i := range indices(m.balrogTargets()) {
		out = append(out, Move{Balrog: m.mp.ID(i)})
	}
	return out
}

// availableUses lists the conquest relics seat may use now (U15, U13.6).
func (m *Match) availableUses(seat int, kinds ...Marker) []use {
	var out []use
	for _, k := range kinds {
		if _, ok := m.canUse(seat, use{relic: k}); ok {
			out = append(out, use{relic: k})
		}
		if _, ok := m.canUse(seat, use{relic: k, bag: true}); ok {
			out = append(out, use{relic: k, bag: true})
		}
	}
	return out
}

// conquestLegal lists the conquest phase's moves: end, then conquests,
// final attempts, Wisps rolls, substitutions, abandons and the Balrog.
func (m *Match) conquestLegal() []Move {
	s := m.active
	id := m.mp.ID
	out := make([]Move, 1, 24)
	out[0] = Move{End: true}
	hand := m.seats[s].Active.Hand
	if hand > 0 {
		reach, plain := m.reachSet(s, false), m.reachSet(s, true)
		avail := m.availableUses(s, Doormat, Socks, Sword)
		wisps := def(m.seats[s].Active.Race).Wisps
		for i := 0; i < m.mp.Len(); i++ {
			if _, ok := m.target(s, i); !ok {
				continue
			}
			guard := m.gnomeGuard(s, i)
			near := reach&(1<<uint(i)) != 0
			if guard {
				near = plain&(1<<uint(i)) != 0
			}
			nsub := 1 << uint(len(avail))
			if guard {
				nsub = 1
			}
			for sub := 0; sub < nsub; sub++ {
				uses, ok := m.subset(avail, sub, near)
				if !ok {
					continue
				}
				c := m.costOf(s, i, uses, false).n
				have := hand + m.hammersFor(i, c)
				w := useCodes(uses)
				switch short := c - have; {
				case short <= 0:
					out = append(out, Move{Conquer: id(i), With: w})
				case short <= 3:
					out = append(out, Move{Final: id(i), With: w})
				}
				if wisps && sub == 0 && !guard && m.wispsTarget(i) {
					out = append(out, Move{Wisps: id(i)})
				}
			}
		}
		out = append(out, m.substituteLegal()...)
	}
	if !m.t.rolled {
		for _, i := range indices(m.t.startHeld &^ m.t.conquered & m.held(s, false)) {
			out = append(out, Move{Abandon: id(i)})
		}
	}
	return append(out, m.balrogLegal()...)
}

// subset picks the uses of bitset sub, skipping the pointless and the
// forbidden: a Doormat where adjacency reaches, none where it does not,
// one relic twice (UR40).
func (m *Match) subset(avail []use, sub int, near bool) ([]use, bool) {
	var uses []use
	var seen uint16
	door := false
	for k, u := range avail {
		if sub&(1<<uint(k)) == 0 {
			continue
		}
		if seen&usedBit(u.relic) != 0 {
			return nil, false
		}
		seen |= usedBit(u.relic)
		door = door || u.relic == Doormat
		uses = append(uses, u)
	}
	if door == near {
		return nil, false
	}
	return uses, true
}

// substituteLegal lists Vampire and Orb substitutions (U13.18, U15.5).
func (m *Match) substituteLegal() []Move {
	s := m.active
	vamp := m.hasPower(s, false, Vampire)
	orbs := m.availableUses(s, Orb)
	if !vamp && len(orbs) == 0 {
		return nil
	}
	var out []Move
	reach := m.reachSet(s, false)
	for _, i := range indices(reach) {
		o, d := m.occupant(i)
		if o < 0 || o == s || d || m.regions[i].Tokens != 1 || m.gnomeGuard(s, i) {
			continue
		}
		if _, ok := m.target(s, i); !ok {
			continue
		}
		if vamp && m.t.vampireVs&(1<<uint(o)) == 0 {
			out = append(out, Move{Vampire: m.mp.ID(i)})
		}
		for _, u := range orbs {
			out = append(out, Move{Orb: m.mp.ID(i), With: []string{u.String()}})
		}
	}
	return out
}

// indices lists the set bits of s.
func indices(s uint64) []int {
	out := make([]int, 0, bits.OnesCount64(s))
	for ; s != 0; s &= s - 1 {
		out = append(out, bits.TrailingZeros64(s))
	}
	return out
}
