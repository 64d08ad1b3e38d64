package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// AppDir is the folder under the user's config directory that holds the
// settings and the autosave.
const AppDir = "goldvein"

// AutosaveFile is the autosave's file name inside the config folder.
const AutosaveFile = "autosave.json"

// ConfigDir returns dir when it is not empty (the --config flag), else
// os.UserConfigDir()/goldvein. It does not create the folder.
func ConfigDir(dir string) (string, error) {
	if dir != "" {
		return dir, nil
	}
	base, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("game: config dir: %w", err)
	}
	return filepath.Join(base, AppDir), nil
}

// FileSaver is a Saver that writes the record as JSON (saboteur.Record) to
// Path, through a temporary file and a rename, so a crash mid-write leaves
// the previous autosave whole.
type FileSaver struct {
	Path string
}

// Save writes rec to s.Path, creating its folder.
func (s FileSaver) Save(rec *saboteur.Record) error {
	data, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("game: autosave: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(s.Path), 0o755); err != nil {
		return fmt.Errorf("game: autosave: %w", err)
	}
	tmp := s.Path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return fmt.Errorf("game: autosave: %w", err)
	}
	if err := os.Rename(tmp, s.Path); err != nil {
		return fmt.Errorf("game: autosave: %w", err)
	}
	return nil
}

// Remove deletes the autosave; a missing file is not an error.
func (s FileSaver) Remove() error {
	err := os.Remove(s.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// Load reads and checks the autosave: it must parse (saboteur.ParseRecord),
// have seat names the game can draw (Record.CheckNames) and replay without
// an illegal move. It returns fs.ErrNotExist (wrapped) when
// there is no autosave, and the replayed game's phase so the caller can tell
// a finished game from one to continue.
func (s FileSaver) Load() (*saboteur.Record, saboteur.Phase, error) {
	data, err := ReadLocalFile(s.Path, MaxSaveSize)
	if err != nil {
		return nil, 0, fmt.Errorf("game: autosave: %w", err)
	}
	rec, err := saboteur.ParseRecord(data)
	if err == nil {
		// The app draws the seat names (Continue).
		err = rec.CheckNames()
	}
	if err != nil {
		return nil, 0, fmt.Errorf("game: autosave %s: %w", s.Path, err)
	}
	g, _, err := rec.Replay()
	if err != nil {
		return nil, 0, fmt.Errorf("game: autosave %s: %w", s.Path, err)
	}
	return rec, g.Phase(), nil
}
