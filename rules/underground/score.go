package underground

import (
	"math/bits"
	"strings"
)

// Item is one line of a turn's scoring, by rule (U9).
type Item struct {
	Rule  string `json:"rule"`
	What  string `json:"what"`
	Coins int    `json:"coins"`
	// From is the paying seat for coins taken from a player (U9.4), else -1.
	From int `json:"from"`
}

// scorer sums one turn's scoring (U9).
type scorer struct {
	m     *Match
	seat  int
	items []Item
	per   [64]int // coins tied to each region alone (U15.4)
}

func (sc *scorer) add(n int, rule, what string, from int) {
	for k := range sc.items {
		if it := &sc.items[k]; it.Rule == rule && it.What == what && it.From == from {
			it.Coins += n
			return
		}
	}
	sc.items = append(sc.items, Item{Rule: rule, What: what, Coins: n, From: from})
}

// region adds coins tied to region i alone (doubled by the Scepter).
func (sc *scorer) region(i, n int, rule, what string) {
	sc.per[i] += n
	sc.add(n, rule, what, -1)
}

// group adds coins not tied to one region.
func (sc *scorer) group(n int, rule, what string) { sc.add(n, rule, what, -1) }

// Total is the coins the sheet gives.
func (sc *scorer) Total() int {
	t := 0
	for _, it := range sc.items {
		t += it.Coins
	}
	return t
}

// takeFromNeighbours is U13.16 and U15.2: 1 coin from each opponent with an
// Active token in a region of near who has a coin (U9.4).
func (m *Match) takeFromNeighbours(seat int, near uint64, rule, what string, sc *scorer) {
	var payers uint8
	for s := near; s != 0; s &= s - 1 {
		i := bits.TrailingZeros64(s)
		if o, d := m.occupant(i); o >= 0 && o != seat && !d {
			payers |= 1 << uint(o)
		}
	}
	for o := range m.seats {
		if payers&(1<<uint(o)) != 0 && m.seats[o].Coins > 0 {
			sc.add(1, rule, what, o)
		}
	}
}

// score is what the active seat scores now (U9), itemised.
func (m *Match) score(seat int) *scorer {
	sc := &scorer{m: m, seat: seat}
	for _, decline := range [2]bool{false, true} {
		sl := m.slotOf(seat, decline)
		if !sl.has() {
			continue
		}
		held := m.held(seat, decline)
		if m.fig.Balrog >= 0 {
			held &^= 1 << uint(m.fig.Balrog) // U9.2
		}
		for s := held; s != 0; s &= s - 1 {
			i := bits.TrailingZeros64(s)
			what := "Active region"
			if decline {
				what = "In Decline region"
			}
			sc.region(i, 1, "U9.1", what)
		}
		if decline && m.t.vanished > 0 {
			sc.group(2*m.t.vanished, "U13.19", "Vanishing")
		}
		if !decline {
			if h := def(sl.Race).Score; h != nil {
				h(m, seat, held, sc)
			}
		}
		ps, n := m.powers(seat, decline)
		for _, p := range ps[:n] {
			if h := powerTable[p].Score; h != nil {
				h(m, seat, held, sc)
			}
		}
		for s := held; s != 0; s &= s - 1 {
			i := bits.TrailingZeros64(s)
			k := m.regions[i].Place
			if k == NoMarker || (decline && !placeTable[k].Decline) {
				continue
			}
			if h := placeTable[k].Score; h != nil {
				h(m, seat, i, held, sc)
			}
		}
	}
	if i, ok := m.relicFor(Ring, seat); ok { // U15.2
		m.takeFromNeighbours(seat, m.mp.AdjMask[i], "U15.2", "Froggy's Ring", sc)
	}
	if m.fig.BagCopy == Ring && int(m.fig.BagSeat) == seat && m.fig.Bag >= 0 {
		m.takeFromNeighbours(seat, m.mp.AdjMask[m.fig.Bag], "U13.6", "Bag as Froggy's Ring", sc)
	}
	double := func(i int, rule, what string) {
		if i < 0 || m.regions[i].Place == LostMine || sc.per[i] == 0 { // UR31
			return
		}
		if o, d := m.occupant(i); o != seat || d {
			return
		}
		sc.group(sc.per[i], rule, what)
	}
	if i, ok := m.relicFor(Scepter, seat); ok {
		double(i, "U15.4", "Scepter of Avarice")
	}
	if m.fig.BagCopy == Scepter && int(m.fig.BagSeat) == seat {
		double(int(m.fig.Bag), "U13.6", "Bag as Scepter")
	}
	return sc
}

// applyScore pays the sheet (U9.1, U9.4) and returns its events.
func (m *Match) applyScore(sc *scorer) []Event {
	var evs []Event
	for _, it := range sc.items {
		if it.From >= 0 {
			n := min(it.Coins, m.seats[it.From].Coins) // U9.4, U9.5
			m.seats[it.From].Coins -= n
			m.seats[sc.seat].Coins += n
			evs = append(evs, Event{Kind: EvPay, Seat: it.From, By: sc.seat, Coins: n, Rule: it.Rule, Text: it.What})
			continue
		}
		m.seats[sc.seat].Coins += it.Coins
	}
	ev := Event{Kind: EvScore, Seat: sc.seat, Coins: sc.Total(), Items: sc.items}
	m.t.scored = ev.Coins
	return append(evs, ev)
}

// String lists the sheet as "U9.1 Active region 4, ...".
func (sc *scorer) String() string {
	var b strings.Builder
	for k, it := range sc.items {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(it.Rule + " " + it.What + " " + itoa(it.Coins))
	}
	return b.String()
}
