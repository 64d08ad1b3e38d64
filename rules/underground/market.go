package underground

import "github.com/goldvein/goldvein/rules"

// OfferSize is the number of combos in view (U2.2, U4.1).
const OfferSize = 6

// drawBadge takes the top badge, reshuffling the discards into a new stack
// when it is empty (U4.5); NoPower when there is none (UR7).
func (m *Match) drawBadge() Power {
	if len(m.badges) == 0 {
		if len(m.discard) == 0 {
			return NoPower
		}
		m.badges, m.discard = m.discard, nil
		m.rng.Shuffle(len(m.badges), func(i, j int) { m.badges[i], m.badges[j] = m.badges[j], m.badges[i] })
	}
	p := m.badges[0]
	m.badges = m.badges[1:]
	return p
}

// refill brings the market back to six combos from the stacks (U4.4).
func (m *Match) refill() {
	for len(m.offer) < OfferSize && len(m.banners) > 0 {
		r := m.banners[0]
		m.banners = m.banners[1:]
		m.offer = append(m.offer, combo{Race: r, Power: m.drawBadge()})
	}
}

// returnBanner puts a banner that came back into the column's gap, or at
// the bottom of the banner stack (U4.6).
func (m *Match) returnBanner(r Race) {
	if r == NoRace {
		return
	}
	if len(m.offer) < OfferSize {
		m.offer = append(m.offer, combo{Race: r, Power: m.drawBadge()})
		return
	}
	m.banners = append(m.banners, r)
}

// pick takes the combo at position i for the active seat (U4.1-U4.4).
func (m *Match) pick(i int) ([]Event, error) {
	s := &m.seats[m.active]
	if i < 0 || i >= len(m.offer) {
		return nil, rules.Refuse("U4.1", "position %d: the market shows positions 0 to %d", i, len(m.offer)-1)
	}
	if s.Coins < i {
		return nil, rules.Refuse("U4.2", "position %d costs %d coins, you hold %d (UR6)", i, i, s.Coins)
	}
	c := m.offer[i]
	for j := 0; j < i; j++ {
		m.offer[j].Coins++
	}
	s.Coins += c.Coins - i
	m.offer = append(m.offer[:i], m.offer[i+1:]...)
	if def(c.Race).Pick != stepSwap {
		m.refill() // the Mimes swap with the other five first (U12.12)
	}
	s.Active = slot{Race: c.Race, Power: c.Power}
	s.Fresh = true
	ev := Event{Kind: EvPick, Seat: m.active, Pos: i, Race: c.Race.String(), Power: c.Power.String(), Coins: c.Coins - i}
	evs := []Event{ev}
	if def(c.Race).Pick != stepNone {
		m.step = def(c.Race).Pick
	} else {
		m.giveTokens()
	}
	return evs, nil
}

// giveTokens hands the new combo's tokens: banner plus badge (U4.3, UR23).
func (m *Match) giveTokens() {
	s := &m.seats[m.active]
	n := def(s.Active.Race).Banner
	if s.Active.Power != NoPower {
		n += powerTable[s.Active.Power].Value
	}
	s.Active.Hand = min(n, m.tray(s.Active.Race))
	if s.Active.Race == Cultists {
		m.fig.AncientDue, m.fig.AncientSeat = true, int8(m.active)
	}
}
