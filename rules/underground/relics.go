package underground

// Relic uses (U15): the conquest relics are named in a conquest's "with"
// list, the Bag (U13.6) as "bag:" and the relic it copies.

// use is one relic use named in a move.
type use struct {
	relic Marker
	bag   bool // the Bag-o'-Many-Things copies it (U13.6)
}

func (u use) String() string {
	if u.bag {
		return "bag:" + u.relic.String()
	}
	return u.relic.String()
}

// usedBit is the once-per-turn bit of a relic (U15.0, position "used").
func usedBit(k Marker) uint16 {
	switch k {
	case Doormat:
		return usedDoormat
	case Socks:
		return usedSocks
	case Sword:
		return usedSword
	case Orb:
		return usedOrb
	case Scepter:
		return usedScepter
	case Ring:
		return usedRing
	}
	return 0
}

// relicRule is the rule of each relic.
var relicRule = map[Marker]string{Doormat: "U15.1", Ring: "U15.2", Socks: "U15.3", Scepter: "U15.4", Orb: "U15.5", Sword: "U15.6"}

// canUse reports whether seat's Active race may use u now, and the rule
// that forbids it.
func (m *Match) canUse(seat int, u use) (string, bool) {
	if u.bag {
		if !m.hasPower(seat, false, Magic) {
			return "U13.6", false
		}
		if m.t.used&usedBag != 0 {
			return "U13.6", false
		}
		if m.markerAt(u.relic) < 0 {
			return "U13.6", false
		}
		return "", true
	}
	if _, ok := m.relicFor(u.relic, seat); !ok {
		return relicRule[u.relic], false
	}
	if m.t.used&usedBit(u.relic) != 0 {
		return relicRule[u.relic], false
	}
	return "", true
}

// spend marks uses as made and moves the relics (or the Bag) into region i
// (U15.0b).
func (m *Match) spend(seat int, uses []use, i int) {
	for _, u := range uses {
		if u.bag {
			m.t.used |= usedBag
			if i >= 0 {
				m.fig.Bag, m.fig.BagSeat, m.fig.BagCopy = int8(i), int8(seat), u.relic
			}
			continue
		}
		m.t.used |= usedBit(u.relic)
		if i >= 0 {
			m.relics[u.relic-Doormat] = int8(i)
		}
	}
}
