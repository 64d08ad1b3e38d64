//go:build benchsaboteur

package lan

import (
	"encoding/json"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
)

// With -tags benchsaboteur the network's benchmarks (bench_test.go) play
// Saboteur: ten seats, seat 0 first, the host's computer players of level
// hard; the game with the largest views, whose figures docs/LAN.md gives.
// Without the tag lan's tests and benchmarks name no game
// (rules/imports_test.go checks it); box/lan_test.go plays every game of
// the box over the network.
func init() {
	benchRules = saboteur.Rules{Bots: bot.Brains}
	benchOpts = func(players int) json.RawMessage {
		b, err := json.Marshal(saboteur.Options{Players: players, FirstPlayer: 0})
		if err != nil {
			panic(err)
		}
		return b
	}
	benchLevel = "hard"
}
