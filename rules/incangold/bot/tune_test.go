package bot

import (
	"encoding/json"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules/incangold"
)

var (
	tune      = flag.Bool("tune", false, "run the tuning sims of TestTune (slow; prints figures)")
	tuneGames = flag.Int("tune.games", 2000, "games per tuning sim")
	tuneSeats = flag.String("tune.seats", "", "one table to sim, e.g. hard,normal,easy,random (default: the issue's tables)")
	tuneRoll  = flag.Int("tune.rollouts", 0, "hard's rollouts (0: hardRollouts)")
	tuneConts = flag.String("tune.conts", "", "hard's continuation weights, comma-separated, inf for leaving next turn")
	tuneEasy  = flag.String("tune.easy", "", "easy's noise,hazard-out,limit-min,limit-max, e.g. 0.15,0.75,7,14")
	tuneRisk  = flag.Float64("tune.risk", 0, "normal's weight of the loss (0: normalRisk)")
	tunePool  = flag.Float64("tune.pool", -1, "normal's weight of its part of the pool (-1: normalPool)")
	tuneEPool = flag.Int("tune.epool", -1, "easy's pool at which it goes home (-1: easyPool)")
	tuneFinal = flag.Int("tune.final", -1, "hard plays the last round for the win: 1 or 0 (-1: hardFinalWins)")
)

// tweak applies the -tune.* flags to easy and hard bots.
func tweak(b *Bot) {
	if b.kind == kNormal && *tuneRisk > 0 {
		b.risk = *tuneRisk
	}
	if b.kind == kNormal && *tunePool >= 0 {
		b.poolW = *tunePool
	}
	if b.kind == kEasy {
		if *tuneEPool >= 0 {
			b.easyPool = *tuneEPool
		}
		if *tuneEasy != "" {
			var lo, hi int
			fmt.Sscanf(*tuneEasy, "%g,%g,%d,%d", &b.easyNoise, &b.easyHazardOut, &lo, &hi)
			b.param = lo + b.rng.IntN(hi-lo+1)
		}
		return
	}
	if b.hard == nil {
		return
	}
	if *tuneRoll > 0 {
		b.hard.rollouts = *tuneRoll
	}
	if *tuneConts != "" {
		b.hard.conts = nil
		for _, f := range strings.Split(*tuneConts, ",") {
			x, err := strconv.ParseFloat(f, 64)
			if err != nil {
				panic(err)
			}
			b.hard.conts = append(b.hard.conts, x)
		}
	}
	if *tuneFinal >= 0 {
		b.hard.finalWins = *tuneFinal == 1
	}
}

// TestTune runs the sims whose figures issue 16 asks for, with -tune:
//
//	go test ./rules/incangold/bot -run TestTune -tune -tune.games 4000
//
// Measured (seed 1; 2 shared cores), mean score [95% interval], win share:
//
//	4000 games hard,normal,easy,random: hard 39.35 [38.71,40.00] 0.576;
//	  normal 34.04 [33.56,34.52] 0.242; easy 28.14 [27.74,28.55] 0.124;
//	  random 20.20 [19.98,20.42] 0.058 (hard/normal 1.16, normal/easy
//	  1.21, easy/random 1.39)
//	2000 games hard + four leave-at:10: hard 41.50 [40.97,42.03], wins
//	  0.992; leave-at:10 11.51 [11.29,11.73]
func TestTune(t *testing.T) {
	if !*tune {
		t.Skip("tuning sims run with -tune")
	}
	tables := []string{"hard,normal,easy,random", "hard,leave-at:10,leave-at:10,leave-at:10,leave-at:10"}
	if *tuneSeats != "" {
		tables = []string{*tuneSeats}
	}
	for _, tb := range tables {
		seats := strings.Split(tb, ",")
		rep, err := Sim(SimConfig{Games: *tuneGames, Players: len(seats), Seats: seats, Seed: 1, Options: incangold.Options{StartPlayer: 0}, tweak: tweak})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(rep)
		t.Logf("%s\n%s", tb, b)
		for _, l := range seats {
			x := rep.Levels[l]
			t.Logf("%-12s mean %6.2f [%6.2f,%6.2f] win %.3f think p50 %.3fms p95 %.3fms", l, x.MeanScore, x.MeanScoreCI[0], x.MeanScoreCI[1], x.WinRate, x.ThinkMsP50, x.ThinkMsP95)
		}
	}
}
