package saboteur_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
)

// playGame plays a whole game with random computer players and calls each
// after the deal and after every move with the match and the move's events.
func playGame(t *testing.T, players int, seed uint64, each func(m *saboteur.Match, evs []saboteur.Event)) {
	t.Helper()
	m, err := saboteur.NewMatch(saboteur.Options{Players: players, FirstPlayer: -1}, seed)
	if err != nil {
		t.Fatal(err)
	}
	g := m.Game()
	bots := make([]bot.Bot, players)
	for s := range bots {
		bots[s] = bot.New(bot.Random, s, players, seed+uint64(s))
	}
	var evs []saboteur.Event
	for _, e := range m.Opening() {
		evs = append(evs, *e.(*saboteur.Event))
	}
	each(m, evs)
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
		each(m, evs)
	}
}

// TestAppendEventMatchesMarshalJSON: the view writer's hand-written event
// JSON is byte for byte Event.MarshalJSON's, for every event of whole
// games as every seat and a spectator get it.
func TestAppendEventMatchesMarshalJSON(t *testing.T) {
	w := saboteur.Rules{}.NewViewWriter()
	for _, players := range []int{3, 7} {
		playGame(t, players, uint64(players), func(_ *saboteur.Match, evs []saboteur.Event) {
			for seat := -1; seat < players; seat++ {
				for _, e := range evs {
					ev := e.Redact(seat)
					want, err := ev.MarshalJSON()
					if err != nil {
						t.Fatal(err)
					}
					got, err := w.AppendEvent(nil, &ev)
					if err != nil || !bytes.Equal(got, want) {
						t.Fatalf("AppendEvent wrote %s (%v), MarshalJSON %s", got, err, want)
					}
				}
			}
		})
	}
	// Rare fields the games above may not reach.
	odd := saboteur.Event{Type: saboteur.GameEnded, Winners: []int{}, Scores: []int{0, 3}, Goals: []saboteur.GoalCard{saboteur.NoGoal, saboteur.Gold},
		Roles: []saboteur.Role{saboteur.NoRole, saboteur.Saboteur}, Cards: []saboteur.Card{{}}, At: saboteur.Cell{X: -3}, Golds: []int{1}}
	want, _ := odd.MarshalJSON()
	if got, _ := w.AppendEvent(nil, &odd); !bytes.Equal(got, want) {
		t.Fatalf("AppendEvent wrote %s, MarshalJSON %s", got, want)
	}
	if _, err := w.AppendEvent(nil, fakeEvent{}); err == nil {
		t.Fatal("AppendEvent wrote another game's event")
	}
}

type fakeEvent struct{}

func (fakeEvent) For(int) (rules.Event, bool) { return fakeEvent{}, true }

// TestViewWriterRebuildsTheView: a seat's stream of views as the view
// writer writes them (a whole view, byte for byte encoding/json's, then
// deltas) rebuilds through MergeView exactly the views the game made
// (rules.ViewCodec).
func TestViewWriterRebuildsTheView(t *testing.T) {
	const players = 5
	r := saboteur.Rules{}
	w := r.NewViewWriter()
	prev := make([]rules.ViewSnapshot, players)
	last := make([]rules.View, players)
	var deltas int
	playGame(t, players, 21, func(m *saboteur.Match, _ []saboteur.Event) {
		for seat := 0; seat < players; seat++ {
			v := m.Game().View(seat)
			snap := w.Snapshot(m, seat)
			whole, err := w.AppendView(nil, nil, snap)
			if err != nil {
				t.Fatal(err)
			}
			if want, _ := json.Marshal(v); !bytes.Equal(whole, want) {
				t.Fatalf("seat %d, move %d: the whole view is\n%s\nencoding/json writes\n%s", seat, v.Moves, whole, want)
			}
			if prev[seat] == nil {
				if last[seat], err = r.DecodeView(whole); err != nil {
					t.Fatal(err)
				}
			} else {
				delta, err := w.AppendView(nil, prev[seat], snap)
				if err != nil {
					t.Fatal(err)
				}
				before := last[seat]
				if last[seat], err = r.MergeView(before, delta); err != nil {
					t.Fatalf("%s: %v", delta, err)
				}
				if len(delta) >= len(whole) && v.Moves > 1 {
					t.Errorf("seat %d, move %d: a delta of %d bytes for a view of %d", seat, v.Moves, len(delta), len(whole))
				}
				deltas++
			}
			prev[seat] = snap
			if !reflect.DeepEqual(last[seat], v) {
				t.Fatalf("seat %d, move %d: the updates rebuilt another view", seat, v.Moves)
			}
		}
	})
	if deltas < 100 {
		t.Fatalf("only %d deltas", deltas)
	}
	if _, err := r.MergeView(last[0], []byte(`{"wizard":1}`)); err == nil {
		t.Fatal("MergeView took an unknown field")
	}
}
