package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/goldvein/goldvein/rules"
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

// FileSaver is the one autosave writer: the app's autosave (Save: the game
// record, rules.Record, as JSON) and a LAN host's save (SaveSession: the
// record and the host's session beside it). It writes through a temporary
// file and a rename, so a crash mid-write leaves the previous save whole.
type FileSaver struct {
	Path string
	// Private makes the file readable by its owner only (and its folder
	// too): a LAN host's save holds the guests' reconnect tokens.
	Private bool
	// History is the history file (HistoryFile) a finished game is added
	// to (Ended); "" keeps none.
	History string
}

// sessionFile is a LAN host's save: the record and the session.
type sessionFile struct {
	Record  *rules.Record   `json:"record"`
	Session json.RawMessage `json:"session"`
}

// Save writes rec to s.Path, creating its folder.
func (s FileSaver) Save(rec *rules.Record) error {
	data, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("game: autosave: %w", err)
	}
	return s.write(data)
}

// SaveSession writes rec with session (any JSON value: a LAN host's seats
// and reconnect tokens) beside it, as {"record":...,"session":...}.
func (s FileSaver) SaveSession(rec *rules.Record, session any) error {
	sess, err := json.Marshal(session)
	if err != nil {
		return fmt.Errorf("game: autosave: session: %w", err)
	}
	data, err := json.Marshal(sessionFile{Record: rec, Session: sess})
	if err != nil {
		return fmt.Errorf("game: autosave: %w", err)
	}
	return s.write(data)
}

func (s FileSaver) write(data []byte) error {
	dirPerm, perm := os.FileMode(0o755), os.FileMode(0o644)
	if s.Private {
		dirPerm, perm = 0o700, 0o600
	}
	if err := os.MkdirAll(filepath.Dir(s.Path), dirPerm); err != nil {
		return fmt.Errorf("game: autosave: %w", err)
	}
	tmp := s.Path + ".tmp"
	if err := os.WriteFile(tmp, data, perm); err != nil {
		return fmt.Errorf("game: autosave: %w", err)
	}
	if err := os.Rename(tmp, s.Path); err != nil {
		return fmt.Errorf("game: autosave: %w", err)
	}
	return nil
}

// Remove deletes the save; a missing file is not an error.
func (s FileSaver) Remove() error {
	err := os.Remove(s.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// Saved is a save file read back and checked.
type Saved struct {
	// Record is the game record, in format 2 (converted when the file was
	// older: Record.From).
	Record *rules.Record
	// Session is what was saved beside the record (SaveSession), nil for
	// an autosave.
	Session json.RawMessage
	// Game is the game the record is of, and Match the match after its
	// last move.
	Game  rules.Game
	Match rules.Match
}

// Load reads and checks the save, written by Save or SaveSession in any
// record format (rules.ReadRecord; games are the box's games): the record
// must parse, be of one of games, have seat names the app can draw
// (rules.Record.CheckNames) and replay without an illegal move. Only a
// regular file of at most MaxSaveSize bytes is read (ReadLocalFile). It
// returns fs.ErrNotExist (wrapped) when there is no save.
func (s FileSaver) Load(games ...rules.Game) (*Saved, error) {
	data, err := ReadLocalFile(s.Path, MaxSaveSize)
	if err != nil {
		return nil, fmt.Errorf("game: autosave: %w", err)
	}
	out, err := ReadSave(data, games...)
	if err != nil {
		return nil, fmt.Errorf("game: autosave %s: %w", s.Path, err)
	}
	return out, nil
}

// ReadSave is Load of the file's contents. A key given twice in any object
// of the file (the record, the session, or the file around them) is
// refused (rules.CheckKeys), as the wire refuses it (lan/PROTOCOL.md):
// encoding/json would read the last of them silently.
func ReadSave(data []byte, games ...rules.Game) (*Saved, error) {
	if json.Valid(data) { // malformed JSON: the readers below say where
		if err := rules.CheckKeys(data, 0); err != nil {
			return nil, fmt.Errorf("save: %w", err)
		}
	}
	out := &Saved{}
	rec := data
	var head map[string]json.RawMessage
	if json.Unmarshal(data, &head) == nil && head["record"] != nil {
		var f struct {
			Record  json.RawMessage `json:"record"`
			Session json.RawMessage `json:"session"`
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&f); err != nil {
			return nil, err
		}
		rec, out.Session = f.Record, f.Session
	}
	r, err := rules.ReadRecord(rec, games...)
	if err == nil {
		// The app draws the seat names (Continue).
		err = r.CheckNames()
	}
	if err != nil {
		return nil, err
	}
	for _, g := range games {
		if g.ID() == r.Game {
			out.Game = g
		}
	}
	if out.Game == nil {
		return nil, fmt.Errorf("record: game: %q is not in this box", r.Game)
	}
	m, _, err := r.Replay(out.Game)
	if err != nil {
		return nil, err
	}
	out.Record, out.Match = r, m
	return out, nil
}
