package bot

import (
	"math/bits"
	"slices"
	"strings"

	"github.com/goldvein/goldvein/rules/underground"
)

// dieAtLeast[s] is the chance that the reinforcement die (U1.6: 0, 0, 0,
// 1, 2, 3) covers a shortfall of s.
var dieAtLeast = [4]float64{1, 3.0 / 6, 2.0 / 6, 1.0 / 6}

// planCfg tunes the turn planner of a level.
type planCfg struct {
	branch   int     // candidates tried at each step of the sequence
	budget   int     // nodes searched per plan
	harm     float64 // value of taking a region from an opponent
	lead     float64 // extra harm per coin-rank of the victim (hard)
	leftover float64 // value of a token left for redeployment
	expose   float64 // cost per opponent border of a thin new region
	opening  float64 // value of each cheap region a conquest brings in reach
	cheap    bool    // rank targets by cost alone (easy)
	relics   bool    // conquers with the Sword, the Socks and the Doormat (hard)
}

// act is one conquest of a plan.
type act struct {
	kind   byte // 'c' conquer, 'f' final with the die, 'v' vampire, 'o' orb
	region int
	need   int    // tokens from hand
	ham    int    // Silver Hammers used
	with   string // the relic used (U15.1, U15.3, U15.6), "" none
}

// planner searches the sequence of conquests for one turn (U5) on the
// model: depth-first over the most promising affordable targets, the final
// die attempt valued by its chance at each leaf.
type planner struct {
	m       *model
	cfg     planCfg
	gain    [64]float64
	root    *rootMoves
	seq     []act
	best    []act
	bestVal float64
	nodes   int
	static  bool // costs do not depend on the regions held (all but the Flames)
	costs   [64]int
	threat  [64]int
	uses    []byte // the relics usable this turn, by the root's use index: 'w' Sword, 's' Socks, 'd' Doormat
	socks   [64]int
}

// rootMoves are the legal conquest moves of the view, by region: the plan's
// first act must be one of them.
type rootMoves struct {
	conquer, final, vampire, orb uint64
	orbWith                      map[int][]string
	// The conquests and final attempts with one relic, by its use code
	// ("sword", "bag:socks"...), in the order met.
	uses              []string
	relConq, relFinal []uint64
}

// useIndex is the index of use code w in r.uses, added when new.
func (r *rootMoves) useIndex(w string) int {
	for k, u := range r.uses {
		if u == w {
			return k
		}
	}
	r.uses = append(r.uses, w)
	r.relConq, r.relFinal = append(r.relConq, 0), append(r.relFinal, 0)
	return len(r.uses) - 1
}

func readRoot(legal []underground.Move, m *model) *rootMoves {
	r := &rootMoves{}
	for _, mv := range legal {
		idx := func(id string) uint64 {
			i := m.mp.Index(id)
			if i < 0 {
				return 0
			}
			return 1 << uint(i)
		}
		switch {
		case mv.Conquer != "" && len(mv.With) == 0:
			r.conquer |= idx(mv.Conquer)
		case mv.Final != "" && len(mv.With) == 0:
			r.final |= idx(mv.Final)
		case mv.Conquer != "" && len(mv.With) == 1:
			k := r.useIndex(mv.With[0])
			r.relConq[k] |= idx(mv.Conquer)
		case mv.Final != "" && len(mv.With) == 1:
			k := r.useIndex(mv.With[0])
			r.relFinal[k] |= idx(mv.Final)
		case mv.Vampire != "":
			r.vampire |= idx(mv.Vampire)
		case mv.Orb != "":
			if r.orbWith == nil {
				r.orbWith = map[int][]string{}
			}
			i := m.mp.Index(mv.Orb)
			if _, ok := r.orbWith[i]; !ok {
				r.orbWith[i] = mv.With
			}
			r.orb |= idx(mv.Orb)
		}
	}
	return r
}

// rankOf orders the opponents by what they have shown: the sum of their
// tokens on the board, a proxy of their coins, which are hidden.
func rankOf(m *model) []float64 {
	w := make([]float64, len(m.v.Seats))
	for i := 0; i < m.n; i++ {
		if o := int(m.owner[i]); o >= 0 && o != m.me {
			w[o] += 1
		}
	}
	return w
}

func newPlanner(m *model, cfg planCfg, root *rootMoves) *planner {
	p := &planner{m: m, cfg: cfg, root: root, static: m.race != underground.Flames}
	if cfg.relics && root != nil {
		for _, w := range root.uses {
			k := byte(0)
			switch strings.TrimPrefix(w, "bag:") {
			case "sword":
				k = 'w'
			case "socks":
				k = 's'
			case "doormat":
				k = 'd'
			}
			p.uses = append(p.uses, k)
		}
	}
	ranks := rankOf(m)
	for i := 0; i < m.n; i++ {
		g := m.worth(i)
		if o := int(m.owner[i]); o >= 0 && m.tokens[i] > 0 {
			switch {
			case o == m.me: // U7.4: my own In Decline tokens are lost
				g -= 1
			case m.decl[i]:
				g += cfg.harm * 0.6
			default:
				g += cfg.harm + cfg.lead*ranks[o]/float64(m.n)
			}
		}
		p.gain[i] = g
		p.threat[i] = m.threat(i)
		if p.static {
			p.costs[i] = m.cost(i, m.mine)
			if len(p.uses) > 0 {
				p.socks[i] = p.socksCost(i, m.mine)
			}
		}
	}
	return p
}

func (p *planner) costAt(i int, held uint64) int {
	if p.static {
		return p.costs[i]
	}
	return p.m.cost(i, held)
}

// socksCost is the cost of region i as if it were empty (U15.3): its
// Monsters, tokens and armor add nothing (a linked Flames region already
// counts none of them, U12.3).
func (p *planner) socksCost(i int, held uint64) int {
	m := p.m
	c := m.cost(i, held)
	if m.race == underground.Flames && m.flamesLinked(i, held) {
		return c
	}
	return max(c-int(m.armor[i])-int(m.monsters[i])-int(m.tokens[i]), 1)
}

// relicCost is the cost of region i with the relic of use k when my race
// holds held and reaches reach, and whether the relic may be used there:
// the Sword and the Socks on a region in reach, the Doormat on one out of
// reach, none on a Gnome-guarded region (U15.1, U15.3, U15.6).
func (p *planner) relicCost(k, i int, held, reach uint64) (int, bool) {
	if p.m.guarded(i) {
		return 0, false
	}
	near := reach&(1<<uint(i)) != 0
	switch p.uses[k] {
	case 'w':
		return max(p.costAt(i, held)-2, 1), near
	case 's':
		if p.static {
			return p.socks[i], near
		}
		return p.socksCost(i, held), near
	case 'd':
		return p.costAt(i, held), !near
	}
	return 0, false
}

// hammers is how many Silver Hammers pay toward cost c at region i (U12.5).
func (p *planner) hammers(i, c, ham int) int {
	if ham == 0 || p.m.race != underground.Dwarves || p.m.guarded(i) {
		return 0
	}
	return min(ham, c-1)
}

type cand struct {
	a     act
	score float64
}

// run searches from the view's state and returns the best plan (empty:
// end the conquests now) and its value.
func (p *planner) run(hand, ham int) ([]act, float64) {
	p.bestVal = -1e9
	p.dfs(p.m.mine, hand, ham, 0, 0, 0, p.root != nil)
	return p.best, p.bestVal
}

// dfs searches on from the regions held, the tokens in hand, the Silver
// Hammers left, the tokens parked on River regions, the value so far and
// the relics used (a bit per use index).
func (p *planner) dfs(held uint64, hand, ham, river int, val float64, used uint8, root bool) {
	p.nodes++
	m := p.m
	reach := m.reach(held) &^ held
	// The leaf: stop here, or try the final die on the best shortfall.
	leaf := val + p.cfg.leftover*float64(hand+river) - p.exposure(held)
	var dieAct act
	dieBest := 0.0
	if hand > 0 {
		try := func(i, c, k int) {
			short := c - p.hammers(i, c, ham) - hand
			if short < 1 || short > 3 {
				return
			}
			if e := dieAtLeast[short] * (p.gain[i] - p.cfg.expose*float64(p.threat[i])/float64(c)); e > dieBest {
				dieBest, dieAct = e, act{kind: 'f', region: i, need: hand}
				if k >= 0 {
					dieAct.with = p.root.uses[k]
				}
			}
		}
		for s := reach; s != 0; s &= s - 1 {
			i := bits.TrailingZeros64(s)
			if !m.targetable(i) || (root && p.root.final&(1<<uint(i)) == 0) {
				continue
			}
			try(i, p.costAt(i, held), -1)
		}
		for k := range p.uses {
			if used&(1<<uint(k)) != 0 {
				continue
			}
			for s := m.land &^ held; s != 0; s &= s - 1 {
				i := bits.TrailingZeros64(s)
				if !m.targetable(i) || (root && p.root.relFinal[k]&(1<<uint(i)) == 0) {
					continue
				}
				if c, ok := p.relicCost(k, i, held, reach); ok {
					try(i, c, k)
				}
			}
		}
	}
	if dieBest > 0 && leaf+dieBest > p.bestVal {
		p.bestVal = leaf + dieBest
		p.best = append(append(p.best[:0], p.seq...), dieAct)
	} else if leaf > p.bestVal {
		p.bestVal = leaf
		p.best = append(p.best[:0], p.seq...)
	}
	if hand == 0 || p.nodes >= p.cfg.budget {
		return
	}
	var cs [128]cand
	n := 0
	score := func(i, need int) float64 {
		g := p.gain[i]
		if g <= 0 {
			g = 0.05 // a River stepping stone (U11.2)
		}
		g += p.cfg.opening * float64(bits.OnesCount64(m.mp.AdjMask[i]&m.land&^held&^reach))
		sc := g / float64(max(need, 1))
		if p.cfg.cheap {
			sc = 1 / float64(max(need, 1))
			if m.mp.IsRiver(i) && !m.keepsRiver() {
				sc = 0
			}
		}
		return sc
	}
	for s := reach; s != 0; s &= s - 1 {
		i := bits.TrailingZeros64(s)
		if !m.targetable(i) {
			continue
		}
		c := p.costAt(i, held)
		h := p.hammers(i, c, ham)
		need := c - h
		bit := uint64(1) << uint(i)
		if root {
			switch {
			case p.root.vampire&bit != 0 || p.root.orb&bit != 0:
				kind := byte('v')
				if p.root.vampire&bit == 0 {
					kind = 'o'
				}
				cs[n] = cand{act{kind: kind, region: i}, (p.gain[i] + 1) * 4}
				n++
				continue
			case p.root.conquer&bit == 0:
				continue
			}
			need = min(need, hand)
		} else if need > hand {
			continue
		}
		cs[n] = cand{act{kind: 'c', region: i, need: need, ham: h}, score(i, need)}
		n++
	}
	for k := range p.uses {
		if used&(1<<uint(k)) != 0 {
			continue
		}
		for s := m.land &^ held; s != 0 && n < len(cs); s &= s - 1 {
			i := bits.TrailingZeros64(s)
			if !m.targetable(i) || (root && p.root.relConq[k]&(1<<uint(i)) == 0) {
				continue
			}
			c, ok := p.relicCost(k, i, held, reach)
			if !ok {
				continue
			}
			h := p.hammers(i, c, ham)
			need := c - h
			if root {
				need = min(need, hand)
			} else if need > hand {
				continue
			}
			cs[n] = cand{act{kind: 'c', region: i, need: need, ham: h, with: p.root.uses[k]}, score(i, need)}
			n++
		}
	}
	slices.SortFunc(cs[:n], func(a, b cand) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		if a.a.region != b.a.region {
			return a.a.region - b.a.region
		}
		return strings.Compare(a.a.with, b.a.with)
	})
	for k := 0; k < n && k < p.cfg.branch; k++ {
		a := cs[k].a
		i := a.region
		p.seq = append(p.seq, a)
		nh, nr := hand-a.need, river
		if m.mp.IsRiver(i) && !m.keepsRiver() {
			nr += a.need // U7.6: back to hand at the end of the conquests
		}
		if a.kind == 'v' || a.kind == 'o' {
			nh = hand // U13.18: the token comes from the tray
		}
		nu := used
		if a.with != "" {
			nu |= 1 << uint(p.useOf(a.with))
		}
		p.dfs(held|1<<uint(i), nh, ham-a.ham, nr, val+p.gain[i], nu, false)
		p.seq = p.seq[:len(p.seq)-1]
	}
}

// useOf is the use index of code w.
func (p *planner) useOf(w string) int {
	for k, u := range p.root.uses {
		if u == w {
			return k
		}
	}
	return 0
}

// exposure is the price of holding many thin regions next to opponents.
func (p *planner) exposure(held uint64) float64 {
	if p.cfg.expose == 0 {
		return 0
	}
	t := 0
	for s := held &^ p.m.mine; s != 0; s &= s - 1 {
		t += p.threat[bits.TrailingZeros64(s)]
	}
	return p.cfg.expose * float64(t) / 4
}
