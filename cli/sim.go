//go:build !js

package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/goldvein/goldvein/box"
)

func init() {
	RegisterBox("sim", "play computer players against each other and report how each level does", runSim)
}

// runSim is `goldvein sim [--game ID] ...`: the game's own sim when it has
// one (Game.Sim), else the box's sim over the contract (simbox.go).
func runSim(b box.Box, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	id, rest, err := takeGameFlag(args)
	var g box.Game
	if err == nil {
		g, err = b.Find(id)
	}
	if err == nil && g.Sim == nil && g.Rules == nil {
		err = fmt.Errorf("--game %s: this game has no computer players yet", g.ID)
	}
	if err != nil {
		fmt.Fprintf(stderr, "goldvein sim: %v\n", err)
		return 2
	}
	if g.Sim != nil {
		return g.Sim(rest, stdout, stderr)
	}
	return simBox(g, rest, stdout, stderr)
}

// takeGameFlag takes --game ID (or --game=ID, -game) out of args, for the
// commands that hand the rest to a game's own flags.
func takeGameFlag(args []string) (id string, rest []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return id, append(rest, args[i:]...), nil
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "game" {
			rest = append(rest, a)
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return "", nil, fmt.Errorf("flag needs an argument: --game")
			}
			i++
			val = args[i]
		}
		id = val
	}
	return id, rest, nil
}
