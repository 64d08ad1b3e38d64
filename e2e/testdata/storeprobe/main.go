// Command storeprobe checks, inside a browser tab, that the game's files
// live in the browser's storage (web/storefs.js): the first run writes an
// autosave with game.FileSaver, exactly as the app does after every move;
// a later run of the same page reads it back and checks it. It prints one
// line "storeprobe: wrote ..." or "storeprobe: read ok ..." (e2e test),
// after a line with what package browser says about the page.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/goldvein/goldvein/browser"
	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
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
	saved, err := saver.Load(saboteur.Rules{})
	if errors.Is(err, fs.ErrNotExist) {
		opts := saboteur.Options{Players: 4, FirstPlayer: -1}
		m, err := saboteur.NewMatch(opts, 42)
		if err != nil {
			return err
		}
		raw, err := json.Marshal(opts)
		if err != nil {
			return err
		}
		var seats []rules.RecordSeat
		for _, n := range []string{"Ann", "Bo", "Cy", "Di"} {
			seats = append(seats, rules.RecordSeat{Name: n, Kind: rules.Human})
		}
		rec := rules.NewRecord(saboteur.ID, raw, 42, seats)
		for range 12 {
			s := m.ToMove()[0]
			mv := m.Legal(s)[0]
			if _, err := m.Apply(s, mv); err != nil {
				return err
			}
			if err := rec.Add(s, mv); err != nil {
				return err
			}
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
	rec := saved.Record
	var seats []string
	for _, s := range rec.Seats {
		seats = append(seats, s.Name)
	}
	if rec.Seed != 42 || len(rec.Moves) != 12 || saved.Match.Over() || strings.Join(seats, ",") != "Ann,Bo,Cy,Di" {
		return fmt.Errorf("read back seed %d, %d moves, seats %v, over %v", rec.Seed, len(rec.Moves), seats, saved.Match.Over())
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
