package underground

import (
	"testing"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
)

// TestUGNewGameOptions: on the box's New game screen, the first player
// ticked in the first column (U2.7) and open coins reach the table's
// record; the random-first option is then off (issue 26 item 10).
func TestUGNewGameOptions(t *testing.T) {
	h := scenes.NewHarness(t, ugTestGames)
	s := newUGNewGameScene(h.A)
	h.A.Cur = s
	h.Ticks(2)
	if s.First >= 0 || !s.Options.Items[1].On {
		t.Fatalf("a new table: first %d, drawn %v; want the first player drawn", s.First, s.Options.Items[1].On)
	}
	h.Click(s.Rows[2].First)
	h.Click(s.Options.Items[0].Box.R)
	if s.First != 2 || s.Options.Items[1].On || !s.setup.Options.OpenCoins {
		t.Fatalf("after the clicks: first %d, drawn %v, open coins %v", s.First, s.Options.Items[1].On, s.setup.Options.OpenCoins)
	}
	h.Click(s.Start.R)
	h.Ticks(scenes.FadeTicks + 2)
	p, ok := h.A.Cur.(*ugPlayScene)
	if !ok {
		t.Fatalf("on %s after Start (%q)", h.A.Cur.Name(), s.Err)
	}
	defer p.m.table.Close()
	o, err := underground.ParseOptions(p.m.table.Record().Options)
	if err != nil || !o.OpenCoins || o.FirstPlayer == nil || *o.FirstPlayer != 2 {
		t.Fatalf("the table's options %s (%v)", p.m.table.Record().Options, err)
	}
}

// TestUGNewGameSummaryFollowsSeats: the summary names the map of the
// seat count shown (U2.1) and its game turns, in the language shown, as
// the count changes, though the map is looked up only on a change (issue
// 28).
func TestUGNewGameSummaryFollowsSeats(t *testing.T) {
	h := scenes.NewHarness(t, ugTestGames)
	s := newUGNewGameScene(h.A)
	h.A.Cur = s
	for _, n := range []int{3, 5, 2, 4, 4, 3} {
		s.Seats = scenes.DefaultSeats(h.A, n)
		h.Tick()
		mp, err := maps.ForPlayers(n)
		if err != nil {
			t.Fatal(err)
		}
		if want := h.A.T("ug.newgame.map", "map", mp.Name, "turns", mp.Turns); s.Summary != want {
			t.Fatalf("%d seats: summary %q, want %q", n, s.Summary, want)
		}
	}
	if err := h.A.SetLang("ru"); err != nil {
		t.Fatal(err)
	}
	h.Tick()
	mp, _ := maps.ForPlayers(3)
	if want := h.A.T("ug.newgame.map", "map", mp.Name, "turns", mp.Turns); s.Summary != want {
		t.Fatalf("in Russian: summary %q, want %q", s.Summary, want)
	}
}

// BenchmarkUGNewGameFill is a tick's worth of the New game screen's form
// (fill): it copied the seat count's map every tick before issue 28.
func BenchmarkUGNewGameFill(b *testing.B) {
	h := scenes.NewHarness(b, ugTestGames)
	s := newUGNewGameScene(h.A)
	s.fill(h.A)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.fill(h.A)
	}
}
