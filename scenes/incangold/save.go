package incangold

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

// Incan Gold's autosave and Continue. Each game of the box keeps its own
// autosave in the config folder, so that starting one never throws away
// the other's unfinished game: Saboteur's stays autosave.json (format 1
// or 2, read as before), Incan Gold's is autosave-incangold.json (record
// format 2: the game id "incangold", its options, seed, seat kinds and
// every move), with setup-incangold.json beside it for what the record
// does not keep (the learning aid). The menu's Continue acts on the picked
// game, like New game and Rules; on a fresh start the menu picks the game
// whose unfinished autosave is the newest, so Continue resumes whatever
// was played last.

// igAutosaveFile and igSetupFile are Incan Gold's save files' names.
const (
	igAutosaveFile = "autosave-" + incangold.ID + ".json"
	igSetupFile    = "setup-" + incangold.ID + ".json"
)

func igAutosavePath(a *scenes.App) string { return filepath.Join(a.Dirs.Config, igAutosaveFile) }

func igSaver(a *scenes.App) game.FileSaver {
	return game.FileSaver{Path: igAutosavePath(a), History: a.Dirs.History}
}

// igSaveSetup writes the setup beside the autosave.
func igSaveSetup(a *scenes.App, s igSetup) error {
	data, err := json.Marshal(s)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(a.Dirs.Config, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(a.Dirs.Config, igSetupFile), data, 0o644)
}

// igCanContinue reports whether an autosave of an unfinished Incan Gold
// game exists (scenes.Game.CanContinue).
func igCanContinue(a *scenes.App) (bool, error) { return scenes.CanContinue(igSaver(a), igGame) }

// resumeIGMatch continues the autosaved Incan Gold game with the same
// table: the record says which seats are human (hotseat stays hotseat)
// and at which level each computer player plays; a remote guest's seat (a
// LAN game's) plays as a computer player at normal level.
func resumeIGMatch(a *scenes.App) (*igMatch, error) {
	fs := igSaver(a)
	saved, err := fs.Load(igGame)
	if err != nil {
		return nil, err
	}
	if saved.Match.Over() {
		return nil, fmt.Errorf("game: autosave %s: the game is over", fs.Path)
	}
	rec := saved.Record
	s, err := igSetupOf(rec) // replay.go
	if err != nil {
		return nil, err
	}
	var old igSetup
	if data, err := game.ReadLocalFile(filepath.Join(a.Dirs.Config, igSetupFile), scenes.MaxSettingsSize); err == nil &&
		json.Unmarshal(data, &old) == nil && old.Seed == rec.Seed && len(old.Seats) == len(rec.Seats) {
		s.ShowChance = old.ShowChance
	}
	if err := s.validate(); err != nil {
		return nil, err
	}
	m := newIGMatchOf(a, s)
	t, err := resumeIGGameTable(rec, s, m.names, igDelay(a), fs)
	if err != nil {
		return nil, err
	}
	t.t.SetUndoWait(scenes.HumanMoveWait(a)) // computer players give Undo time (issue 22)
	m.table = t
	// The screen starts where the game stands: every event so far is
	// shown at once, without motion (the computer players wait for the
	// screen's first Pump, so none has moved since).
	m.rebuild(a, t.Take())
	return m, nil
}

// igLongAgo is the tick a continued game's past events are shown at: long
// enough ago that nothing of them still moves.
const igLongAgo = -100000

// igContinue opens the autosaved Incan Gold game on its board (Continue).
func igContinue(a *scenes.App) (scenes.Scene, error) {
	m, err := resumeIGMatch(a)
	if err != nil {
		return nil, err
	}
	return newIGBoardScene(a, m), nil
}
