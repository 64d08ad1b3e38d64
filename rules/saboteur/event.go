package saboteur

import "github.com/goldvein/goldvein/rules"

// EventType says what happened.
type EventType uint8

// The events Apply and New report, in the order they happen.
const (
	// RoundStarted: a round begins (Round); Seat is the first player (R3.5, R8.5).
	RoundStarted EventType = iota + 1
	// Dealt: Seat got its role and hand. Role and Cards are private to Seat (R1.3, R3.2).
	Dealt
	// Placed: Seat put path card Card at At (R5).
	Placed
	// GoalRevealed: goal Goal turned face up as Card (R7.1, R7.2).
	GoalRevealed
	// ToolBroken: Seat put broken tool Tool in front of Target (R6.1).
	ToolBroken
	// ToolRepaired: Seat mended Target's tool Tool with repair card Card (R6.2).
	ToolRepaired
	// RockFell: Seat removed the path card Card at At (R6.3).
	RockFell
	// MapPlayed: Seat looked at goal Goal; Card (the goal as named) is private to Seat (R6.4).
	MapPlayed
	// Discarded: Seat passed, discarding face down; Card is private to Seat (R4.1, R4.4).
	Discarded
	// Passed: Seat had no cards and passed without discarding (R4.1).
	Passed
	// Drew: Seat drew from the draw pile; Card is private to Seat (R4.2).
	Drew
	// TurnStarted: it is Seat's turn (R4.3).
	TurnStarted
	// RoundEnded: Winner won round Round; Roles, SetAside and Goals are now public (R1.4).
	RoundEnded
	// GoldOffered: Seat is handed Count gold cards to keep one of; Golds (the
	// values) are private to Seat (R8.1).
	GoldOffered
	// GoldKept: Seat kept a gold card worth Gold; Gold is private to Seat until the game ends (R8.4).
	GoldKept
	// GameEnded: the game is over; Scores are every seat's gold and Winners the seats with the most (R9.1).
	GameEnded
)

var eventNames = [...]string{"", "round_started", "dealt", "placed", "goal_revealed", "tool_broken",
	"tool_repaired", "rock_fell", "map_played", "discarded", "passed", "drew", "turn_started",
	"round_ended", "gold_offered", "gold_kept", "game_ended"}

// String returns the event type's snake_case name, e.g. "goal_revealed".
func (t EventType) String() string {
	if int(t) < len(eventNames) {
		return eventNames[t]
	}
	return "unknown"
}

// Team is a side of the game (R1).
type Team uint8

// The teams; NoTeam is a round nobody won (R8.3 with no saboteur in play).
const (
	NoTeam Team = iota
	Diggers
	Saboteurs
)

// String returns "gold-diggers", "saboteurs" or "nobody".
func (t Team) String() string {
	switch t {
	case Diggers:
		return "gold-diggers"
	case Saboteurs:
		return "saboteurs"
	}
	return "nobody"
}

// Event is one thing that happened. Which fields count depends on Type (see
// the EventType constants). Events hold private facts; For redacts them for
// a seat, and nothing that leaves the host may skip that step.
type Event struct {
	Type     EventType
	Round    int
	Seat     int
	Target   int
	Card     Card
	Cards    []Card
	At       Cell
	Tool     Tool
	Goal     int
	Gold     int
	Golds    []int
	Count    int
	Role     Role
	Roles    []Role
	SetAside Role
	Goals    []GoalCard
	Winner   Team
	Scores   []int
	Winners  []int
}

// Redact returns the event as seat may know it (SABOTEUR.md, Hidden
// information): another seat's role, dealt hand, drawn or discarded card,
// map sight and gold are blanked. A seat of -1 is a spectator, who sees
// only public facts.
func (e Event) Redact(seat int) Event {
	if e.Seat == seat {
		return e
	}
	switch e.Type {
	case Dealt:
		e.Role, e.Cards = NoRole, nil
	case MapPlayed, Discarded, Drew:
		e.Card = Card{}
	case GoldOffered:
		e.Golds = nil
	case GoldKept:
		e.Gold = 0
	}
	return e
}

// For is Redact for the box's contract, where events travel as *Event
// (rules.Event): every seat learns something of every Saboteur event (that
// a card was drawn, a hand dealt), so it is never dropped. An event that
// hides nothing from seat is returned as it is (events are never changed
// once made), so the table copies only the few that do.
func (e *Event) For(seat int) (rules.Event, bool) {
	if e.Seat == seat || !e.private() {
		return e, true
	}
	r := e.Redact(seat)
	return &r, true
}

// private reports whether the event holds a fact that Redact blanks for
// other seats.
func (e *Event) private() bool {
	switch e.Type {
	case Dealt, MapPlayed, Discarded, Drew, GoldOffered, GoldKept:
		return true
	}
	return false
}
