package rules

import (
	"encoding/json"
	"fmt"
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

// moveJSON is the JSON form of a move, shared by game records and the
// position format of RULES.md: {"seat":0,"play":"NE","x":2,"y":0},
// {"play":"broken:cart","target":2}, {"play":"map","goal":2} (the goal's y),
// {"play":"discard","card":"NE"}, {"keep":2}.
type moveJSON struct {
	Seat   *int    `json:"seat,omitempty"`
	Play   string  `json:"play,omitempty"`
	X      *int    `json:"x,omitempty"`
	Y      *int    `json:"y,omitempty"`
	Target *int    `json:"target,omitempty"`
	Tool   string  `json:"tool,omitempty"`
	Goal   *int    `json:"goal,omitempty"`
	Card   *string `json:"card,omitempty"`
	Keep   int     `json:"keep,omitempty"`
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
		j.Keep = m.Gold
	case Play:
		j.Play = m.Card.String()
		switch m.Card.Kind {
		case Path, Rockfall:
			j.X, j.Y = ip(m.At.X), ip(m.At.Y)
		case Broken, Repair:
			j.Target = ip(m.Target)
			if m.Card.Kind == Repair && len(m.Card.Tools.Tools()) == 2 {
				j.Tool = m.Tool.String()
			}
		case Map:
			j.Goal = ip(GoalY(m.Goal))
		}
	default:
		return nil, fmt.Errorf("move: unknown type %d", m.Type)
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads a move written by MarshalJSON or by the position
// format of RULES.md. Missing or malformed fields are an error naming the
// field; a discard without "card" leaves Card zero (the position format's
// discard names no card).
func (m *Move) UnmarshalJSON(b []byte) error {
	var j moveJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return fmt.Errorf("move: %w", err)
	}
	var out Move
	if j.Seat != nil {
		out.Seat = *j.Seat
	}
	switch {
	case j.Keep != 0:
		if j.Play != "" {
			return fmt.Errorf("move: both play and keep")
		}
		if j.Keep < 1 || j.Keep > 3 {
			return fmt.Errorf("move: keep %d: gold cards are worth 1, 2 or 3 (R2.6)", j.Keep)
		}
		out.Type, out.Gold = Keep, j.Keep
	case j.Play == "discard":
		out.Type = Discard
		if j.Card != nil {
			c, err := ParseCard(*j.Card)
			if err != nil {
				return fmt.Errorf("move: card: %w", err)
			}
			out.Card = c
		}
	case j.Play == "":
		return fmt.Errorf("move: no play and no keep")
	default:
		c, err := ParseCard(j.Play)
		if err != nil {
			return fmt.Errorf("move: play: %w", err)
		}
		out.Type, out.Card = Play, c
		switch c.Kind {
		case Path, Rockfall:
			if j.X == nil || j.Y == nil {
				return fmt.Errorf("move: play %s: needs x and y", j.Play)
			}
			out.At = Cell{*j.X, *j.Y}
		case Broken, Repair:
			if j.Target == nil {
				return fmt.Errorf("move: play %s: needs target", j.Play)
			}
			out.Target = *j.Target
			if j.Tool != "" {
				t, err := ParseTool(j.Tool)
				if err != nil || len(t.Tools()) != 1 {
					return fmt.Errorf("move: tool %q: want one of pickaxe, lantern, cart", j.Tool)
				}
				out.Tool = t
			}
		case Map:
			if j.Goal == nil {
				return fmt.Errorf("move: play map: needs goal")
			}
			gi := GoalIndex(*j.Goal)
			if gi < 0 {
				return fmt.Errorf("move: goal %d: a goal's y is -2, 0 or 2", *j.Goal)
			}
			out.Goal = gi
		default:
			return fmt.Errorf("move: play %s: not a card that can be played", j.Play)
		}
	}
	*m = out
	return nil
}
