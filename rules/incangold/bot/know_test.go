package bot

import (
	"testing"

	"github.com/goldvein/goldvein/rules/incangold"
)

// TestKnowFollowsEvents: what a bot follows through the events alone
// matches, at every choice step, what the view shows (the deck's make-up,
// the path's hazards and artifacts, the carried gems, the pool, the
// explorers), and the tents it sums match the match's.
func TestKnowFollowsEvents(t *testing.T) {
	for seed := range uint64(30) {
		opts := incangold.Options{StartPlayer: 0, Artifacts2020: seed%3 == 0, Diamant: seed%5 == 0}
		m, evs, err := incangold.NewMatch(5, opts, seed)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := New("easy", 2, seed)
		v0 := m.SeatView(2)
		b.know.sync(&v0, nil) // the first view, as a table gives
		deliver := func(evs []incangold.Event) {
			for _, e := range evs {
				r := e.Redact(2)
				b.ObserveEvent(&r)
			}
		}
		deliver(evs[len(evs):])
		for !m.Over() {
			var fresh know
			v := m.SeatView(2)
			fresh.sync(&v, nil)
			k := &b.know
			if k.in != fresh.in || k.carried != fresh.carried || k.pool != fresh.pool || k.seen != fresh.seen ||
				k.treasures != fresh.treasures || k.hazards != fresh.hazards || k.removed != fresh.removed ||
				len(k.deckArts) != len(fresh.deckArts) || len(k.pathArts) != len(fresh.pathArts) ||
				k.claimed != fresh.claimed || k.arts != fresh.arts || k.round != fresh.round {
				t.Fatalf("seed %d round %d step %d: followed %+v\nview %+v", seed, v.Round, v.Step, *k, fresh)
			}
			for s := range 5 {
				if k.tents[s] != m.Tent(s) {
					t.Fatalf("seed %d: seat %d's tent followed as %d, is %d", seed, s, k.tents[s], m.Tent(s))
				}
			}
			for s := range 5 {
				if m.Owes(s) {
					c := incangold.Torch
					if (s+v.Step)%4 == 0 {
						c = incangold.Camp
					}
					evs, err = m.Play(s, c, nil)
					if err != nil {
						t.Fatal(err)
					}
					deliver(evs)
					break
				}
			}
		}
	}
}
