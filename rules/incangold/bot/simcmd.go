package bot

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/goldvein/goldvein/cmdline"
	"github.com/goldvein/goldvein/rules/incangold"
)

// SimCommand is `goldvein sim --game incangold`: --games N complete games
// between the seat types of --seats (levels and the sim-only leave-at:N,
// hazards:N), the table turned one seat per game, reported per seat type
// as a table and, with --json, as one SimReport object on the last line.
// It returns the exit status: 2 for bad flags (one line naming the flag).
func SimCommand(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	games := fs.Int("games", 1000, "complete 5-round games to play (I1.1)")
	players := fs.Int("players", 4, fmt.Sprintf("seats at the table, %d to %d (I1.1)", incangold.MinPlayers, incangold.MaxPlayers))
	seats := fs.String("seats", "", "comma-separated seat types: random, easy, normal, hard, leave-at:N, hazards:N (default: normal in every seat)")
	seed := fs.Uint64("seed", 1, "seed of every deal and every bot")
	options := fs.String("options", "", `the table options as JSON, e.g. {"open_tents":true} (docs/rules/INCAN_GOLD.md, Table options)`)
	asJSON := fs.Bool("json", false, "print the report as one JSON object on the last line")
	workers := fs.Int("workers", 0, "games played at once (0: one per core)")
	if code, done := cmdline.ParseFlags(fs, "goldvein sim --game incangold [--games N] [--players P] [--seats S,S,...] [--seed S] [--json] [flags]", args, stdout, stderr); done {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "goldvein sim: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q", fs.Arg(0))
	}
	cfg := SimConfig{Games: *games, Players: *players, Seed: *seed, Workers: *workers, Options: incangold.Options{StartPlayer: -1}}
	if *options != "" {
		o, err := incangold.ParseOptions([]byte(*options))
		if err != nil {
			return fail("--options: %v", err)
		}
		cfg.Options = o
	}
	if *seats == "" {
		for range max(*players, 0) {
			cfg.Seats = append(cfg.Seats, "normal")
		}
	} else {
		cfg.Seats = strings.Split(*seats, ",")
	}
	for _, s := range cfg.Seats {
		if err := ParseSeat(s); err != nil {
			return fail("--seats: %v", err)
		}
	}
	switch {
	case *workers < 0:
		return fail("--workers %d: want 0 (one per core) or more", *workers)
	case len(cfg.Seats) != *players:
		return fail("--seats: %d seat types for --players %d", len(cfg.Seats), *players)
	}
	if err := cfg.Validate(); err != nil {
		return fail("%v", strings.TrimPrefix(err.Error(), "sim: "))
	}
	rep, err := Sim(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "goldvein sim: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "incangold: %d games, %d players, seats %s, seed %d: %.1f games/s\n",
		rep.Games, rep.Players, strings.Join(cfg.Seats, ","), cfg.Seed, rep.GamesPerSecond)
	fmt.Fprintf(stdout, "%-12s %5s %7s %17s %6s %9s %9s\n", "seat type", "seats", "score", "score 95%", "win", "think p50", "think p95")
	var kinds []string
	for _, s := range cfg.Seats {
		if !slices.Contains(kinds, s) {
			kinds = append(kinds, s)
		}
	}
	for _, k := range kinds {
		x := rep.Levels[k]
		fmt.Fprintf(stdout, "%-12s %5d %7.2f [%7.2f,%7.2f] %6.3f %7.3fms %7.3fms\n",
			k, x.Seats, x.MeanScore, x.MeanScoreCI[0], x.MeanScoreCI[1], x.WinRate, x.ThinkMsP50, x.ThinkMsP95)
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
