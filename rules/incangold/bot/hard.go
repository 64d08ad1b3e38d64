package bot

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/goldvein/goldvein/rules/incangold"
)

// hyp is one guess at how another seat chooses, the hard bot's model of
// the others: leave when carrying at least t gems, or once h hazard kinds
// are out, or when carrying t or when h gems lie on the path to be picked
// up (I4.2), or when the expected loss of the next card, weighted by r,
// outweighs its expected gain (normal's rule), or at random.
type hyp struct {
	kind uint8 // hypThreshold, hypHazards, hypBoth, hypPool, hypCounting, hypRandom
	t, h int
	r    float64
}

const (
	hypThreshold uint8 = iota
	hypHazards
	hypBoth
	hypPool
	hypCounting
	hypRandom
)

// hyps is the model's family of guesses (built once; read only).
var hyps = func() []hyp {
	var hs []hyp
	for t := 1; t <= 40; t++ {
		hs = append(hs, hyp{kind: hypThreshold, t: t})
	}
	for h := 1; h <= 4; h++ {
		hs = append(hs, hyp{kind: hypHazards, h: h})
	}
	for t := 4; t <= 30; t += 2 {
		for h := 2; h <= 3; h++ {
			hs = append(hs, hyp{kind: hypBoth, t: t, h: h})
		}
	}
	for t := 8; t <= 22; t += 2 {
		for h := 2; h <= 6; h++ {
			hs = append(hs, hyp{kind: hypPool, t: t, h: h})
		}
	}
	for _, r := range []float64{0.4, 0.6, 0.8, 1, 1.25, 1.6, 2.2, 3} {
		hs = append(hs, hyp{kind: hypCounting, r: r})
	}
	return append(hs, hyp{kind: hypRandom})
}()

// leaves is the guess's choice: carried gems, hazard kinds out, the gems
// on the path (pool) and their share among the n explorers, the next
// card's bust chance p and mean gain g.
func (x *hyp) leaves(carried, kinds, pool int, poolShare, p, g float64) bool {
	switch x.kind {
	case hypThreshold:
		return carried >= x.t
	case hypHazards:
		return kinds >= x.h
	case hypBoth:
		return carried >= x.t || kinds >= x.h
	case hypPool:
		return carried >= x.t || pool >= x.h
	case hypCounting:
		return p*(float64(carried)+poolShare)*x.r > (1-p)*g
	}
	return false
}

// modelNoise is the chance that a seat does not do what its guess says.
const modelNoise = 0.06

// Hard's search (issue 16: "search where it helps"): each decision plays
// the rest of the round out at most hardRollouts times (fewer once the
// choice is clear, see hardClearZ), with the others' choices drawn from
// the model and the deck from its known make-up, for camp now and for
// torch now followed by each of its continuation rules (measured, 3000
// games of the 4-seat mixed table: at most 1000 gave hard 39.72, at most
// 400 39.12 on 6000 games).
const hardRollouts = 1000

// hardFinalWins makes hard play the last round for the win as well as for
// gems: a rollout is worth its gems plus hardWinGems times its share of
// the win (from the others' tents, summed from the events), so a leader
// plays safe and a trailer gambles (issue 16).
const hardFinalWins = true

// hardWinGems is what a whole win is worth in gems to hard in the last
// round.
const hardWinGems = 10

// hardConts are the rules hard may follow after going on, in a rollout: a
// negative weight -r is its smart rule (see smartLeaves) with weight r, a
// positive one normal's rule with that weight of the loss, +Inf going home
// next turn. Torch is worth the best of them (measured: the smart rules
// with 0.9, 1 and 1.15 beat normal's rule with 0.6 to 1.6 by about 1.5
// points a game at the 4-seat mixed table).
var hardConts = []float64{-0.9, -1, -1.15, math.Inf(1)}

// hardMind is the hard bot's model of the others and its search.
type hardMind struct {
	rollouts  int       // hardRollouts
	conts     []float64 // hardConts
	finalWins bool      // in the last round, play for the win (hardFinalWins)
	rng       *rand.Rand
	players   int
	logw      [incangold.MaxPlayers][]float64
	cum       [incangold.MaxPlayers][]float64
	vals      []float64 // per rollout: camp, then torch per continuation
	used      int       // rollouts played for the last decision
}

func newHardMind(seed uint64) *hardMind {
	return &hardMind{rollouts: hardRollouts, conts: hardConts, finalWins: hardFinalWins,
		rng: rand.New(rand.NewPCG(seed, 0x68617264))}
}

// reset starts a uniform model for players seats.
func (h *hardMind) reset(players int) {
	h.players = players
	for s := range players {
		h.logw[s] = make([]float64, len(hyps))
		h.cum[s] = make([]float64, len(hyps))
	}
}

// observe updates the model with the choices revealed at a step (I3.4).
func (h *hardMind) observe(sn *choiceSnap, choices []incangold.Choice) {
	if h.players == 0 {
		return
	}
	n := max(1, bits.OnesCount16(sn.in))
	share := float64(sn.pool) / float64(n)
	for s := range min(h.players, len(choices)) {
		c := choices[s]
		if sn.in&(1<<s) == 0 || c == incangold.NoChoice {
			continue
		}
		left := c == incangold.Camp
		w := h.logw[s]
		top := math.Inf(-1)
		for i := range hyps {
			x := &hyps[i]
			like := 0.5
			if x.kind != hypRandom {
				like = modelNoise
				if x.leaves(sn.carried[s], sn.kinds, sn.pool, share, sn.p, sn.g) == left {
					like = 1 - modelNoise
				}
			}
			w[i] += math.Log(like)
			top = max(top, w[i])
		}
		for i := range w {
			w[i] = max(w[i]-top, -60)
		}
	}
}

// prepare turns each seat's weights into a cumulative distribution.
func (h *hardMind) prepare(in uint16) {
	for s := range h.players {
		if in&(1<<s) == 0 {
			continue
		}
		sum := 0.0
		for i, lw := range h.logw[s] {
			sum += math.Exp(lw)
			h.cum[s][i] = sum
		}
	}
}

// sample draws a guess for seat s.
func (h *hardMind) sample(s int, u float64) *hyp {
	c := h.cum[s]
	x := u * c[len(c)-1]
	lo, hi := 0, len(c)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if c[mid] < x {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return &hyps[lo]
}

// world is the rest of a round as one rollout plays it.
type world struct {
	k        *know
	in       uint16
	carried  [incangold.MaxPlayers]int
	gain     [incangold.MaxPlayers]int // banked this round, artifacts included
	pool     int
	seen     uint8
	deck     [40]incangold.Card
	deckN    int
	tcount   [18]int8 // the deck's treasures per value
	hcount   [incangold.Kinds]int8
	pathArts [incangold.Rounds]incangold.Card
	artsN    int
	claimed  int
}

// xorshift is a rollout's cheap generator (common to the variants of one
// rollout, so that they meet the same cards and the same noise).
type xorshift uint64

func (x *xorshift) next() uint64 {
	*x ^= *x << 13
	*x ^= *x >> 7
	*x ^= *x << 17
	return uint64(*x)
}

func (x *xorshift) float() float64 { return float64(x.next()>>11) / (1 << 53) }

// decide is the hard bot's choice for seat me.
func (h *hardMind) decide(k *know, me int) incangold.Choice {
	if h.players != k.players {
		h.reset(k.players)
	}
	h.prepare(k.in)
	var base world
	base.k, base.in, base.carried, base.pool, base.seen, base.claimed = k, k.in, k.carried, k.pool, k.seen, k.claimed
	for v, c := range k.treasures {
		base.tcount[v] = int8(c)
		for range c {
			base.deck[base.deckN] = incangold.Treasure(v)
			base.deckN++
		}
	}
	for hz, c := range k.hazards {
		base.hcount[hz] = int8(c)
		for range c {
			base.deck[base.deckN] = incangold.HazardCard(incangold.Hazard(hz))
			base.deckN++
		}
	}
	for _, a := range k.deckArts {
		base.deck[base.deckN] = a
		base.deckN++
	}
	base.artsN = copy(base.pathArts[:], k.pathArts)
	if base.deckN == 0 {
		return incangold.Camp
	}
	final := h.finalWins && k.round == incangold.Rounds && k.tentsKnown
	h.used = 0
	if !final && k.carried[me] == 0 && k.pool == 0 && len(k.pathArts) == 0 {
		// Going home now banks nothing, and going on can only add: torch
		// (I4.3, I6.2).
		return incangold.Torch
	}
	var guesses [incangold.MaxPlayers]*hyp
	nc := len(h.conts)
	if cap(h.vals) < h.rollouts*(nc+1) {
		h.vals = make([]float64, h.rollouts*(nc+1))
	}
	vals := h.vals[:0]
	var camp float64
	torch := make([]float64, nc)
	best := 0
	for i := 0; i < h.rollouts; i++ {
		for s := range k.players {
			if s != me && k.in&(1<<s) != 0 {
				guesses[s] = h.sample(s, h.rng.Float64())
			}
		}
		seed := xorshift(h.rng.Uint64() | 1)
		w := base
		c := w.play(me, 0, &guesses, seed, final)
		camp += c
		vals = append(vals, c)
		for j, r := range h.conts {
			w = base
			t := w.play(me, r, &guesses, seed, final)
			torch[j] += t
			vals = append(vals, t)
		}
		h.used = i + 1
		if n := i + 1; n >= hardMinRollouts && n%hardBatch == 0 {
			best = argmax(torch)
			if h.clear(vals, nc, best, n) {
				break
			}
		}
	}
	best = argmax(torch)
	if camp >= torch[best] {
		return incangold.Camp
	}
	return incangold.Torch
}

// Hard stops its rollouts early, after at least hardMinRollouts and then
// every hardBatch, once camp and the best torch differ by more than
// hardClearZ standard errors of their paired difference (both are played
// on the same cards and the same guesses): most choices are clear long
// before hardRollouts, and the close ones get them all.
const (
	hardMinRollouts = 48
	hardBatch       = 16
	hardClearZ      = 3.0
)

// clear reports whether camp (column 0 of vals, nc+1 values a rollout)
// and torch with continuation best (column best+1) differ clearly after n
// rollouts.
func (h *hardMind) clear(vals []float64, nc, best, n int) bool {
	var sum, sq float64
	for i := range n {
		d := vals[i*(nc+1)] - vals[i*(nc+1)+best+1]
		sum += d
		sq += d * d
	}
	mean := sum / float64(n)
	v := (sq/float64(n) - mean*mean) / float64(n-1)
	if v <= 0 {
		return mean != 0
	}
	return mean*mean > hardClearZ*hardClearZ*v
}

// argmax is the index of xs's largest value (the first of equals).
func argmax(xs []float64) int {
	b := 0
	for i, x := range xs {
		if x > xs[b] {
			b = i
		}
	}
	return b
}

// play plays the round out from the open choice step: me chooses camp now
// when cont is 0, else torch now and then the rule cont (see hardConts).
// It returns me's utility: the gems and artifacts it banks this round, and
// in the last round (final) hardWinGems for a win.
func (w *world) play(me int, cont float64, guesses *[incangold.MaxPlayers]*hyp, rng xorshift, final bool) float64 {
	k := w.k
	first := true
	for {
		n := bits.OnesCount16(w.in)
		if n == 0 {
			break
		}
		p, g := w.odds(n)
		share := float64(w.pool) / float64(n)
		// The others first: their guesses, then the noise of the model.
		var leavers, predicted uint16
		for s := range k.players {
			if s == me || w.in&(1<<s) == 0 {
				continue
			}
			x := guesses[s]
			var leave bool
			if x.kind == hypRandom {
				leave = rng.next()&1 == 0
			} else {
				leave = x.leaves(w.carried[s], bits.OnesCount8(w.seen), w.pool, share, p, g)
				if leave {
					predicted |= 1 << s
				}
				if rng.float() < modelNoise {
					leave = !leave
				}
			}
			if leave {
				leavers |= 1 << s
			}
		}
		if w.in&(1<<me) != 0 {
			var leave bool
			switch {
			case first:
				leave = cont == 0
			case math.IsInf(cont, 1):
				leave = true
			case cont < 0: // the smart rule, weight -cont
				leave = w.smartLeaves(me, -cont, predicted, p)
			default:
				leave = p*(float64(w.carried[me])+share)*cont > (1-p)*g
			}
			if leave {
				leavers |= 1 << me
			}
		}
		first = false
		if leavers != 0 {
			w.leave(leavers)
			if w.in&(1<<me) == 0 && !final {
				break
			}
		}
		if w.in == 0 {
			break
		}
		if w.flip(&rng) {
			break
		}
	}
	if !final {
		return float64(w.gain[me])
	}
	mine := k.tents[me] + k.arts[me] + w.gain[me]
	ties := 1
	for s := range k.players {
		if s == me {
			continue
		}
		theirs := k.tents[s] + k.arts[s] + w.gain[s]
		if theirs > mine {
			return float64(w.gain[me])
		}
		if theirs == mine {
			ties++
		}
	}
	return float64(w.gain[me]) + hardWinGems/float64(ties)
}

// smartLeaves is hard's rule for its own later turns in a rollout: it
// weighs going home now (what it carries, its part of the pool shared with
// the others it expects to leave, and the artifacts if it expects to leave
// alone) against one more card shared by those it expects to stay, with
// its part of what they leave on the path; r > 1 is more careful.
func (w *world) smartLeaves(me int, r float64, predicted uint16, p float64) bool {
	l := bits.OnesCount16(predicted)
	c := float64(w.carried[me])
	arts := 0
	for i := range w.artsN {
		arts += incangold.ClaimWorth(w.k.opts, w.pathArts[i], w.claimed+i+1)
	}
	home := c + float64(w.pool/(l+1))
	if l == 0 {
		home += float64(arts)
	}
	stay := max(1, bits.OnesCount16(w.in&^predicted))
	left := w.pool
	if l > 0 {
		left = w.pool % l
	}
	if l != 1 {
		left += arts
	}
	_, g := w.odds(stay)
	return home*r > (1-p)*(c+g+float64(left)/float64(stay))
}

// treasureValues are the distinct treasure values (I1.3).
var treasureValues = []int{1, 2, 3, 4, 5, 7, 9, 11, 13, 14, 15, 17}

// odds is know.odds for the rollout's deck.
func (w *world) odds(n int) (p, g float64) {
	bust, gain := 0, 0
	for h, c := range w.hcount {
		if w.seen&(1<<h) != 0 {
			bust += int(c)
		}
	}
	for _, v := range treasureValues {
		gain += int(w.tcount[v]) * (v / n)
	}
	return float64(bust) / float64(w.deckN), float64(gain) / float64(w.deckN)
}

// leave resolves the leavers (I4.2, I4.3, I6.2, I6.3).
func (w *world) leave(leavers uint16) {
	l := bits.OnesCount16(leavers)
	share := w.pool / l
	w.pool %= l
	for s := range w.k.players {
		if leavers&(1<<s) == 0 {
			continue
		}
		w.gain[s] += w.carried[s] + share
		w.carried[s] = 0
		if l == 1 {
			for _, a := range w.pathArts[:w.artsN] {
				w.claimed++
				w.gain[s] += incangold.ClaimWorth(w.k.opts, a, w.claimed)
			}
			w.artsN = 0
		}
	}
	w.in &^= leavers
}

// flip turns a random card of the deck (I5, I6.1, I7); it reports a bust.
func (w *world) flip(rng *xorshift) bool {
	if w.deckN == 0 {
		return true
	}
	j := int(rng.next() % uint64(w.deckN))
	c := w.deck[j]
	w.deckN--
	w.deck[j] = w.deck[w.deckN]
	switch {
	case c.IsTreasure():
		w.tcount[c.Value()]--
		n := bits.OnesCount16(w.in)
		for s := range w.k.players {
			if w.in&(1<<s) != 0 {
				w.carried[s] += c.Value() / n
			}
		}
		w.pool += c.Value() % n
	case c.IsHazard():
		w.hcount[c.Kind()]--
		if w.seen&(1<<c.Kind()) != 0 {
			w.in = 0
			return true
		}
		w.seen |= 1 << c.Kind()
	case c.IsArtifact():
		if w.artsN < len(w.pathArts) {
			w.pathArts[w.artsN] = c
			w.artsN++
		}
	}
	return false
}
