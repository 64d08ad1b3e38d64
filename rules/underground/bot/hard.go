package bot

import (
	"math/bits"
	"sort"

	"github.com/goldvein/goldvein/rules/underground"
)

// hardPlan is the hard player's turn search: wider and deeper than
// normal's, and it prefers to take regions from the seats that show the
// most on the board.
var hardPlan = planCfg{branch: 5, budget: 4000, harm: 0.45, lead: 1.2, leftover: 0.05, expose: 0.15, opening: 0.08}

var hardLevel = &level{name: "hard", pick: hardPick, decline: hardDecline, smart: true, plan: hardPlan}

// NewHard returns the hard player of seat: it plays the first turn of every
// combo in view on the board (a full turn plan) before picking, looks at
// what the market will still offer before going In Decline, and searches
// thousands of conquest sequences each turn.
func NewHard(seat int, seed uint64) *Player { return newPlayer(hardLevel, seat, seed) }

// asFresh is the model with a fresh race of combo c in my hand, off the
// board (U4.3, U5.2).
func asFresh(m *model, c underground.ComboView) *model {
	f := *m
	f.race, f.power = parseRace(c.Race), parsePower(c.Power)
	f.mine, f.hand = 0, bannerOf(f.race)+badgeOf(f.power)
	if f.race == underground.Mimes {
		f.hand++
	}
	f.ancient, f.volcano = -1, -1
	if f.race == underground.Flames {
		best, bestN := -1, -1
		for s := m.mp.VolcanoMask(); s != 0; s &= s - 1 {
			i := bits.TrailingZeros64(s)
			if n := bits.OnesCount64(m.mp.AdjMask[i] & m.land); n > bestN {
				best, bestN = i, n
			}
		}
		f.volcano = best
	}
	return &f
}

// firstTurn is what a fresh race of combo c would score on its first turn
// here: the best plan's value, and the regions it takes.
func firstTurn(m *model, c underground.ComboView) (float64, int) {
	f := asFresh(m, c)
	cfg := hardPlan
	cfg.budget, cfg.branch = 600, 4
	pl := newPlanner(f, cfg, nil)
	seq, val := pl.run(f.hand, 0)
	return val, len(seq)
}

// freshValue is a combo's worth over the turns it will play, from its
// first turn on this very board (U4, U12, U13).
func freshValue(m *model, pos int, turns int) float64 {
	c := m.v.Market[pos]
	val, regions := firstTurn(m, c)
	f := asFresh(m, c)
	per := float64(regions)*0.9 + raceWorth(f.race, m)*0.5 + powerWorth(f.power, m)*0.6
	life := min(float64(turns), 4)
	return val + per*max(life-1, 0)*0.8 + float64(c.Coins) - float64(pos)
}

func hardPick(_ *Player, m *model) int {
	return pickBest(m, func(pos int) float64 { return freshValue(m, pos, m.turnsLft) })
}

// marketAhead is the fresh race I can expect to pick next turn: the combos
// I can afford, the best ones taken first by the seats playing before my
// next turn (one pick each at most).
func marketAhead(m *model) (tokens, bonus float64) {
	coins := 0
	if c := m.v.Seats[m.me].Coins; c != nil {
		coins = *c
	}
	type opt struct{ tokens, bonus, score float64 }
	var opts []opt
	for pos, c := range m.v.Market {
		r, p := parseRace(c.Race), parsePower(c.Power)
		t := float64(bannerOf(r) + badgeOf(p))
		b := (raceWorth(r, m) + powerWorth(p, m)) / heldGuess
		opts = append(opts, opt{t * 2.7 / avgCost(r), b, t*2.7/avgCost(r)*(1+b) - float64(pos) + float64(c.Coins)})
		_ = pos
	}
	// Seats without an Active race pick before my next turn.
	pickers := 0
	for s, sv := range m.v.Seats {
		if s != m.me && sv.Active == nil {
			pickers++
		}
	}
	pickers += (len(m.v.Seats) - 1) / 3 // some decline this turn
	sort.Slice(opts, func(a, b int) bool { return opts[a].score > opts[b].score })
	k := min(pickers, len(opts)-1)
	for ; k < len(opts); k++ {
		if k <= coins+pickers {
			return opts[k].tokens, opts[k].bonus
		}
	}
	return 9, 0.1
}

// hardDecline compares keeping the race, with this turn's best plan for
// the tokens it can ready, against declining and the market ahead (U8).
func hardDecline(_ *Player, m *model) bool {
	r := *m
	r.hand = spare(m)
	cfg := hardPlan
	cfg.budget = 800
	pl := newPlanner(&r, cfg, nil)
	seq, _ := pl.run(r.hand, r.v.Seats[m.me].Hammers)
	gain := 0.0
	for _, a := range seq {
		if a.kind == 'f' {
			gain += 0.4
		} else if !m.mp.IsRiver(a.region) || m.keepsRiver() {
			gain++
		}
	}
	tokens, bonus := marketAhead(m)
	keep, decl := projection(m, gain, tokens, bonus)
	return decl > keep+0.3
}
