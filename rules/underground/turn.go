package underground

import (
	"math/bits"

	"github.com/goldvein/goldvein/rules"
)

// step is where a player turn stands (U3.2, U3.3); each opens a decision.
type step uint8

const (
	stepNone     step = iota
	stepDecide        // U3.3.2: Decline or go on
	stepPick          // U3.3.3: pick a combo
	stepSwap          // U12.12: the Shadow Mimes may swap badges
	stepVolcano       // U12.3: the Flames place the Volcano
	stepReborn        // U13.12
	stepAncient       // U16.3
	stepConquer       // U5, U6
	stepBalrog        // U16.2: the Pentacle's discoverer sends the Balrog
	stepRedeploy      // U7.5-U7.7 (or Tomb's, U13.17)
	stepPlace         // U3.2.4: Queen, Ghost, Scepter, Ring, Bag
	stepDefend        // U7.2: a defender places returned tokens
	stepAltar         // U14.1
	stepOver          // U10
)

var stepNames = [...]string{"none", "decide", "pick", "swap", "volcano", "reborn", "ancient", "conquer",
	"balrog", "redeploy", "place", "defend", "altar", "over"}

func (s step) String() string { return stepNames[s] }

// startTurn is U3.3 up to the first decision.
func (m *Match) startTurn() []Event {
	m.t = turnState{}
	s := &m.seats[m.active]
	s.Fresh = false
	if int(m.fig.BagSeat) == m.active {
		m.fig.BagCopy = NoMarker // U13.6: a copy works for the turn it is made
	}
	evs := []Event{{Kind: EvTurn, Seat: m.active, Turn: m.turn}}
	if s.Active.has() && m.inPlay(s.Active.Race) == 0 { // U8.7, UR12
		evs = append(evs, Event{Kind: EvLost, Seat: m.active, Race: s.Active.Race.String(), Rule: "U8.7"})
		m.retire(m.active, false)
	}
	if s.Active.has() {
		m.step = stepDecide
	} else {
		m.step = stepPick
	}
	return evs
}

// afterPick continues U3.3 once the new combo is complete.
func (m *Match) afterPick() []Event {
	if m.step == stepSwap {
		m.refill()
	}
	if m.step == stepSwap || m.step == stepVolcano {
		m.giveTokens()
	}
	return m.preConquest()
}

// rebornCan reports whether U13.12 applies now.
func (m *Match) rebornCan() bool {
	s := &m.seats[m.active]
	return s.Active.has() && m.hasPower(m.active, true, Reborn) && m.held(m.active, true) != 0 &&
		(m.tray(s.Active.Race) > 0 || s.Active.Hand > 0)
}

// preConquest is U3.3 steps 4 to 6.
func (m *Match) preConquest() []Event {
	if m.rebornCan() {
		m.step = stepReborn
		return nil
	}
	return m.afterReborn()
}

func (m *Match) afterReborn() []Event {
	evs := m.fountain()
	if m.ancientCan() {
		m.step = stepAncient
		return evs
	}
	return append(evs, m.beginConquest()...)
}

// ancientCan reports whether the Great Ancient may move now (U16.3).
func (m *Match) ancientCan() bool {
	s := &m.seats[m.active]
	return s.Active.Race == Cultists && !s.Fresh && !m.fig.AncientDue && int(m.fig.AncientSeat) == m.active &&
		m.ancientTargets() != 0
}

func (m *Match) ancientTargets() uint64 {
	var t uint64
	for h := m.held(m.active, false); h != 0; h &= h - 1 {
		i := bits.TrailingZeros64(h)
		if !m.figureAt(i) {
			t |= 1 << uint(i)
		}
	}
	return t
}

// beginConquest readies the troops (U6.1) and opens the conquest phase.
func (m *Match) beginConquest() []Event {
	s := &m.seats[m.active]
	held := m.held(m.active, false)
	for h := held; h != 0; h &= h - 1 {
		r := &m.regions[bits.TrailingZeros64(h)]
		s.Active.Hand += int(r.Tokens) - 1
		r.Tokens = 1
	}
	m.t.startHeld = held
	m.t.hammersLeft = s.Hammers
	m.step = stepConquer
	return nil
}

// endConquests closes the conquest phase (U5.8) and starts redeployment:
// River regions are emptied (U7.6), the Mudmen grow (U12.9), Shield takes
// its armor (U13.14).
func (m *Match) endConquests() []Event {
	s := m.active
	sl := &m.seats[s].Active
	var evs []Event
	if m.hasPower(s, false, Shield) {
		n := bits.OnesCount64(m.held(s, false) & m.mp.TerrainMask("forest"))
		n = min(n, ArmorSupply-m.armorIn)
		if n > 0 {
			m.seats[s].ArmorHand += n
			m.armorIn += n
			evs = append(evs, Event{Kind: EvBonus, Seat: s, Armor: n, Rule: "U13.14", Text: "Mushroom Armor"})
		}
	}
	if !def(sl.Race).KeepsRiver {
		for h := m.held(s, false) & m.mp.TerrainMask("river"); h != 0; h &= h - 1 {
			i := bits.TrailingZeros64(h)
			sl.Hand += int(m.regions[i].Tokens)
			m.emptyRegion(i)
		}
	}
	if g := def(sl.Race).Grow; g != nil {
		before := sl.Hand
		g(m, s)
		if sl.Hand > before {
			evs = append(evs, Event{Kind: EvBonus, Seat: s, Tokens: sl.Hand - before, Rule: "U12.9", Text: "Mudmen"})
		}
	}
	m.step = stepRedeploy
	if !m.redeployChoice() {
		evs = append(evs, m.finishRedeploy()...)
	}
	return evs
}

// rslot is the race being redeployed: the Active one, or the Tomb race
// just declined (U13.17).
func (m *Match) rslot() (*slot, bool) {
	if m.t.declined {
		return &m.seats[m.active].Decline, true
	}
	return &m.seats[m.active].Active, false
}

// redeployChoice reports whether the redeployment leaves a choice.
func (m *Match) redeployChoice() bool {
	sl, d := m.rslot()
	held := m.held(m.active, d)
	if bits.OnesCount64(held) < 2 {
		return false
	}
	if sl.Hand > 0 || (!d && m.seats[m.active].ArmorHand > 0) {
		return true
	}
	for h := held; h != 0; h &= h - 1 {
		if m.regions[bits.TrailingZeros64(h)].Tokens > 1 {
			return true
		}
	}
	return false
}

// spread places n tokens of seat's race one by one on its thinnest regions
// (the default redeployment, UR43).
func (m *Match) spread(seat int, decline bool, n int) {
	held := m.held(seat, decline)
	for ; n > 0 && held != 0; n-- {
		best := -1
		for h := held; h != 0; h &= h - 1 {
			i := bits.TrailingZeros64(h)
			if best < 0 || m.regions[i].Tokens < m.regions[best].Tokens {
				best = i
			}
		}
		m.regions[best].Tokens++
		m.slotOf(seat, decline).Hand--
	}
}

// finishRedeploy places what is left in hand (UR43), the armor, takes the
// Dwarves' hammers (U12.5) and goes on to the placements.
func (m *Match) finishRedeploy() []Event {
	sl, d := m.rslot()
	m.spread(m.active, d, sl.Hand)
	p := &m.seats[m.active]
	var evs []Event
	if !d {
		if p.ArmorHand > 0 {
			held := m.held(m.active, false)
			if held != 0 {
				i := bits.TrailingZeros64(held)
				m.regions[i].Armor += int8(p.ArmorHand)
				evs = append(evs, armorPlaced(m.active, m.mp.ID(i), p.ArmorHand))
			} else {
				m.armorIn -= p.ArmorHand
			}
			p.ArmorHand = 0
		}
		if h := def(sl.Race).AfterRedeploy; h != nil && sl.has() {
			before := p.Hammers
			h(m, m.active)
			if p.Hammers > before { // U12.5: the Silver Hammers taken
				evs = append(evs, Event{Kind: EvBonus, Seat: m.active, Tokens: p.Hammers - before, Rule: "U12.5", Text: "Silver Hammers"})
			}
		}
	}
	return append(evs, m.placements()...)
}

// armorPlaced is the event of n Mushroom Armor put in region id (U13.14):
// an EvPlace with Armor set.
func armorPlaced(seat int, id string, n int) Event {
	return Event{Kind: EvPlace, Seat: seat, Region: id, Armor: n, Rule: "U13.14", Text: "Mushroom Armor"}
}

// placeOptions lists the end-of-turn placements open now (U3.2 step 4):
// kind and target regions.
func (m *Match) placeOptions() []placeOpt {
	s := m.active
	if m.t.declined || !m.seats[s].Active.has() {
		return nil
	}
	held := m.held(s, false)
	free := func(set uint64, except int) uint64 {
		var out uint64
		for h := set; h != 0; h &= h - 1 {
			i := bits.TrailingZeros64(h)
			if i != except && (!m.figureAt(i) || i == except) {
				out |= 1 << uint(i)
			}
		}
		return out
	}
	var opts []placeOpt
	if m.t.used&usedQueen == 0 && m.hasPower(s, false, Royal) {
		if t := free(held, -1); t != 0 {
			opts = append(opts, placeOpt{"queen", t})
		}
	}
	if c, ok := m.placeFor(Crypt, s, false); ok && m.t.used&usedGhost == 0 && int(m.fig.GhostSeat) == s {
		all := ^m.mp.TerrainMask("chasm") & (uint64(1)<<uint(m.mp.Len()) - 1)
		if m.mp.Len() == 64 {
			all = ^m.mp.TerrainMask("chasm")
		}
		if t := free(all, -1) &^ (1 << uint(c)); t != 0 {
			opts = append(opts, placeOpt{"ghost", t})
		}
	}
	for _, k := range [2]Marker{Scepter, Ring} {
		if _, ok := m.relicFor(k, s); ok && m.t.used&usedBit(k) == 0 && held != 0 {
			opts = append(opts, placeOpt{k.String(), held})
		}
		if m.t.used&usedBag == 0 && m.hasPower(s, false, Magic) && m.markerAt(k) >= 0 {
			if t := held &^ (1 << uint(m.markerAt(k))); t != 0 {
				opts = append(opts, placeOpt{"bag:" + k.String(), t})
			}
		}
	}
	return opts
}

type placeOpt struct {
	what    string
	targets uint64
}

func (m *Match) placements() []Event {
	if len(m.placeOptions()) > 0 {
		m.step = stepPlace
		return nil
	}
	return m.defenders()
}

// place is one end-of-turn placement (U13.13, U14.2, U15.4, U15.2, U13.6).
func (m *Match) place(what string, i int) ([]Event, error) {
	for _, o := range m.placeOptions() {
		if o.what != what {
			continue
		}
		if o.targets&(1<<uint(i)) == 0 {
			return nil, rules.Refuse(placeRule[what], "%s cannot go into %s", what, m.mp.ID(i))
		}
		s := m.active
		switch what {
		case "queen":
			m.fig.Queen, m.fig.QueenSeat, m.fig.QueenRace = int8(i), int8(s), m.seats[s].Active.Race
			m.t.used |= usedQueen
		case "ghost":
			m.fig.Ghost = int8(i)
			m.t.used |= usedGhost
		case "scepter", "ring":
			k, _ := ParseMarker(what)
			m.relics[k-Doormat] = int8(i)
			m.t.used |= usedBit(k)
		default: // the Bag's copy
			k, _ := ParseMarker(what[4:])
			m.fig.Bag, m.fig.BagSeat, m.fig.BagCopy = int8(i), int8(s), k
			m.t.used |= usedBag
		}
		ev := Event{Kind: EvPlace, Seat: s, Region: m.mp.ID(i), Text: what, Rule: placeRule[what]}
		if len(m.placeOptions()) == 0 {
			return append([]Event{ev}, m.defenders()...), nil
		}
		return []Event{ev}, nil
	}
	return nil, rules.Refuse(placeRule[what], "no %s to place now", what)
}

var placeRule = map[string]string{"queen": "U13.13", "ghost": "U14.2", "scepter": "U15.4", "ring": "U15.2",
	"bag:scepter": "U13.6", "bag:ring": "U13.6"}

// defenderNeeds reports whether seat d has returned tokens to place with a
// choice; tokens with no choice are placed or lost here (U7.2, U7.3, UR10).
func (m *Match) defenderNeeds(d int) bool {
	p := &m.seats[d]
	choice := false
	if p.Decline.Hand > 0 {
		switch n := bits.OnesCount64(m.held(d, true)); {
		case n == 0: // UR10
			p.Decline.Hand = 0
			m.checkGone(d, true)
		case n == 1:
			m.spread(d, true, p.Decline.Hand)
		default:
			choice = true
		}
	}
	if m.t.lost&(1<<uint(d)) != 0 && p.Active.Hand > 0 {
		switch n := bits.OnesCount64(m.held(d, false)); {
		case n == 0: // U7.3: kept in hand
		case n == 1:
			m.spread(d, false, p.Active.Hand)
		default:
			choice = true
		}
	}
	return choice
}

// defenders runs U7.2 in seat order after the active seat (UR44), then
// scoring.
func (m *Match) defenders() []Event {
	n := len(m.seats)
	for k := 1; k < n; k++ {
		d := (m.active + k) % n
		if m.t.defended&(1<<uint(d)) != 0 {
			continue
		}
		if m.defenderNeeds(d) {
			m.step, m.defSeat = stepDefend, d
			return nil
		}
		m.t.defended |= 1 << uint(d)
	}
	return m.scoreTurn()
}

// finishDefence places a defender's remaining tokens and moves on.
func (m *Match) finishDefence() []Event {
	d := m.defSeat
	m.spread(d, true, m.seats[d].Decline.Hand)
	if m.t.lost&(1<<uint(d)) != 0 {
		m.spread(d, false, m.seats[d].Active.Hand)
	}
	m.t.defended |= 1 << uint(d)
	return m.defenders()
}

// scoreTurn is U9, then the Altar (U14.1).
func (m *Match) scoreTurn() []Event {
	evs := m.applyScore(m.score(m.active))
	if m.altarTargets() != 0 {
		m.step = stepAltar
		return evs
	}
	return append(evs, m.endTurn()...)
}

// altarTargets are the regions of the active seat's In Decline race when
// it occupies the Altar of Souls (U14.1, UR39).
func (m *Match) altarTargets() uint64 {
	if _, ok := m.placeFor(Altar, m.active, true); !ok {
		return 0
	}
	return m.held(m.active, true)
}

// altar is U14.1: one In Decline token discarded for 3 coins.
func (m *Match) altar(i int) ([]Event, error) {
	if m.altarTargets()&(1<<uint(i)) == 0 {
		return nil, rules.Refuse("U14.1", "%s holds none of your In Decline tokens", m.mp.ID(i))
	}
	r := &m.regions[i]
	r.Tokens--
	if r.Tokens == 0 {
		m.emptyRegion(i)
		m.checkGone(m.active, true)
	}
	m.seats[m.active].Coins += 3
	evs := []Event{{Kind: EvCoins, Seat: m.active, Coins: 3, Region: m.mp.ID(i), Rule: "U14.1", Text: "Altar of Souls"}}
	return append(evs, m.endTurn()...), nil
}

// endTurn returns the active seat's Vengeance markers (U16.9) and passes
// the turn (U3.1); after the last game turn the game ends (U10.1).
func (m *Match) endTurn() []Event {
	if d := m.seats[m.active].Decline; d.has() && m.inPlay(d.Race) == 0 {
		m.retire(m.active, true) // U13.19: a vanished race's banner returns after scoring
	}
	for i := range m.seats {
		m.seats[i].MarkedBy &^= 1 << uint(m.active)
	}
	m.active = (m.active + 1) % len(m.seats)
	if m.active == m.first {
		m.turn++
		if m.turn > m.mp.Turns {
			return m.gameOver()
		}
	}
	return m.startTurn()
}

// gameOver is U10: most coins; tie: most race tokens on the board; still
// tied: a shared win (UR13).
func (m *Match) gameOver() []Event {
	m.turn = m.mp.Turns
	m.over, m.step = true, stepOver
	var tokens []int
	m.final, tokens, m.winners = m.standings()
	return []Event{{Kind: EvOver, Finals: append([]int(nil), m.final...), OnBoard: tokens, Winners: append([]int(nil), m.winners...)}}
}

// standings are the coins of each seat now, its race tokens on the board
// (Active and In Decline: the tie-break) and the seats that would win if
// the game ended now: most coins; tie: most tokens; still tied: all of
// them (U10.2, UR13).
func (m *Match) standings() (coins, tokens, winners []int) {
	coins = make([]int, len(m.seats))
	tokens = make([]int, len(m.seats))
	for i := range m.seats {
		coins[i] = m.seats[i].Coins
	}
	for i := range m.regions {
		if o := m.regions[i].Owner; o >= 0 {
			tokens[o] += int(m.regions[i].Tokens)
		}
	}
	best := -1
	for i := range m.seats {
		if best < 0 || coins[i] > coins[best] || (coins[i] == coins[best] && tokens[i] > tokens[best]) {
			best = i
		}
	}
	for i := range m.seats {
		if coins[i] == coins[best] && tokens[i] == tokens[best] {
			winners = append(winners, i)
		}
	}
	return coins, tokens, winners
}

// decline is U8.2 (UR11): the old In Decline race leaves, the Active one
// turns over.
func (m *Match) decline(vanish bool) ([]Event, error) {
	s := m.active
	p := &m.seats[s]
	if vanish && !(m.hasPower(s, false, Vanishing) && p.Active.Power != Vanishing) {
		return nil, rules.Refuse("U14.8", "no Stonehedge Vanishing to use")
	}
	evs := []Event{{Kind: EvDecline, Seat: s, Race: p.Active.Race.String(), Power: p.Active.Power.String()}}
	if p.Decline.has() {
		m.retire(s, true)
	}
	tomb := m.hasPower(s, false, Tomb)
	vanishing := p.Active.Power == Vanishing || vanish
	held := m.held(s, false)
	for h := held; h != 0; h &= h - 1 {
		i := bits.TrailingZeros64(h)
		r := &m.regions[i]
		r.Decline = true
		switch {
		case vanishing: // U13.19
			m.t.vanished++
			m.emptyRegion(i)
		case !tomb: // U8.2 step 3
			r.Tokens = 1
		}
	}
	p.Decline = p.Active
	p.Decline.Hand = 0
	if p.Decline.Power != NoPower && !powerTable[p.Decline.Power].Keep {
		m.discard = append(m.discard, p.Decline.Power)
		p.Decline.Power = NoPower
	}
	p.Active = noSlot
	// U8.2 step 4: the old Active race's pieces leave.
	if int(m.fig.AncientSeat) == s {
		m.fig.Ancient, m.fig.AncientSeat, m.fig.AncientDue = -1, -1, false
	}
	if p.Decline.Race == Flames {
		m.fig.Volcano = -1
	}
	p.Hammers = 0
	if int(m.fig.BagSeat) == s {
		m.fig.Bag, m.fig.BagSeat, m.fig.BagCopy = -1, -1, NoMarker
	}
	m.armorIn -= p.ArmorHand
	p.ArmorHand = 0
	m.t.declined = true
	if m.held(s, true) == 0 && p.Decline.has() && !vanishing {
		m.retire(s, true)
	}
	m.step = stepRedeploy
	if !tomb || !m.redeployChoice() {
		return append(evs, m.finishRedeploy()...), nil
	}
	return evs, nil
}
