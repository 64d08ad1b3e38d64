package saboteur

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// MoveType says what a move does (R4.1, R8.1).
type MoveType uint8

// The move types.
const (
	// Play puts a card from the hand into play: a path card into the maze
	// (R5) or an action card (R6).
	Play MoveType = iota + 1
	// Discard passes by putting one card face down on the discard pile (R4.1).
	Discard
	// Keep takes one gold card of the given value while the gold is handed
	// out (R8.1).
	Keep
)

// Move is one decision of one seat. Which fields count depends on Type and
// Card: a path card gives Card as placed and At; rockfall gives At; a broken
// tool or repair gives Target (a seat), and a two-tool repair the Tool it
// mends; a map gives Goal (goal index 0-2); Discard gives Card; Keep gives
// Gold (the value, 1-3).
type Move struct {
	Seat   int
	Type   MoveType
	Card   Card
	At     Cell
	Target int
	Tool   Tool
	Goal   int
	Gold   int
}

// String writes a short human-readable form, e.g. "seat 2 plays NE at 3,1".
func (m Move) String() string {
	switch m.Type {
	case Discard:
		return fmt.Sprintf("seat %d discards %s", m.Seat, m.Card)
	case Keep:
		return fmt.Sprintf("seat %d keeps gold %d", m.Seat, m.Gold)
	}
	switch m.Card.Kind {
	case Path, Rockfall:
		return fmt.Sprintf("seat %d plays %s at %s", m.Seat, m.Card, m.At)
	case Broken, Repair:
		if m.Tool != 0 {
			return fmt.Sprintf("seat %d plays %s on seat %d (%s)", m.Seat, m.Card, m.Target, m.Tool)
		}
		return fmt.Sprintf("seat %d plays %s on seat %d", m.Seat, m.Card, m.Target)
	case Map:
		return fmt.Sprintf("seat %d plays map on goal y=%d", m.Seat, GoalY(m.Goal))
	}
	return fmt.Sprintf("seat %d plays %s", m.Seat, m.Card)
}

// Normal returns m with only the fields its type and card use, the others
// zeroed: the form a move has after a trip through JSON. Apply gives m and
// m.Normal() the same result.
func (m Move) Normal() Move {
	out := Move{Seat: m.Seat, Type: m.Type}
	switch m.Type {
	case Discard:
		out.Card = m.Card
	case Keep:
		out.Gold = m.Gold
	case Play:
		out.Card = m.Card
		switch m.Card.Kind {
		case Path, Rockfall:
			out.At = m.At
		case Broken:
			out.Target = m.Target
		case Repair:
			out.Target, out.Tool = m.Target, m.Tool
		case Map:
			out.Goal = m.Goal
		}
	}
	return out
}

// moveJSON is the JSON form of a move, shared by game records and the
// position format of SABOTEUR.md: {"seat":0,"play":"NE","x":2,"y":0},
// {"seat":1,"play":"broken:cart","target":2}, {"seat":1,"play":
// "repair:pickaxe+lantern","target":0,"tool":"lantern"}, {"seat":0,"play":
// "map","goal":2} (the goal's y), {"seat":3,"play":"discard","card":"NE"},
// {"seat":2,"keep":2}. The position format leaves out "seat" and the
// discard's "card", and adds the query {"placements":"NE"}.
type moveJSON struct {
	Seat       *int    `json:"seat,omitempty"`
	Play       string  `json:"play,omitempty"`
	X          *int    `json:"x,omitempty"`
	Y          *int    `json:"y,omitempty"`
	Target     *int    `json:"target,omitempty"`
	Tool       string  `json:"tool,omitempty"`
	Goal       *int    `json:"goal,omitempty"`
	Card       *string `json:"card,omitempty"`
	Keep       *int    `json:"keep,omitempty"`
	Placements *string `json:"placements,omitempty"`
}

func ip(i int) *int { return &i }

// MarshalJSON writes the move in the form of game records (see moveJSON).
func (m Move) MarshalJSON() ([]byte, error) {
	j := moveJSON{Seat: ip(m.Seat)}
	switch m.Type {
	case Discard:
		j.Play = "discard"
		s := m.Card.String()
		j.Card = &s
	case Keep:
		j.Keep = ip(m.Gold)
	case Play:
		j.Play = m.Card.String()
		switch m.Card.Kind {
		case Path, Rockfall:
			j.X, j.Y = ip(m.At.X), ip(m.At.Y)
		case Broken:
			j.Target = ip(m.Target)
		case Repair:
			j.Target = ip(m.Target)
			j.Tool = m.Tool.String()
		case Map:
			j.Goal = ip(GoalY(m.Goal))
		default:
			return nil, fmt.Errorf("move: %s cannot be played", m.Card)
		}
	default:
		return nil, fmt.Errorf("move: unknown type %d", m.Type)
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads a move of a game record (see moveJSON). It is
// strict: "seat" is required, every field the move needs must be there and
// no other field may be; a discard names its card. Errors name the field.
func (m *Move) UnmarshalJSON(b []byte) error {
	out, _, err := decodeMove(b, false)
	if err != nil {
		return fmt.Errorf("move: %w", err)
	}
	*m = out
	return nil
}

// decodeMove reads one move. With position set it reads the position
// format's form (no seat, a discard names no card, a placements query is
// allowed and returned as query); otherwise the record's form. Errors name
// the field, e.g. "x: missing" or "target: not used by map".
func decodeMove(b []byte, position bool) (m Move, query *Card, err error) {
	var j moveJSON
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return m, nil, jsonError(err)
	}
	if dec.More() {
		return m, nil, fmt.Errorf("trailing data after the move")
	}
	// used lists the fields present that the move has not used yet.
	used := map[string]bool{}
	mark := func(name string, present bool) {
		if present {
			used[name] = true
		}
	}
	mark("seat", j.Seat != nil)
	mark("play", j.Play != "")
	mark("x", j.X != nil)
	mark("y", j.Y != nil)
	mark("target", j.Target != nil)
	mark("tool", j.Tool != "")
	mark("goal", j.Goal != nil)
	mark("card", j.Card != nil)
	mark("keep", j.Keep != nil)
	mark("placements", j.Placements != nil)
	need := func(name string, present bool) error {
		if !present {
			return fmt.Errorf("%s: missing", name)
		}
		delete(used, name)
		return nil
	}
	if position {
		if j.Seat != nil {
			return m, nil, fmt.Errorf("seat: not part of a position's move (the position's seat makes every move)")
		}
		if j.Keep != nil {
			return m, nil, fmt.Errorf("keep: not part of a position's move")
		}
	} else {
		if err := need("seat", j.Seat != nil); err != nil {
			return m, nil, err
		}
		m.Seat = *j.Seat
	}
	what := ""
	switch {
	case position && j.Placements != nil:
		delete(used, "placements")
		c, err := ParseCard(*j.Placements)
		if err != nil {
			return m, nil, fmt.Errorf("placements: %w", err)
		}
		if c.Kind != Path {
			return m, nil, fmt.Errorf("placements: %s is not a path card (R2.3)", c)
		}
		query, what = &c, "a placements query"
	case !position && j.Keep != nil:
		delete(used, "keep")
		if *j.Keep < 1 || *j.Keep > 3 {
			return m, nil, fmt.Errorf("keep: %d: gold cards are worth 1, 2 or 3 (R2.6)", *j.Keep)
		}
		m.Type, m.Gold, what = Keep, *j.Keep, "keep"
	case j.Play == "discard":
		delete(used, "play")
		m.Type, what = Discard, "discard"
		if !position {
			if err := need("card", j.Card != nil); err != nil {
				return m, nil, err
			}
			c, err := ParseCard(*j.Card)
			if err != nil {
				return m, nil, fmt.Errorf("card: %w", err)
			}
			m.Card = c
		}
	case j.Play == "":
		if position {
			return m, nil, fmt.Errorf("play: missing (or placements)")
		}
		return m, nil, fmt.Errorf("play: missing (or keep)")
	default:
		delete(used, "play")
		c, err := ParseCard(j.Play)
		if err != nil {
			return m, nil, fmt.Errorf("play: %w", err)
		}
		m.Type, m.Card, what = Play, c, j.Play
		switch c.Kind {
		case Path, Rockfall:
			if err := need("x", j.X != nil); err != nil {
				return m, nil, err
			}
			if err := need("y", j.Y != nil); err != nil {
				return m, nil, err
			}
			m.At = Cell{*j.X, *j.Y}
		case Broken, Repair:
			if err := need("target", j.Target != nil); err != nil {
				return m, nil, err
			}
			m.Target = *j.Target
			if c.Kind == Repair && j.Tool != "" {
				delete(used, "tool")
				t, err := ParseTool(j.Tool)
				if err != nil || len(t.Tools()) != 1 {
					return m, nil, fmt.Errorf("tool: %q: want one of pickaxe, lantern, cart", j.Tool)
				}
				m.Tool = t
			}
		case Map:
			if err := need("goal", j.Goal != nil); err != nil {
				return m, nil, err
			}
			gi := GoalIndex(*j.Goal)
			if gi < 0 {
				return m, nil, fmt.Errorf("goal: %d: a goal's y is -2, 0 or 2", *j.Goal)
			}
			m.Goal = gi
		default:
			return m, nil, fmt.Errorf("play: %s is not a card that can be played (R4.1)", j.Play)
		}
	}
	delete(used, "seat")
	for _, name := range []string{"play", "x", "y", "target", "tool", "goal", "card", "keep", "placements"} {
		if used[name] {
			return m, nil, fmt.Errorf("%s: not used by %s", name, what)
		}
	}
	return m, query, nil
}

// jsonError rewords an encoding/json error to name the field first, on one
// line, e.g. "x: want a number, not string".
func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field == "" {
			return fmt.Errorf("want %s, not %s", jsonType(te.Type.Kind().String()), te.Value)
		}
		return fmt.Errorf("%s: want %s, not %s", te.Field, jsonType(te.Type.Kind().String()), te.Value)
	}
	if errors.Is(err, io.EOF) {
		return fmt.Errorf("malformed JSON: empty input")
	}
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return fmt.Errorf("%s: unknown field", strings.Trim(rest, `"`))
	}
	return fmt.Errorf("malformed JSON: %s", strings.TrimPrefix(msg, "json: "))
}

func jsonType(kind string) string {
	switch kind {
	case "int", "int64", "uint64", "uint8", "int8", "uint", "int32", "uint32":
		return "an integer"
	case "float64", "float32":
		return "a number"
	case "string":
		return "a string"
	case "slice", "array":
		return "a list"
	case "map", "struct":
		return "an object"
	case "bool":
		return "true or false"
	}
	return kind
}
