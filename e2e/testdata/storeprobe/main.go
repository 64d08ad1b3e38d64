// Command storeprobe checks, inside a browser tab, that the game's files
// live in the browser's storage (web/storefs.js): the first run writes an
// autosave with game.FileSaver, exactly as the app does after every move;
// a later run of the same page reads it back and checks it. It prints one
// line "storeprobe: wrote ..." or "storeprobe: read ok ..." (e2e test),
// after a line with what package browser says about the page.
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/goldvein/goldvein/browser"
	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules/saboteur"
)

func main() {
	// The page as the app sees it (package browser).
	fmt.Printf("storeprobe: in browser %v, run=%q, host websocket %s\n", browser.InBrowser(), browser.Query("run"), browser.HostWebSocket())
	if err := run(); err != nil {
		fmt.Println("storeprobe: error:", err)
		os.Exit(1)
	}
}

func run() error {
	dir, err := game.ConfigDir("")
	if err != nil {
		return err
	}
	saver := game.FileSaver{Path: filepath.Join(dir, game.AutosaveFile)}
	rec, phase, err := saver.Load()
	if errors.Is(err, fs.ErrNotExist) {
		opts := saboteur.Options{Players: 4, FirstPlayer: -1}
		g, _, err := saboteur.New(opts, 42)
		if err != nil {
			return err
		}
		rec := saboteur.NewRecord(opts, 42, []string{"Ann", "Bo", "Cy", "Di"})
		for range 12 {
			m := g.LegalMoves(g.Turn())[0]
			if _, err := g.Apply(m); err != nil {
				return err
			}
			rec.Moves = append(rec.Moves, m)
		}
		if err := saver.Save(rec); err != nil {
			return err
		}
		fmt.Printf("storeprobe: wrote %s with %d moves\n", saver.Path, len(rec.Moves))
		return nil
	}
	if err != nil {
		return err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if rec.Seed != 42 || len(rec.Moves) != 12 || phase == saboteur.Over || strings.Join(rec.Seats, ",") != "Ann,Bo,Cy,Di" {
		return fmt.Errorf("read back seed %d, %d moves, seats %v, phase %v", rec.Seed, len(rec.Moves), rec.Seats, phase)
	}
	if err := saver.Remove(); err != nil {
		return err
	}
	if _, err := os.Stat(saver.Path); !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("after Remove: stat %v", err)
	}
	fmt.Printf("storeprobe: read ok: seed %d, %d moves; folder %s holds [%s]; removed\n", rec.Seed, len(rec.Moves), dir, strings.Join(names, " "))
	return nil
}
