//go:build ignore

// Tourney measures the computer players: a tournament through the box's
// sim (cli.SimGames), and with -turns the hard player's whole-turn think
// time (the sum of its decisions in one turn) as CPU time of one thread,
// so that a loaded machine does not inflate it. Linux only.
//
//	go run ./rules/underground/bot/tourney.go -games 400 -seats hard,normal,easy,random
//	go run ./rules/underground/bot/tourney.go -turns 40 -seats hard,normal,normal,normal
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"
	"unsafe"

	"github.com/goldvein/goldvein/cli"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/bot"
)

func main() {
	games := flag.Int("games", 200, "games to play")
	seats := flag.String("seats", "hard,normal,easy,random", "seat types")
	seed := flag.Uint64("seed", 1, "seed")
	workers := flag.Int("workers", 0, "games at once (0: one per core)")
	turns := flag.Int("turns", 0, "games whose hard turns are timed one by one (instead of a tournament)")
	flag.Parse()
	types := strings.Split(*seats, ",")
	if *turns > 0 {
		timeTurns(*turns, types, *seed)
		return
	}
	cpu0 := cpuTime()
	rep, err := cli.SimGames(bot.Game(), cli.SimConfig{Games: *games, Seats: types, Seed: *seed, Workers: *workers})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	cpu := (cpuTime() - cpu0).Seconds()
	fmt.Printf("%d games, %d players, %.1f games/s wall; %.2f CPU s: %.1f games per CPU second (x2 cores: %.0f games/s)\n",
		rep.Games, rep.Players, rep.GamesPerSecond, cpu, float64(rep.Games)/cpu, 2*float64(rep.Games)/cpu)
	seen := map[string]bool{}
	for _, t := range types {
		if x := rep.Levels[t]; x != nil && !seen[t] {
			seen[t] = true
			fmt.Printf("%-7s seats %4d mean %6.2f [%6.2f,%6.2f] win %.3f think p50 %.3fms p95 %.3fms\n", t, x.Seats,
				x.MeanScore, x.MeanScoreCI95[0], x.MeanScoreCI95[1], x.WinRate, x.ThinkMsP50, x.ThinkMsP95)
		}
	}
}

// timeTurns plays games and sums, per player turn, the think time of the
// "hard" seats' decisions in their own turn.
func timeTurns(games int, types []string, seed uint64) {
	runtime.LockOSThread()
	g := bot.Game()
	var per []time.Duration
	for i := range games {
		n := len(types)
		m, err := g.New(n, nil, seed+uint64(i))
		if err != nil {
			panic(err)
		}
		um := m.(*underground.Match)
		bots := make([]rules.Bot, n)
		for s := range n {
			bots[s], _ = g.NewBot(types[(s+i)%n], s, seed+uint64(i*10+s))
		}
		cur, key := time.Duration(0), [2]int{-1, -1}
		for !m.Over() {
			s := m.ToMove()[0]
			t, a := um.Turn()
			v := m.View(s)
			t0 := threadTime()
			mv := bots[s].Choose(v)
			d := threadTime() - t0
			if types[(s+i)%n] == "hard" && a == s {
				if k := [2]int{t, a}; k != key {
					if key[0] >= 0 {
						per = append(per, cur)
					}
					key, cur = k, 0
				}
				cur += d
			}
			if _, err := m.Apply(s, mv); err != nil {
				panic(err)
			}
		}
		if key[0] >= 0 {
			per = append(per, cur)
		}
	}
	slices.Sort(per)
	q := func(p float64) time.Duration { return per[int(p*float64(len(per)-1))] }
	fmt.Printf("hard turns %d, decision CPU time summed per turn (this thread): p50 %v p95 %v max %v\n", len(per), q(0.5), q(0.95), per[len(per)-1])
}

// cpuTime is the process's user and system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// threadTime is the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID):
// what one core spent on it, whatever else the machine runs.
func threadTime() time.Duration {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}
