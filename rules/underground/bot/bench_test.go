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

// views records the views of every seat at step in a 4-player game of
// normal players.
func views(tb testing.TB, step string) []underground.View {
	m, _ := underground.New(4, underground.Options{}, 3)
	bots := []rules.Bot{NewNormal(0, 1), NewNormal(1, 2), NewNormal(2, 3), NewNormal(3, 4)}
	var out []underground.View
	for !m.Over() {
		s := m.ToMove()[0]
		v := m.ViewOf(s)
		if v.Step == step {
			out = append(out, v)
		}
		if _, err := m.Apply(s, bots[s].Choose(v)); err != nil {
			tb.Fatal(err)
		}
	}
	if len(out) == 0 {
		tb.Fatalf("no %s step", step)
	}
	return out
}

func benchChoose(b *testing.B, newBot func(seat int, seed uint64) *Player, step string) {
	vs := views(b, step)
	bots := make([]*Player, 4)
	for s := range bots {
		bots[s] = newBot(s, 1)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := vs[i%len(vs)]
		bots[v.Seat].Choose(v)
	}
}

// One decision of the conquest phase (the turn plan searched afresh).
func BenchmarkConquerEasy(b *testing.B)   { benchChoose(b, NewEasy, "conquer") }
func BenchmarkConquerNormal(b *testing.B) { benchChoose(b, NewNormal, "conquer") }
func BenchmarkConquerHard(b *testing.B)   { benchChoose(b, NewHard, "conquer") }

// A combo pick: hard searches a first turn for each combo in view.
func BenchmarkPickNormal(b *testing.B) { benchChoose(b, NewNormal, "pick") }
func BenchmarkPickHard(b *testing.B)   { benchChoose(b, NewHard, "pick") }

// The decline decision at the start of a turn.
func BenchmarkDecideHard(b *testing.B) { benchChoose(b, NewHard, "decide") }
