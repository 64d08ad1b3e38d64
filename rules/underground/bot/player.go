package bot

import (
	"math/bits"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground"
)

// level is what sets the computer players apart: how they value a combo,
// when they go In Decline, how far they plan a turn and how they place.
type level struct {
	name    string
	plan    planCfg
	pick    func(p *Player, m *model) int         // combo position
	decline func(p *Player, m *model) bool        // at the start of the turn
	smart   bool                                  // redeploys against threats, places figures, uses Places
	search  func(p *Player, m *model) (act, bool) // a turn search replacing the planner (hard)
	bold    bool                                  // rolls for the Wisps when it cannot lose, uses the Altar each turn (hard)
}

// Player is a computer player of level easy, normal or hard. It reads only
// its seat's View; every move it returns is one of the view's legal moves,
// or the whole-map redeploy that Legal's documentation accepts. It is
// deterministic: the same views give the same moves.
type Player struct {
	seat int
	lv   *level
	turn int // the turn whose hammers are counted
	ham  int // Silver Hammers left this turn (U12.5)
	// The rest of this turn's plan, kept while the view is the one the
	// plan expects (its regions, hand and face-down markers).
	plan                []act
	planned             bool // plan is this turn's, and ends with its end
	planMine            uint64
	planHand, planDrawn int
}

func newPlayer(lv *level, seat int, _ uint64) *Player {
	return &Player{seat: seat, lv: lv, turn: -1}
}

// Observe ignores events: the view says all the player needs.
func (p *Player) Observe(rules.Event) {}

// Choose returns the player's move for the view.
func (p *Player) Choose(rv rules.View) rules.Move {
	var v underground.View
	switch x := rv.(type) {
	case underground.View:
		v = x
	case *underground.View:
		v = *x
	default:
		return underground.Move{End: true}
	}
	if len(v.Legal) == 0 {
		return underground.Move{End: true}
	}
	m := newModel(&v)
	if m == nil {
		return v.Legal[0]
	}
	if mv, ok := p.choose(m); ok {
		return mv
	}
	return v.Legal[0]
}

func (p *Player) choose(m *model) (underground.Move, bool) {
	v := m.v
	switch v.Step {
	case "decide":
		if m.turnsLft > 1 && p.lv.decline(p, m) {
			return find(v.Legal, func(mv underground.Move) bool { return mv.Decline && !mv.Vanish })
		}
		return underground.Move{End: true}, true
	case "pick":
		pos := p.lv.pick(p, m)
		return find(v.Legal, func(mv underground.Move) bool { return mv.Pick != nil && *mv.Pick == pos })
	case "swap":
		if p.lv.smart {
			return p.swap(m)
		}
	case "volcano":
		return p.volcano(m)
	case "reborn":
		if p.lv.smart {
			return p.reborn(m)
		}
	case "conquer":
		return p.conquer(m)
	case "balrog":
		return p.balrog(m)
	case "redeploy":
		if p.lv.smart && m.race != underground.NoRace && v.Seats[m.me].Active != nil {
			return p.redeploy(m), true
		}
	case "place":
		if p.lv.smart {
			return p.place(m)
		}
	case "altar":
		if p.lv.smart {
			return p.altar(m)
		}
	}
	return underground.Move{}, false
}

// find returns the first legal move that ok accepts.
func find(legal []underground.Move, ok func(underground.Move) bool) (underground.Move, bool) {
	for _, mv := range legal {
		if ok(mv) {
			return mv, true
		}
	}
	return underground.Move{}, false
}

// conquer plays the next act of the turn's best plan (U5, U5.7).
func (p *Player) conquer(m *model) (underground.Move, bool) {
	if p.turn != m.v.Turn {
		p.turn, p.ham, p.plan, p.planned = m.v.Turn, m.v.Seats[m.me].Hammers, nil, false
	}
	expected := p.turn == m.v.Turn && p.planned && m.mine == p.planMine && m.hand == p.planHand &&
		m.v.MarkersLeft == p.planDrawn
	if !expected {
		p.replan(m)
	}
	for try := 0; try < 2; try++ {
		if len(p.plan) == 0 {
			return underground.Move{End: true}, true
		}
		a := p.plan[0]
		if mv, ok := p.wispsRoll(m, a); ok {
			// The roll changes the hand: the plan is searched again.
			p.plan, p.planned = nil, false
			return mv, true
		}
		if mv, ok := actMove(m, a); ok {
			p.plan = p.plan[1:]
			p.planMine, p.planHand, p.planDrawn = m.mine|1<<uint(a.region), m.hand-a.need, m.v.MarkersLeft
			if a.kind == 'v' || a.kind == 'o' {
				p.planHand = m.hand // U13.18: the token comes from the tray
			}
			p.ham = max(0, p.ham-a.ham)
			return mv, true
		}
		p.replan(m) // the view differs from what the plan expected
	}
	return underground.Move{End: true}, true
}

func (p *Player) replan(m *model) {
	cfg := p.lv.plan
	if m.turnsLft == 1 && p.lv.smart {
		// The last turn: only this turn's coins count, none of what the
		// regions will face later.
		cfg.expose, cfg.harm, cfg.lead, cfg.opening, cfg.leftover = 0, 0, 0, 0, 0
	}
	seq, _ := newPlanner(m, cfg, readRoot(m.v.Legal, m)).run(m.hand, p.ham)
	p.plan, p.planned = append(p.plan[:0], seq...), true
}

// actMove is the legal move that plays act a.
func actMove(m *model, a act) (underground.Move, bool) {
	id := m.mp.ID(a.region)
	return find(m.v.Legal, func(mv underground.Move) bool {
		switch a.kind {
		case 'c':
			return mv.Conquer == id && withIs(mv.With, a.with)
		case 'f':
			return mv.Final == id && withIs(mv.With, a.with)
		case 'v':
			return mv.Vampire == id
		}
		return mv.Orb == id
	})
}

// withIs reports whether a move's relic list is the single use w, or
// empty when w is "".
func withIs(with []string, w string) bool {
	if w == "" {
		return len(with) == 0
	}
	return len(with) == 1 && with[0] == w
}

// balrog sends the Balrog where it hurts an opponent most (U16.2).
func (p *Player) balrog(m *model) (underground.Move, bool) {
	best, bestV := -1, -1e9
	for k, mv := range m.v.Legal {
		i := m.mp.Index(mv.Balrog)
		if mv.Balrog == "" || i < 0 {
			continue
		}
		val := 0.0
		if o := int(m.owner[i]); o >= 0 && m.tokens[i] > 0 {
			if o == m.me {
				val = -5 - float64(m.tokens[i])
			} else {
				val = float64(m.tokens[i]) + 1
				if !m.decl[i] {
					val += 1
				}
			}
		}
		if val > bestV {
			best, bestV = k, val
		}
	}
	if best < 0 {
		return underground.Move{}, false
	}
	return m.v.Legal[best], true
}

// volcano puts the Volcano by the most land (U12.3).
func (p *Player) volcano(m *model) (underground.Move, bool) {
	best, bestN := -1, -1
	for k, mv := range m.v.Legal {
		i := m.mp.Index(mv.Volcano)
		if mv.Volcano == "" || i < 0 {
			continue
		}
		n := 0
		for s := m.mp.AdjMask[i] & m.land; s != 0; s &= s - 1 {
			j := bits.TrailingZeros64(s)
			n += 2 + int(m.monsters[j]) + int(m.tokens[j])
		}
		if n > bestN {
			best, bestN = k, n
		}
	}
	if best < 0 {
		return underground.Move{}, false
	}
	return m.v.Legal[best], true
}

// swap takes the best badge in view for the Shadow Mimes (U12.12).
func (p *Player) swap(m *model) (underground.Move, bool) {
	best, bestV := -1, powerWorth(m.power, m)+float64(badgeOf(m.power))
	for k, mv := range m.v.Legal {
		if mv.Swap == nil || *mv.Swap >= len(m.v.Market) {
			continue
		}
		q := parsePower(m.v.Market[*mv.Swap].Power)
		if w := powerWorth(q, m) + float64(badgeOf(q)); w > bestV+0.5 {
			best, bestV = k, w
		}
	}
	if best < 0 {
		return underground.Move{End: true}, true
	}
	return m.v.Legal[best], true
}

// reborn takes the Reborn replacement on the regions with most room around
// them (U13.12).
func (p *Player) reborn(m *model) (underground.Move, bool) {
	best, bestV := -1, 0
	for k, mv := range m.v.Legal {
		if len(mv.Reborn) == 0 {
			continue
		}
		val := 0
		for _, id := range mv.Reborn {
			i := m.mp.Index(id)
			val += 3 + bits.OnesCount64(m.mp.AdjMask[i]&m.land)
		}
		if val > bestV {
			best, bestV = k, val
		}
	}
	if best < 0 {
		return underground.Move{End: true}, true
	}
	return m.v.Legal[best], true
}

// redeploy spreads every token over the held regions, the exposed and
// valuable ones first (U7.5, UR43), in one whole-map move.
func (p *Player) redeploy(m *model) underground.Move {
	held := m.mine
	if held == 0 {
		return underground.Move{End: true}
	}
	total := m.hand
	var weight [64]float64
	var count [64]int
	for s := held; s != 0; s &= s - 1 {
		i := bits.TrailingZeros64(s)
		total += int(m.tokens[i])
		count[i] = 1
		weight[i] = 0.2 + float64(m.threat(i))*(0.5+m.worth(i))
	}
	for left := total - bits.OnesCount64(held); left > 0; left-- {
		best, bestV := -1, -1.0
		for s := held; s != 0; s &= s - 1 {
			i := bits.TrailingZeros64(s)
			if w := weight[i] / float64(count[i]*count[i]); w > bestV {
				best, bestV = i, w
			}
		}
		count[best]++
	}
	out := map[string]int{}
	for s := held; s != 0; s &= s - 1 {
		i := bits.TrailingZeros64(s)
		out[m.mp.ID(i)] = count[i]
	}
	return underground.Move{Redeploy: out}
}

// place puts the end-of-turn figures: the Queen and the Ghost on the most
// exposed valuable region, the Scepter on the richest, the Ring where most
// opponents border it (U3.2 step 4).
func (p *Player) place(m *model) (underground.Move, bool) {
	best, bestV := -1, 0.0
	for k, mv := range m.v.Legal {
		for what, id := range mv.Place {
			i := m.mp.Index(id)
			if i < 0 {
				continue
			}
			var val float64
			switch what {
			case "queen", "ghost":
				val = float64(m.threat(i))*m.worth(i) + float64(m.tokens[i])*0.1
				if o := int(m.owner[i]); what == "ghost" && o != m.me {
					val = 0
				}
			case "scepter", "bag:scepter":
				val = m.worth(i)
			default:
				val = float64(m.threat(i))
			}
			if val > bestV {
				best, bestV = k, val
			}
		}
	}
	if best < 0 {
		return underground.Move{End: true}, true
	}
	return m.v.Legal[best], true
}

// wispsRoll is the Will-o'-Wisps roll before conquest a when the hand
// covers the full cost: the roll can only lower it, and a success does not
// end the conquests (U12.15), so it saves a token on average at no risk.
func (p *Player) wispsRoll(m *model, a act) (underground.Move, bool) {
	if !p.lv.bold || a.kind != 'c' || a.with != "" || a.ham > 0 {
		return underground.Move{}, false
	}
	id := m.mp.ID(a.region)
	if _, ok := find(m.v.Legal, func(mv underground.Move) bool { return mv.Conquer == id && len(mv.With) == 0 }); !ok {
		return underground.Move{}, false // the hand does not cover the full cost
	}
	return find(m.v.Legal, func(mv underground.Move) bool { return mv.Wisps == id })
}

// altar trades an In Decline token for 3 coins when the region keeps
// another, or late in the game (U14.1); a bold player trades one every
// turn, a region's last token where it is most threatened: an In Decline
// region seldom scores 3 more coins.
func (p *Player) altar(m *model) (underground.Move, bool) {
	if p.lv.bold {
		best, bestV := -1, -1e9
		for k, mv := range m.v.Legal {
			i := m.mp.Index(mv.Altar)
			if mv.Altar == "" || i < 0 {
				continue
			}
			v := float64(m.threat(i))
			if m.tokens[i] > 1 {
				v += 100
			}
			if v > bestV {
				best, bestV = k, v
			}
		}
		if best >= 0 {
			return m.v.Legal[best], true
		}
	}
	for _, mv := range m.v.Legal {
		if i := m.mp.Index(mv.Altar); mv.Altar != "" && i >= 0 && (m.tokens[i] > 1 || m.turnsLft <= 3) {
			return mv, true
		}
	}
	return underground.Move{End: true}, true
}
