package underground

import (
	"fmt"
	"slices"

	"github.com/goldvein/goldvein/rules"
)

// Sample is what a View leaves out (Hidden information) and FromView fills
// in: the coin totals the view hides, and a seed that orders the face-down
// stacks and seeds the new match's generator (its dice and draws).
type Sample struct {
	// Coins are the seats' coin totals, by seat; only those the view hides
	// are read (nil or short: 0 for a hidden total).
	Coins []int
	// Seed shuffles the banner and badge stacks and the face-down markers
	// (U2.2, U2.4: their order is hidden), and seeds the match's generator.
	Seed uint64
}

// FromView makes a match that agrees with everything view v shows, with
// the hidden parts taken from sample s: the coins the view hides, the
// order of the banner and badge stacks (their contents are the races and
// powers nowhere in view, the discards kept apart, U4.5), and which of the
// unrevealed markers are face down in the stack, in which order (U2.4:
// the others are set aside). It is for a seat's look-ahead on its own
// information: the match's View of every seat is v's, with s's coins.
//
// v must be taken at the start of a player's turn, at its "decide" or
// "pick" step (U3.3), on a built-in map, and not over; otherwise, or when
// v is inconsistent (a race twice, more markers left than unrevealed, the
// stacks' sizes disagreeing with banners_left and badges_left), the error
// says which.
func FromView(v *View, s Sample) (*Match, error) {
	if v.Over {
		return nil, fmt.Errorf("from view: the game is over")
	}
	if v.Step != "decide" && v.Step != "pick" {
		return nil, fmt.Errorf("from view: step %q: want decide or pick, the start of a turn (U3.3)", v.Step)
	}
	if len(v.Seats) != v.Players || v.Active < 0 || v.Active >= v.Players {
		return nil, fmt.Errorf("from view: %d seats for %d players, active %d", len(v.Seats), v.Players, v.Active)
	}
	if _, ok := builtinMaps()[v.Map]; !ok {
		return nil, fmt.Errorf("from view: map %q is not built in", v.Map)
	}
	name := v.Map
	p := position{Players: v.Players, Map: &name, Turn: v.Turn, Seat: v.Active, MarkersLeft: v.MarkersLeft,
		Board: map[string]posRegion{}, Figures: map[string]*string{}}
	power := func(code string) *string {
		if code == "" || code == "none" {
			return nil
		}
		return &code
	}
	slotOf := func(sv *SlotView) *posSlot {
		if sv == nil {
			return nil
		}
		return &posSlot{Race: sv.Race, Power: power(sv.Power), Hand: sv.Hand}
	}
	for k, sv := range v.Seats {
		ps := posSeat{Active: slotOf(sv.Active), Decline: slotOf(sv.Decline), Hammers: sv.Hammers,
			ArmorHand: sv.ArmorHand, MarkedBy: sv.MarkedBy}
		switch {
		case sv.Coins != nil:
			ps.Coins = *sv.Coins
		case k < len(s.Coins):
			ps.Coins = s.Coins[k]
		}
		p.Seats = append(p.Seats, ps)
	}
	for i := range v.Regions {
		r := &v.Regions[i]
		pr := posRegion{Decline: r.Decline, Tokens: r.Tokens, Armor: r.Armor, Monsters: r.Monsters}
		if r.Seat >= 0 && r.Tokens > 0 {
			seat, race := r.Seat, r.Race
			pr.Seat, pr.Race = &seat, &race
		}
		if r.Place != "" {
			place := r.Place
			pr.Place = &place
		}
		if r.Relic != "" {
			relic := r.Relic
			pr.Relic = &relic
		}
		p.Board[r.ID] = pr
	}
	for _, c := range v.Market {
		p.Market = append(p.Market, posCombo{Race: c.Race, Power: power(c.Power), Coins: c.Coins})
	}
	if v.Stonehedge != "" {
		p.Stonehedge = &v.Stonehedge
	}
	for name, f := range v.Figures {
		if f.Region != "" {
			id := f.Region
			p.Figures[name] = &id
		}
	}
	m, err := p.build()
	if err != nil {
		return nil, fmt.Errorf("from view: %w", err)
	}
	m.opts.Map, m.first, m.seed, m.rng = v.Map, v.First, s.Seed, rules.NewRNG(s.Seed)
	for k := range m.seats {
		if k != m.active { // the active seat's flag was cleared by its turn's start
			m.seats[k].Fresh = v.Seats[k].Fresh
		}
	}
	seatOf := func(name string) int8 {
		if f, ok := v.Figures[name]; ok {
			return int8(f.Seat)
		}
		return -1
	}
	m.fig.QueenSeat, m.fig.GhostSeat, m.fig.AncientSeat, m.fig.BagSeat =
		seatOf("queen"), seatOf("ghost"), seatOf("ancient"), seatOf("bag")
	if m.fig.Queen < 0 {
		m.fig.QueenRace = NoRace
		if q := m.fig.QueenSeat; q >= 0 && m.seats[q].Active.has() {
			m.fig.QueenRace = m.seats[q].Active.Race // the Queen off the board waits in its race's hand
		}
	}
	for _, u := range v.Used { // the Balrog may have moved at the decide step (U16.2)
		k := slices.Index(usedNames, u)
		if k < 0 {
			return nil, fmt.Errorf("from view: used: %q", u)
		}
		m.t.used |= 1 << uint(k)
	}
	// The discards are public and apart from the badge stack (U4.5).
	m.discard = m.discard[:0]
	discarded := map[Power]bool{}
	for k, code := range v.Discards {
		pw, ok := ParsePower(code)
		if !ok || discarded[pw] {
			return nil, fmt.Errorf("from view: discards[%d]: %q", k, code)
		}
		discarded[pw] = true
		m.discard = append(m.discard, pw)
	}
	badges := m.badges[:0]
	for _, pw := range m.badges {
		if !discarded[pw] {
			badges = append(badges, pw)
		}
	}
	m.badges = badges
	if len(m.banners) != v.BannersLeft || len(m.badges) != v.BadgesLeft {
		return nil, fmt.Errorf("from view: %d banners and %d badges unseen, the view counts %d and %d",
			len(m.banners), len(m.badges), v.BannersLeft, v.BadgesLeft)
	}
	shuffle := func(n int, swap func(i, j int)) { m.rng.Shuffle(n, swap) }
	shuffle(len(m.banners), func(i, j int) { m.banners[i], m.banners[j] = m.banners[j], m.banners[i] })
	shuffle(len(m.badges), func(i, j int) { m.badges[i], m.badges[j] = m.badges[j], m.badges[i] })
	// The unrevealed markers: v.MarkersLeft of them face down, the rest
	// set aside unseen (U2.4).
	m.markers = m.markers[:0]
	for k := Marker(0); k < NumMarkers; k++ {
		if m.markerAt(k) < 0 {
			m.markers = append(m.markers, k)
		}
	}
	shuffle(len(m.markers), func(i, j int) { m.markers[i], m.markers[j] = m.markers[j], m.markers[i] })
	m.aside = append([]Marker(nil), m.markers[v.MarkersLeft:]...)
	m.markers = m.markers[:v.MarkersLeft:v.MarkersLeft]
	if m.step.String() != v.Step {
		return nil, fmt.Errorf("from view: the match starts at step %s, the view at %s", m.step, v.Step)
	}
	return m, nil
}

// Coins returns seat's coin total now (U9), which a View hides from the
// other seats: for a look-ahead on a match made by FromView, whose hidden
// totals are the sample's. An unknown seat has 0.
func (m *Match) Coins(seat int) int {
	if seat < 0 || seat >= len(m.seats) {
		return 0
	}
	return m.seats[seat].Coins
}

// Players returns the number of seats (U1.1).
func (m *Match) Players() int { return len(m.seats) }
