//go:build !headless

package main

import (
	"bytes"
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
		{[]string{"--game", "chess"}, `--game "chess": want saboteur, incangold or underground`},
		{[]string{"--game", "underground", "--players", "6"}, "--players 6: want 2 to 5 for Underground (U1.1)"},
		{[]string{"--game", "underground", "--players", "1"}, "--players 1: want 2 to 5 for Underground (U1.1)"},
		{[]string{"--game", "incangold", "--players", "9"}, "--players 9: want 3 to 8 for Incan Gold (I1.1)"},
		{[]string{"--game", "incangold", "--players", "2"}, "--players 2: want 3 to 8 for Incan Gold (I1.1)"},
		{[]string{"--players", "11"}, "--players 11: want 3 to 10 (R1.1)"},
	} {
		var out, errb bytes.Buffer
		if code := runApp(c.args, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errb.String(), c.want)
		}
	}
}
