package underground

import (
	"testing"

	"github.com/goldvein/goldvein/rules/underground"
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
