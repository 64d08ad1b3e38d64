package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// RecordFormat is the version of the game record this code writes.
// Format 1 was Saboteur's own record (rules/saboteur reads it still).
const RecordFormat = 2

// MaxRecordMoves bounds a record's moves; no game of the box needs more.
const MaxRecordMoves = 100000

// SeatKind says who plays a seat, so that Continue restores the same table.
type SeatKind string

// The seat kinds of a record.
const (
	Human    SeatKind = "human"    // a person at this screen
	Computer SeatKind = "computer" // a computer player; Level says which
	Remote   SeatKind = "remote"   // a LAN guest
)

// RecordSeat is one seat of a record: its name, kind and, for a computer
// player, its level.
type RecordSeat struct {
	Name  string   `json:"name"`
	Kind  SeatKind `json:"kind"`
	Level string   `json:"level,omitempty"`
}

// RecordMove is one accepted move: the seat that made it and the move in
// its game's own JSON.
type RecordMove struct {
	Seat int             `json:"seat"`
	Move json.RawMessage `json:"move"`
}

// Record is a game record, the same for every game: the save file, the
// replay and the desync check (docs/DESIGN.md). Replaying its moves from
// its options and seed reproduces the match exactly. JSON:
//
//	{"format":2,"game":"incangold","options":{...},"seed":42,
//	 "seats":[{"name":"Ann","kind":"human"},{"name":"Bot 1","kind":"computer","level":"hard"}],
//	 "moves":[{"seat":0,"move":{...}},...]}
type Record struct {
	Format  int             `json:"format"`
	Game    string          `json:"game"`
	Options json.RawMessage `json:"options"`
	Seed    uint64          `json:"seed"`
	Seats   []RecordSeat    `json:"seats"`
	Moves   []RecordMove    `json:"moves"`
	// From is the format of the file a record was converted from (1 for
	// Saboteur's format 1: see Legacy), 0 for one read as format 2. It is
	// never written: a converted record is saved as format 2.
	From int `json:"-"`
}

// NewRecord starts the record of a match about to be played.
func NewRecord(game string, opts json.RawMessage, seed uint64, seats []RecordSeat) *Record {
	if len(opts) == 0 {
		opts = json.RawMessage("null")
	}
	return &Record{Format: RecordFormat, Game: game, Options: opts, Seed: seed, Seats: seats, Moves: []RecordMove{}}
}

// Add appends seat's accepted move, encoded with encoding/json.
func (r *Record) Add(seat int, m Move) error {
	b, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("record: move of seat %d: %w", seat, err)
	}
	r.Moves = append(r.Moves, RecordMove{Seat: seat, Move: b})
	return nil
}

// Clone returns a deep copy (moves share their immutable JSON).
func (r *Record) Clone() *Record {
	c := *r
	c.Seats = append([]RecordSeat(nil), r.Seats...)
	c.Moves = append([]RecordMove(nil), r.Moves...)
	return &c
}

// ParseRecord reads a format-2 record and checks its shape (not yet whether
// its moves are legal: see Replay). It is strict: unknown fields, trailing
// data and a missing field are errors naming the field, e.g.
// "record: seats[1]: kind: \"robot\": want human, computer or remote".
func ParseRecord(data []byte) (*Record, error) {
	var j struct {
		Format  *int            `json:"format"`
		Game    *string         `json:"game"`
		Options json.RawMessage `json:"options"`
		Seed    *uint64         `json:"seed"`
		Seats   []RecordSeat    `json:"seats"`
		Moves   []RecordMove    `json:"moves"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("record: trailing data after the record")
	}
	// A key given twice would be read as its last value silently.
	if err := CheckKeys(data, 0); err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	switch {
	case j.Format == nil:
		return nil, errors.New("record: format: missing")
	case *j.Format != RecordFormat:
		return nil, fmt.Errorf("record: format: %d: this reader reads format %d", *j.Format, RecordFormat)
	case j.Game == nil || *j.Game == "":
		return nil, errors.New("record: game: missing")
	case j.Seed == nil:
		return nil, errors.New("record: seed: missing")
	case len(j.Options) == 0:
		return nil, errors.New("record: options: missing")
	case len(j.Seats) == 0:
		return nil, errors.New("record: seats: missing")
	case len(j.Moves) > MaxRecordMoves:
		return nil, fmt.Errorf("record: moves: %d, more than a game can have", len(j.Moves))
	}
	for i, s := range j.Seats {
		switch s.Kind {
		case Human, Remote:
			if s.Level != "" {
				return nil, fmt.Errorf("record: seats[%d]: level: only a computer seat has one", i)
			}
		case Computer:
			if s.Level == "" {
				return nil, fmt.Errorf("record: seats[%d]: level: missing", i)
			}
		default:
			return nil, fmt.Errorf("record: seats[%d]: kind: %q: want human, computer or remote", i, s.Kind)
		}
	}
	for i, m := range j.Moves {
		if m.Seat < 0 || m.Seat >= len(j.Seats) {
			return nil, fmt.Errorf("record: moves[%d]: seat: %d: want 0 to %d", i, m.Seat, len(j.Seats)-1)
		}
		if len(m.Move) == 0 {
			return nil, fmt.Errorf("record: moves[%d]: move: missing", i)
		}
	}
	if j.Moves == nil {
		j.Moves = []RecordMove{}
	}
	return &Record{Format: *j.Format, Game: *j.Game, Options: j.Options, Seed: *j.Seed, Seats: j.Seats, Moves: j.Moves}, nil
}

// Replay plays the record's moves with g from its options and seed. It
// returns the match after the last move, every event in order (unredacted,
// the match's opening first: Opener),
// and an error naming the first move that is malformed or illegal (the
// match is then as it stood before that move).
func (r *Record) Replay(g Game) (Match, []Event, error) {
	if r.Game != g.ID() {
		return nil, nil, fmt.Errorf("record: game: %q, replayed as %q", r.Game, g.ID())
	}
	m, err := g.New(len(r.Seats), r.Options, r.Seed)
	if err != nil {
		return nil, nil, fmt.Errorf("record: %w", err)
	}
	evs := OpeningOf(m)
	for i, rm := range r.Moves {
		mv, err := g.DecodeMove(rm.Move)
		if err == nil {
			var e []Event
			if e, err = m.Apply(rm.Seat, mv); err == nil {
				evs = append(evs, e...)
				continue
			}
		}
		return m, evs, &MoveError{Index: i, Seat: rm.Seat, Err: err}
	}
	return m, evs, nil
}

// MoveError is a record's move that is malformed or illegal: its index in
// Moves, its seat and why.
type MoveError struct {
	Index, Seat int
	Err         error
}

// Error reads "record: moves[I] (seat S): why".
func (e *MoveError) Error() string {
	return fmt.Sprintf("record: moves[%d] (seat %d): %v", e.Index, e.Seat, e.Err)
}

// Unwrap returns why, so that rules.RuleOf finds the rule.
func (e *MoveError) Unwrap() error { return e.Err }

// Legacy is a Game whose records predate format 2 (Saboteur wrote format
// 1, named "goldvein"). ReadRecord asks it about any record older than
// format 2.
type Legacy interface {
	// IsLegacy reports whether a record of format and game name is one of
	// the game's old records.
	IsLegacy(format int, game string) bool
	// ReadLegacy reads such a record as strictly as the old reader did and
	// converts it to format 2 (From set to its format), seat kinds
	// included as best it can (an old record has none).
	ReadLegacy(data []byte) (*Record, error)
}

// ReadRecord reads a record of any format: format 2 with ParseRecord, an
// older one through the game of games that wrote it (Legacy).
func ReadRecord(data []byte, games ...Game) (*Record, error) {
	var head struct {
		Format *int   `json:"format"`
		Game   string `json:"game"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	if head.Format == nil || *head.Format == RecordFormat {
		return ParseRecord(data)
	}
	for _, g := range games {
		if l, ok := g.(Legacy); ok && l.IsLegacy(*head.Format, head.Game) {
			return l.ReadLegacy(data)
		}
	}
	return nil, fmt.Errorf("record: format %d of game %q: no game of this box reads it", *head.Format, head.Game)
}
