package underground_test

import (
	"encoding/json"
	"testing"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/bot"
)

// TestContract plays whole games through the rules.Game interface with
// random computer players that see only their views (sent as JSON, as a
// LAN guest receives them), and replays the record.
func TestContract(t *testing.T) {
	g := bot.Game()
	if lo, hi := g.Seats(); lo != 2 || hi != 5 || g.ID() != "underground" {
		t.Fatalf("seats %d-%d, id %s", lo, hi, g.ID())
	}
	if _, err := g.New(3, json.RawMessage(`{"open_coins": true, "colour": 1}`), 1); err == nil {
		t.Error("unknown option accepted")
	}
	if _, err := g.NewBot("genius", 0, 1); err == nil {
		t.Error("unknown level accepted")
	}
	for players := 2; players <= 5; players++ {
		opts := json.RawMessage(`{"first_player": 1}`)
		m, err := g.New(players, opts, uint64(players))
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]rules.Bot, players)
		seats := make([]rules.RecordSeat, players)
		for s := range bots {
			bots[s], _ = g.NewBot("random", s, uint64(s))
			seats[s] = rules.RecordSeat{Name: "bot", Kind: rules.Computer, Level: "random"}
		}
		rec := rules.NewRecord(g.ID(), opts, uint64(players), seats)
		for n := 0; !m.Over(); n++ {
			if n > 50000 {
				t.Fatal("game does not end")
			}
			s := m.ToMove()[0]
			if legal := m.Legal(s); len(legal) == 0 {
				t.Fatalf("no legal move for seat %d", s)
			}
			if other := (s + 1) % players; len(m.Legal(other)) != 0 {
				t.Fatalf("seat %d has moves while seat %d owes", other, s)
			}
			raw, _ := json.Marshal(m.View(s))
			v, err := g.DecodeView(raw)
			if err != nil {
				t.Fatalf("view: %v", err)
			}
			mv := bots[s].Choose(v)
			b, _ := json.Marshal(mv)
			mv2, err := g.DecodeMove(b)
			if err != nil {
				t.Fatalf("move %s: %v", b, err)
			}
			step := m.Step()
			evs, err := m.Apply(s, mv2)
			if err != nil {
				t.Fatalf("bot move %s refused: %v", b, err)
			}
			if m.Step() == step {
				t.Fatal("Step did not change")
			}
			for _, e := range evs {
				eb, _ := json.Marshal(e)
				if _, err := g.DecodeEvent(eb); err != nil {
					t.Fatalf("event %s: %v", eb, err)
				}
				for o := range bots {
					if re, ok := e.For(o); ok {
						bots[o].Observe(re)
					}
				}
			}
			_ = rec.Add(s, mv2)
		}
		if len(m.Scores()) != players || len(m.Winners()) == 0 {
			t.Fatalf("scores %v winners %v", m.Scores(), m.Winners())
		}
		again, _, err := rec.Replay(g)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := again.Scores(), m.Scores(); len(a) != len(b) || a[0] != b[0] {
			t.Fatalf("replay %v, game %v", a, b)
		}
	}
}

// TestHiddenCoins: other seats' coins stay hidden unless open_coins.
func TestHiddenCoins(t *testing.T) {
	g := bot.Game()
	for _, open := range []bool{false, true} {
		opts, _ := json.Marshal(underground.Options{OpenCoins: open})
		m, _ := g.New(3, opts, 1)
		v := m.View(0).(underground.View)
		if v.Seats[0].Coins == nil || (v.Seats[1].Coins != nil) != open {
			t.Errorf("open_coins %v: own %v, other %v", open, v.Seats[0].Coins, v.Seats[1].Coins)
		}
		if sv := m.View(-1).(underground.View); (sv.Seats[0].Coins != nil) != open || sv.Legal != nil {
			t.Errorf("spectator view: %+v", sv.Seats[0])
		}
	}
}

// TestRefusalChangesNothing: a refused move cites a U-rule and leaves the
// match as it was.
func TestRefusalChangesNothing(t *testing.T) {
	g := bot.Game()
	m, _ := g.New(2, nil, 3)
	s := m.ToMove()[0]
	before, _ := json.Marshal(m.View(s))
	_, err := m.Apply(1-s, underground.Move{End: true})
	if rules.RuleOf(err) == "" {
		t.Fatalf("wrong seat: %v", err)
	}
	_, err = m.Apply(s, underground.Move{Conquer: "r1"})
	if rules.RuleOf(err) == "" {
		t.Fatalf("conquer before a pick: %v", err)
	}
	after, _ := json.Marshal(m.View(s))
	if string(before) != string(after) {
		t.Error("a refused move changed the view")
	}
}
