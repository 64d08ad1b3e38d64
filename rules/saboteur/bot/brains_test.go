package bot

import (
	"slices"
	"testing"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
)

// TestBrainsBehindTheContract: the box's Saboteur, wired with Brains,
// lists this package's levels, refuses others, and its computer players
// play a whole game through rules.Match and rules.Bot alone.
func TestBrainsBehindTheContract(t *testing.T) {
	var g rules.Game = saboteur.Rules{Bots: Brains}
	var want []string
	for _, l := range Levels {
		want = append(want, string(l))
	}
	if !slices.Equal(g.Levels(), want) {
		t.Fatalf("Levels %v, want %v", g.Levels(), want)
	}
	if _, err := g.NewBot("wizard", 0, 1); err == nil {
		t.Error("NewBot took an unknown level")
	}
	if _, err := (saboteur.Rules{}).NewBot("easy", 0, 1); err == nil {
		t.Error("NewBot without Bots made a bot")
	}
	m, err := g.New(4, nil, 7)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]rules.Bot, 4)
	for s, l := range []string{"random", "easy", "normal", "hard"} {
		if bots[s], err = g.NewBot(l, s, uint64(s)); err != nil {
			t.Fatal(err)
		}
	}
	tell := func(evs []rules.Event) {
		for s, b := range bots {
			for _, e := range evs {
				if r, ok := e.For(s); ok {
					b.Observe(r)
				}
			}
		}
	}
	tell(rules.OpeningOf(m))
	for n := 0; !m.Over(); n++ {
		if n > 1000 {
			t.Fatal("the game does not end")
		}
		s := m.ToMove()[0]
		evs, err := m.Apply(s, bots[s].Choose(m.View(s)))
		if err != nil {
			t.Fatalf("seat %d (%s): %v", s, g.Levels()[s], err)
		}
		tell(evs)
	}
	if len(m.Scores()) != 4 || len(m.Winners()) == 0 {
		t.Errorf("scores %v, winners %v", m.Scores(), m.Winners())
	}
}
