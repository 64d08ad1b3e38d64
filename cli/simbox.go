//go:build !js

package cli

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/goldvein/goldvein/simstat"

	"github.com/goldvein/goldvein/box"
	"github.com/goldvein/goldvein/cmdline"

	"github.com/goldvein/goldvein/rules"
)

// BoxSimReport is what the box's sim measured, for any game on the
// contract. Its JSON form is the `goldvein sim --json` shape of every game
// without a sim of its own: {"game": ID, "games": N, "players": P,
// "games_per_second": x, "levels": {"normal": {...}, ...}}.
type BoxSimReport struct {
	Game           string                     `json:"game"`
	Games          int                        `json:"games"`
	Players        int                        `json:"players"`
	GamesPerSecond float64                    `json:"games_per_second"`
	Levels         map[string]*BoxLevelReport `json:"levels"`
}

// BoxLevelReport is one seat type's results: the seats of the table it
// held, its mean score per seat and game with a 95% interval (normal
// approximation), its share of games won (a tie shares the win), and its
// decision times in milliseconds.
type BoxLevelReport struct {
	Seats         int        `json:"seats"`
	MeanScore     float64    `json:"mean_score"`
	MeanScoreCI95 [2]float64 `json:"mean_score_ci95"`
	WinRate       float64    `json:"win_rate"`
	ThinkMsP50    float64    `json:"think_ms_p50"`
	ThinkMsP95    float64    `json:"think_ms_p95"`

	scores []float64 // one per seat and game
	wins   float64
	think  []time.Duration
}

// simBox is goldvein sim for a game on the contract: N games, the table
// turned one seat per game, every seat a computer player of its level (any
// level NewBot takes, the game's sim-only seat types included).
func simBox(g box.Game, args []string, stdout, stderr io.Writer) int {
	lo, hi := g.Rules.Seats()
	levels := g.Rules.Levels()
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	games := fs.Int("games", 100, "games to play")
	players := fs.Int("players", lo, fmt.Sprintf("seats at the table, %d to %d", lo, hi))
	seats := fs.String("seats", "", "comma-separated seat types: "+strings.Join(levels, ", ")+" (default: the strongest in every seat)")
	seed := fs.Uint64("seed", 1, "seed of every deal and every bot")
	options := fs.String("options", "", "the game's table options as JSON (default: its defaults)")
	asJSON := fs.Bool("json", false, "print the report as one JSON object on the last line")
	workers := fs.Int("workers", 0, "games played at once (0: one per core)")
	synopsis := "goldvein sim --game " + g.ID + " [--games N] [--players P] [--seats L,L,...] [--seed S] [--json] [flags]"
	if code, done := cmdline.ParseFlags(fs, synopsis, args, stdout, stderr); done {
		return code
	}
	var types []string
	if *seats == "" {
		for range max(*players, 0) {
			types = append(types, levels[len(levels)-1])
		}
	} else {
		types = strings.Split(*seats, ",")
	}
	bad := ""
	switch {
	case fs.NArg() > 0:
		bad = fmt.Sprintf("unexpected argument %q", fs.Arg(0))
	case *games < 1:
		bad = fmt.Sprintf("--games %d: want at least 1", *games)
	case *players < lo || *players > hi:
		bad = fmt.Sprintf("--players %d: want %d to %d", *players, lo, hi)
	case len(types) != *players:
		bad = fmt.Sprintf("--seats: %d seat types for --players %d", len(types), *players)
	case *workers < 0:
		bad = fmt.Sprintf("--workers %d: want 0 (one per core) or more", *workers)
	}
	for _, t := range types {
		if _, err := g.Rules.NewBot(t, 0, 1); bad == "" && err != nil {
			bad = fmt.Sprintf("--seats: %s: %v", t, err)
		}
	}
	var opts json.RawMessage
	if bad == "" && *options != "" {
		opts = json.RawMessage(*options)
		if _, err := g.Rules.New(*players, opts, 1); err != nil {
			bad = fmt.Sprintf("--options: %v", err)
		}
	}
	if bad != "" {
		fmt.Fprintf(stderr, "goldvein sim: %s\n", bad)
		return 2
	}
	// The games allocate views and events that die young: a larger heap
	// target cuts the collector's share of the run (as Saboteur's sim).
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	rep, err := SimGames(g.Rules, SimConfig{Games: *games, Seats: types, Seed: *seed, Options: opts, Workers: *workers})
	if err != nil {
		fmt.Fprintf(stderr, "goldvein sim: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d games, %d players, seats %s, seed %d: %.1f games/s\n",
		g.ID, rep.Games, rep.Players, strings.Join(types, ","), *seed, rep.GamesPerSecond)
	fmt.Fprintf(stdout, "%-12s %5s %7s %17s %6s %9s %9s\n", "seat type", "seats", "score", "score 95%", "win", "think p50", "think p95")
	for _, t := range uniq(types) {
		x := rep.Levels[t]
		fmt.Fprintf(stdout, "%-12s %5d %7.2f [%7.2f,%7.2f] %6.3f %7.3fms %7.3fms\n",
			t, x.Seats, x.MeanScore, x.MeanScoreCI95[0], x.MeanScoreCI95[1], x.WinRate, x.ThinkMsP50, x.ThinkMsP95)
	}
	if *asJSON {
		b, err := json.Marshal(rep)
		if err != nil {
			fmt.Fprintf(stderr, "goldvein sim: %v\n", err)
			return 1
		}
		fmt.Fprintln(stdout, string(b))
	}
	return 0
}

// SimConfig is a tournament between seat types (see SimGames).
type SimConfig struct {
	Games   int             // games to play
	Seats   []string        // the seat type of each seat in the first game
	Seed    uint64          // every deal and every bot's randomness derive from it
	Options json.RawMessage // the game's table options (nil: defaults)
	Workers int             // games played at once; 0 uses every core
}

// SimGames plays cfg.Games games of g between computer players through the
// contract alone, turning the table one seat per game (game i puts
// cfg.Seats[(s+i) % n] in seat s), and reports per seat type.
func SimGames(g rules.Game, cfg SimConfig) (*BoxSimReport, error) {
	n := len(cfg.Seats)
	workers := cfg.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	type result struct {
		scores []int
		win    []bool
		think  [][]time.Duration
		err    error
	}
	results := make([]result, cfg.Games)
	var next sync.WaitGroup
	jobs := make(chan int)
	start := time.Now()
	for range workers {
		next.Add(1)
		go func() {
			defer next.Done()
			for i := range jobs {
				r := &results[i]
				r.scores, r.win, r.think, r.err = simOne(g, cfg, i)
			}
		}()
	}
	for i := range cfg.Games {
		jobs <- i
	}
	close(jobs)
	next.Wait()
	secs := time.Since(start).Seconds()
	rep := &BoxSimReport{Game: g.ID(), Games: cfg.Games, Players: n, GamesPerSecond: float64(cfg.Games) / secs,
		Levels: map[string]*BoxLevelReport{}}
	for i, r := range results {
		if r.err != nil {
			return nil, fmt.Errorf("game %d: %w", i, r.err)
		}
		for s := range n {
			t := cfg.Seats[(s+i)%n]
			x := rep.Levels[t]
			if x == nil {
				x = &BoxLevelReport{}
				rep.Levels[t] = x
			}
			x.scores = append(x.scores, float64(r.scores[s]))
			x.think = append(x.think, r.think[s]...)
			if r.win[s] {
				winners := 0
				for _, w := range r.win {
					if w {
						winners++
					}
				}
				x.wins += 1 / float64(winners)
			}
		}
	}
	for _, t := range cfg.Seats {
		rep.Levels[t].Seats++ // seats of the table, as the games' own sims count
	}
	for _, x := range rep.Levels {
		x.MeanScore, x.MeanScoreCI95 = simstat.MeanCI95(x.scores)
		x.WinRate = x.wins / float64(len(x.scores))
		slices.Sort(x.think)
		x.ThinkMsP50, x.ThinkMsP95 = simstat.Ms(simstat.Quantile(x.think, 0.5)), simstat.Ms(simstat.Quantile(x.think, 0.95))
	}
	return rep, nil
}

// simOne plays game i of a tournament: seat s is cfg.Seats[(s+i)%n].
func simOne(g rules.Game, cfg SimConfig, i int) (scores []int, win []bool, think [][]time.Duration, err error) {
	n := len(cfg.Seats)
	seed := cfg.Seed*1_000_003 + uint64(i)
	m, err := g.New(n, cfg.Options, seed)
	if err != nil {
		return nil, nil, nil, err
	}
	bots := make([]rules.Bot, n)
	for s := range n {
		if bots[s], err = g.NewBot(cfg.Seats[(s+i)%n], s, seed+uint64(s)+1); err != nil {
			return nil, nil, nil, err
		}
	}
	think = make([][]time.Duration, n)
	for moves := 0; !m.Over(); moves++ {
		if moves > rules.MaxRecordMoves {
			return nil, nil, nil, fmt.Errorf("not over after %d moves", moves)
		}
		for _, s := range m.ToMove() {
			if !slices.Contains(m.ToMove(), s) {
				continue // an earlier seat's move settled this one's
			}
			t0 := time.Now()
			mv := bots[s].Choose(m.View(s))
			think[s] = append(think[s], time.Since(t0))
			evs, err := m.Apply(s, mv)
			if err != nil {
				b, _ := json.Marshal(mv)
				return nil, nil, nil, fmt.Errorf("seat %d (%s) made a move the rules refuse, %s: %w", s, cfg.Seats[(s+i)%n], b, err)
			}
			for o, b := range bots {
				for _, e := range evs {
					if r, ok := e.For(o); ok {
						b.Observe(r)
					}
				}
			}
			if m.Over() {
				break
			}
		}
	}
	scores = m.Scores()
	win = make([]bool, n)
	for _, w := range m.Winners() {
		win[w] = true
	}
	return scores, win, think, nil
}

func uniq(xs []string) []string {
	var out []string
	for _, x := range xs {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}
