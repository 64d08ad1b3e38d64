package scenes

import "testing"

// TestJoinListNamesTheGame: a table in the join list shows the game its
// beacon names (lan/PROTOCOL.md, Discovery): a game of the box by its
// catalogue name, another by its ID, a version 2 host's (no game) by
// nothing.
func TestJoinListNamesTheGame(t *testing.T) {
	a := NewHarness(t, TestGames).A
	for id, want := range map[string]string{"saboteur": "Saboteur", "incangold": "Incan Gold", "chess": "chess", "": ""} {
		if got := tableGameName(a, id); got != want {
			t.Errorf("game %q shows as %q, want %q", id, got, want)
		}
	}
}
