package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// RecordFormat is the version of the game record format written by this code.
const RecordFormat = 1

// MaxRecordMoves bounds a record's moves; a whole game needs far fewer (at
// most 67 turns and 9 gold choices a round, R3.2, R8.1).
const MaxRecordMoves = 10000

// Record is a game record: the save file, the replay and the desync check
// (DESIGN.md). Replaying its moves from its options and seed reproduces the
// game exactly. JSON:
//
//	{"format":1,"game":"goldvein","options":{...},"seed":42,
//	 "seats":["Ann","Bot 1",...],"moves":[{"seat":0,"play":"NE","x":1,"y":0},...]}
type Record struct {
	Format  int      `json:"format"`
	Game    string   `json:"game"`
	Options Options  `json:"options"`
	Seed    uint64   `json:"seed"`
	Seats   []string `json:"seats"`
	Moves   []Move   `json:"moves"`
}

// NewRecord starts a record of a game about to be played.
func NewRecord(opts Options, seed uint64, seats []string) *Record {
	return &Record{Format: RecordFormat, Game: "goldvein", Options: opts, Seed: seed, Seats: seats}
}

// ParseRecord reads a record and checks its shape (not yet its moves: see
// Replay). Errors name the field.
func ParseRecord(data []byte) (*Record, error) {
	var r Record
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	if r.Format != RecordFormat {
		return nil, fmt.Errorf("record: format %d: this version reads format %d", r.Format, RecordFormat)
	}
	if r.Game != "goldvein" {
		return nil, fmt.Errorf("record: game %q: want \"goldvein\"", r.Game)
	}
	if err := r.Options.Validate(); err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	if len(r.Seats) != r.Options.Players {
		return nil, fmt.Errorf("record: seats: %d names for %d players", len(r.Seats), r.Options.Players)
	}
	if len(r.Moves) > MaxRecordMoves {
		return nil, fmt.Errorf("record: moves: %d, more than a game can have", len(r.Moves))
	}
	return &r, nil
}

// Replay plays the record's moves from its options and seed. It returns the
// game as it stands after the last move, every event in order, and an error
// naming the first move that is illegal.
func (r *Record) Replay() (*Game, []Event, error) {
	g, evs, err := New(r.Options, r.Seed)
	if err != nil {
		return nil, nil, fmt.Errorf("record: %w", err)
	}
	for i, m := range r.Moves {
		e, err := g.Apply(m)
		if err != nil {
			return g, evs, fmt.Errorf("record: moves[%d] (%s): %w", i, m, err)
		}
		evs = append(evs, e...)
	}
	return g, evs, nil
}
