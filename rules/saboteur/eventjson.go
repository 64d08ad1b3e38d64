package saboteur

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// The JSON form of an event (the LAN wire form, and what DecodeEvent
// reads) names the type and leaves out empty fields:
//
//	{"type":"placed","round":1,"seat":2,"card":"NE","at":[3,1]}
//
// Only events already redacted for their receiver (Event.Redact) may leave
// the host in it.
type eventJSON struct {
	Type     string          `json:"type"`
	Round    int             `json:"round,omitempty"`
	Seat     int             `json:"seat,omitempty"`
	Target   int             `json:"target,omitempty"`
	Card     *Card           `json:"card,omitempty"`
	Cards    []Card          `json:"cards,omitempty"`
	At       *[2]int         `json:"at,omitempty"`
	Tool     string          `json:"tool,omitempty"`
	Goal     int             `json:"goal,omitempty"`
	Gold     int             `json:"gold,omitempty"`
	Golds    []int           `json:"golds,omitempty"`
	Count    int             `json:"count,omitempty"`
	Role     string          `json:"role,omitempty"`
	Roles    []string        `json:"roles,omitempty"`
	SetAside string          `json:"set_aside,omitempty"`
	Goals    []string        `json:"goals,omitempty"`
	Winner   string          `json:"winner,omitempty"`
	Scores   []int           `json:"scores,omitempty"`
	Winners  json.RawMessage `json:"winners,omitempty"`
}

func roleName(r Role) string {
	if r == NoRole {
		return ""
	}
	return r.String()
}

func parseRole(s string) (Role, error) {
	switch s {
	case "":
		return NoRole, nil
	case "gold-digger":
		return GoldDigger, nil
	case "saboteur":
		return Saboteur, nil
	}
	return NoRole, fmt.Errorf("role %q: want gold-digger or saboteur", s)
}

func parseTeam(s string) (Team, error) {
	switch s {
	case "", "nobody":
		return NoTeam, nil
	case "gold-diggers":
		return Diggers, nil
	case "saboteurs":
		return Saboteurs, nil
	}
	return NoTeam, fmt.Errorf("winner %q: want gold-diggers, saboteurs or nobody", s)
}

var eventTypes = func() map[string]EventType {
	m := map[string]EventType{}
	for t := RoundStarted; t <= GameEnded; t++ {
		m[t.String()] = t
	}
	return m
}()

// MarshalJSON writes the event in the wire form above.
func (e Event) MarshalJSON() ([]byte, error) {
	j := eventJSON{Type: e.Type.String(), Round: e.Round, Seat: e.Seat, Target: e.Target,
		Cards: e.Cards, Tool: e.Tool.String(), Goal: e.Goal, Gold: e.Gold, Golds: e.Golds,
		Count: e.Count, Role: roleName(e.Role), SetAside: roleName(e.SetAside), Scores: e.Scores}
	if e.Card.Kind != NoCard {
		c := e.Card
		j.Card = &c
	}
	if e.At != (Cell{}) {
		j.At = &[2]int{e.At.X, e.At.Y}
	}
	for _, r := range e.Roles {
		j.Roles = append(j.Roles, roleName(r))
	}
	for _, g := range e.Goals {
		j.Goals = append(j.Goals, g.String())
	}
	if e.Winner != NoTeam || e.Type == RoundEnded {
		j.Winner = e.Winner.String()
	}
	if e.Winners != nil {
		w, err := json.Marshal(e.Winners)
		if err != nil {
			return nil, err
		}
		j.Winners = w
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads an event written by MarshalJSON. It is strict: an
// unknown field, type, card or role code, or trailing data, is an error
// naming the field.
func (e *Event) UnmarshalJSON(b []byte) error {
	var j eventJSON
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return fmt.Errorf("event: %w", jsonError(err))
	}
	if dec.More() {
		return fmt.Errorf("event: trailing data after the event")
	}
	t, ok := eventTypes[j.Type]
	if !ok {
		return fmt.Errorf("event: type %q unknown", j.Type)
	}
	out := Event{Type: t, Round: j.Round, Seat: j.Seat, Target: j.Target, Cards: j.Cards,
		Goal: j.Goal, Gold: j.Gold, Golds: j.Golds, Count: j.Count, Scores: j.Scores}
	if j.Card != nil {
		out.Card = *j.Card
	}
	if j.At != nil {
		out.At = Cell{X: j.At[0], Y: j.At[1]}
	}
	var err error
	if j.Tool != "" {
		if out.Tool, err = ParseTool(j.Tool); err != nil {
			return fmt.Errorf("event: tool: %w", err)
		}
	}
	if out.Role, err = parseRole(j.Role); err != nil {
		return fmt.Errorf("event: %w", err)
	}
	if out.SetAside, err = parseRole(j.SetAside); err != nil {
		return fmt.Errorf("event: set_aside: %w", err)
	}
	for i, s := range j.Roles {
		r, err := parseRole(s)
		if err != nil {
			return fmt.Errorf("event: roles[%d]: %w", i, err)
		}
		out.Roles = append(out.Roles, r)
	}
	for i, s := range j.Goals {
		g := NoGoal
		if s != "NONE" {
			if g, err = ParseGoalCard(s); err != nil {
				return fmt.Errorf("event: goals[%d]: %w", i, err)
			}
		}
		out.Goals = append(out.Goals, g)
	}
	if out.Winner, err = parseTeam(j.Winner); err != nil {
		return fmt.Errorf("event: %w", err)
	}
	if j.Winners != nil {
		if err := json.Unmarshal(j.Winners, &out.Winners); err != nil {
			return fmt.Errorf("event: winners: %w", err)
		}
	}
	*e = out
	return nil
}
