package rules

import (
	"slices"
	"strings"
	"testing"
)

// shellGameNames lists what of a game the packages pkgs depend on, directly
// or not: a game's rules (rules/<id>: any rules package but the contract's
// test kit), its screens (scenes/<id>) or its art (sprites/<id>; the shared
// sprites, sprites/fonts and the vector shapes of sprites/cardart aside).
func shellGameNames(t *testing.T, pkgs ...string) []string {
	t.Helper()
	var bad []string
	for _, p := range strings.Fields(string(goCmd(t, "0", append([]string{"list", "-deps"}, pkgs...)...))) {
		rest, ok := strings.CutPrefix(p, mod+"/")
		if !ok {
			continue
		}
		switch {
		case strings.HasPrefix(rest, "rules/") && rest != "rules/ruletest",
			strings.HasPrefix(rest, "scenes/"),
			strings.HasPrefix(rest, "sprites/") && rest != "sprites/fonts" && rest != "sprites/cardart",
			rest == "box", rest == "cli":
			bad = append(bad, p)
		}
	}
	return bad
}

// TestShellNamesNoGame fails when the shell (package scenes: the app, menu
// and game picker, lobby, join, chat, settings, rules help, the UI kit)
// depends on a game: it asks each game through scenes.Game, and the app's
// list of games' screens (screens_gen.go) is made from box.Games
// (docs/DESIGN.md). So a new game is its own folders and one entry in
// box.Games, and the shell does not change.
func TestShellNamesNoGame(t *testing.T) {
	if bad := shellGameNames(t, "./scenes"); len(bad) > 0 {
		t.Errorf("the shell (scenes) depends on %v", bad)
	}
}

// TestShellCheckCanFail: the same check finds the games among the
// dependencies of a game's screens.
func TestShellCheckCanFail(t *testing.T) {
	got := shellGameNames(t, "./scenes/incangold")
	if !slices.Contains(got, mod+"/rules/incangold") || !slices.Contains(got, mod+"/sprites/incangold") {
		t.Fatalf("the check finds %v in Incan Gold's screens' dependencies", got)
	}
}
