package bot

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// Hard's search is information-set Monte Carlo: the candidates are the
// normal policy's best moves and the best move of every other sort; for
// each sample of the hidden cards (roles drawn from the belief, the unseen
// cards dealt into the other hands, each hand leaning to the cards its
// sampled role keeps, the rest shuffled into the draw pile and the
// face-down discards, the goals as the seat's maps allow, weighted by what
// others built after their maps) it plays every candidate on to the end
// of the round with the normal policy in every seat (the other seats
// erring now and then, see playoutTemp; each seat knowing what its maps
// showed in the sampled world), the table's suspicion moving with every
// move, on a lean copy of the round (pgame), and scores the gold the bot
// wins: a saboteur's share (R8.2), or the expected worth of the picks that
// come to it as the gold cards go round from the finisher (R8.1, R8.1a,
// R8.1b, see roundGold). Every candidate meets the same samples, so their
// differences are not drowned by the luck of the deal; after half the
// playouts only the favourite and its two best rivals go on (successive
// halving), and the bot leaves the favourite only for a move that beats it
// by searchZ standard errors.

// maxCandidates is how many moves the search compares: the policy's best
// four, and the best of each other sort of move while room is left.
const maxCandidates = 6

// searchZ is how many standard errors a candidate must beat the policy's
// favourite by. Measured against normal in paired games, 1 did better than
// 2, which hardly ever left the favourite.
const searchZ = 1.0

// playoutTemp is the temperature (see easyTemp) at which the other seats
// play the normal policy in a playout: the search plans for opponents and
// partners who err now and then, as people and weaker levels do.
const playoutTemp = 0.5

type search struct {
	b    *bot
	rng  *rand.Rand
	pol  policy // the playout policy's working space
	kind []saboteur.Card
	left []int // unseen cards by kind, per decision
	pool []saboteur.Card
	pub  []float64 // suspicion of each seat as the table sees it
	me   int       // the bot's seat
	// worth is the expected worth of each pick when the gold-diggers win
	// this round (see pickWorth), from the gold the seat has not kept.
	worth []float64
	opts  saboteur.Options // the table's (R8.1a, R8.1b)
	// susp and logit are the table's suspicion during one playout.
	susp, logit []float64

	// base is the sampled world of the playouts of one sample, play the
	// world one playout plays on; boards holds the maze with each
	// arrangement of the goals met in this decision (see deal).
	base, play pgame
	boards     map[[3]saboteur.GoalCard]*saboteur.Board
	pcg        rand.PCG
	prng       *rand.Rand
	hidden     saboteur.Hidden // the sample behind base
	own        *weights        // the weights of the bot's own moves
	truth      []saboteur.Role // experiments only: the true roles (an upper bound)
}

func newSearch(b *bot) *search {
	s := &search{b: b, rng: rand.New(rand.NewPCG(b.rng.Uint64(), 0x68617264)), // "hard"
		boards: map[[3]saboteur.GoalCard]*saboteur.Board{}}
	s.prng = rand.New(&s.pcg)
	for id := range saboteur.DeckSize {
		c := saboteur.DeckCard(saboteur.CardID(id))
		if !slices.Contains(s.kind, c) {
			s.kind = append(s.kind, c)
		}
	}
	return s
}

func (s *search) kindOf(c saboteur.Card) int { return slices.Index(s.kind, c.Canonical()) }

// choose runs the search for view v and situation st.
func (s *search) choose(v *saboteur.View, st *sit) saboteur.Move {
	start := time.Now()
	cands := slices.Clone(s.b.pol.moves(st))
	slices.SortStableFunc(cands, func(a, b scored) int { return cmp.Compare(b.score, a.score) })
	if len(cands) == 0 {
		return saboteur.Move{}
	}
	if len(cands) == 1 || cands[0].score >= winScore/2 {
		return cands[0].m
	}
	cands = pickCandidates(cands)
	if !s.unseen(v) {
		return cands[0].m
	}
	s.own = st.w
	s.pub = s.b.k.public()
	s.me = v.Seat
	s.opts = v.Options
	clear(s.boards)
	var left [4]int
	_, pile := myGold(s.b.k.myGold, v.Gold)
	for _, x := range pile {
		left[x]++
	}
	s.worth = pickWorth(left, min(len(v.HandSizes), 9))
	// diff[i] sums candidate i's gold less the policy's favourite's, per
	// sample, and sq the squares: the search leaves the favourite only for
	// a move that beats it clearly, not by the luck of a few samples.
	diff := make([]float64, len(cands))
	sq := make([]float64, len(cands))
	runs := make([]int, len(cands))
	vals := make([]float64, len(cands))
	active := make([]int, len(cands))
	for i := range active {
		active[i] = i
	}
	done := 0
	// over reports whether the time cap has run out (never before the
	// first sample is in): it is checked before every playout, so a move
	// takes at most one playout longer than the cap.
	over := func() bool {
		return s.b.cfg.Budget > 0 && done > 0 && time.Since(start) > s.b.cfg.Budget
	}
	for done+len(active) <= s.b.cfg.Playouts {
		if over() {
			break
		}
		if len(active) > 3 && done >= s.b.cfg.Playouts/2 {
			// Successive halving: the second half of the playouts goes to
			// the favourite and its two best rivals so far.
			rivals := slices.Clone(active[1:])
			slices.SortStableFunc(rivals, func(a, b int) int {
				return cmp.Compare(diff[b]/float64(runs[b]), diff[a]/float64(runs[a]))
			})
			active = append(active[:1], rivals[:2]...)
		}
		if !s.deal(v) {
			break
		}
		seed := s.rng.Uint64()
		cut := false
		for _, i := range active {
			if over() {
				cut = true // a sample not every candidate met is dropped
				break
			}
			vals[i] = s.playout(cands[i], v.Seat, seed)
		}
		if cut {
			break
		}
		for _, i := range active {
			d := vals[i] - vals[0]
			diff[i] += d
			sq[i] += d * d
			runs[i]++
		}
		done += len(active)
	}
	best, bestLow := 0, 0.0
	for i := 1; i < len(cands); i++ {
		n := float64(runs[i])
		if n < 2 {
			continue
		}
		mean := diff[i] / n
		sd := math.Sqrt(max(0, sq[i]/n-mean*mean))
		low := mean - searchZ*sd/math.Sqrt(n)
		if low > bestLow {
			best, bestLow = i, low
		}
	}
	return cands[best].m
}

// pickCandidates keeps the policy's best moves (sorted best first) and the
// best move of each other sort (a path card, a broken tool, a repair, a
// rockfall, a map, a discard), at most maxCandidates in all, the best first.
func pickCandidates(sorted []scored) []scored {
	sortOf := func(m saboteur.Move) int {
		if m.Type == saboteur.Discard {
			return 0
		}
		return int(m.Card.Kind)
	}
	out := sorted[:0:0]
	var have [16]bool
	for _, c := range sorted {
		if len(out) >= maxCandidates-2 {
			break
		}
		out = append(out, c)
		have[sortOf(c.m)] = true
	}
	for _, c := range sorted[len(out):] {
		if len(out) >= maxCandidates {
			break
		}
		if k := sortOf(c.m); !have[k] {
			out = append(out, c)
			have[k] = true
		}
	}
	return out
}

// unseen counts the cards the seat cannot place (R2.3, R2.5): the deck
// less the maze, the broken tools in front of players, its own hand and the
// discards it knows. It reports false when what it saw does not add up
// (events missed), and the search then trusts the policy.
func (s *search) unseen(v *saboteur.View) bool {
	s.left = s.left[:0]
	for range s.kind {
		s.left = append(s.left, 0)
	}
	for id := range saboteur.DeckSize {
		s.left[s.kindOf(saboteur.DeckCard(saboteur.CardID(id)))]++
	}
	ok := true
	drop := func(c saboteur.Card) {
		i := s.kindOf(c)
		if i < 0 || s.left[i] == 0 {
			ok = false
			return
		}
		s.left[i]--
	}
	for _, t := range v.Board.Tiles() {
		if t.Card.Kind == saboteur.Path {
			drop(t.Card)
		}
	}
	for _, b := range v.Broken {
		for _, t := range b.Tools() {
			drop(saboteur.Card{Kind: saboteur.Broken, Tools: t})
		}
	}
	for _, c := range v.Hand {
		drop(c)
	}
	if len(s.b.k.discards) > v.Discards {
		return false
	}
	for _, c := range s.b.k.discards {
		drop(c)
	}
	need := v.DrawPile + v.Discards - len(s.b.k.discards)
	for p, h := range v.HandSizes {
		if p != v.Seat {
			need += h
		}
	}
	have := 0
	for _, x := range s.left {
		have += x
	}
	return ok && have == need
}

// sample draws one world consistent with the view (see Determinize).
func (s *search) sample(v *saboteur.View) saboteur.Hidden {
	k := s.b.k
	n := len(v.HandSizes)
	h := saboteur.Hidden{Roles: make([]saboteur.Role, n), Hands: make([][]saboteur.Card, n), Gold: make([][]int, n), Seed: s.rng.Uint64()}
	h.SetAside = k.sampleRoles(s.rng.Float64(), h.Roles)
	if s.truth != nil {
		copy(h.Roles, s.truth)
		sab, _ := saboteur.RoleCards(n)
		h.SetAside = saboteur.GoldDigger
		for _, r := range h.Roles {
			if r == saboteur.Saboteur {
				sab--
			}
		}
		if sab > 0 {
			h.SetAside = saboteur.Saboteur
		}
	}
	h.Roles[v.Seat] = v.Role
	s.pool = s.pool[:0]
	for i, c := range s.kind {
		for range s.left[i] {
			s.pool = append(s.pool, c)
		}
	}
	s.rng.Shuffle(len(s.pool), func(i, j int) { s.pool[i], s.pool[j] = s.pool[j], s.pool[i] })
	at := 0
	deal := func(m int) []saboteur.Card {
		out := s.pool[at : at+m : at+m]
		at += m
		return out
	}
	for p := range n {
		if p == v.Seat {
			h.Hands[p] = v.Hand
		} else {
			h.Hands[p] = s.dealFor(h.Roles[p], v.HandSizes[p], at)
			at += v.HandSizes[p]
		}
	}
	h.Draw = deal(v.DrawPile)
	h.Discards = append(slices.Clone(k.discards), deal(v.Discards-len(k.discards))...)
	h.Goals = s.goals(v)
	h.Gold[v.Seat], h.GoldPile = myGold(k.myGold, v.Gold)
	return h
}

// handWeight is how much likelier a player of role r holds card c than
// chance alone says: players keep the cards their side can use and throw
// the rest away (a saboteur its dead ends and broken tools, a gold-digger
// its tunnels).
func handWeight(c saboteur.Card, r saboteur.Role) float64 {
	sab := r == saboteur.Saboteur
	switch {
	case c.Kind == saboteur.Path && c.DeadEnd:
		if sab {
			return 3
		}
		return 0.3
	case c.Kind == saboteur.Path:
		if sab {
			return 0.6
		}
		return 1.2
	case c.Kind == saboteur.Broken:
		if sab {
			return 2.5
		}
		return 0.8
	case c.Kind == saboteur.Rockfall && sab:
		return 1.5
	}
	return 1
}

// dealFor deals m cards to a player of role r from the shuffled pool
// beyond index at, each draw weighted by handWeight, by moving the cards
// drawn to pool[at:at+m], which it returns.
func (s *search) dealFor(r saboteur.Role, m, at int) []saboteur.Card {
	for k := at; k < at+m; k++ {
		total := 0.0
		for _, c := range s.pool[k:] {
			total += handWeight(c, r)
		}
		x := s.rng.Float64() * total
		j := len(s.pool) - 1
		for i := k; i < len(s.pool); i++ {
			x -= handWeight(s.pool[i], r)
			if x < 0 {
				j = i
				break
			}
		}
		s.pool[k], s.pool[j] = s.pool[j], s.pool[k]
	}
	return s.pool[at : at+m : at+m]
}

// goals draws an arrangement of the goals (R2.4) that agrees with the
// face-up goals and the seat's maps.
func (s *search) goals(v *saboteur.View) [3]saboteur.GoalCard {
	known := s.b.k.goals
	for i, c := range saboteur.GoalCells {
		if t, _ := v.Board.At(c); t.Card.Goal != saboteur.NoGoal {
			known[i] = t.Card.Goal
		}
		if v.Peeked[i] != saboteur.NoGoal {
			known[i] = v.Peeked[i]
		}
	}
	perms := [6][3]saboteur.GoalCard{
		{saboteur.Gold, saboteur.CoalNE, saboteur.CoalNW}, {saboteur.Gold, saboteur.CoalNW, saboteur.CoalNE},
		{saboteur.CoalNE, saboteur.Gold, saboteur.CoalNW}, {saboteur.CoalNW, saboteur.Gold, saboteur.CoalNE},
		{saboteur.CoalNE, saboteur.CoalNW, saboteur.Gold}, {saboteur.CoalNW, saboteur.CoalNE, saboteur.Gold},
	}
	// Each arrangement that fits is weighted by the evidence for the gold
	// lying where it puts it (know.judgeGoals: what others built after
	// their maps).
	var fit [6][3]saboteur.GoalCard
	var w [6]float64
	nfit, total := 0, 0.0
	for _, p := range perms {
		ok := true
		for i := range p {
			if known[i] != saboteur.NoGoal && known[i] != p[i] {
				ok = false
			}
		}
		if ok {
			fit[nfit] = p
			for i := range p {
				if p[i] == saboteur.Gold {
					w[nfit] = math.Exp(s.b.k.goalLLR[i])
				}
			}
			total += w[nfit]
			nfit++
		}
	}
	if nfit == 0 {
		return perms[0]
	}
	x := s.rng.Float64() * total
	for i := range nfit {
		if x -= w[i]; x < 0 {
			return fit[i]
		}
	}
	return fit[nfit-1]
}

// myGold returns the seat's own gold cards and a gold pile of the rest
// (R2.6). The seat's cards are those it saw itself keep, or, when it missed
// them, any cards that add up to its gold.
func myGold(kept []int, worth int) (mine, pile []int) {
	var left [4]int
	for _, x := range saboteur.GoldCards {
		left[x]++
	}
	sum := 0
	for _, x := range kept {
		sum += x
	}
	if sum == worth {
		mine = slices.Clone(kept)
	} else {
		rem := worth
		for v := 3; v >= 1; v-- {
			for rem >= v && left[v] > 0 {
				mine = append(mine, v)
				left[v]--
				rem -= v
			}
		}
		kept = nil
	}
	for _, x := range kept {
		left[x]--
	}
	for v := 1; v <= 3; v++ {
		for range max(left[v], 0) {
			pile = append(pile, v)
		}
	}
	return mine, pile
}

// deal samples one world consistent with view v (see sample) into
// s.base. The maze with the sampled goals under it comes from
// saboteur.Determinize, once per arrangement of the goals and decision, which
// also checks that the sample fits the view. It reports false when it does
// not.
func (s *search) deal(v *saboteur.View) bool {
	h := s.sample(v)
	s.hidden = h
	b, ok := s.boards[h.Goals]
	if !ok {
		g, err := saboteur.Determinize(v, h)
		if err != nil {
			return false
		}
		b = g.SeatState(v.Seat).Board
		s.boards[h.Goals] = b
	}
	p := &s.base
	p.board = *b // read only: playouts clone it (pgame.reset)
	p.n, p.connect, p.turn, p.last = len(v.HandSizes), v.Options.ConnectToStart, v.Turn, v.LastMover
	p.roles = append(p.roles[:0], h.Roles...)
	p.broken = append(p.broken[:0], v.Broken...)
	p.draw = append(p.draw[:0], h.Draw...)
	p.hands = append(p.hands[:0], h.Hands...)
	p.goals = h.Goals
	p.peeked = p.peeked[:0]
	for range p.n {
		p.peeked = append(p.peeked, 0)
	}
	// Who looked at which goal is public (R6.4); what it showed is in
	// the sampled goals.
	for _, m := range v.MapsPlayed {
		if m.Seat >= 0 && m.Seat < p.n && m.Goal >= 0 && m.Goal < 3 {
			p.peeked[m.Seat] |= 1 << m.Goal
		}
	}
	for i, g := range v.Peeked {
		if g != saboteur.NoGoal {
			p.peeked[v.Seat] |= 1 << i
		}
	}
	return true
}

// playout plays move first and then the rest of the round on a copy of
// s.base with the normal policy in every seat, and returns the gold seat
// me wins this round (roundGold).
func (s *search) playout(first scored, me int, seed uint64) float64 {
	s.pcg.Seed(seed, 0x706c6179) // "play"
	rng := s.prng
	p := &s.play
	p.reset(&s.base)
	// The table's suspicion moves with the play, as the seats' beliefs
	// would: what each move looks like shifts its player's log odds.
	s.susp = append(s.susp[:0], s.pub...)
	s.logit = s.logit[:0]
	for _, q := range s.pub {
		q = math.Max(1e-4, math.Min(1-1e-4, q))
		s.logit = append(s.logit, math.Log(q/(1-q)))
	}
	m := first
	for range 400 {
		a := m.m.Seat
		s.logit[a] += m.ev
		s.susp[a] = 1 / (1 + math.Exp(-s.logit[a]))
		if over, w := p.apply(m.m); over {
			e := saboteur.Event{Type: saboteur.RoundEnded, Seat: p.last, Winner: w, Roles: p.roles}
			return roundGold(s.opts, e, me, p.broken, s.worth)
		}
		m = s.playoutMove(p, rng)
	}
	return 0
}

// playoutMove is the normal policy's move for the seat on turn in a
// playout, with the search's belief about the roles frozen for the
// playout; each seat knows what its maps showed in the sampled world.
func (s *search) playoutMove(p *pgame, rng *rand.Rand) scored {
	t := p.turn
	x := sit{
		board: &p.board, seat: t, n: p.n, role: p.roles[t], hand: p.hands[t], broken: p.broken,
		draw: len(p.draw), connect: p.connect, gold: p.goldFor(t), susp: s.susp,
		built: s.b.k.built, hide: true, trust: true, fast: true, w: &normalWeights,
	}
	if t != s.me {
		return s.pol.chooseSoft(&x, rng, playoutTemp)
	}
	x.w = s.own
	return s.pol.choose(&x, rng)
}

// roundGold is the gold seat me wins by round end e (R8.1-R8.3): a
// saboteur its share when the saboteurs win (R8.2); a gold-digger the
// expected worth of the picks that come to it as the cards go round
// counterclockwise from the finisher (R8.1, R8.1a, R8.1b), worth[k] being
// the expected worth of the k-th card chosen (see pickWorth); broken is
// every seat's broken tools at the end.
func roundGold(o saboteur.Options, e saboteur.Event, me int, broken []saboteur.Tool, worth []float64) float64 {
	n := len(e.Roles)
	if e.Roles[me] == saboteur.Saboteur {
		if e.Winner != saboteur.Saboteurs {
			return 0
		}
		sab := 0
		for _, r := range e.Roles {
			if r == saboteur.Saboteur {
				sab++
			}
		}
		return float64(saboteur.SaboteurShare(sab))
	}
	if e.Winner != saboteur.Diggers {
		return 0
	}
	if o.SabotagedGetNothing && broken[me] != 0 {
		return 0
	}
	// R8.1: counterclockwise from the finisher, gold-diggers only.
	diggers, j := 0, -1
	for k := range n {
		s := ((e.Seat-k)%n + n) % n
		if e.Roles[s] != saboteur.GoldDigger || (o.SabotagedGetNothing && broken[s] != 0) {
			continue
		}
		if s == me {
			j = diggers
		}
		diggers++
	}
	if j < 0 {
		return 0
	}
	cards := min(n, 9)
	if o.OneNuggetPerDigger {
		cards = diggers
	}
	cards = min(cards, len(worth))
	got := 0.0
	for i := j; i < cards; i += diggers {
		got += worth[i]
	}
	return got
}

// pickWorth returns the expected worth of the k-th card chosen, best
// first, when m gold cards are drawn from a pile holding left[v] cards
// worth v (R2.6, R8.1: each keeps the best card offered): exact, over
// every mix of 1s, 2s and 3s the draw can hold. With fewer than m cards
// in the pile it has one entry per card.
func pickWorth(left [4]int, m int) []float64 {
	total := left[1] + left[2] + left[3]
	m = min(m, total)
	out := make([]float64, m)
	all := binom(total, m)
	for a3 := 0; a3 <= min(left[3], m); a3++ {
		for a2 := 0; a2 <= min(left[2], m-a3); a2++ {
			a1 := m - a3 - a2
			if a1 > left[1] {
				continue
			}
			p := binom(left[3], a3) * binom(left[2], a2) * binom(left[1], a1) / all
			for k := range m {
				v := 1.0
				switch {
				case k < a3:
					v = 3
				case k < a3+a2:
					v = 2
				}
				out[k] += p * v
			}
		}
	}
	return out
}

// binom is n choose k as a float.
func binom(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	r := 1.0
	for i := range k {
		r = r * float64(n-i) / float64(i+1)
	}
	return r
}
