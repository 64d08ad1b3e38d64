package lan

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
)

// playGame plays a whole game with random computer players and calls each
// after the deal and after every move with the game and the move's events.
func playGame(t *testing.T, players int, seed uint64, each func(g *saboteur.Game, evs []saboteur.Event)) {
	t.Helper()
	g, evs, err := saboteur.New(saboteur.Options{Players: players, FirstPlayer: -1}, seed)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]bot.Bot, players)
	for s := range bots {
		bots[s] = bot.New(bot.Random, s, players, seed+uint64(s))
	}
	each(g, evs)
	for g.Phase() != saboteur.Over {
		for s, b := range bots {
			for _, e := range evs {
				b.Observe(e.Redact(s))
			}
		}
		s := g.Turn()
		if evs, err = g.Apply(bots[s].Choose(g.View(s))); err != nil {
			t.Fatal(err)
		}
		each(g, evs)
	}
}

// TestAppendEventMatchesMarshalJSON: the host's hand-written event JSON is
// byte for byte Event.MarshalJSON's, for every event of whole games as
// every seat and a spectator get it.
func TestAppendEventMatchesMarshalJSON(t *testing.T) {
	for _, players := range []int{3, 7} {
		playGame(t, players, uint64(players), func(g *saboteur.Game, evs []saboteur.Event) {
			for seat := -1; seat < players; seat++ {
				for _, e := range evs {
					ev := Event(e.Redact(seat))
					want, err := ev.MarshalJSON()
					if err != nil {
						t.Fatal(err)
					}
					got, err := appendEvent(nil, &ev)
					if err != nil || !bytes.Equal(got, want) {
						t.Fatalf("appendEvent wrote %s (%v), MarshalJSON %s", got, err, want)
					}
				}
			}
		})
	}
	// Rare fields the games above may not reach.
	odd := Event{Type: saboteur.GameEnded, Winners: []int{}, Scores: []int{0, 3}, Goals: []saboteur.GoalCard{saboteur.NoGoal, saboteur.Gold},
		Roles: []saboteur.Role{saboteur.NoRole, saboteur.Saboteur}, Cards: []saboteur.Card{{}}, At: saboteur.Cell{X: -3}, Golds: []int{1}}
	want, _ := odd.MarshalJSON()
	if got, _ := appendEvent(nil, &odd); !bytes.Equal(got, want) {
		t.Fatalf("appendEvent wrote %s, MarshalJSON %s", got, want)
	}
}

// TestFastUpdatesRebuildTheView: a seat's stream of updates, written by
// the host's fast path (a whole view, then deltas), rebuilds on the
// client exactly the views the game made; and the maze's JSON is
// saboteur.Board.MarshalJSON's.
func TestFastUpdatesRebuildTheView(t *testing.T) {
	const players = 5
	var cache boardCache
	prev := make([]*seatView, players)
	vts := make([]viewTracker, players)
	var frames int
	playGame(t, players, 21, func(g *saboteur.Game, evs []saboteur.Event) {
		for seat := 0; seat < players; seat++ {
			v := g.View(seat)
			if seat == 0 {
				want, _ := json.Marshal(v.Board)
				if got := appendBoard(nil, v.Board.Tiles()); !bytes.Equal(got, want) {
					t.Fatalf("appendBoard wrote %s, MarshalJSON %s", got, want)
				}
			}
			out := make([]Event, len(evs))
			for i, e := range evs {
				out[i] = Event(e.Redact(seat))
			}
			sv := snapshot(&v)
			frame, err := appendUpdateFrame(nil, prev[seat], sv, out, &cache)
			if err != nil {
				t.Fatal(err)
			}
			prev[seat] = sv
			p, err := ReadFrame(bytes.NewReader(frame), nil, MaxHostMessage)
			if err != nil {
				t.Fatal(err)
			}
			m, err := DecodeHost(p)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if err := vts[seat].apply(&m); err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if !reflect.DeepEqual(*m.View, v) {
				t.Fatalf("seat %d, move %d: the update %s rebuilt another view", seat, v.Moves, p)
			}
			if !reflect.DeepEqual(m.RulesEvents(), redacted(evs, seat)) {
				t.Fatalf("seat %d, move %d: events changed on the way: %s", seat, v.Moves, p)
			}
			frames++
		}
	})
	if frames < 100 {
		t.Fatalf("only %d updates", frames)
	}
}

func redacted(evs []saboteur.Event, seat int) []saboteur.Event {
	out := make([]saboteur.Event, len(evs))
	for i, e := range evs {
		out[i] = e.Redact(seat)
	}
	return out
}

func TestObjectKeys(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		ok   bool
	}{
		{`{"turn":2,"hand":["NE","x:\"y\""],"board":{"tiles":[{"card":"START","x":0}]},"results":null}`, []string{"turn", "hand", "board", "results"}, true},
		{` {} `, nil, true},
		{`{"\u0074urn":1,"a\"b":[{"c":{"d":1}}],"e":"{\"f\":1}"}`, []string{"turn", `a"b`, "e"}, true},
		{`[{"a":1}]`, nil, false},
		{`{"a":1`, nil, false},
		{`"a"`, nil, false},
		{``, nil, false},
	} {
		got, err := objectKeys([]byte(tc.in))
		if (err == nil) != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %q, %v; want %q (ok %v)", tc.in, got, err, tc.want, tc.ok)
		}
	}
}
