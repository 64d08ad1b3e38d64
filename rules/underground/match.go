package underground

import (
	"math/bits"

	"github.com/goldvein/goldvein/rules"
)

// ToMove is the active seat, or a defender placing returned tokens (U7.2);
// none once the game is over.
func (m *Match) ToMove() []int {
	switch {
	case m.over:
		return nil
	case m.step == stepDefend:
		return []int{m.defSeat}
	}
	return []int{m.active}
}

func (m *Match) mover() int {
	if m.step == stepDefend {
		return m.defSeat
	}
	return m.active
}

// Step changes with every accepted move.
func (m *Match) Step() int { return m.stepN }

// Over reports whether the game has ended (U10).
func (m *Match) Over() bool { return m.over }

// Scores are the final coins by seat (U10.1), nil before the end.
func (m *Match) Scores() []int {
	if !m.over {
		return nil
	}
	return append([]int(nil), m.final...)
}

// Winners are the seats that won after the tie-break (U10.2, UR13).
func (m *Match) Winners() []int {
	if !m.over {
		return nil
	}
	return append([]int(nil), m.winners...)
}

// region reads a region id of a move.
func (m *Match) region(id string) (int, error) {
	i := m.mp.Index(id)
	if i < 0 {
		return -1, rules.Refuse("U11", "no region %q on this map", id)
	}
	return i, nil
}

// Apply plays seat's move. A refused move returns a *rules.RuleError
// citing the rule and changes nothing.
func (m *Match) Apply(seat int, mv rules.Move) ([]rules.Event, error) {
	var x Move
	switch v := mv.(type) {
	case Move:
		x = v
	case *Move:
		x = *v
	default:
		return nil, rules.Refuse("U3.2", "not an Underground move")
	}
	before := m.noteBefore(seat)
	evs, err := m.apply(seat, x)
	if err != nil {
		return nil, err
	}
	m.noteAfter(before, evs)
	out := make([]rules.Event, len(evs))
	for i, e := range evs {
		out[i] = e
	}
	return out, nil
}

// apply is Apply with the game's own types; on a refusal the match is
// restored.
func (m *Match) apply(seat int, mv Move) ([]Event, error) {
	if m.over {
		return nil, rules.Refuse("U10.1", "the game is over")
	}
	if seat != m.mover() {
		return nil, rules.Refuse("U3.2", "seat %d does not owe a move (seat %d does)", seat, m.mover())
	}
	if err := mv.validate(); err != nil {
		return nil, rules.Refuse("U3.2", "%v", err)
	}
	saved := m.backup
	if saved == nil {
		saved = &Match{}
	}
	m.backup = nil
	m.copyInto(saved)
	evs, err := m.dispatch(mv)
	if err != nil {
		fixed := m.fixed
		saved.copyInto(m)
		m.fixed = fixed
		m.backup = saved
		return nil, err
	}
	m.backup = saved
	m.stepN++
	return evs, nil
}

// stepRule is the rule each step belongs to, for refusals.
var stepRule = [...]string{stepNone: "U3.2", stepDecide: "U3.3", stepPick: "U4.1", stepSwap: "U12.12",
	stepVolcano: "U12.3", stepReborn: "U13.12", stepAncient: "U16.3", stepConquer: "U5", stepBalrog: "U16.2",
	stepRedeploy: "U7.5", stepPlace: "U3.2", stepDefend: "U7.2", stepAltar: "U14.1", stepOver: "U10.1"}

func (m *Match) wrongStep(kind string) error {
	return rules.Refuse(stepRule[m.step], "%s is not a move of the %s step", kind, m.step)
}

func (m *Match) dispatch(mv Move) ([]Event, error) {
	kind := mv.Kind()
	uses, _ := parseUses(mv.With)
	regionOf := func(id string) (int, error) { return m.region(id) }
	switch m.step {
	case stepDecide:
		switch kind {
		case "end":
			return m.preConquest(), nil
		case "decline":
			return m.decline(mv.Vanish)
		case "balrog": // U16.2: at any one moment of the turn
			return m.balrogMove(mv.Balrog)
		}
	case stepPick:
		if kind == "pick" {
			evs, err := m.pick(*mv.Pick)
			if err != nil {
				return nil, err
			}
			if m.step == stepPick {
				return append(evs, m.preConquest()...), nil
			}
			if m.step == stepVolcano && m.mp.VolcanoMask() == 0 {
				return append(evs, m.afterPick()...), nil
			}
			return evs, nil
		}
	case stepSwap:
		switch kind {
		case "end":
			return m.afterPick(), nil
		case "swap":
			j := *mv.Swap
			if j >= len(m.offer) {
				return nil, rules.Refuse("U12.12", "position %d is not in view", j)
			}
			p := &m.seats[m.active].Active
			p.Power, m.offer[j].Power = m.offer[j].Power, p.Power
			ev := Event{Kind: EvSwap, Seat: m.active, Pos: j, Power: p.Power.String(), Rule: "U12.12"}
			return append([]Event{ev}, m.afterPick()...), nil
		}
	case stepVolcano:
		if kind == "volcano" {
			i, err := regionOf(mv.Volcano)
			if err != nil {
				return nil, err
			}
			if !m.mp.Volcano(i) {
				return nil, rules.Refuse("U11.5", "%s is not a chasm with a Volcano symbol", mv.Volcano)
			}
			m.fig.Volcano = int8(i)
			ev := Event{Kind: EvVolcano, Seat: m.active, Region: mv.Volcano, Rule: "U12.3"}
			return append([]Event{ev}, m.afterPick()...), nil
		}
	case stepReborn:
		switch kind {
		case "end":
			return m.afterReborn(), nil
		case "reborn":
			return m.reborn(mv.Reborn)
		}
	case stepAncient:
		switch kind {
		case "end":
			return m.beginConquest(), nil
		case "ancient":
			i, err := regionOf(mv.Ancient)
			if err != nil {
				return nil, err
			}
			if m.ancientTargets()&(1<<uint(i)) == 0 {
				return nil, rules.Refuse("U16.3", "the Great Ancient goes into a Cultists region without another figure")
			}
			m.fig.Ancient = int8(i)
			ev := Event{Kind: EvAncient, Seat: m.active, Region: mv.Ancient, Rule: "U16.3"}
			return append([]Event{ev}, m.beginConquest()...), nil
		}
	case stepConquer:
		return m.conquestMove(kind, mv, uses)
	case stepBalrog:
		if kind == "balrog" {
			i, err := regionOf(mv.Balrog)
			if err != nil {
				return nil, err
			}
			evs, err := m.sendBalrog(i)
			if err != nil {
				return nil, err
			}
			m.t.balrogDue = false
			m.step = stepConquer
			if m.t.rolled {
				evs = append(evs, m.endConquests()...)
			}
			return evs, nil
		}
	case stepRedeploy, stepDefend:
		if kind == "balrog" && m.step == stepRedeploy {
			return m.balrogMove(mv.Balrog)
		}
		return m.redeployMove(kind, mv)
	case stepPlace:
		switch kind {
		case "end":
			return m.defenders(), nil
		case "balrog":
			return m.balrogMove(mv.Balrog)
		case "place":
			for w, id := range mv.Place {
				i, err := regionOf(id)
				if err != nil {
					return nil, err
				}
				return m.place(w, i)
			}
		}
	case stepAltar:
		switch kind {
		case "end":
			return m.endTurn(), nil
		case "altar":
			i, err := regionOf(mv.Altar)
			if err != nil {
				return nil, err
			}
			return m.altar(i)
		}
	}
	return nil, m.wrongStep(kind)
}

// conquestMove is a move of the conquest phase (U5, U6).
func (m *Match) conquestMove(kind string, mv Move, uses []use) ([]Event, error) {
	target := map[string]string{"conquer": mv.Conquer, "final": mv.Final, "wisps": mv.Wisps,
		"vampire": mv.Vampire, "orb": mv.Orb, "abandon": mv.Abandon}[kind]
	i := -1
	if target != "" {
		var err error
		if i, err = m.region(target); err != nil {
			return nil, err
		}
	}
	switch kind {
	case "end":
		return m.endConquests(), nil
	case "conquer":
		return m.conquer(i, uses)
	case "final":
		return m.finalConquest(i, uses)
	case "wisps":
		return m.wispsRoll(i, uses)
	case "vampire":
		return m.substitute(i, false, uses)
	case "orb":
		return m.substitute(i, true, uses)
	case "abandon":
		return m.abandon(i)
	case "balrog":
		return m.balrogMove(mv.Balrog)
	}
	return nil, m.wrongStep(kind)
}

// balrogMove is the Pentacle occupant's move of the Balrog, once a turn
// (U16.2, UR32).
func (m *Match) balrogMove(id string) ([]Event, error) {
	i, err := m.region(id)
	if err != nil {
		return nil, err
	}
	if _, ok := m.placeFor(Pentacle, m.active, false); !ok || m.t.used&usedBalrog != 0 {
		return nil, rules.Refuse("U16.2", "the Balrog moves once a turn for the Active occupant of the Wickedest Pentacle")
	}
	m.t.used |= usedBalrog
	return m.sendBalrog(i)
}

// reborn is U13.12 (UR27).
func (m *Match) reborn(ids []string) ([]Event, error) {
	s := m.active
	p := &m.seats[s]
	seen := uint64(0)
	for _, id := range ids {
		i, err := m.region(id)
		if err != nil {
			return nil, err
		}
		if o, d := m.occupant(i); o != s || !d || seen&(1<<uint(i)) != 0 {
			return nil, rules.Refuse("U13.12", "%s is not a region of your In Decline Reborn race", id)
		}
		if m.mp.IsRiver(i) && p.Active.Race != Kraken {
			return nil, rules.Refuse("UR27", "only an Active Kraken race may be reborn in a River region")
		}
		seen |= 1 << uint(i)
	}
	var evs []Event
	for h := seen; h != 0; h &= h - 1 {
		i := bits.TrailingZeros64(h)
		if m.tray(p.Active.Race) == 0 {
			if p.Active.Hand == 0 {
				return nil, rules.Refuse("U4.3", "no %s token left for %s", p.Active.Race.Name(), m.mp.ID(i))
			}
			p.Active.Hand--
		}
		m.emptyRegion(i)
		r := &m.regions[i]
		r.Owner, r.Decline, r.Tokens = int8(s), false, 1
		evs = append(evs, Event{Kind: EvReborn, Seat: s, Region: m.mp.ID(i), Rule: "U13.12"})
	}
	m.checkGone(s, true)
	return append(evs, m.afterReborn()...), nil
}

// redeployMove is a move of the active seat's redeployment (U7.5) or of a
// defender's (U7.2).
func (m *Match) redeployMove(kind string, mv Move) ([]Event, error) {
	defending := m.step == stepDefend
	seat := m.mover()
	finish := func() []Event {
		if defending {
			return m.finishDefence()
		}
		return m.finishRedeploy()
	}
	// race returns the slot whose tokens region i holds for this step.
	race := func(id string) (int, *slot, bool, error) {
		i, err := m.region(id)
		if err != nil {
			return -1, nil, false, err
		}
		o, d := m.occupant(i)
		if o != seat {
			return -1, nil, false, rules.Refuse(stepRule[m.step], "%s is not yours", id)
		}
		if !defending {
			if _, rd := m.rslot(); d != rd {
				return -1, nil, false, rules.Refuse("U7.8", "%s holds your other race", id)
			}
		} else if !d && m.t.lost&(1<<uint(seat)) == 0 {
			return -1, nil, false, rules.Refuse("U7.2", "%s: your Active race has nothing to place", id)
		}
		return i, m.slotOf(seat, d), d, nil
	}
	switch kind {
	case "end":
		return finish(), nil
	case "deploy":
		i, sl, _, err := race(mv.Deploy)
		if err != nil {
			return nil, err
		}
		if sl.Hand == 0 {
			return nil, rules.Refuse(stepRule[m.step], "no token in hand")
		}
		sl.Hand--
		m.regions[i].Tokens++
		return m.afterDeploy(defending), nil
	case "lift":
		if defending {
			break
		}
		i, sl, _, err := race(mv.Lift)
		if err != nil {
			return nil, err
		}
		if m.regions[i].Tokens < 2 {
			return nil, rules.Refuse("U7.5", "%s must keep one token", mv.Lift)
		}
		m.regions[i].Tokens--
		sl.Hand++
		return nil, nil
	case "armor":
		if defending {
			break
		}
		i, _, d, err := race(mv.Armor)
		if err != nil {
			return nil, err
		}
		if d || m.seats[seat].ArmorHand == 0 {
			return nil, rules.Refuse("U13.14", "no Mushroom Armor to place")
		}
		m.seats[seat].ArmorHand--
		m.regions[i].Armor++
		return []Event{armorPlaced(seat, mv.Armor, 1)}, nil
	case "redeploy":
		return m.redeployAll(seat, defending, mv.Redeploy)
	}
	return nil, m.wrongStep(kind)
}

// afterDeploy ends a defender's step once nothing is left to place.
func (m *Match) afterDeploy(defending bool) []Event {
	if defending {
		d := m.defSeat
		if m.seats[d].Decline.Hand == 0 && (m.t.lost&(1<<uint(d)) == 0 || m.seats[d].Active.Hand == 0) {
			return m.finishDefence()
		}
	}
	return nil
}

// redeployAll sets a whole redeployment: for the active seat every held
// region's final count (U7.5, UR43); for a defender the tokens added to
// each region (U7.2).
func (m *Match) redeployAll(seat int, defending bool, counts map[string]int) ([]Event, error) {
	rule := "U7.5"
	if defending {
		rule = "U7.2"
	}
	if defending {
		for _, id := range sortedKeys(counts) {
			i, err := m.region(id)
			if err != nil {
				return nil, err
			}
			o, d := m.occupant(i)
			if o != seat || (!d && m.t.lost&(1<<uint(seat)) == 0) {
				return nil, rules.Refuse(rule, "%s is not a region of a race with tokens to place", id)
			}
			sl := m.slotOf(seat, d)
			if counts[id] > sl.Hand {
				return nil, rules.Refuse(rule, "%s: %d tokens, %d in hand", id, counts[id], sl.Hand)
			}
			sl.Hand -= counts[id]
			m.regions[i].Tokens += int8(counts[id])
		}
		return m.finishDefence(), nil
	}
	sl, d := m.rslot()
	held := m.held(seat, d)
	total := sl.Hand
	for h := held; h != 0; h &= h - 1 {
		total += int(m.regions[bits.TrailingZeros64(h)].Tokens)
	}
	var named uint64
	sum := 0
	for _, id := range sortedKeys(counts) {
		i, err := m.region(id)
		if err != nil {
			return nil, err
		}
		if held&(1<<uint(i)) == 0 {
			return nil, rules.Refuse(rule, "%s is not held by the race being redeployed", id)
		}
		if counts[id] < 1 {
			return nil, rules.Refuse(rule, "%s must keep at least one token (U7.5)", id)
		}
		named |= 1 << uint(i)
		sum += counts[id]
	}
	if named != held {
		return nil, rules.Refuse(rule, "name every held region: nothing may be abandoned now")
	}
	if sum != total {
		return nil, rules.Refuse("UR43", "%d tokens placed, %d to place: every token is placed", sum, total)
	}
	for _, id := range sortedKeys(counts) {
		m.regions[m.mp.Index(id)].Tokens = int8(counts[id])
	}
	sl.Hand = 0
	return append([]Event{{Kind: EvRedeploy, Seat: seat, Tokens: total}}, m.finishRedeploy()...), nil
}
