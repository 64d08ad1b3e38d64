package bot

import (
	"testing"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground"
)

// playGame plays one game between the levels, seat s taking levels[s].
func playGame(tb testing.TB, levels []string, seed uint64) *underground.Match {
	tb.Helper()
	m, err := underground.New(len(levels), underground.Options{}, seed)
	if err != nil {
		tb.Fatal(err)
	}
	bots := make([]rules.Bot, len(levels))
	for s, l := range levels {
		if bots[s], err = (Makers{}).NewBot(l, s, seed+uint64(s)); err != nil {
			tb.Fatal(err)
		}
	}
	for n := 0; !m.Over(); n++ {
		if n > 20000 {
			tb.Fatal("no end after 20000 moves")
		}
		s := m.ToMove()[0]
		mv := bots[s].Choose(m.View(s))
		if _, err := m.Apply(s, mv); err != nil {
			tb.Fatalf("seat %d (%s): move %v refused: %v", s, levels[s], mv, err)
		}
	}
	return m
}

func BenchmarkGameNormal4(b *testing.B) {
	for i := 0; i < b.N; i++ {
		playGame(b, []string{"normal", "normal", "normal", "normal"}, uint64(i))
	}
}

func BenchmarkGameRandom4(b *testing.B) {
	for i := 0; i < b.N; i++ {
		playGame(b, []string{"random", "random", "random", "random"}, uint64(i))
	}
}
