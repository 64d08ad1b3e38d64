package bot

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/goldvein/goldvein/rules/underground"
)

// hardPlan is the hard player's turn search: wider than normal's, and it
// leans toward taking regions from the seats that show the most on the
// board.
var hardPlan = planCfg{branch: 5, budget: 2000, harm: 0.3, lead: 0.6, leftover: 0.05, expose: 0.1, opening: 0.05, relics: true}

var hardLevel = &level{name: "hard", pick: hardPick, decline: hardDecline, smart: true, bold: true, plan: hardPlan}

// NewHard returns the hard player of seat: it picks among the combos that
// a search of their first two turns on this board ranks best, and decides
// its decline, by determinized playouts of the rest of the game from its
// view (rollout.go); each turn it searches up to 2000 conquest sequences.
func NewHard(seat int, seed uint64) *Player { return newPlayer(hardLevel, seat, seed) }

// asFresh is the model with a fresh race of combo c in my hand, off the
// board (U4.3, U5.2); the Flames' Volcano goes by the most land (U12.3).
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

// firstTurns is what a fresh race of combo c would make of its first two
// turns here, the board otherwise unchanged: each turn's best plan value,
// and the regions it holds after the first.
func firstTurns(m *model, c underground.ComboView) (v1, v2 float64, regions int) {
	f := asFresh(m, c)
	total := f.hand
	cfg := hardPlan
	cfg.budget, cfg.branch = 600, 4
	seq, v1 := newPlanner(f, cfg, nil).run(f.hand, 0)
	for _, a := range seq {
		if a.kind == 'c' && (!m.mp.IsRiver(a.region) || f.keepsRiver()) {
			f.mine |= 1 << uint(a.region)
		}
	}
	regions = bits.OnesCount64(f.mine)
	f.hand = total - regions // U6.1: the second turn readies all but one a region
	_, v2 = newPlanner(f, cfg, nil).run(f.hand, 0)
	for s := f.mine; s != 0; s &= s - 1 {
		v2 += f.worth(bits.TrailingZeros64(s))
	}
	return v1, v2, len(seq)
}

// freshValue is the worth of the combo at pos over the turns it will
// play, from its first turns on this very board (U4, U12, U13).
func freshValue(m *model, pos int, turns int) float64 {
	c := m.v.Market[pos]
	v1, v2, regions := firstTurns(m, c)
	f := asFresh(m, c)
	per := float64(regions)*0.9 + raceWorth(f.race, m)*0.5 + powerWorth(f.power, m)*0.6
	life := min(float64(turns), 4)
	if turns >= 2 {
		return v1 + 0.8*v2 + per*max(life-2, 0)*0.7 + float64(c.Coins) - float64(pos)
	}
	return v1 + per*max(life-1, 0)*0.8 + float64(c.Coins) - float64(pos)
}

// hardPick ranks the affordable combos by freshValue and plays out the
// best rollPickWidth of them (rollout.go), freshValue breaking ties; by
// freshValue alone where no sample can be dealt.
func hardPick(_ *Player, m *model) int {
	value := func(pos int) float64 { return freshValue(m, pos, m.turnsLft) }
	var opts []rolloutOption
	for _, mv := range m.v.Legal {
		if mv.Pick != nil && *mv.Pick < len(m.v.Market) {
			opts = append(opts, rolloutOption{move: mv, prior: value(*mv.Pick)})
		}
	}
	slices.SortStableFunc(opts, func(a, b rolloutOption) int { return cmp.Compare(b.prior, a.prior) })
	opts = opts[:min(len(opts), rollPickWidth)]
	if len(opts) == 1 {
		return *opts[0].move.Pick
	}
	if k, ok := rolloutBest(m.v, opts, rollPick); ok {
		return *opts[k].move.Pick
	}
	return pickBest(m, value)
}

// hardDecline decides at the start of the turn (U3.3) between keeping the
// race and going In Decline (U8) by determinized playouts (rollout.go):
// each on the same samples of the hidden facts, the rest of the game
// played by normal players, the one leaving hard the most coins kept.
// With two turns left it keeps its race: a fresh race would play only the
// last turn, and the regions it gives up lose their bonuses at once
// (measured in 400-game tournaments on two seeds: about 1 coin more a game
// than letting the projection decide). Where no sample can be dealt (a
// view FromView refuses), marginDecline decides.
func hardDecline(_ *Player, m *model) bool {
	if m.turnsLft == 2 {
		return false
	}
	opts := []rolloutOption{{move: underground.Move{End: true}}, {move: underground.Move{Decline: true}}}
	if k, ok := rolloutBest(m.v, opts, rollDecline); ok {
		return k == 1
	}
	return marginDecline(m)
}

// marginDecline weighs declining now against declining next turn (U8) as
// normal does, but the regions the race would add this turn come from a
// search of the turn with the tokens it can ready (U6.1), not a ratio.
// Early in the game (six turns left or more) it declines more readily than
// normal (hardEarlyBias).
func marginDecline(m *model) bool {
	bias := declineBias
	if m.turnsLft >= 6 {
		bias = hardEarlyBias
	}
	return hardMargin(m) > bias
}

// hardEarlyBias is the decline bias of hard's first turns: a fresh race
// then has many turns to play (measured in 400-game tournaments on two
// seeds against -3: hard/normal 1.117 against 1.111 and 1.117 against
// 1.108, hard's wins +2 to +3 points; -8 no better).
const hardEarlyBias = -6.0

// hardMargin is what declining now brings over declining next turn.
func hardMargin(m *model) float64 {
	r := *m
	r.hand = spare(m)
	cfg := hardPlan
	cfg.budget = 800
	seq, _ := newPlanner(&r, cfg, nil).run(r.hand, m.v.Seats[m.me].Hammers)
	gain := 0.0
	for _, a := range seq {
		switch {
		case a.kind == 'f':
			gain += 0.4
		case !m.mp.IsRiver(a.region) || m.keepsRiver():
			gain++
		}
	}
	now, next := declineNowOrNext(m, gain, freshGuess(marketAhead(m)))
	return now - next
}

// marketAhead is the combo the market should still offer at my next pick:
// of those I can afford, the best after one taken by each seat that has no
// Active race (they pick first); its tokens, as a typical race's, and its
// bonus per region.
func marketAhead(m *model) (tokens, bonus float64) {
	coins := 0
	if c := m.v.Seats[m.me].Coins; c != nil {
		coins = *c + 1 // this turn's scoring
	}
	type offer struct{ tokens, bonus, score float64 }
	var offers []offer
	for pos, c := range m.v.Market {
		if pos > coins {
			break
		}
		r, p := parseRace(c.Race), parsePower(c.Power)
		t := float64(bannerOf(r)+badgeOf(p)) * 2.7 / avgCost(r)
		b := (raceWorth(r, m) + powerWorth(p, m)) / heldGuess
		offers = append(offers, offer{t, b, t*(1+b) + float64(c.Coins-pos)})
	}
	if len(offers) == 0 {
		return 9.5, 0.15
	}
	slices.SortFunc(offers, func(a, b offer) int { return cmp.Compare(b.score, a.score) })
	taken := 0
	for s, sv := range m.v.Seats {
		if s != m.me && sv.Active == nil {
			taken++
		}
	}
	o := offers[min(taken, len(offers)-1)]
	return o.tokens, o.bonus
}
