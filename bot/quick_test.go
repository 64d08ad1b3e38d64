package bot

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestQuickSim(t *testing.T) {
	seats := strings.Split(os.Getenv("SEATS"), ",")
	var ls []Level
	for _, s := range seats {
		ls = append(ls, Level(s))
	}
	r, err := Sim(SimConfig{Games: 200, Players: len(ls), Seats: ls, Seed: 1, Bot: Config{Playouts: 60}})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("gps %.0f\n", r.GamesPerSecond)
	for _, l := range Levels {
		x := r.Levels[string(l)]
		if x == nil {
			continue
		}
		b := -1.0
		if x.BeliefTrueSaboteurs != nil {
			b = *x.BeliefTrueSaboteurs
		}
		fmt.Printf("%-7s gold %.2f [%.2f,%.2f] win %.2f dig %.2f sab %.2f belief %.2f think %.3f/%.3f\n", l, x.MeanGold, x.MeanGoldCI95[0], x.MeanGoldCI95[1], x.WinRate, x.WinRateDigger, x.WinRateSaboteur, b, x.ThinkMsP50, x.ThinkMsP95)
	}
}
