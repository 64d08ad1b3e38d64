//go:build !headless

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/goldvein/goldvein/box"
	"github.com/goldvein/goldvein/cli"
	"github.com/goldvein/goldvein/cmdline"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/scenes"
)

// The window's games, screens (screens_gen.go), are made from box.Games,
// the one list of games: a new game is one entry there, then go generate.
//go:generate go run ./internal/screensgen

func init() {
	cli.Register("", "open the game window (flags: --game "+strings.Join(box.Games().IDs(), "|")+" --players N --seed S --autoplay --exit-after-game --screenshots DIR --lang L --config DIR --mute --cpuprofile FILE; goldvein --help explains them)", runApp)
}

// runApp opens the game window. With --autoplay every seat is a computer
// player and the game runs fast, after a short tour of the menu, settings,
// rules, new game and the LAN lobby and join screens (on 127.0.0.1 only); --exit-after-game closes the window after
// the final scoring; --screenshots DIR saves a PNG of each scene the first
// time it shows and of the board every few turns.
func runApp(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	games := box.Games()
	var counts []string
	for _, g := range games {
		counts = append(counts, g.Title+" "+g.SeatRange())
	}
	players := fs.Int("players", 5, "players in the --autoplay game ("+strings.Join(counts, ", ")+")")
	gameID := fs.String("game", games[0].ID, "the game of --autoplay and of the menu's New game: "+strings.Join(games.IDs(), ", "))
	seed := fs.String("seed", "", "seed of the --autoplay game (a number; empty: from the clock)")
	autoplay := fs.Bool("autoplay", false, "every seat a computer player (Saboteur: normal; Incan Gold and Underground: mixed levels), fast: a short tour of the menu, settings, rules, new game, and the LAN lobby and join screens (on 127.0.0.1 only), then a whole game")
	exitAfter := fs.Bool("exit-after-game", false, "quit when the final scoring has been shown")
	shots := fs.String("screenshots", "", "save a PNG of each scene the first time it appears into this folder")
	lang := fs.String("lang", "", "language: en, ru or fa (default: the settings', else the system's)")
	config := fs.String("config", "", "folder for settings and the autosave (default: the user's config dir/goldvein)")
	mute := fs.Bool("mute", false, "no sound")
	invite := fs.String("invite", "", "open Join with this invite link (https://RELAY/j/ROOM#KEY) in its address field")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the run to this file (go tool pprof)")
	if code, done := cmdline.ParseFlags(fs, "goldvein [flags]   (goldvein help lists the subcommands)", args, stdout, stderr); done {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "goldvein: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	g, err := games.Find(*gameID)
	if err != nil {
		fmt.Fprintln(stderr, "goldvein:", err)
		return 2
	}
	if lo, hi := g.Rules.Seats(); *players < lo || *players > hi {
		// The game's own words, citing its rule (the contract's New).
		_, err := g.Rules.New(*players, nil, 0)
		fmt.Fprintf(stderr, "goldvein: --players %d for %s: %v\n", *players, g.Title, err)
		return 2
	}
	var s uint64
	if *seed != "" {
		v, err := strconv.ParseUint(*seed, 10, 64)
		if err != nil {
			fmt.Fprintf(stderr, "goldvein: --seed %q: want a whole number\n", *seed)
			return 2
		}
		s = v
	}
	if *lang != "" && !i18n.Lang(*lang).Valid() {
		fmt.Fprintf(stderr, "goldvein: --lang %q: want en, ru or fa\n", *lang)
		return 2
	}
	if *gameID == games[0].ID {
		*gameID = ""
	}
	app, err := scenes.NewApp(scenes.Config{Games: screens, Game: *gameID, Players: *players, Seed: s, Autoplay: *autoplay, ExitAfterGame: *exitAfter,
		ScreenshotDir: *shots, Lang: *lang, ConfigDir: *config, Mute: *mute, Invite: *invite, StillFrames: true})
	if err != nil {
		fmt.Fprintln(stderr, "goldvein:", err)
		return 1
	}
	if *cpuprofile != "" {
		stop, err := startCPUProfile(*cpuprofile)
		if err != nil {
			fmt.Fprintln(stderr, "goldvein:", err)
			return 1
		}
		defer stop()
	}
	ebiten.SetWindowTitle("goldvein")
	go giveWindowIcon() // drawn beside the start, not before the first frame
	ebiten.SetWindowSize(1280, 800)
	ebiten.SetWindowSizeLimits(scenes.MinWidth, scenes.MinHeight, -1, -1)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetFullscreen(app.Fullscreen())
	// Every scene paints the whole screen: no clearing pass needed.
	ebiten.SetScreenClearedEveryFrame(false)
	err = ebiten.RunGameWithOptions(firstFrame(app, stdout, stderr), windowOptions())
	app.WaitScreenshots()
	if err != nil && !errors.Is(err, ebiten.Termination) {
		fmt.Fprintln(stderr, "goldvein:", err)
		return 1
	}
	if *autoplay {
		mean, low := app.TPS()
		fmt.Fprintf(stdout, "goldvein: autoplay finished: TPS mean %.1f, lowest %.1f\n", mean, low)
	}
	if s := scenes.StallSummary(); s != "" {
		fmt.Fprintf(stderr, "%s; frames per second mean %.1f\n", s, app.FPS())
	}
	if err := app.Err(); err != nil {
		fmt.Fprintln(stderr, "goldvein: crashed:", err)
		return 1
	}
	return app.ExitCode()
}
