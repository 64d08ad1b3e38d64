package incangold

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/goldvein/goldvein/rules"
)

// MinPlayers and MaxPlayers bound the table (I1.1).
const (
	MinPlayers = 3
	MaxPlayers = 8
)

// DrawStart is the StartPlayer that draws the first start player at random
// from the match's generator (I2.4, IR9).
const DrawStart = -1

// Options are the table options of INCAN_GOLD.md ("Table options"), chosen
// in the lobby and recorded in the game record. Their JSON is
//
//	{"diamant": false, "artifacts2020": false, "tiebreak_value": false,
//	 "open_tents": false, "start_player": -1}
//
// where every field may be left out (false, and -1 for start_player).
type Options struct {
	// Diamant plays the 2005 rules: no artifacts at all (O1). It turns off
	// Artifacts2020 and TiebreakValue.
	Diamant bool `json:"diamant"`
	// Artifacts2020 places the artifacts worth 5, 7, 8, 10 and 12 under
	// temple cards 1 to 5, each worth its own number (O2).
	Artifacts2020 bool `json:"artifacts2020"`
	// TiebreakValue breaks a tie on score by the artifacts' worth instead
	// of their count (O3, I9.4, IR1).
	TiebreakValue bool `json:"tiebreak_value"`
	// OpenTents shows every seat's tent total to every seat (O4).
	OpenTents bool `json:"open_tents"`
	// StartPlayer is the seat that starts round 1 (I2.4), or DrawStart (-1)
	// to draw it from the match's generator.
	StartPlayer int `json:"start_player"`
}

// DefaultOptions are the published rules with the start player drawn.
func DefaultOptions() Options { return Options{StartPlayer: DrawStart} }

// normalized applies "diamant turns off artifacts2020 and tiebreak_value"
// (Table options).
func (o Options) normalized() Options {
	if o.Diamant {
		o.Artifacts2020, o.TiebreakValue = false, false
	}
	return o
}

// Validate checks the options for a table of players seats and returns an
// error naming the field.
func (o Options) Validate(players int) error {
	if players < MinPlayers || players > MaxPlayers {
		return fmt.Errorf("players: %d: want %d to %d (I1.1)", players, MinPlayers, MaxPlayers)
	}
	if o.StartPlayer < DrawStart || o.StartPlayer >= players {
		return fmt.Errorf("options: start_player: %d: want -1 (draw) or a seat 0 to %d (I2.4)", o.StartPlayer, players-1)
	}
	return nil
}

// ParseOptions reads the options JSON strictly: nil, empty or "null" are
// the defaults; unknown fields, a wrong type and trailing data are errors
// naming the field, e.g. `options: diamant: want true or false`.
func ParseOptions(data []byte) (Options, error) {
	o := DefaultOptions()
	if len(bytes.TrimSpace(data)) == 0 || string(bytes.TrimSpace(data)) == "null" {
		return o, nil
	}
	var j struct {
		Diamant       *bool `json:"diamant"`
		Artifacts2020 *bool `json:"artifacts2020"`
		TiebreakValue *bool `json:"tiebreak_value"`
		OpenTents     *bool `json:"open_tents"`
		StartPlayer   *int  `json:"start_player"`
	}
	if err := strictDecode(data, &j); err != nil {
		return o, fmt.Errorf("options: %w", err)
	}
	set := func(dst *bool, src *bool) {
		if src != nil {
			*dst = *src
		}
	}
	set(&o.Diamant, j.Diamant)
	set(&o.Artifacts2020, j.Artifacts2020)
	set(&o.TiebreakValue, j.TiebreakValue)
	set(&o.OpenTents, j.OpenTents)
	if j.StartPlayer != nil {
		o.StartPlayer = *j.StartPlayer
	}
	return o, nil
}

// maxJSON bounds what the strict decoders read (a view of 8 seats is a few
// kilobytes).
const maxJSON = 1 << 20

// strictDecode decodes one JSON value into v: unknown fields, trailing
// data and wrong types are errors that name the field.
func strictDecode(data []byte, v any) error {
	if len(data) > maxJSON {
		return fmt.Errorf("larger than %d bytes", maxJSON)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("trailing data after the JSON value")
	}
	// A key given twice would be read as its last value silently.
	return rules.CheckKeys(data, 0)
}

// jsonError rewrites encoding/json's errors so that they name the field
// in the words of the rules reference, on one line.
func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			field = "value"
		}
		if r, ok := strings.CutPrefix(te.Value, reasonPrefix); ok {
			return fmt.Errorf("%s: %s", field, r)
		}
		return fmt.Errorf("%s: want %s, not a JSON %s", field, kindOf(te.Type.String()), te.Value)
	case errors.As(err, &se):
		return fmt.Errorf("malformed JSON at byte %d: %v", se.Offset, se)
	case errors.Is(err, io.EOF):
		return errors.New("empty input: want a JSON object")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("malformed JSON: unexpected end of input")
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return fmt.Errorf("%s: unknown field", f)
	}
	return errors.New(strings.TrimPrefix(msg, "json: "))
}

// kindOf names a Go type the way a JSON user reads it.
func kindOf(t string) string {
	t = strings.TrimPrefix(t, "*")
	switch {
	case t == "bool":
		return "true or false"
	case strings.HasPrefix(t, "int") || strings.HasPrefix(t, "uint"):
		return "a whole number"
	case t == "string" || strings.HasSuffix(t, "Card") || strings.HasSuffix(t, "Choice"):
		return "a string"
	case strings.HasPrefix(t, "[]"):
		return "a list"
	case strings.HasPrefix(t, "map"), strings.HasPrefix(t, "struct"):
		return "an object"
	}
	return "a " + t
}
