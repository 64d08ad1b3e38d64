package bot

import (
	"encoding/json"
	"math/bits"
	"reflect"
	"testing"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground"
)

func TestRandomFinishesFromViewsOnly(t *testing.T) {
	if _, err := (Makers{}).NewBot("expert", 0, 1); err == nil {
		t.Error("unknown level accepted")
	}
	m, err := underground.New(4, underground.Options{}, 9)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]*Random, 4)
	for s := range bots {
		bots[s] = NewRandom(s, uint64(s))
	}
	for n := 0; !m.Over(); n++ {
		if n > 50000 {
			t.Fatal("no end")
		}
		s := m.ToMove()[0]
		if _, err := m.Apply(s, bots[s].Choose(m.View(s))); err != nil {
			t.Fatalf("random move refused: %v", err)
		}
	}
}

// isListed reports whether mv is one of the view's legal moves, or the
// whole-map redeploy that Legal's documentation accepts.
func isListed(v underground.View, mv underground.Move) bool {
	if mv.Redeploy != nil && v.Step == "redeploy" {
		return true
	}
	for _, l := range v.Legal {
		if reflect.DeepEqual(l, mv) {
			return true
		}
	}
	return false
}

// TestLevelsPlayLegalGames plays every level at every table size from
// random seeds: each move is a listed one and the engine accepts it.
func TestLevelsPlayLegalGames(t *testing.T) {
	levels := (Makers{}).Levels()
	for players := 2; players <= 5; players++ {
		for g := 0; g < 6; g++ {
			seed := uint64(players*100 + g)
			m, err := underground.New(players, underground.Options{}, seed)
			if err != nil {
				t.Fatal(err)
			}
			bots := make([]rules.Bot, players)
			lv := make([]string, players)
			for s := range bots {
				lv[s] = levels[(s+g)%len(levels)]
				if bots[s], err = (Makers{}).NewBot(lv[s], s, seed+uint64(s)); err != nil {
					t.Fatal(err)
				}
			}
			for n := 0; !m.Over(); n++ {
				if n > 20000 {
					t.Fatalf("%d players, seed %d: no end", players, seed)
				}
				s := m.ToMove()[0]
				v := m.ViewOf(s)
				mv := bots[s].Choose(v).(underground.Move)
				if !isListed(v, mv) {
					t.Fatalf("%s at step %s chose %v, not a legal move", lv[s], v.Step, mv)
				}
				evs, err := m.Apply(s, mv)
				if err != nil {
					t.Fatalf("%s at step %s: %v refused: %v", lv[s], v.Step, mv, err)
				}
				for o, b := range bots {
					for _, e := range evs {
						if r, ok := e.For(o); ok {
							b.Observe(r)
						}
					}
				}
			}
			if len(m.Scores()) != players {
				t.Fatalf("no scores")
			}
		}
	}
}

// TestViewOverTheWire: a bot given the view a LAN guest receives (JSON and
// back) makes the same move as with the host's view.
func TestViewOverTheWire(t *testing.T) {
	m, _ := underground.New(3, underground.Options{}, 5)
	a, b := NewHard(0, 1), NewHard(0, 1)
	for n := 0; !m.Over() && n < 400; n++ {
		s := m.ToMove()[0]
		v := m.ViewOf(s)
		var mv rules.Move = underground.Move{End: true}
		if s == 0 {
			data, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			wire, err := underground.DecodeView(data)
			if err != nil {
				t.Fatal(err)
			}
			mv = a.Choose(v)
			if got := b.Choose(wire); !reflect.DeepEqual(got, mv) {
				t.Fatalf("step %s: %v from the view, %v from the wire", v.Step, mv, got)
			}
		} else {
			mv = v.Legal[0]
		}
		if _, err := m.Apply(s, mv); err != nil {
			t.Fatal(err)
		}
	}
}

// conquestTokens is what a conquest of region id takes from hand, by the
// engine: the event's tokens on a copy of the match.
func conquestTokens(t *testing.T, m *underground.Match, s int, id string) int {
	c := m.Clone()
	evs, err := c.Apply(s, underground.Move{Conquer: id})
	if err != nil {
		t.Fatalf("legal conquest of %s refused: %v", id, err)
	}
	for _, e := range evs {
		if e := e.(underground.Event); e.Kind == underground.EvConquer {
			return e.Tokens
		}
	}
	t.Fatalf("no conquest event for %s", id)
	return 0
}

// TestEasyTakesTheCheapest: whenever easy conquers outright, no land
// region it could conquer costs it fewer tokens (by the engine's count).
func TestEasyTakesTheCheapest(t *testing.T) {
	checked := 0
	for g := 0; g < 8; g++ {
		m, _ := underground.New(4, underground.Options{}, uint64(40+g))
		bots := []rules.Bot{NewEasy(0, 1), NewEasy(1, 2), NewEasy(2, 3), NewEasy(3, 4)}
		for !m.Over() {
			s := m.ToMove()[0]
			v := m.ViewOf(s)
			mv := bots[s].Choose(v).(underground.Move)
			if mv.Conquer != "" && len(mv.With) == 0 {
				kraken := v.Seats[s].Active.Race == "kraken"
				got := conquestTokens(t, m, s, mv.Conquer)
				for _, l := range v.Legal {
					if l.Conquer == "" || len(l.With) > 0 || (m.Map().IsRiver(m.Map().Index(l.Conquer)) && !kraken) {
						continue
					}
					if c := conquestTokens(t, m, s, l.Conquer); c < got {
						t.Fatalf("easy took %s for %d tokens, %s costs %d", mv.Conquer, got, l.Conquer, c)
					}
				}
				checked++
			}
			if _, err := m.Apply(s, mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d conquests checked", checked)
	}
}

// TestNormalDeclines: normal goes In Decline when its race is spent (no
// token to ready, few regions) with turns left, and keeps a race that
// still has many tokens to conquer with; on the last turn it never
// declines.
func TestNormalDeclines(t *testing.T) {
	spent, strong, last := 0, 0, 0
	for g := 0; g < 12; g++ {
		m, _ := underground.New(4, underground.Options{}, uint64(70+g))
		bots := []rules.Bot{NewNormal(0, 1), NewNormal(1, 2), NewNormal(2, 3), NewNormal(3, 4)}
		for !m.Over() {
			s := m.ToMove()[0]
			v := m.ViewOf(s)
			mv := bots[s].Choose(v).(underground.Move)
			if v.Step == "decide" {
				md := newModel(&v)
				held := bits.OnesCount64(md.mine)
				switch {
				case md.turnsLft == 1:
					last++
					if mv.Decline {
						t.Fatalf("seed %d turn %d: declined on the last turn", 70+g, v.Turn)
					}
				case spare(md) == 0 && held <= 5 && md.turnsLft >= 3:
					spent++
					if !mv.Decline {
						t.Fatalf("seed %d turn %d: kept a spent race (%d regions)", 70+g, v.Turn, held)
					}
				case spare(md) >= 8 && held <= 4:
					strong++
					if mv.Decline {
						t.Fatalf("seed %d turn %d: declined with %d tokens to ready", 70+g, v.Turn, spare(md))
					}
				}
			}
			if _, err := m.Apply(s, mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	if spent == 0 || strong == 0 || last == 0 {
		t.Fatalf("cases met: spent %d, strong %d, last turn %d", spent, strong, last)
	}
}
