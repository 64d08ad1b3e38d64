package saboteur

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
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

// ParseRecord reads a record and checks its shape (not yet whether its
// moves are legal: see Replay). It is strict: unknown fields, trailing data,
// a missing field and a malformed move are errors naming the field, e.g.
// "record: moves[12]: x: missing". Seat names are not checked here (goldvein
// replay prints any name safely); a caller that draws them calls
// CheckNames.
func ParseRecord(data []byte) (*Record, error) {
	var j struct {
		Format  *int              `json:"format"`
		Game    string            `json:"game"`
		Options *Options          `json:"options"`
		Seed    *uint64           `json:"seed"`
		Seats   []string          `json:"seats"`
		Moves   []json.RawMessage `json:"moves"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("record: %w", jsonError(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("record: trailing data after the record")
	}
	switch {
	case j.Format == nil:
		return nil, fmt.Errorf("record: format: missing")
	case *j.Format != RecordFormat:
		return nil, fmt.Errorf("record: format: %d: this version reads format %d", *j.Format, RecordFormat)
	case j.Game != "goldvein":
		return nil, fmt.Errorf("record: game: %q: want \"goldvein\"", j.Game)
	case j.Options == nil:
		return nil, fmt.Errorf("record: options: missing")
	case j.Seed == nil:
		return nil, fmt.Errorf("record: seed: missing")
	}
	if err := j.Options.Validate(); err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	if len(j.Seats) != j.Options.Players {
		return nil, fmt.Errorf("record: seats: %d names for %d players", len(j.Seats), j.Options.Players)
	}
	if len(j.Moves) > MaxRecordMoves {
		return nil, fmt.Errorf("record: moves: %d, more than a game can have", len(j.Moves))
	}
	r := &Record{Format: *j.Format, Game: j.Game, Options: *j.Options, Seed: *j.Seed, Seats: j.Seats,
		Moves: make([]Move, len(j.Moves))}
	for i, raw := range j.Moves {
		m, _, err := decodeMove(raw, false)
		if err != nil {
			return nil, fmt.Errorf("record: moves[%d]: %w", i, err)
		}
		r.Moves[i] = m
	}
	return r, nil
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
