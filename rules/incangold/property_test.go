package incangold

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// drawTable draws a table: players, options and seed.
func drawTable(t *rapid.T) (int, Options, uint64) {
	players := rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players")
	o := Options{
		Diamant:       rapid.Bool().Draw(t, "diamant"),
		Artifacts2020: rapid.Bool().Draw(t, "artifacts2020"),
		TiebreakValue: rapid.Bool().Draw(t, "tiebreak_value"),
		OpenTents:     rapid.Bool().Draw(t, "open_tents"),
		StartPlayer:   rapid.IntRange(DrawStart, players-1).Draw(t, "start_player"),
	}
	return players, o, rapid.Uint64().Draw(t, "seed")
}

// ledger follows the gems and artifacts through the public events.
type ledger struct {
	turned, returned int // gems turned up on treasures; gems gone back to the supply
	revealed         []Card
	claimed, gone    map[Card]bool
	removedSeen      [Kinds]int
}

func (l *ledger) add(t *rapid.T, e Event) {
	switch e.Type {
	case RoundStarted:
		if e.Card != 0 {
			l.revealed = append(l.revealed, e.Card)
		}
	case Flipped:
		l.turned += e.Card.Value()
	case Bust:
		for _, g := range e.Lost {
			l.returned += g
		}
		l.removedSeen[e.Card.Kind()]++
	case Left:
		for _, c := range e.Cards {
			if l.claimed[c] || l.gone[c] {
				t.Fatalf("%s claimed twice", c)
			}
			l.claimed[c] = true
		}
	case RoundEnded:
		l.returned += e.Pool
		for _, c := range e.Cards {
			if l.claimed[c] || l.gone[c] {
				t.Fatalf("%s removed after it left the path", c)
			}
			l.gone[c] = true
		}
	}
}

// checkConservation: gems are conserved (tents + carried + pool + what
// went back to the supply = gems turned up, I4, I5, I7.2, I8.2), artifacts
// are conserved (each one revealed is in exactly one of deck, path,
// claimed, removed: I3.1, I6), and no removed hazard is back (I7.3).
func checkConservation(t *rapid.T, m *Match, l *ledger) {
	sum := m.pool + l.returned
	for s := range m.players {
		sum += m.tent[s] + m.carried[s]
	}
	if sum != l.turned {
		t.Fatalf("round %d: tents + carried + pool + supply = %d, but %d gems were turned up", m.round, sum, l.turned)
	}
	where := map[Card]int{}
	for _, c := range m.deck[:m.deckN] {
		if c.IsArtifact() {
			where[c]++
		}
	}
	for _, c := range m.path[:m.pathN] {
		if c.IsArtifact() {
			where[c]++
		}
	}
	for c := range l.claimed {
		where[c]++
	}
	for c := range l.gone {
		where[c]++
	}
	for _, c := range l.revealed {
		if where[c] != 1 && !m.over {
			t.Fatalf("%s is in %d places", c, where[c])
		}
		delete(where, c)
	}
	if len(where) > 0 {
		t.Fatalf("artifacts never revealed are in play: %v", where)
	}
	worth := 0
	for s := range m.players {
		worth += int(m.artN[s])
	}
	if worth != len(l.claimed) || m.claimed != len(l.claimed) {
		t.Fatalf("%d artifacts held, %d counted claimed, %d claimed by events", worth, m.claimed, len(l.claimed))
	}
	var hz [Kinds]int
	for _, c := range m.deck[:m.deckN] {
		if c.IsHazard() {
			hz[c.Kind()]++
		}
	}
	for _, c := range m.path[:m.pathN] {
		if c.IsHazard() {
			hz[c.Kind()]++
		}
	}
	for h := range Kinds {
		if int(m.removed[h]) != l.removedSeen[h] {
			t.Fatalf("%s: %d removed, %d busts", Hazard(h), m.removed[h], l.removedSeen[h])
		}
		if !m.over && hz[h]+int(m.removed[h]) != HazardCopies {
			t.Fatalf("%s: %d in deck and path with %d removed: a removed hazard came back", Hazard(h), hz[h], m.removed[h])
		}
	}
}

// TestPropertyInvariants plays random games with random tables.
func TestPropertyInvariants(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		players, opts, seed := drawTable(t)
		m, evs, err := NewMatch(players, opts, seed)
		if err != nil {
			t.Fatal(err)
		}
		l := &ledger{claimed: map[Card]bool{}, gone: map[Card]bool{}}
		for _, e := range evs {
			l.add(t, e)
		}
		pCamp := rapid.Float64Range(0, 0.6).Draw(t, "p_camp")
		r := newRand(rapid.Uint64().Draw(t, "choices"))
		checkConservation(t, m, l)
		decisions := 0
		for !m.Over() {
			if decisions++; decisions > 2000 {
				t.Fatal("the game does not end")
			}
			owe := m.ToMove()
			if len(owe) == 0 {
				t.Fatal("nobody owes a move in a game not over")
			}
			s := owe[r.IntN(len(owe))]
			c := Torch
			if r.Float64() < pCamp {
				c = Camp
			}
			evs, err := m.Play(s, c, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				l.add(t, e)
			}
			checkConservation(t, m, l)
		}
		// Every game ends after exactly 5 rounds (I1.1, I8.5).
		if m.round != Rounds || m.ToMove() != nil || len(m.Scores()) != players || len(m.Winners()) == 0 {
			t.Fatalf("the end: round %d, to move %v, scores %v, winners %v", m.round, m.ToMove(), m.Scores(), m.Winners())
		}
		if opts.Diamant && (len(l.revealed) > 0 || m.claimed > 0) {
			t.Fatal("an artifact in a diamant game (O1)")
		}
	})
}

// TestPropertyRoundsAndHazards: each game has exactly 5 round starts, each
// round's deck holds the hazards not removed, removals never shrink, and a
// kind never drops below one card (I1.1, I3.1, I7.3).
func TestPropertyRoundsAndHazards(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		players, opts, seed := drawTable(t)
		m, evs := playRandom(t, players, opts, seed, newRand(rapid.Uint64().Draw(t, "choices")), rapid.Float64Range(0, 0.5).Draw(t, "p_camp"))
		starts, ends, removed := 0, 0, 0
		for _, e := range evs {
			switch e.Type {
			case RoundStarted:
				starts++
				if e.Round != starts {
					t.Fatalf("round %d started as the %dth", e.Round, starts)
				}
				arts := min(e.Round, Rounds)
				if opts.Diamant {
					arts = 0
				}
				if want := 30 - removed; e.Deck < want || e.Deck > want+arts {
					t.Fatalf("round %d: deck of %d cards with %d hazards removed", e.Round, e.Deck, removed)
				}
			case Bust:
				removed++
			case GameEnded:
				ends++
			}
		}
		if starts != Rounds || ends != 1 || evs[len(evs)-1].Type != GameEnded {
			t.Fatalf("%d rounds, %d ends", starts, ends)
		}
		for h := range Kinds {
			if m.removed[h] > HazardCopies-1 {
				t.Fatalf("%s: %d removed", Hazard(h), m.removed[h])
			}
		}
	})
}

// TestPropertyDeterminism: the same seed and moves give the same match
// and the same events (DESIGN.md, rules).
func TestPropertyDeterminism(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		players, opts, seed := drawTable(t)
		choices := rapid.Uint64().Draw(t, "choices")
		a, ea := playRandom(t, players, opts, seed, newRand(choices), 0.3)
		b, eb := playRandom(t, players, opts, seed, newRand(choices), 0.3)
		if *a != *b {
			t.Fatal("same seed and moves, different matches")
		}
		ja, _ := json.Marshal(ea)
		jb, _ := json.Marshal(eb)
		if !bytes.Equal(ja, jb) {
			t.Fatal("same seed and moves, different events")
		}
		c := a.Clone()
		if *c != *a {
			t.Fatal("a clone differs")
		}
	})
}

// TestPropertyNoLeak: nothing a seat receives depends on another seat's
// sealed choice before the reveal, nor (without open_tents, before the
// end) on another seat's tent: two matches that differ only there give
// every other seat byte-identical views and redacted events
// ("Hidden information", I3.4, O4).
func TestPropertyNoLeak(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		players, opts, seed := drawTable(t)
		opts.OpenTents = false
		m, _, err := NewMatch(players, opts, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := newRand(rapid.Uint64().Draw(t, "choices"))
		for !m.Over() {
			owe := m.ToMove()
			x := owe[r.IntN(len(owe))]
			if len(owe) > 1 {
				// x's choice, torch or camp, must not show to any other seat.
				a, b := m.Clone(), m.Clone()
				ea, _ := a.Play(x, Torch, nil)
				eb, _ := b.Play(x, Camp, nil)
				for s := -1; s < players; s++ {
					if s == x {
						continue
					}
					if va, vb := mustJSON(t, a.View(s)), mustJSON(t, b.View(s)); va != vb {
						t.Fatalf("seat %d's view shows seat %d's sealed choice:\n%s\n%s", s, x, va, vb)
					}
					for i := range ea {
						fa, _ := ea[i].For(s)
						fb, _ := eb[i].For(s)
						if ja, jb := mustJSON(t, fa), mustJSON(t, fb); ja != jb {
							t.Fatalf("seat %d's event shows seat %d's sealed choice:\n%s\n%s", s, x, ja, jb)
						}
					}
				}
			}
			// x's tent (and what it banked each round) must not show
			// to another seat before the end.
			if !m.Over() {
				a, b := m.Clone(), m.Clone()
				b.tent[x] += 17
				b.history[0].banked[x] += 17
				for s := -1; s < players; s++ {
					if s != x && mustJSON(t, a.View(s)) != mustJSON(t, b.View(s)) {
						t.Fatalf("seat %d's view shows seat %d's tent", s, x)
					}
				}
			}
			c := Torch
			if r.IntN(4) == 0 {
				c = Camp
			}
			if _, err := m.Play(x, c, nil); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func mustJSON(t *rapid.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(fmt.Errorf("marshal %T: %w", v, err))
	}
	return string(b)
}
