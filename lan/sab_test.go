package lan

import (
	"encoding/json"
	"testing"

	"github.com/goldvein/goldvein/game"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
)

// The tests of lan that still play Saboteur: what only Saboteur has among
// the games, its views written as deltas (rules.ViewCodec) and its record
// format 1, and its own hidden information checked field by field. The
// others play the toy game of rules/ruletest (host_test.go). lan itself
// names no game (rules/imports_test.go); box/lan_test.go plays every game
// of the box over the network.

// sab is Saboteur with its computer players.
var sab = saboteur.Rules{Bots: bot.Brains}

// sabOpts is o as the game's table options JSON.
func sabOpts(o saboteur.Options) json.RawMessage {
	p, err := json.Marshal(o)
	if err != nil {
		panic(err)
	}
	return p
}

// lobbyOpts reads a lobby's Saboteur options.
func lobbyOpts(l Lobby) saboteur.Options {
	o, err := saboteur.ParseOptions(l.Players, l.Options)
	if err != nil {
		panic(err)
	}
	return o
}

// sabConfig is testConfig for Saboteur with players seats, seat 0 first.
func sabConfig(players, bots int) HostConfig {
	cfg := testConfig(players, bots)
	cfg.Game, cfg.Options = sab, sabOpts(saboteur.Options{Players: players, FirstPlayer: 0})
	cfg.NewBot = func(level string, seat int) (rules.Bot, error) {
		return sab.NewBot("random", seat, uint64(seat)+100)
	}
	return cfg
}

// sabJoin is join for a Saboteur table.
func sabJoin(t testing.TB, addr, name string, mut func(*ClientConfig)) *Client {
	t.Helper()
	return join(t, addr, name, func(c *ClientConfig) {
		c.Game = sab
		if mut != nil {
			mut(c)
		}
	})
}

// sabView is an update's view as Saboteur's (a zero View when it is none).
func sabView(v rules.View) saboteur.View {
	sv, _ := v.(saboteur.View)
	return sv
}

// upView is an update message's view (Message.GameView) as Saboteur's.
func upView(m Message) *saboteur.View {
	sv, ok := m.GameView.(saboteur.View)
	if !ok {
		return nil
	}
	return &sv
}

// upEvents is an update message's events as Saboteur's.
func upEvents(m Message) []saboteur.Event {
	out := make([]saboteur.Event, 0, len(m.GameEvents))
	for _, e := range m.GameEvents {
		if se, ok := e.(*saboteur.Event); ok {
			out = append(out, *se)
		}
	}
	return out
}

// moveJSON is m in the wire's move form.
func moveJSON(m saboteur.Move) json.RawMessage {
	p, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	return p
}

// jsonEqual reports whether a and b encode to the same JSON.
func jsonEqual(t testing.TB, a, b any) bool {
	t.Helper()
	pa, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	pb, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return string(pa) == string(pb)
}

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
