package saboteur

import (
	"testing"
)

// maze40 builds a maze of all 40 path cards, each placed legally (R5) at a
// random legal cell in a seeded order, as a busy round's maze looks.
func maze40(tb testing.TB) Board {
	for seed := uint64(1); seed < 100; seed++ {
		r := rng(seed)
		b := NewBoard(testGoals)
		ids := r.Perm(40) // the path cards are deck ids 0-39
		var places []Placement
		for _, id := range ids {
			places = b.Placements(places[:0], deck[id], false)
			if len(places) == 0 {
				continue
			}
			p := places[r.IntN(len(places))]
			b.Place(p.Card, CardID(id), p.At)
		}
		if b.PathCards() == MaxPathCards {
			return b
		}
	}
	tb.Fatal("no seed laid all 40 path cards")
	return Board{}
}

// BenchmarkPlacements40: every legal cell and orientation of one card kind
// on a maze of 40 path cards (issue 2's target: under 10 µs).
func BenchmarkPlacements40(b *testing.B) {
	m := maze40(b)
	c := MustCard("NE")
	var dst []Placement
	for b.Loop() {
		dst = m.Placements(dst[:0], c, false)
	}
	b.ReportMetric(float64(len(dst)), "placements")
}

// BenchmarkFitsAllCells: the board scene's question during a drag, "can
// this card, in this orientation, go here", for every cell of a 33x25
// area around a 40-card maze.
func BenchmarkFitsAllCells(b *testing.B) {
	m := maze40(b)
	c := MustCard("NES")
	n := 0
	for b.Loop() {
		n = 0
		for x := -12; x <= 20; x++ {
			for y := -12; y <= 12; y++ {
				if m.Fits(c, Cell{x, y}, false) {
					n++
				}
			}
		}
	}
	b.ReportMetric(float64(n), "fits")
}

// BenchmarkGame10: a whole 3-round game of 10 players, every move chosen at
// random among all legal moves (issue 2's target: under 2 ms).
func BenchmarkGame10(b *testing.B) {
	moves := 0
	seed := uint64(0)
	for b.Loop() {
		seed++
		g, _, err := New(Options{Players: 10}, seed)
		if err != nil {
			b.Fatal(err)
		}
		r := rng(seed)
		for g.Phase() != Over {
			ms := g.LegalMoves(g.Turn())
			if _, err := g.Apply(ms[r.IntN(len(ms))]); err != nil {
				b.Fatal(err)
			}
			moves++
		}
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}

// BenchmarkGame10Reuse is BenchmarkGame10 with one move slice reused
// through AppendLegalMoves, as search code plays.
func BenchmarkGame10Reuse(b *testing.B) {
	seed := uint64(0)
	var ms []Move
	for b.Loop() {
		seed++
		g, _, err := New(Options{Players: 10}, seed)
		if err != nil {
			b.Fatal(err)
		}
		r := rng(seed)
		for g.Phase() != Over {
			ms = g.AppendLegalMoves(ms[:0], g.Turn())
			if _, err := g.Apply(ms[r.IntN(len(ms))]); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkLegalMoves: all legal moves of the seat on turn, mid-round.
func BenchmarkLegalMoves(b *testing.B) {
	g := midGame(b)
	for b.Loop() {
		_ = g.LegalMoves(g.Turn())
	}
}

// BenchmarkClone: a deep copy of a game mid-round (search code copies).
func BenchmarkClone(b *testing.B) {
	g := midGame(b)
	for b.Loop() {
		_ = g.Clone()
	}
}

// BenchmarkView: one seat's view mid-round.
func BenchmarkView(b *testing.B) {
	g := midGame(b)
	for b.Loop() {
		_ = g.View(g.Turn())
	}
}

// midGame is a 6-player game 30 random moves in.
func midGame(tb testing.TB) *Game {
	g := newGame(tb, Options{Players: 6}, 77)
	r := rng(77)
	for range 30 {
		ms := g.LegalMoves(g.Turn())
		if _, err := g.Apply(ms[r.IntN(len(ms))]); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}
