// Package incangold is the rules of Incan Gold (with Diamant as a table
// option) for the goldvein box: the rules reference
// shared/rules/INCAN_GOLD.md, whose numbers (I1.1 ... I9.4, O1-O4, IR1-IR10)
// the code, its errors and its tests cite. A Match is a pure, deterministic
// state machine fed with moves (rules.Match); its only randomness is the
// match's rules.RNG. The computer players live in rules/incangold/bot and
// see only views and redacted events.
package incangold

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// Card is one card of the game (I1.3, I1.4, I1.7), as a small value:
// a treasure holds its gem value (1 to 17), a hazard is hazardBase plus its
// Hazard kind, an artifact is artifactBase plus its temple number (1 to 5).
// The zero Card is no card.
type Card uint8

const (
	hazardBase   Card = 32
	artifactBase Card = 64
)

// Hazard is one of the five hazard kinds (I1.3), numbered in the order of
// the rules reference: spider, snake, mummy, fire, rockfall.
type Hazard uint8

// The hazard kinds (I1.3; the names are only labels, IR8).
const (
	Spider Hazard = iota
	Snake
	Mummy
	Fire
	Rockfall
	// Kinds is the number of hazard kinds.
	Kinds = 5
)

var hazardNames = [Kinds]string{"spider", "snake", "mummy", "fire", "rockfall"}

// String returns the kind's name, e.g. "fire".
func (h Hazard) String() string {
	if int(h) < Kinds {
		return hazardNames[h]
	}
	return "hazard?" + strconv.Itoa(int(h))
}

// ParseHazard reads a kind's name ("spider" ... "rockfall").
func ParseHazard(s string) (Hazard, bool) {
	for i, n := range hazardNames {
		if n == s {
			return Hazard(i), true
		}
	}
	return 0, false
}

// TreasureValues are the gem values of the 15 treasure cards, 124 gems in
// all (I1.3, IR7).
var TreasureValues = [15]int{1, 2, 3, 4, 5, 5, 7, 7, 9, 11, 11, 13, 14, 15, 17}

// HazardCopies is the number of cards of each hazard kind before any is
// removed (I1.3).
const HazardCopies = 3

// Rounds is the number of rounds of a game, one per temple card (I1.1).
const Rounds = 5

// Artifacts2020Worth is the worth of the artifact under each temple card
// (index 1 to 5) with the table option artifacts2020 (O2).
var Artifacts2020Worth = [Rounds + 1]int{0, 5, 7, 8, 10, 12}

// treasureCopies counts the treasure cards of each value (I1.3).
var treasureCopies = func() (c [18]uint8) {
	for _, v := range TreasureValues {
		c[v]++
	}
	return
}()

// Treasure returns the treasure card of value v (I1.7 "T<v>").
func Treasure(v int) Card { return Card(v) }

// HazardCard returns the card of hazard kind h (I1.7 "H:<kind>").
func HazardCard(h Hazard) Card { return hazardBase + Card(h) }

// Artifact returns the artifact card placed under temple card t, 1 to 5
// (I1.7 "A<t>").
func Artifact(t int) Card { return artifactBase + Card(t) }

// IsTreasure reports whether c is a treasure card.
func (c Card) IsTreasure() bool { return c >= 1 && c <= 17 && treasureCopies[c] > 0 }

// IsHazard reports whether c is a hazard card.
func (c Card) IsHazard() bool { return c >= hazardBase && c < hazardBase+Kinds }

// IsArtifact reports whether c is an artifact card.
func (c Card) IsArtifact() bool { return c > artifactBase && c <= artifactBase+Rounds }

// Value is a treasure's gems (0 for other cards).
func (c Card) Value() int {
	if c.IsTreasure() {
		return int(c)
	}
	return 0
}

// Kind is a hazard's kind (only meaningful when IsHazard).
func (c Card) Kind() Hazard { return Hazard(c - hazardBase) }

// Temple is an artifact's temple number, 1 to 5 (0 for other cards).
func (c Card) Temple() int {
	if c.IsArtifact() {
		return int(c - artifactBase)
	}
	return 0
}

// Valid reports whether c is a card of the game.
func (c Card) Valid() bool { return c.IsTreasure() || c.IsHazard() || c.IsArtifact() }

// String returns the card code of I1.7: "T11", "H:fire", "A3".
func (c Card) String() string {
	switch {
	case c.IsTreasure():
		return "T" + strconv.Itoa(int(c))
	case c.IsHazard():
		return "H:" + c.Kind().String()
	case c.IsArtifact():
		return "A" + strconv.Itoa(c.Temple())
	}
	return "?" + strconv.Itoa(int(c))
}

// ParseCard reads a card code of I1.7; anything else is an error quoting it.
func ParseCard(s string) (Card, error) {
	switch {
	case strings.HasPrefix(s, "H:"):
		if h, ok := ParseHazard(s[2:]); ok {
			return HazardCard(h), nil
		}
	case strings.HasPrefix(s, "T") && len(s) >= 2 && len(s) <= 3:
		if v, err := strconv.Atoi(s[1:]); err == nil && s[1] != '0' && s[1] != '+' && v > 0 && v < len(treasureCopies) && treasureCopies[v] > 0 {
			return Treasure(v), nil
		}
	case len(s) == 2 && s[0] == 'A' && s[1] >= '1' && s[1] <= '5':
		return Artifact(int(s[1] - '0')), nil
	}
	return 0, fmt.Errorf("unknown card code %q (I1.7)", s)
}

// MarshalJSON writes the card code as a JSON string.
func (c Card) MarshalJSON() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("incangold: no card %d", c)
	}
	return json.Marshal(c.String())
}

// UnmarshalJSON reads a card code (strictly, I1.7).
func (c *Card) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fieldError[Card](`want a card code like "T5", "H:fire" or "A1"`)
	}
	x, err := ParseCard(s)
	if err != nil {
		return fieldError[Card](err.Error())
	}
	*c = x
	return nil
}

// Choice is an explorer's sealed choice of the choice step (I3.3, I3.6).
type Choice uint8

// The choices. NoChoice is the zero value: not chosen, or not shown.
const (
	NoChoice Choice = iota
	// Torch: go on, stay an explorer (I1.6, I3.6).
	Torch
	// Camp: go home, leave the temple this turn (I1.6, I3.6, I4).
	Camp
)

// String returns "torch", "camp" or "" for NoChoice.
func (c Choice) String() string {
	switch c {
	case Torch:
		return "torch"
	case Camp:
		return "camp"
	}
	return ""
}

// ParseChoice reads "torch" or "camp".
func ParseChoice(s string) (Choice, error) {
	switch s {
	case "torch":
		return Torch, nil
	case "camp":
		return Camp, nil
	}
	return NoChoice, fmt.Errorf("%q: want \"torch\" or \"camp\" (I3.3)", s)
}

// MarshalJSON writes "torch", "camp" or "" (not chosen or not shown).
func (c Choice) MarshalJSON() ([]byte, error) { return json.Marshal(c.String()) }

// UnmarshalJSON reads "torch", "camp" or "" (NoChoice).
func (c *Choice) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fieldError[Choice](`want "torch" or "camp"`)
	}
	if s == "" {
		*c = NoChoice
		return nil
	}
	x, err := ParseChoice(s)
	if err != nil {
		return fieldError[Choice](err.Error())
	}
	*c = x
	return nil
}

// reasonPrefix marks an UnmarshalTypeError whose Value is our own reason
// (see fieldError and jsonError).
const reasonPrefix = "\x00"

// fieldError returns the error a custom unmarshaler gives so that
// encoding/json adds the field's name to it: an *json.UnmarshalTypeError
// whose Value carries the reason (jsonError writes "field: reason").
func fieldError[T any](reason string) error {
	return &json.UnmarshalTypeError{Value: reasonPrefix + reason, Type: reflect.TypeFor[T]()}
}
