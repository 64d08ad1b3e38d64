package lan

import (
	"encoding/json"
	"testing"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
)

// Most of lan's tests play Saboteur, the game with the most to hide and
// the largest views; lan itself names no game (rules/imports_test.go).
// box/lan_test.go plays every game of the box over the network.

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

// randomBot is a random-level computer player for seat (Autoplay).
func randomBot(seat int) (rules.Bot, error) {
	return sab.NewBot("random", seat, uint64(seat)+1)
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
