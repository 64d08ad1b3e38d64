package bot

import (
	"math"
	"math/bits"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// know is what one seat has learnt from the events of the round so far,
// all of them public or its own (saboteur.Event.Redact): a copy of the maze that
// follows the play, the cards known to be on the discard pile, where the
// gold may lie, its own gold, and the evidence about every other seat's
// role from what that seat did in public.
type know struct {
	seat, n int
	round   int
	role    saboteur.Role
	board   saboteur.Board // follows the maze through Placed/GoalRevealed/RockFell
	synced  bool           // board has followed every event of the round

	goals  [3]saboteur.GoalCard // face up, or seen with this seat's own maps (R6.4)
	mapped []uint8              // per seat, bit i: looked at goal i this round (public, R6.4)

	discards []saboteur.Card // cards known to be on the discard pile this round
	myGold   []int           // values of the gold cards this seat kept (R8.4: its own)

	// Evidence, as log odds: llr[s] > 0 means seat s acted like a saboteur.
	// pair[a][b] > 0 means a and b acted like players of different teams
	// (one broke the other's tool), < 0 like teammates (one repaired the
	// other) (R6.1, R6.2).
	llr   []float64
	pair  [][]float64
	built []float64 // per seat, how far its path cards brought the tunnel on

	// goalLLR[i] is the evidence, as log odds, that goal i holds the gold,
	// from what the seats that looked at it with a map built afterwards
	// (read by hard only, see deep).
	goalLLR [3]float64
	deep    bool // the reading only hard uses (goalLLR)

	belief []float64 // posterior chance each seat is a saboteur; nil when stale
	masks  []uint16  // role assignments to enumerate (see posterior)

	an analysis
}

func newKnow(seat, n int) *know {
	k := &know{seat: seat, n: n}
	k.llr = make([]float64, n)
	k.built = make([]float64, n)
	k.mapped = make([]uint8, n)
	k.pair = make([][]float64, n)
	for i := range k.pair {
		k.pair[i] = make([]float64, n)
	}
	sab, _ := saboteur.RoleCards(n)
	// Positions 0..n-1 are the seats, n is the set-aside card (R1.3);
	// exactly sab of the n+1 role cards are saboteurs (R1.2).
	for m := 0; m < 1<<(n+1); m++ {
		if bits.OnesCount(uint(m)) == sab {
			k.masks = append(k.masks, uint16(m))
		}
	}
	return k
}

// reset starts round r from the deal (R8.6: everything is dealt anew).
func (k *know) reset(r int) {
	k.round = r
	k.role = saboteur.NoRole
	k.board = saboteur.NewBoard([3]saboteur.GoalCard{})
	k.synced = true
	k.goals = [3]saboteur.GoalCard{}
	k.discards = k.discards[:0]
	k.goalLLR = [3]float64{}
	for s := 0; s < k.n; s++ {
		k.llr[s], k.built[s], k.mapped[s] = 0, 0, 0
		clear(k.pair[s])
	}
	k.belief = nil
}

// publicGold is where the gold may lie as everyone knows it: any goal not
// turned up as coal, alike.
func publicGold(b *saboteur.Board) [3]float64 {
	var known [3]saboteur.GoalCard
	for i, c := range saboteur.GoalCells {
		t, _ := b.At(c)
		known[i] = t.Card.Goal
	}
	return goldChances(known)
}

// goldChances spreads the gold over the goals that known does not show
// to be coal; a known gold takes it all.
func goldChances(known [3]saboteur.GoalCard) [3]float64 {
	var p [3]float64
	coal := 0
	for i, g := range known {
		if g == saboteur.Gold {
			p[i] = 1
			return p
		}
		if g == saboteur.CoalNE || g == saboteur.CoalNW {
			coal++
		}
	}
	for i, g := range known {
		if g == saboteur.NoGoal {
			p[i] = 1 / float64(3-coal)
		}
	}
	return p
}

// observe learns from one event, as seen by this seat.
func (k *know) observe(e saboteur.Event) {
	if e.Type == saboteur.RoundStarted {
		k.reset(e.Round)
		return
	}
	if e.Round != k.round && e.Type != saboteur.GameEnded {
		// Joined mid-round: the board is resynchronised from the next view.
		k.round, k.synced = e.Round, false
	}
	switch e.Type {
	case saboteur.Dealt:
		if e.Seat == k.seat {
			k.role = e.Role
		}
	case saboteur.Placed:
		if k.synced {
			k.judgePlace(e.Seat, e.Card, e.At)
		}
		k.follow(e)
	case saboteur.GoalRevealed:
		k.follow(e)
		if e.Goal >= 0 && e.Goal < 3 {
			k.goals[e.Goal] = e.Card.Goal
		}
	case saboteur.RockFell:
		if k.synced {
			k.judgeRockfall(e.Seat, e.At)
		}
		k.follow(e)
		k.discards = append(k.discards, saboteur.Card{Kind: saboteur.Rockfall}, e.Card)
	case saboteur.ToolBroken:
		k.addPair(e.Seat, e.Target, 1.2)
		k.belief = nil
	case saboteur.ToolRepaired:
		k.addPair(e.Seat, e.Target, -1.2)
		k.belief = nil
		k.discards = append(k.discards, e.Card, saboteur.Card{Kind: saboteur.Broken, Tools: e.Tool})
	case saboteur.MapPlayed:
		k.discards = append(k.discards, saboteur.Card{Kind: saboteur.Map})
		if e.Seat >= 0 && e.Seat < k.n && e.Goal >= 0 && e.Goal < 3 {
			k.mapped[e.Seat] |= 1 << e.Goal
			if e.Seat == k.seat && e.Card.Kind == saboteur.Goal {
				k.goals[e.Goal] = e.Card.Goal
			}
		}
	case saboteur.Discarded:
		if e.Seat == k.seat {
			k.discards = append(k.discards, e.Card)
		}
	case saboteur.GoldKept:
		if e.Seat == k.seat {
			k.myGold = append(k.myGold, e.Gold)
		}
	}
}

func (k *know) follow(e saboteur.Event) {
	if !k.synced {
		return
	}
	if err := k.board.Follow(e); err != nil {
		k.synced = false
	}
}

func (k *know) addPair(a, b int, w float64) {
	if a == b || a < 0 || b < 0 || a >= k.n || b >= k.n {
		return
	}
	k.pair[a][b] += w
	k.pair[b][a] += w
}

func (k *know) addLLR(s int, w float64) {
	if s < 0 || s >= k.n {
		return
	}
	k.llr[s] = math.Max(-6, math.Min(6, k.llr[s]+w))
	k.belief = nil
}

// hypotheses are the beliefs about the gold that seat s may act on: the
// public one, and for each goal it looked at with a map, that goal being
// the gold or not (R6.4: which goal is public, what it showed is not).
func (k *know) hypotheses(s int, pub [3]float64) [][3]float64 {
	hs := [][3]float64{pub}
	for i := 0; i < 3; i++ {
		if k.mapped[s]&(1<<i) == 0 || pub[i] == 0 || pub[i] == 1 {
			continue
		}
		var gold, coal [3]saboteur.GoalCard
		for j := range gold {
			if pub[j] == 0 {
				gold[j], coal[j] = saboteur.CoalNE, saboteur.CoalNE
			}
		}
		gold[i], coal[i] = saboteur.Gold, saboteur.CoalNE
		hs = append(hs, goldChances(gold), goldChances(coal))
	}
	return hs
}

// judgePlace weighs seat s's path card c at x as evidence of its role: a
// gold-digger brings the tunnel nearer the gold, a saboteur blocks it with
// dead ends or turns it away. A seat that looked at a goal is judged by
// the most favourable reading of what its map may have shown.
func (k *know) judgePlace(s int, c saboteur.Card, x saboteur.Cell) {
	if s < 0 || s >= k.n {
		return
	}
	pub := publicGold(&k.board)
	best, worst := math.Inf(-1), math.Inf(1)
	connected := false
	for _, p := range k.hypotheses(s, pub) {
		k.an.init(&k.board, p)
		eff := k.an.place(c, x)
		delta := k.an.reach - eff.reach
		best, worst = max(best, delta), min(worst, delta)
		connected = connected || eff.connected
	}
	if best > 0 && s >= 0 && s < k.n {
		k.built[s] += best
	}
	if k.deep && s != k.seat {
		if k.mapped[s] != 0 {
			k.judgeGoals(s, c, x, pub)
		}
	}
	switch {
	case c.DeadEnd:
		k.addLLR(s, 0.5+1.5*math.Min(-worst, 2))
	case !connected:
		k.addLLR(s, 0.3)
	case best > 0.25:
		k.addLLR(s, -math.Min(0.9*best, 1.5))
	case best > -0.25:
		k.addLLR(s, 0.15)
	default:
		k.addLLR(s, math.Min(1.3*(-best), 2.5))
	}
}

// judgeGoals weighs seat s's path card c at x, laid after s looked at
// some goals with maps (R6.4), as evidence of what those goals hold: a
// gold-digger who saw the gold builds toward it, one who saw coal builds
// toward the other goals, and a saboteur does the opposite; the chance
// that s is a saboteur weighs the reading.
func (k *know) judgeGoals(s int, c saboteur.Card, x saboteur.Cell, pub [3]float64) {
	sab := k.posterior()[s]
	for i := range 3 {
		if k.mapped[s]&(1<<i) == 0 || pub[i] == 0 || pub[i] == 1 || k.goals[i] != saboteur.NoGoal {
			continue
		}
		var gold, coal [3]saboteur.GoalCard
		for j := range gold {
			if pub[j] == 0 {
				gold[j], coal[j] = saboteur.CoalNE, saboteur.CoalNE
			}
		}
		gold[i], coal[i] = saboteur.Gold, saboteur.CoalNE
		k.an.init(&k.board, goldChances(gold))
		dg := k.an.reach - k.an.place(c, x).reach
		k.an.init(&k.board, goldChances(coal))
		dc := k.an.reach - k.an.place(c, x).reach
		e := math.Max(-1.5, math.Min(1.5, dg-dc))
		k.goalLLR[i] = math.Max(-4, math.Min(4, k.goalLLR[i]+0.8*e*(1-2*sab)))
	}
}

// judgeRockfall weighs seat s's rockfall at x (R6.3): clearing a dead end
// or a wrong turn is a gold-digger's move, cutting the tunnel a saboteur's.
func (k *know) judgeRockfall(s int, x saboteur.Cell) {
	k.an.init(&k.board, publicGold(&k.board))
	delta := k.an.reach - k.an.without(x)
	switch {
	case delta > 0.25:
		k.addLLR(s, -math.Min(1.2*delta, 2))
	case delta < -0.25:
		k.addLLR(s, math.Min(1.5*(-delta), 3))
	default:
		k.addLLR(s, 0.3)
	}
}

// logWeight is the log of the evidence for role assignment m (bit s set:
// seat s a saboteur; bit n: the set-aside card): the evidence of every
// seat it makes a saboteur, and of every pair it puts on different teams.
func (k *know) logWeight(m uint16) float64 {
	lw := 0.0
	for s := 0; s < k.n; s++ {
		if m&(1<<s) != 0 {
			lw += k.llr[s]
		}
	}
	for a := 0; a < k.n; a++ {
		for b := a + 1; b < k.n; b++ {
			if (m>>a)&1 != (m>>b)&1 {
				lw += k.pair[a][b]
			}
		}
	}
	return lw
}

// chances sums the weight of every assignment that fits (all, or those
// that give this seat its own role) into each seat's chance of being a
// saboteur.
func (k *know) chances(ownRole bool) []float64 {
	out := make([]float64, k.n)
	mine := k.role == saboteur.Saboteur
	total := 0.0
	for _, m := range k.masks {
		if ownRole && (m&(1<<k.seat) != 0) != mine {
			continue
		}
		w := math.Exp(k.logWeight(m))
		total += w
		for s := 0; s < k.n; s++ {
			if m&(1<<s) != 0 {
				out[s] += w
			}
		}
	}
	for s := range out {
		out[s] /= total
	}
	return out
}

// posterior returns the chance that each seat is a saboteur this round:
// the role cards of R1.2 dealt at random with one set aside (R1.3), this
// seat's own role known, and every assignment weighted by the evidence.
// Exact enumeration: at most C(11,4) = 330 assignments.
func (k *know) posterior() []float64 {
	if k.belief != nil {
		return k.belief
	}
	if k.role == saboteur.NoRole {
		sab, _ := saboteur.RoleCards(k.n)
		k.belief = make([]float64, k.n)
		for s := range k.belief {
			k.belief[s] = float64(sab) / float64(k.n+1)
		}
		return k.belief
	}
	k.belief = k.chances(true)
	return k.belief
}

// public returns the chance each seat is a saboteur as the whole table can
// judge it: the same evidence without this seat's own role. Hard's
// playouts lend it to every seat, which know their own role only.
func (k *know) public() []float64 { return k.chances(false) }

// sampleRoles draws role cards for every seat and the set-aside card from
// the posterior over assignments (see posterior), using u in [0,1).
func (k *know) sampleRoles(u float64, roles []saboteur.Role) (setAside saboteur.Role) {
	n := k.n
	mine := k.role == saboteur.Saboteur
	ws := make([]float64, 0, len(k.masks))
	total := 0.0
	for _, m := range k.masks {
		w := 0.0
		if (m&(1<<k.seat) != 0) == mine {
			w = math.Exp(k.logWeight(m))
		}
		ws = append(ws, w)
		total += w
	}
	pick := k.masks[len(k.masks)-1]
	x := u * total
	for i, w := range ws {
		if x < w {
			pick = k.masks[i]
			break
		}
		x -= w
	}
	for s := 0; s < n; s++ {
		roles[s] = saboteur.GoldDigger
		if pick&(1<<s) != 0 {
			roles[s] = saboteur.Saboteur
		}
	}
	if pick&(1<<n) != 0 {
		return saboteur.Saboteur
	}
	return saboteur.GoldDigger
}

// myGoldChances is where this seat believes the gold lies: face-up goals
// and its own maps, the rest alike.
func (k *know) myGoldChances(v *saboteur.View) [3]float64 {
	known := k.goals
	for i, c := range saboteur.GoalCells {
		if t, _ := v.Board.At(c); t.Card.Goal != saboteur.NoGoal {
			known[i] = t.Card.Goal
		}
		if v.Peeked[i] != saboteur.NoGoal {
			known[i] = v.Peeked[i]
		}
	}
	p := goldChances(known)
	if !k.deep || p[0] == 1 || p[1] == 1 || p[2] == 1 {
		return p
	}
	// Hard also reads the maps others played (see judgeGoals).
	total := 0.0
	for i := range p {
		if p[i] > 0 {
			p[i] *= math.Exp(k.goalLLR[i])
			total += p[i]
		}
	}
	for i := range p {
		p[i] /= total
	}
	return p
}

// sync makes the following board agree with the view's maze when events
// were missed (a bot that sat down mid-round).
func (k *know) sync(v *saboteur.View) {
	if v.Round != k.round {
		k.reset(v.Round)
	}
	if k.role == saboteur.NoRole {
		k.role = v.Role
	}
	if !k.synced || len(k.board.Tiles()) != len(v.Board.Tiles()) {
		k.board = v.Board.Clone()
		k.synced = true
	}
}
