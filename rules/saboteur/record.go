package saboteur

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/goldvein/goldvein/rules"
)

// RecordFormat is the version of Saboteur's own record format (format 1),
// which the app wrote before the box's record (rules.Record, format 2).
const RecordFormat = 1

// MaxRecordMoves bounds a record's moves; a whole game needs far fewer (at
// most 67 turns and 9 gold choices a round, R3.2, R8.1).
const MaxRecordMoves = 10000

// Record is a format-1 game record, as autosaves and LAN saves were
// written before format 2 (rules.Record): they still load, converted
// (Rules.ReadLegacy, Convert). Replaying its moves from its options and
// seed reproduces the game exactly. JSON:
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

// IsLegacy reports whether a record of format and game name is one of
// Saboteur's format-1 records (rules.Legacy): {"format":1,"game":"goldvein"}.
func (Rules) IsLegacy(format int, game string) bool { return format == 1 && game == "goldvein" }

// ReadLegacy reads a format-1 record (ParseRecord: as strictly as ever) and
// converts it (Record.Convert).
func (Rules) ReadLegacy(data []byte) (*rules.Record, error) {
	r, err := ParseRecord(data)
	if err != nil {
		return nil, err
	}
	return r.Convert()
}

// Convert returns the record in format 2 (rules.Record), From 1: the same
// options, seed, names and moves (each in the same JSON, under the seat
// that made it). Format 1 kept no seat kinds: seat 0 becomes the human and
// the others computer players at normal level, as the app's Continue
// assumed for a record without the setup that said otherwise.
func (r *Record) Convert() (*rules.Record, error) {
	opts, err := json.Marshal(r.Options)
	if err != nil {
		return nil, fmt.Errorf("record: options: %w", err)
	}
	seats := make([]rules.RecordSeat, len(r.Seats))
	for i, name := range r.Seats {
		seats[i] = rules.RecordSeat{Name: name, Kind: rules.Computer, Level: "normal"}
		if i == 0 {
			seats[i] = rules.RecordSeat{Name: name, Kind: rules.Human}
		}
	}
	out := rules.NewRecord(ID, opts, r.Seed, seats)
	out.From = r.Format
	for i, m := range r.Moves {
		if m.Seat < 0 || m.Seat >= len(seats) {
			return nil, fmt.Errorf("record: moves[%d]: seat: %d: want 0 to %d", i, m.Seat, len(seats)-1)
		}
		if err := out.Add(m.Seat, m); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// FromRecord reads a record of the box (rules.Record) as Saboteur's own
// typed record, for the tools that print a game move by move (goldvein
// replay): its options (ParseOptions), names and moves, each decoded as
// strictly as DecodeMove and made by the seat the record names. Format is
// the record's, or the format it was converted from (From).
func FromRecord(r *rules.Record) (*Record, error) {
	if r.Game != ID {
		return nil, fmt.Errorf("record: game: %q is not %q", r.Game, ID)
	}
	o, err := ParseOptions(len(r.Seats), r.Options)
	if err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	out := &Record{Format: r.Format, Game: "goldvein", Options: o, Seed: r.Seed, Moves: make([]Move, len(r.Moves))}
	if r.From != 0 {
		out.Format = r.From
	}
	for _, s := range r.Seats {
		out.Seats = append(out.Seats, s.Name)
	}
	for i, rm := range r.Moves {
		m, _, err := decodeMove(rm.Move, false)
		if err != nil {
			return nil, fmt.Errorf("record: moves[%d]: %w", i, err)
		}
		if m.Seat != rm.Seat {
			return nil, fmt.Errorf("record: moves[%d]: seat: %d, in a move of seat %d", i, m.Seat, rm.Seat)
		}
		out.Moves[i] = m
	}
	return out, nil
}
