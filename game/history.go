package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/goldvein/goldvein/rules"
)

// HistoryFile is the history's file name inside the config folder, beside
// the autosaves.
const HistoryFile = "history.json"

// MaxHistory is how many finished games the history keeps; the oldest go
// first.
const MaxHistory = 100

// Finished is one finished game in the history: when it ended, its scores
// by seat and its whole record (the game, the seats with their names,
// kinds and levels, the options, the seed and every move), enough to list
// it, replay it and deal the same table again.
type Finished struct {
	// Ended is when the last move was made (UTC).
	Ended time.Time `json:"ended"`
	// Scores are the final scores by seat (rules.Match.Scores).
	Scores []int `json:"scores"`
	// Record is the game's record, format 2 (rules.Record).
	Record *rules.Record `json:"record"`
}

// historyFile is the history file: the finished games, oldest first.
type historyFile struct {
	Games []Finished `json:"games"`
}

// History is the history of finished games in one file (Path, JSON), read
// strictly like the saves: a file that does not parse is an error that
// names it, and Add then writes nothing, so a damaged history is never
// overwritten.
type History struct {
	Path string
}

// Read returns the finished games, oldest first; no file is no games and
// no error. A file that is not a regular file of at most MaxSaveSize bytes,
// is not the history's JSON (an unknown field, a key given twice, trailing
// data), or holds a game without a record or with scores that do not match
// its seats is an error.
func (h History) Read() ([]Finished, error) {
	data, err := ReadLocalFile(h.Path, MaxSaveSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("game: history: %w", err)
	}
	games, err := ReadHistory(data)
	if err != nil {
		return nil, fmt.Errorf("game: history %s: %w", h.Path, err)
	}
	return games, nil
}

// ReadHistory is Read of the file's contents.
func ReadHistory(data []byte) ([]Finished, error) {
	if err := rules.CheckKeys(data, 0); err != nil {
		return nil, err
	}
	var f historyFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("data after the history")
	}
	for i, g := range f.Games {
		switch {
		case g.Record == nil:
			return nil, fmt.Errorf("game %d: no record", i+1)
		case len(g.Scores) != len(g.Record.Seats):
			return nil, fmt.Errorf("game %d: %d scores for %d seats", i+1, len(g.Scores), len(g.Record.Seats))
		case g.Ended.IsZero():
			return nil, fmt.Errorf("game %d: no end time", i+1)
		}
	}
	return f.Games, nil
}

// Add appends one finished game (the newest MaxHistory are kept, fewer
// when they would make the file larger than Read reads: MaxSaveSize). It
// changes nothing when the file there cannot be read (Read's error).
func (h History) Add(g Finished) error {
	if g.Record == nil || len(g.Scores) != len(g.Record.Seats) {
		return errors.New("game: history: a finished game needs its record and a score per seat")
	}
	games, err := h.Read()
	if err != nil {
		return err
	}
	games = append(games, g)
	if len(games) > MaxHistory {
		games = games[len(games)-MaxHistory:]
	}
	for {
		data, err := json.Marshal(historyFile{Games: games})
		if err != nil {
			return fmt.Errorf("game: history: %w", err)
		}
		// The oldest games go while the file would be too large for Read
		// (MaxSaveSize): a history written is always a history read.
		if len(data) <= MaxSaveSize || len(games) == 1 {
			if len(data) > MaxSaveSize {
				return fmt.Errorf("game: history: a finished game of %d bytes, more than a history holds (%d)", len(data), MaxSaveSize)
			}
			return FileSaver{Path: h.Path}.write(data)
		}
		games = games[1:]
	}
}

// Ender is a Saver that also hears that the game ended (the table calls
// Ended once, after the last move's Save, with the final scores).
type Ender interface {
	Ended(rec *rules.Record, scores []int) error
}

// Ended adds the finished game to the history file named by s.History
// (nothing when it is empty).
func (s FileSaver) Ended(rec *rules.Record, scores []int) error {
	if s.History == "" {
		return nil
	}
	return History{Path: s.History}.Add(Finished{Ended: time.Now().UTC().Truncate(time.Second), Scores: scores, Record: rec.Clone()})
}
