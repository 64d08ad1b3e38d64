package incangold

import (
	"encoding/json"
	"fmt"

	"github.com/goldvein/goldvein/rules"
)

// EventType says what happened; its JSON is the snake_case name.
type EventType uint8

// The events NewMatch and Apply report, in the order they happen.
const (
	// RoundStarted: round Round begins with Seat as start player; Card is
	// the temple card's artifact shuffled in (none with diamant) and Deck
	// the number of cards in the deck (I3.1, I3.2, I8.4).
	RoundStarted EventType = iota + 1
	// Flipped: Card was turned for Explorers explorers; a treasure gave
	// Each gems to each of them and Pool is the pool after it (I5, I6.1,
	// I7.1).
	Flipped
	// Bust: Card is a second hazard of its kind: the explorers lost Lost
	// (per seat) and the card is out of the game (I7.2, I7.3).
	Bust
	// ChoiceOpened: a choice step opened (Step); Seats are the explorers
	// who owe a sealed choice (I3.3, I3.4).
	ChoiceOpened
	// Sealed: Seat sealed its choice. Choice is private to Seat until the
	// Revealed event (I3.4): For blanks it for every other seat.
	Sealed
	// Revealed: every choice of the step, shown at once; Choices holds
	// one per seat ("" for seats not in the temple) (I3.4).
	Revealed
	// Left: Seat left the temple: it banked Banked gems (its Carried and
	// its Share of the pool, which now holds Pool) and, as a lone leaver,
	// took the artifacts Cards worth Worths (I4.2, I4.3, I6.2, I6.3).
	Left
	// RoundEnded: round Round is over; Pool gems went back to the supply
	// and the artifacts Cards on the path were removed (I8.1, I8.2).
	RoundEnded
	// GameEnded: the game is over: Scores and Tents per seat, Winners
	// after the tie-break named by Tiebreak (I9).
	GameEnded
)

var eventNames = [...]string{"", "round_started", "flipped", "bust", "choice_opened", "sealed",
	"revealed", "left", "round_ended", "game_ended"}

// String returns the event type's snake_case name, e.g. "choice_opened".
func (t EventType) String() string {
	if int(t) < len(eventNames) && t != 0 {
		return eventNames[t]
	}
	return fmt.Sprintf("event?%d", t)
}

// MarshalJSON writes the snake_case name.
func (t EventType) MarshalJSON() ([]byte, error) {
	if t == 0 || int(t) >= len(eventNames) {
		return nil, fmt.Errorf("incangold: no event type %d", t)
	}
	return json.Marshal(t.String())
}

// UnmarshalJSON reads the snake_case name.
func (t *EventType) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fieldError[EventType]("want an event type name")
	}
	for i, n := range eventNames {
		if i > 0 && n == s {
			*t = EventType(i)
			return nil
		}
	}
	return fieldError[EventType](fmt.Sprintf("unknown event type %q", s))
}

// Event is one thing that happened (rules.Event). Which fields count
// depends on Type (see the EventType constants); Seat is -1 when the
// event is no one seat's. Only a Sealed event holds a private fact; For
// hides it, and nothing that leaves the host may skip that step.
type Event struct {
	Type      EventType `json:"type"`
	Round     int       `json:"round"`
	Seat      int       `json:"seat"`
	Step      int       `json:"step,omitempty"`
	Card      Card      `json:"card,omitempty"`
	Cards     []Card    `json:"cards,omitempty"`
	Deck      int       `json:"deck,omitempty"`
	Explorers int       `json:"explorers,omitempty"`
	Each      int       `json:"each,omitempty"`
	Pool      int       `json:"pool,omitempty"`
	Lost      []int     `json:"lost,omitempty"`
	Seats     []int     `json:"seats,omitempty"`
	Choice    Choice    `json:"choice,omitempty"`
	Choices   []Choice  `json:"choices,omitempty"`
	Carried   int       `json:"carried,omitempty"`
	Share     int       `json:"share,omitempty"`
	Banked    int       `json:"banked,omitempty"`
	Worths    []int     `json:"worths,omitempty"`
	Scores    []int     `json:"scores,omitempty"`
	Tents     []int     `json:"tents,omitempty"`
	Winners   []int     `json:"winners,omitempty"`
	Tiebreak  string    `json:"tiebreak,omitempty"`
}

// For returns the event as seat may know it, an Event value (see
// Redact). The bool is always true: every seat learns of every event, if
// only that a seat has chosen.
func (e Event) For(seat int) (rules.Event, bool) { return e.Redact(seat), true }

// Redact returns the event as seat may know it ("Hidden information"):
// another seat's sealed choice becomes "seat N has chosen" (Choice
// blanked) until the Revealed event (I3.4). Every other event is public.
// Seat -1 is a spectator.
func (e Event) Redact(seat int) Event {
	if e.Type == Sealed && e.Seat != seat {
		e.Choice = NoChoice
	}
	return e
}

// String is a short English line for logs and tests.
func (e Event) String() string {
	b, err := json.Marshal(e)
	if err != nil {
		return e.Type.String()
	}
	return string(b)
}

// DecodeEvent reads one event in its JSON strictly: unknown fields, an
// unknown type or card code, a wrong type and trailing data are errors
// naming the field. It checks the shape (seats, lists of at most
// MaxPlayers), not whether the event could have happened.
func DecodeEvent(data []byte) (Event, error) {
	var e Event
	if err := strictDecode(data, &e); err != nil {
		return Event{}, fmt.Errorf("event: %w", err)
	}
	if e.Type == 0 {
		return Event{}, fmt.Errorf("event: type: missing")
	}
	if e.Seat < -1 || e.Seat >= MaxPlayers {
		return Event{}, fmt.Errorf("event: seat: %d: want -1 or 0 to %d", e.Seat, MaxPlayers-1)
	}
	if e.Round < 1 || e.Round > Rounds {
		return Event{}, fmt.Errorf("event: round: %d: want 1 to %d (I1.1)", e.Round, Rounds)
	}
	for name, n := range map[string]int{"lost": len(e.Lost), "seats": len(e.Seats), "choices": len(e.Choices),
		"scores": len(e.Scores), "tents": len(e.Tents), "winners": len(e.Winners)} {
		if n > MaxPlayers {
			return Event{}, fmt.Errorf("event: %s: %d entries, more than %d seats", name, n, MaxPlayers)
		}
	}
	if len(e.Cards) > Rounds || len(e.Worths) > Rounds {
		return Event{}, fmt.Errorf("event: cards: more than %d artifacts", Rounds)
	}
	for i, s := range append(append([]int(nil), e.Seats...), e.Winners...) {
		if s < 0 || s >= MaxPlayers {
			return Event{}, fmt.Errorf("event: seats[%d]: %d: want 0 to %d", i, s, MaxPlayers-1)
		}
	}
	if e.Tiebreak != "" && e.Tiebreak != "count" && e.Tiebreak != "value" {
		return Event{}, fmt.Errorf("event: tiebreak: %q: want \"count\" or \"value\"", e.Tiebreak)
	}
	return e, nil
}
