package bot

import (
	"math"
	"math/rand/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// sit is one decision as a policy sees it: what the seat may know, and the
// style it plays in. The same policy runs on a View (easy, normal, hard's
// own candidates) and inside hard's playouts on a determinized game.
type sit struct {
	board   *saboteur.Board
	seat, n int
	role    saboteur.Role
	hand    []saboteur.Card
	broken  []saboteur.Tool
	draw    int
	connect bool

	gold  [3]float64 // where this seat believes the gold lies
	susp  []float64  // chance each seat is a saboteur, as this seat believes
	built []float64  // how far each seat brought the tunnel on this round
	hide  bool       // a saboteur weighs how suspicious its moves look (normal, hard)
	trust bool       // repairs only those it trusts, breaks those it suspects (normal, hard)
	// simple is the easy level's plain reading of the maze (analysis.simple);
	// its gold-diggers leave rockfalls unplayed.
	simple bool
	// fast tries path cards at the open ends of the maze only, the cells
	// where a card can carry the tunnel on or block it (hard's playouts).
	fast bool
	w    *weights // the level's weights (normalWeights unless hard's own)
}

// weights are the numbers a policy scores moves by, in cards of distance
// to the gold (see scorePlace and the other score functions). Every level
// but hard plays normalWeights; hard's own moves use hardWeights.
type weights struct {
	build     float64 // a gold-digger's worth of one card nearer the gold
	deadEnd   float64 // a gold-digger's cost of laying a dead end
	loose     float64 // a gold-digger's cost of a card off the tunnel
	idle      float64 // a gold-digger's cost of a card that brings nothing
	breakSusp float64 // a gold-digger's worth of breaking a sure saboteur, per 0.5 above even
	fixSelf   float64 // a gold-digger's worth of mending its own tool
	fixOther  float64 // a gold-digger's worth of mending a sure partner, per 0.5 below even
	rockCost  float64 // a gold-digger's cost of a rockfall
	mapWorth  float64 // a gold-digger's worth of a map while the gold is unknown
	keepPath  float64 // a gold-digger's cost of throwing away a tunnel
	keepFix   float64 // cost of throwing away a repair card
	// tempo is a gold-digger's cost of a pass once the draw pile is empty
	// (R4.2): the turn brings the gold no nearer while the cards run out
	// (R7.4), so a path card that keeps the tunnel open is laid first and
	// the useless card thrown away last.
	tempo    float64
	block    float64 // a saboteur's worth of one card farther from the gold
	hide     float64 // a saboteur's care not to look like one (see exposure)
	sabBreak float64 // a saboteur's worth of breaking a trusted builder
	sabRock  float64 // a saboteur's cost of a rockfall
}

// normalWeights are the easy and normal levels' weights.
var normalWeights = weights{
	build: 2, deadEnd: 1, loose: 0.8, idle: 0.3, breakSusp: 5, fixSelf: 3, fixOther: 2.5,
	rockCost: 0.6, mapWorth: 1.4, keepPath: 0.4, keepFix: 0.6, tempo: 0.8,
	block: 2, hide: 1.6, sabBreak: 1.2, sabRock: 0.4,
}

// hardWeights are hard's own weights: normal's, since no change the
// coordinate search of tune_test.go tried (each weight halved or made
// 1.6 times larger, 3000 paired games) did better beyond noise.
var hardWeights = normalWeights

// scored is a move with its score; the policy plays the best.
type scored struct {
	m     saboteur.Move
	score float64
	ev    float64 // how much the move makes the table suspect its player (log odds)
}

// policy scores moves; it holds reusable working space.
type policy struct {
	an     analysis
	places []saboteur.Placement
	cands  []scored
	seen   []saboteur.Card
	w      []float64 // chooseSoft's weights
}

// Scores are in cards of distance to the gold: 1 is one card's worth of
// tunnel built (or, for a saboteur, blocked).
const (
	winScore = 50.0 // revealing the gold ends the round (R7.3)
)

// exposure is how much a saboteur that hides minds looking like one, at
// most hide (weights.hide): fully while the tunnel is far from the goals
// and the draw pile is thick, hardly at all once the gold is near or the
// cards run out.
func exposure(hide, reach float64, draw int) float64 {
	far := math.Max(0, math.Min(1, (reach-2.5)/3))
	thick := math.Max(0, math.Min(1, float64(draw-8)/20))
	return hide * far * thick
}

// moves lists every legal move of s with its score into p.cands (R4.1, R5,
// R6: the same moves as saboteur.View.LegalMoves, one per card kind).
func (p *policy) moves(s *sit) []scored {
	p.an.simple = s.simple
	p.an.init(s.board, s.gold)
	p.cands = p.cands[:0]
	p.seen = p.seen[:0]
	lam := 0.0
	if s.hide && s.role == saboteur.Saboteur {
		lam = exposure(s.w.hide, p.an.reach, s.draw)
	}
	for _, c := range s.hand {
		c = c.Canonical()
		dup := false
		for _, x := range p.seen {
			if x == c {
				dup = true
			}
		}
		if dup {
			continue
		}
		p.seen = append(p.seen, c)
		switch c.Kind {
		case saboteur.Path:
			if s.broken[s.seat] != 0 {
				break
			}
			if s.fast {
				p.places = p.atEnds(p.places[:0], s, c)
			} else {
				p.places = s.board.Placements(p.places[:0], c, s.connect)
			}
			for _, pl := range p.places {
				m := saboteur.Move{Seat: s.seat, Type: saboteur.Play, Card: pl.Card, At: pl.At}
				sc, ev := p.scorePlace(s, pl.Card, pl.At, lam)
				p.cands = append(p.cands, scored{m, sc, ev})
			}
		case saboteur.Broken:
			for t := range s.broken {
				if s.broken[t]&c.Tools == 0 {
					m := saboteur.Move{Seat: s.seat, Type: saboteur.Play, Card: c, Target: t}
					p.cands = append(p.cands, scored{m, p.scoreBreak(s, t, lam), 2.4 * (0.5 - s.susp[t])})
				}
			}
		case saboteur.Repair:
			for t := range s.broken {
				fix := s.broken[t] & c.Tools
				for _, tool := range [3]saboteur.Tool{saboteur.Pickaxe, saboteur.Lantern, saboteur.Cart} {
					if fix&tool == 0 {
						continue
					}
					m := saboteur.Move{Seat: s.seat, Type: saboteur.Play, Card: c, Target: t, Tool: tool}
					ev := 0.0
					if t != s.seat {
						ev = -2.4 * (0.5 - s.susp[t])
					}
					p.cands = append(p.cands, scored{m, p.scoreRepair(s, t, lam), ev})
				}
			}
		case saboteur.Rockfall:
			p.rockfalls(s, c, lam)
		case saboteur.Map:
			for i := range saboteur.GoalCells {
				if !s.board.GoalFaceUp(i) {
					m := saboteur.Move{Seat: s.seat, Type: saboteur.Play, Card: c, Goal: i}
					p.cands = append(p.cands, scored{m, p.scoreMap(s, i), 0})
				}
			}
		}
		p.cands = append(p.cands, scored{saboteur.Move{Seat: s.seat, Type: saboteur.Discard, Card: c}, p.scoreDiscard(s, c), 0})
	}
	return p.cands
}

// atEnds appends the legal placements of path card c (both ways round,
// R3.3) at the open ends of the maze (R5).
func (p *policy) atEnds(dst []saboteur.Placement, s *sit, c saboteur.Card) []saboteur.Placement {
	r := c.Rotated()
	for _, e := range p.an.ends {
		if s.board.Fits(c, e.at, s.connect) {
			dst = append(dst, saboteur.Placement{Card: c, At: e.at})
		}
		if r != c && s.board.Fits(r, e.at, s.connect) {
			dst = append(dst, saboteur.Placement{Card: r, At: e.at})
		}
	}
	return dst
}

// choose returns the best-scored move, ties broken at random.
func (p *policy) choose(s *sit, rng *rand.Rand) scored {
	cs := p.moves(s)
	if len(cs) == 0 {
		return scored{}
	}
	best, bestScore := 0, math.Inf(-1)
	for i, c := range cs {
		sc := c.score + rng.Float64()*1e-3
		if sc > bestScore {
			best, bestScore = i, sc
		}
	}
	return cs[best]
}

// chooseSoft picks a move at random, each with a chance proportional to
// exp(score/temp): the better a move scores the likelier, but a near miss
// is played often and a poor move now and then (the easy level's errors).
func (p *policy) chooseSoft(s *sit, rng *rand.Rand, temp float64) scored {
	cs := p.moves(s)
	if len(cs) == 0 {
		return scored{}
	}
	top := math.Inf(-1)
	for _, c := range cs {
		top = max(top, c.score)
	}
	total := 0.0
	p.w = p.w[:0]
	for _, c := range cs {
		w := 0.0
		if d := (c.score - top) / temp; d > -30 {
			w = math.Exp(d) // beyond e^-30 a move is never played
		}
		p.w = append(p.w, w)
		total += w
	}
	x := rng.Float64() * total
	for i, c := range cs {
		x -= p.w[i]
		if x < 0 {
			return c
		}
	}
	return cs[len(cs)-1]
}

// openings counts a card's openings.
func openings(c saboteur.Card) int {
	n := 0
	for _, d := range sides {
		if c.Open&d != 0 {
			n++
		}
	}
	return n
}

// scorePlace scores path card c at x (R5): gold-diggers bring the tunnel
// nearer the gold; saboteurs block it (dead ends, turns away) and never
// reveal the gold themselves.
func (p *policy) scorePlace(s *sit, c saboteur.Card, x saboteur.Cell, lam float64) (score, ev float64) {
	eff := p.an.place(c, x)
	delta := p.an.reach - eff.reach // > 0: nearer the gold
	ev = placeEvidence(c, eff.connected, delta)
	w := s.w
	if s.role == saboteur.Saboteur {
		sc := -w.block*delta - winScore*eff.goldHit - lam*ev
		if !c.DeadEnd && delta <= 0 {
			// Keep the tunnels that look like help for hiding later.
			sc -= 0.1 * float64(openings(c))
		}
		return sc, ev
	}
	sc := w.build*delta + winScore*eff.goldHit
	switch {
	case c.DeadEnd:
		sc -= w.deadEnd
	case !eff.connected:
		sc -= w.loose
	case delta < 0.05:
		sc -= w.idle
	}
	return sc + 0.02*float64(openings(c)), ev
}

// placeEvidence is how much a path card played like this would make the
// others suspect its player (the same reading as know.judgePlace).
func placeEvidence(c saboteur.Card, connected bool, delta float64) float64 {
	switch {
	case c.DeadEnd:
		return 0.5 + 1.5*math.Min(-delta, 2)
	case !connected:
		return 0.3
	case delta > 0.25:
		return -math.Min(0.9*delta, 1.5)
	case delta > -0.25:
		return 0.15
	}
	return math.Min(1.3*(-delta), 2.5)
}

// scoreBreak scores a broken tool on seat t (R6.1): gold-diggers break the
// suspects, saboteurs the best builders among the trusted.
func (p *policy) scoreBreak(s *sit, t int, lam float64) float64 {
	already := 0.0
	if s.broken[t] != 0 {
		already = 0.7 // one broken tool already stops path cards (R5.1)
	}
	if t == s.seat {
		return -10
	}
	if s.role == saboteur.Saboteur {
		sc := (1-s.susp[t])*(s.w.sabBreak+0.4*math.Min(s.built[t], 4)) - already
		return sc - lam*1.0
	}
	if !s.trust {
		return -0.5 - already
	}
	return s.w.breakSusp*(s.susp[t]-0.5) - already
}

// scoreRepair scores mending seat t's tool (R6.2): oneself first, then
// those trusted; a saboteur mends itself and its likely partners.
func (p *policy) scoreRepair(s *sit, t int, lam float64) float64 {
	if t == s.seat {
		if s.role == saboteur.Saboteur {
			return 1.0
		}
		return s.w.fixSelf
	}
	if s.role == saboteur.Saboteur {
		return 3*(s.susp[t]-0.6) - lam*0.5
	}
	if !s.trust {
		return 1.5
	}
	return s.w.fixOther * (0.5 - s.susp[t]) * 2
}

// rockfalls adds the rockfall moves (R6.3): every path card may go, but
// only those that matter get the cost of a trial removal.
func (p *policy) rockfalls(s *sit, c saboteur.Card, lam float64) {
	tiles := s.board.Tiles()
	near := p.an.reach + 3
	for _, t := range tiles {
		if t.Card.Kind != saboteur.Path {
			continue
		}
		m := saboteur.Move{Seat: s.seat, Type: saboteur.Play, Card: c, At: t.At}
		if p.an.dist(t.At) > near {
			p.cands = append(p.cands, scored{m, -3, 0})
			continue
		}
		delta := p.an.reach - p.an.without(t.At) // > 0: nearer the gold
		var sc float64
		if s.role == saboteur.Saboteur {
			sc = -s.w.block*delta - s.w.sabRock
			if lam > 0 {
				sc -= lam * rockEvidence(delta)
			}
		} else if s.simple {
			sc = -3
		} else {
			sc = s.w.build*delta - s.w.rockCost
		}
		p.cands = append(p.cands, scored{m, sc, rockEvidence(delta)})
	}
}

func rockEvidence(delta float64) float64 {
	switch {
	case delta > 0.25:
		return -math.Min(1.2*delta, 2)
	case delta < -0.25:
		return math.Min(1.5*(-delta), 3)
	}
	return 0.3
}

// scoreMap scores looking at goal i (R6.4): worth most while the gold is
// unknown, on the goal most likely to hold it.
func (p *policy) scoreMap(s *sit, i int) float64 {
	known := false
	for _, q := range s.gold {
		if q == 1 {
			known = true
		}
	}
	if known || s.gold[i] == 0 {
		return -2
	}
	sc := s.w.mapWorth + s.gold[i]
	if i == 1 {
		sc += 0.05 // the middle goal is on every way
	}
	return sc
}

// scoreDiscard scores passing with card c (R4.1): the card's worth kept,
// negated.
func (p *policy) scoreDiscard(s *sit, c saboteur.Card) float64 {
	sab := s.role == saboteur.Saboteur
	if !sab && s.draw == 0 {
		return p.keepScore(s, c, sab) - s.w.tempo
	}
	return p.keepScore(s, c, sab)
}

// keepScore is the worth of card c kept in hand, negated: what passing
// with it costs, before the tempo of the round's last cards.
func (p *policy) keepScore(s *sit, c saboteur.Card, sab bool) float64 {
	switch c.Kind {
	case saboteur.Path:
		if c.DeadEnd {
			if sab {
				return -1.5
			}
			return 0.3
		}
		if sab {
			return 0.1 + 0.05*float64(openings(c))
		}
		return -s.w.keepPath - 0.1*float64(openings(c))
	case saboteur.Broken:
		if sab {
			return -1
		}
		return -0.2
	case saboteur.Repair:
		return -s.w.keepFix
	case saboteur.Rockfall:
		return -0.5
	case saboteur.Map:
		for _, q := range s.gold {
			if q == 1 {
				return 0.2
			}
		}
		return -0.8
	}
	return 0
}
