package lan

import (
	"encoding/json"
	"testing"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
)

// sview is seat's view at t, as Saboteur's type.
func sview(t *game.Table, seat int) saboteur.View { return t.View(seat).(saboteur.View) }

// sabMoves reads a table's record as Saboteur's options and moves.
func sabMoves(t testing.TB, rec *rules.Record) (saboteur.Options, []saboteur.Move) {
	t.Helper()
	o, err := saboteur.ParseOptions(len(rec.Seats), rec.Options)
	if err != nil {
		t.Fatal(err)
	}
	ms := make([]saboteur.Move, len(rec.Moves))
	for i, rm := range rec.Moves {
		if err := json.Unmarshal(rm.Move, &ms[i]); err != nil {
			t.Fatal(err)
		}
	}
	return o, ms
}

// replayRec replays a table's record to Saboteur's game.
func replayRec(t testing.TB, rec *rules.Record) *saboteur.Game {
	t.Helper()
	m, _, err := rec.Replay(saboteur.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	return m.(*saboteur.Match).Game()
}
