package saboteur_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
)

// TestEventsAndViewsRoundTrip sends every event and view of a whole game,
// for every seat, through JSON and back unchanged (it was lan's; lan's
// tests play the toy game of rules/ruletest now).
func TestEventsAndViewsRoundTrip(t *testing.T) {
	t.Parallel()
	opts := saboteur.Options{Players: 5, FirstPlayer: -1}
	g, evs, err := saboteur.New(opts, 11)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]bot.Bot, 5)
	for s := range bots {
		bots[s] = bot.New(bot.Random, s, 5, uint64(s))
	}
	check := func(evs []saboteur.Event) {
		for seat := -1; seat < 5; seat++ {
			for _, e := range evs {
				e = e.Redact(seat)
				b, err := json.Marshal(&e)
				if err != nil {
					t.Fatal(err)
				}
				var back saboteur.Event
				if err := json.Unmarshal(b, &back); err != nil {
					t.Fatalf("%s: %v", b, err)
				}
				if !reflect.DeepEqual(saboteur.Event(back), e) {
					t.Fatalf("event %s came back as %+v, was %+v", b, back, e)
				}
			}
			if seat != g.Moves()%6-1 {
				continue // one seat's view per move keeps the test quick
			}
			v := g.View(seat)
			b, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			var back saboteur.View
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back, v) {
				t.Fatalf("view of seat %d at move %d changed through JSON", seat, v.Moves)
			}
		}
	}
	check(evs)
	for g.Phase() != saboteur.Over {
		s := g.Turn()
		for _, e := range evs {
			bots[s].Observe(e.Redact(s))
		}
		evs, err = g.Apply(bots[s].Choose(g.View(s)))
		if err != nil {
			t.Fatal(err)
		}
		check(evs)
	}
}

// FuzzMergeView: no delta a hostile host sends panics Saboteur's merge of
// it into the last view (rules.ViewCodec), which a guest runs on every
// update; a merge that succeeds gives a view that encodes. (The seeds
// were lan's FuzzDecodeHost's, which fuzzes the toy's views now.)
func FuzzMergeView(f *testing.F) {
	f.Add([]byte(`{"turn":2,"hand":["NE"],"results":null}`))
	f.Add([]byte(`{"turn":2,"Turn":3}`))
	f.Add([]byte(`{"seat":0,"board":{"tiles":[{"card":"START","x":0,"y":0,"id":-1}]}}`))
	f.Add([]byte(`{"wizard":1}`))
	g, _, err := saboteur.New(saboteur.Options{Players: 4}, 3)
	if err != nil {
		f.Fatal(err)
	}
	base := g.View(1)
	f.Fuzz(func(t *testing.T, delta []byte) {
		v, err := (saboteur.Rules{}).MergeView(base, delta) // must not panic
		if err != nil {
			return
		}
		if _, err := json.Marshal(v); err != nil {
			t.Fatalf("a merged view does not encode: %v", err)
		}
	})
}
