package bot

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestQuickSim(t *testing.T) {
	if os.Getenv("SEATS") == "" {
		t.Skip("set SEATS to a comma-separated lineup to run")
	}
	seats := strings.Split(os.Getenv("SEATS"), ",")
	var ls []Level
	for _, s := range seats {
		ls = append(ls, Level(s))
	}
	r, err := Sim(SimConfig{Games: games(), Players: len(ls), Seats: ls, Seed: 1, Bot: Config{Playouts: playouts()}})
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

func games() int {
	n, err := strconv.Atoi(os.Getenv("GAMES"))
	if err != nil {
		return 200
	}
	return n
}

func playouts() int {
	n, err := strconv.Atoi(os.Getenv("PLAYOUTS"))
	if err != nil {
		return 60
	}
	return n
}

// TestPaired plays each deal twice, once with level X in one seat and once
// with level Y there (the rest as REST), and reports the mean difference in
// that seat's gold.
func TestPaired(t *testing.T) {
	if os.Getenv("PAIR") == "" {
		t.Skip("set PAIR=x,y (and REST) to run")
	}
	pair := strings.Split(os.Getenv("PAIR"), ",")
	rest := Level(os.Getenv("REST"))
	if rest == "" {
		rest = Normal
	}
	n := 5
	var ds []float64
	var gx, gy float64
	for i := range games() {
		var gold [2]float64
		for k, l := range pair {
			seats := make([]Level, n)
			for s := range seats {
				seats[s] = rest
			}
			seats[0] = Level(l)
			c := SimConfig{Games: 1, Players: n, Seats: seats, Seed: uint64(i) * 7919, Bot: Config{Playouts: playouts()}}
			res, err := playGame(c, 0)
			if err != nil {
				t.Fatal(err)
			}
			gold[k] = float64(res[0].gold)
		}
		ds = append(ds, gold[0]-gold[1])
		gx += gold[0]
		gy += gold[1]
	}
	m, ci := meanCI(ds)
	fmt.Printf("%s %.2f vs %s %.2f: diff %.2f [%.2f,%.2f]\n", pair[0], gx/float64(len(ds)), pair[1], gy/float64(len(ds)), m, ci[0], ci[1])
}
