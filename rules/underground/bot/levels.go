package bot

import (
	"math/bits"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/maps"
)

func badgeOf(p underground.Power) int {
	if p < 0 || p >= underground.NumPowers {
		return 0
	}
	return badgeValue[p]
}

func bannerOf(r underground.Race) int {
	if r < 0 || r >= underground.NumRaces {
		return 0
	}
	return bannerValue[r]
}

// share is the part of the land regions with terrain t.
func share(m *model, t maps.Terrain) float64 {
	land := bits.OnesCount64(m.mp.LandMask())
	if land == 0 {
		return 0
	}
	return float64(bits.OnesCount64(m.mp.TerrainMask(t))) / float64(land)
}

// heldGuess is how many regions a fresh race tends to hold.
const heldGuess = 5.0

// powerWorth is a power's coins per turn on this map, roughly (U13).
func powerWorth(p underground.Power, m *model) float64 {
	switch p {
	case underground.Mining:
		return heldGuess * share(m, maps.Mine)
	case underground.Muddy:
		return heldGuess*share(m, maps.Mud) + 0.3
	case underground.Mystic:
		return heldGuess * share(m, maps.Crystal)
	case underground.Stone:
		return heldGuess * share(m, maps.Mountain)
	case underground.Fisher:
		return 1.0
	case underground.Flocking:
		return 1.5
	case underground.Frightened:
		return 0.7
	case underground.Thieving:
		return 1.3
	case underground.Wise:
		return 1.2
	case underground.Vampire:
		return 1.0
	case underground.Vanishing:
		return 0.9
	case underground.Quarreling:
		return 0.6
	case underground.Adventurous:
		return 0.4
	case underground.Immortal, underground.Royal, underground.Tomb, underground.Reborn, underground.Shield:
		return 0.5
	case underground.Martyr, underground.Vengeful:
		return 0.4
	case underground.Magic:
		return 0.3
	}
	return 0
}

// raceWorth is a race's coins per turn on this map, roughly (U12).
func raceWorth(r underground.Race, m *model) float64 {
	switch r {
	case underground.Shrooms:
		return heldGuess * share(m, maps.Forest)
	case underground.Drow:
		return 1.0
	case underground.Dwarves:
		return 0.8
	case underground.Mudmen:
		return 0.6
	case underground.Gnomes, underground.Kraken:
		return 0.5
	case underground.Cultists, underground.Lizardmen, underground.Spiderines, underground.Wisps:
		return 0.3
	}
	return 0
}

// avgCost is what a region tends to cost a race.
func avgCost(r underground.Race) float64 {
	switch r {
	case underground.Mummies:
		return 3.6
	case underground.Ogres:
		return 1.8
	case underground.Flames:
		return 2.1
	case underground.Cultists:
		return 2.4
	}
	return 2.7
}

// comboValue is what the combo at position pos is worth over its life:
// the regions its tokens take, the bonuses of its race and power on this
// map, and the coins on it less the price (U4).
func comboValue(m *model, pos int) float64 {
	c := m.v.Market[pos]
	r, p := parseRace(c.Race), parsePower(c.Power)
	tokens := float64(bannerOf(r) + badgeOf(p))
	if r == underground.Mimes {
		tokens += 1 // U12.12: a better badge is usually in view
	}
	regions := min(tokens/avgCost(r), 8)
	per := regions + raceWorth(r, m) + powerWorth(p, m)
	life := min(float64(m.turnsLft), 3.5)
	return per*life*0.8 + float64(c.Coins) - float64(pos)
}

// pickBest is the legal position of highest value.
func pickBest(m *model, value func(pos int) float64) int {
	best, bestV := 0, -1e9
	for _, mv := range m.v.Legal {
		if mv.Pick == nil || *mv.Pick >= len(m.v.Market) {
			continue
		}
		if v := value(*mv.Pick); v > bestV {
			best, bestV = *mv.Pick, v
		}
	}
	return best
}

// spare is the tokens my Active race can ready this turn (U6.1).
func spare(m *model) int {
	n := m.hand
	for s := m.mine; s != 0; s &= s - 1 {
		n += int(m.tokens[bits.TrailingZeros64(s)]) - 1
	}
	return n
}

// cheapest is the mean cost of the k cheapest targets in reach.
func cheapest(m *model, k int) float64 {
	var cs []int
	for s := m.reach(m.mine) &^ m.mine; s != 0; s &= s - 1 {
		i := bits.TrailingZeros64(s)
		if m.targetable(i) && (!m.mp.IsRiver(i) || m.keepsRiver()) {
			cs = append(cs, m.cost(i, m.mine))
		}
	}
	if len(cs) == 0 {
		return 4
	}
	for a := range cs { // a few elements: selection is enough
		for b := a + 1; b < len(cs); b++ {
			if cs[b] < cs[a] {
				cs[a], cs[b] = cs[b], cs[a]
			}
		}
	}
	sum := 0
	n := min(k, len(cs))
	for _, c := range cs[:n] {
		sum += c
	}
	return float64(sum) / float64(n)
}

// declineNowOrNext weighs going In Decline now against keeping the race
// one more turn and declining then (U8): the Active race's coins with the
// regions it would add this turn (gain), the In Decline regions wearing
// away, the old In Decline race lost, and fresh(n), what a fresh race
// picked next turn would score over n turns.
func declineNowOrNext(m *model, gain float64, fresh func(n int) float64) (now, next float64) {
	held := float64(bits.OnesCount64(m.mine))
	if held == 0 {
		return 0, 1
	}
	worth := 0.0
	for s := m.mine; s != 0; s &= s - 1 {
		worth += m.worth(bits.TrailingZeros64(s))
	}
	worth /= held
	oldDecl := float64(bits.OnesCount64(m.myDecl))
	wise := 0.0
	if m.power == underground.Wise {
		wise = 2
	}
	R := m.turnsLft
	// declined regions: each turn they score 1 and some are taken.
	declined := func(regions float64, from, turns int) float64 {
		v, d := 0.0, 1.0
		for k := from; k < turns; k++ {
			v += regions*d + wise
			d *= 0.8
		}
		return v
	}
	first := held
	if m.power == underground.Vanishing {
		now = 2*held + wise + fresh(R-1)
	} else {
		now = first + wise + declined(held*0.8, 1, R) + fresh(R-1)
	}
	bigger := held + gain
	next = bigger*worth + oldDecl
	if R >= 2 {
		if m.power == underground.Vanishing {
			next += 2 * bigger * 0.85
		} else {
			next += declined(bigger*0.85, 1, R)
		}
		next += fresh(R - 2)
	}
	return now, next
}

// freshGuess is fresh(n) for a typical combo of tokens tokens: its regions
// grow a little each turn.
func freshGuess(tokens, bonus float64) func(n int) float64 {
	return func(n int) float64 {
		v := 0.0
		for k := 0; k < n; k++ {
			v += min(tokens/2.7+0.5*float64(k), 8) * (1 + bonus) * pow(0.9, k)
		}
		return v
	}
}

func pow(x float64, k int) float64 {
	p := 1.0
	for ; k > 0; k-- {
		p *= x
	}
	return p
}

func easyPick(_ *Player, m *model) int {
	return pickBest(m, func(pos int) float64 {
		c := m.v.Market[pos]
		return float64(bannerOf(parseRace(c.Race))+badgeOf(parsePower(c.Power))+c.Coins) - float64(pos)
	})
}

// easyDecline waits until the race cannot take a single region.
func easyDecline(_ *Player, m *model) bool {
	return float64(spare(m)) < cheapest(m, 1) && m.turnsLft >= 2
}

func normalPick(_ *Player, m *model) int {
	return pickBest(m, func(pos int) float64 { return comboValue(m, pos) })
}

// declineBias tips the decline a little early: a fresh race's first turn
// is worth more than the projection credits (measured in tournaments: a
// bias of -3 scored about 4% more than +0.5).
const declineBias = -3.0

func normalDecline(_ *Player, m *model) bool {
	gain := float64(spare(m)) / cheapest(m, 3)
	now, next := declineNowOrNext(m, gain, freshGuess(9.5, 0.15))
	return now > next+declineBias
}

var (
	easyLevel = &level{name: "easy", pick: easyPick, decline: easyDecline,
		plan: planCfg{branch: 1, budget: 40, cheap: true}}
	normalLevel = &level{name: "normal", pick: normalPick, decline: normalDecline, smart: true,
		plan: planCfg{branch: 3, budget: 300, harm: 0.3, leftover: 0.05, expose: 0.1, opening: 0.05}}
)

// NewEasy returns the easy player of seat: it takes the combo with the most
// tokens, conquers the cheapest regions in reach one after another, rolls
// the die when short, and declines only when its race cannot take a region.
func NewEasy(seat int, seed uint64) *Player { return newPlayer(easyLevel, seat, seed) }

// NewNormal returns the normal player of seat: it values combos by tokens,
// race and power on the map, plans the turn's conquests as a sequence with
// the final die valued by its chance, declines when a fresh race would
// score more over the turns left, redeploys against threats and places its
// figures.
func NewNormal(seat int, seed uint64) *Player { return newPlayer(normalLevel, seat, seed) }
