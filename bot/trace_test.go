package bot

import (
	"fmt"
	"os"
	"testing"

	"github.com/goldvein/goldvein/rules"
)

func TestTraceGame(t *testing.T) {
	if os.Getenv("TRACE") == "" {
		t.Skip()
	}
	n := 5
	g, evs, _ := rules.New(rules.Options{Players: n}, 11)
	lv := []Level{Hard, Normal, Easy, Random, Normal}
	bots := make([]Bot, n)
	for s := range bots {
		bots[s] = NewConfig(lv[s], s, n, uint64(s), Config{Playouts: 60})
	}
	deliver := func(evs []rules.Event) {
		for _, e := range evs {
			if e.Type == rules.RoundEnded {
				fmt.Println("ROUND END", e.Winner, e.Roles, e.Goals)
			}
			for s, b := range bots {
				b.Observe(e.For(s))
			}
		}
	}
	deliver(evs)
	for g.Phase() != rules.Over {
		tt := g.Turn()
		v := g.View(tt)
		m := bots[tt].Choose(v)
		if v.Phase == rules.Playing {
			var a analysis
			a.init(&v.Board, publicGold(&v.Board))
			fmt.Printf("%-6s %-12s draw=%2d reach=%4.1f %v broken=%v\n", lv[tt], v.Role, v.DrawPile, a.reach, m, v.Broken)
		}
		evs, err := g.Apply(m)
		if err != nil {
			t.Fatal(err)
		}
		deliver(evs)
	}
	fmt.Println(g.Scores())
}

func TestTraceSearch(t *testing.T) {
	if os.Getenv("TRACES") == "" {
		t.Skip()
	}
	traceSearch = func(v *rules.View, fav, ch rules.Move, gain float64, runs int) {
		var a analysis
		a.init(&v.Board, publicGold(&v.Board))
		fmt.Printf("%-12s draw=%2d reach=%4.1f gain %.2f: %v  ->  %v\n", v.Role, v.DrawPile, a.reach, gain, fav, ch)
	}
	defer func() { traceSearch = nil }()
	c := SimConfig{Games: 1, Players: 5, Seats: []Level{Hard, Normal, Normal, Normal, Normal}, Bot: Config{Playouts: 240}}
	for i := range 3 {
		playGame(c, i)
	}
}
