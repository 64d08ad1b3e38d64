package bot

import (
	"github.com/goldvein/goldvein/rules/incangold"
)

// normalRisk weighs the loss against the gain: normal stays while the
// expected gain of the next card beats its loss weight times the expected
// loss. It is the middle of the loss weights drawn per bot (normalSpread).
// (Measured, 10000 games of the 4-seat mixed table, seed 1: 1.03, 1.06
// and 1.1 left normal at 34.4, 34.4, 34.3 and raised hard from 39.9 to
// 40.1 and 40.4; 0.95 with hard's pool guesses, hard/normal 1.146.)
const normalRisk = 1.06

// normalSpread is how far each normal's loss weight, drawn from its own
// seed (uniform, either side), lies from normalRisk: its character.
// Explorers in the temple carry the same gems (I5.1) and see the same
// path, so two normals of one loss weight choose alike at every step:
// they always leave together, split the pool and never take an artifact
// alone (I4.2, I6.2), and neither gains the bigger shares that another's
// leaving gives those who stay (I5.1). Drawn weights make the close calls
// differ: the more careful leaves first, alone, and the bolder one goes
// on with fewer to share with. (Measured, 1000 games of
// hard,normal,easy,random,normal, seed 1: normal 22.3 at 0, 24.2 at 0.3,
// 25.0 at 0.6, 24.6 at 0.9, with easy 24.0, 23.5, 23.3, 23.4; 2000 games
// of the 4-seat mixed table: normal 34.3 at 0, 34.5 at 0.3, 34.4 at 0.6.
// 20000 games of it with `goldvein sim`: hard/normal 1.178, normal/easy
// 1.210, easy/random 1.517; see docs/INCAN_GOLD.md.)
const normalSpread = 0.6

// normalPool weighs normal's part of the pool (pool / explorers) among
// what it risks by staying.
const normalPool = 1.0

// normalArts weighs normal's part of the artifacts lying on the path
// (their worth over the explorers; a lone leaver takes them, I6.2) among
// what it risks by staying. (Measured, 10000 games of the 4-seat mixed
// table: at 1 normal fell from 34.1 to 33.4.)
const normalArts = 0.0

// normalLeaves is normal's card counting: with p the chance that the next
// card busts (from the deck it deduces, I7.2) and g the gems the next card
// gives each explorer on average (I5.1), it leaves when p times what it
// risks (what it carries, its part of the pool and of the artifacts on
// the path) weighed by risk outweighs (1-p)*g.
func normalLeaves(k *know, me int, risk, poolW, artsW float64) bool {
	n := max(1, k.explorers())
	p, g := k.odds(n)
	arts := 0
	for i, a := range k.pathArts {
		arts += incangold.ClaimWorth(k.opts, a, k.claimed+i+1) // I6.3
	}
	atRisk := float64(k.carried[me]) + (poolW*float64(k.pool)+artsW*float64(arts))/float64(n)
	return p*atRisk*risk > (1-p)*g
}
