package incangold

import (
	"testing"
)

// BenchmarkRandomGame8 plays a whole 8-player game with random choices
// (camp one time in four) through Play, reusing one event buffer.
func BenchmarkRandomGame8(b *testing.B) {
	evs := make([]Event, 0, 64)
	x := uint64(1)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		m, _, _ := NewMatch(8, Options{StartPlayer: 0}, uint64(i))
		for !m.Over() {
			for s := range 8 {
				if !m.Owes(s) {
					continue
				}
				x ^= x << 13
				x ^= x >> 7
				x ^= x << 17
				c := Torch
				if x&3 == 0 {
					c = Camp
				}
				evs, _ = m.Play(s, c, evs[:0])
			}
		}
	}
}

// BenchmarkApplyContract plays an 8-player game through the rules.Match
// face (Apply with boxed moves and events), as the table does.
func BenchmarkApplyContract(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		m, _, _ := NewMatch(8, Options{StartPlayer: 0}, uint64(i))
		for !m.Over() {
			for _, s := range m.ToMove() {
				m.Apply(s, m.Legal(s)[1-(s+i)%4/3])
			}
		}
	}
}

// BenchmarkView makes one seat's view of a game in progress.
func BenchmarkView(b *testing.B) {
	m, _, _ := NewMatch(8, Options{StartPlayer: 0}, 1)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.SeatView(3)
	}
}

// BenchmarkCheck judges the format sample of INCAN_GOLD.md.
func BenchmarkCheck(b *testing.B) {
	in := []byte(checkCases[0].in)
	b.ReportAllocs()
	for b.Loop() {
		p, err := ParsePosition(in)
		if err != nil {
			b.Fatal(err)
		}
		p.Run()
	}
}
