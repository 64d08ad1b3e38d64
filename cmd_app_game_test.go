//go:build !headless

package main

import (
	"bytes"
	"github.com/goldvein/goldvein/box"
	"strings"
	"testing"
)

// TestAppGameFlag: --game picks the window's game; an unknown game and a
// player count outside the game's range exit 2 with a line naming them,
// before any window opens.
func TestAppGameFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--game", "chess"}, `--game chess: no such game (the games: saboteur, incangold, underground)`},
		{[]string{"--game", "underground", "--players", "6"}, "--players 6 for Small World: Underground: players: 6: want 2 to 5 (U1.1)"},
		{[]string{"--game", "underground", "--players", "1"}, "--players 1 for Small World: Underground: players: 1: want 2 to 5 (U1.1)"},
		{[]string{"--game", "incangold", "--players", "9"}, "--players 9 for Incan Gold: players: 9: want 3 to 8 (I1.1)"},
		{[]string{"--game", "incangold", "--players", "2"}, "--players 2 for Incan Gold: players: 2: want 3 to 8 (I1.1)"},
		{[]string{"--players", "11"}, "--players 11 for Saboteur: options: players 11: want 3 to 10 (R1.1)"},
	} {
		var out, errb bytes.Buffer
		if code := runApp(c.args, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errb.String(), c.want)
		}
	}
}

// TestScreensAreTheBox: the window's games (screens_gen.go, made from
// box.Games by internal/screensgen) are the box's games, in its order.
func TestScreensAreTheBox(t *testing.T) {
	games := box.Games()
	if len(screens) != len(games) {
		t.Fatalf("%d screens for %d games", len(screens), len(games))
	}
	for i, g := range games {
		if id := screens[i].Rules().ID(); id != g.ID {
			t.Errorf("screens[%d] is %s, box.Games[%d] %s", i, id, i, g.ID)
		}
	}
}
