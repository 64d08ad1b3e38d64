package bot

import (
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground"
)

// Determinized playouts for the hard player's turn-start decisions (U3.3:
// go In Decline or not; U4.1: which combo to pick). From the seat's view
// it deals samples of the hidden parts (underground.FromView: the other
// seats' coins, the stacks' order, the face-down markers), plays each
// option on every sample, then the rest of the game with normal players in
// every seat, and keeps the option with the most coins for itself on
// average. The same samples serve every option (common random numbers), so
// the comparison is sharper than the playouts' spread. The samples' seeds
// come from the view's public facts only, never from the real match.

// rolloutCfg sets the playouts' size.
type rolloutCfg struct {
	samples int // determinizations per option
	horizon int // game turns played past this one (0: to the end)
}

// The playouts' sizes: with 8 samples for the decline and 6 for each of
// the 4 best combos by freshValue, hard's turn stays near 0.2 s at p95 on
// the shared machine (UNDERGROUND.md's figures), well under 1 s.
var (
	rollDecline   = rolloutCfg{samples: 8}
	rollPick      = rolloutCfg{samples: 6}
	rollPickWidth = 4
)

// rolloutOption is one move to try and what it scored on the samples.
type rolloutOption struct {
	move  underground.Move
	prior float64 // the option's value by the heuristic (a tie-break)
	sum   float64
}

// viewSeed is a seed made of the view's public facts: the same view gives
// the same samples.
func viewSeed(v *underground.View, k int) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	mix := func(x uint64) {
		h ^= x + 0x9e3779b97f4a7c15 + h<<6 + h>>2
		h *= 0xff51afd7ed558ccd
		h ^= h >> 33
	}
	mix(uint64(v.Turn))
	mix(uint64(v.Seat))
	mix(uint64(k))
	for _, r := range v.Regions {
		mix(uint64(r.Seat+1)<<8 | uint64(r.Tokens))
	}
	for _, c := range v.Market {
		mix(uint64(len(c.Race))<<8 | uint64(c.Coins))
	}
	return h
}

// hiddenCoins guesses the coin totals the view hides: each such seat as
// many as mine (all start with the same, U2.6, and score alike).
func hiddenCoins(v *underground.View) []int {
	mine := underground.StartCoins
	if c := v.Seats[v.Seat].Coins; c != nil {
		mine = *c
	}
	out := make([]int, len(v.Seats))
	for s, sv := range v.Seats {
		out[s] = mine
		if sv.Coins != nil {
			out[s] = *sv.Coins
		}
	}
	return out
}

// rolloutBest plays every option on cfg.samples samples of v's hidden
// parts and returns the index of the best, and false when no sample could
// be made (a view FromView refuses).
func rolloutBest(v *underground.View, opts []rolloutOption, cfg rolloutCfg) (int, bool) {
	coins := hiddenCoins(v)
	made := 0
	for k := 0; k < cfg.samples; k++ {
		seed := viewSeed(v, k)
		base, err := underground.FromView(v, underground.Sample{Coins: coins, Seed: seed})
		if err != nil {
			return 0, false
		}
		made++
		for o := range opts {
			mm := base
			if o < len(opts)-1 {
				mm = base.Clone()
			}
			opts[o].sum += playout(mm, v.Seat, opts[o].move, seed, cfg.horizon)
		}
	}
	if made == 0 {
		return 0, false
	}
	best := 0
	for o := range opts {
		a, b := opts[o], opts[best]
		if a.sum > b.sum || (a.sum == b.sum && a.prior > b.prior) {
			best = o
		}
	}
	return best, true
}

// playout applies mv for seat me on mm, then plays normal players in every
// seat to the game's end, or until horizon more game turns have started,
// and returns me's coins then (with the regions it holds as a rough worth
// of the turns left when stopped early).
func playout(mm *underground.Match, me int, mv underground.Move, seed uint64, horizon int) float64 {
	if _, err := mm.Apply(me, mv); err != nil {
		return -1e6 // the option is not legal here: never the best
	}
	n := mm.Players()
	bots := make([]rules.Bot, n)
	for s := range bots {
		bots[s] = NewNormal(s, seed+uint64(s))
	}
	turn0, _ := mm.Turn()
	for steps := 0; !mm.Over() && steps < 5000; steps++ {
		if t, _ := mm.Turn(); horizon > 0 && t > turn0+horizon {
			break
		}
		s := mm.ToMove()[0]
		if _, err := mm.Apply(s, bots[s].Choose(mm.ViewOf(s))); err != nil {
			break
		}
	}
	return float64(mm.Coins(me))
}
