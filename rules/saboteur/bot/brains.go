package bot

import "github.com/goldvein/goldvein/rules/saboteur"

// Brains makes the computer player of level for seat at a table of
// players, seeded with seed (New): the saboteur.Rules.Bots of the box's
// registry, saboteur.Rules{Bots: bot.Brains}. Package saboteur cannot
// import this one (it imports saboteur), so the registry wires the two.
// An unknown level is an error.
func Brains(level string, seat, players int, seed uint64) (saboteur.Brain, error) {
	l, err := ParseLevel(level)
	if err != nil {
		return nil, err
	}
	return New(l, seat, players, seed), nil
}
