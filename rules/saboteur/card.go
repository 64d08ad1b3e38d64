// Package rules is the tunnel game of docs/rules/SABOTEUR.md (the Saboteur rules):
// cards, the maze, the turn and round state machine, scoring, the redacted
// views each seat may see, and game records. It is pure and deterministic:
// no I/O, no clock, no engine; every shuffle comes from one seeded generator.
package saboteur

import (
	"fmt"
	"strings"
)

// Side is a set of card sides (R2.1): N, E, S and W as bits.
type Side uint8

// The four sides of a card, as bits of a Side set (R2.1).
const (
	N Side = 1 << iota
	E
	S
	W
)

// AllSides is the set of all four sides.
const AllSides = N | E | S | W

var sideOrder = [4]Side{N, E, S, W}

// Opposite returns the side facing s across a cell border (N<->S, E<->W).
func (s Side) Opposite() Side {
	return s.Rotate()
}

// Rotate turns a set of sides 180 degrees (R3.3).
func (s Side) Rotate() Side {
	return (s<<2 | s>>2) & AllSides
}

// Has reports whether every side of o is in s.
func (s Side) Has(o Side) bool { return s&o == o }

// String writes the sides in the order N, E, S, W, e.g. "NES" (R2.2).
func (s Side) String() string {
	var b strings.Builder
	for i, d := range sideOrder {
		if s&d != 0 {
			b.WriteByte("NESW"[i])
		}
	}
	return b.String()
}

// Delta is the grid step (dx, dy) from a cell to its neighbour on side s;
// x grows east and y grows south (R3.1). s must be a single side.
func (s Side) Delta() (dx, dy int) {
	switch s {
	case N:
		return 0, -1
	case E:
		return 1, 0
	case S:
		return 0, 1
	case W:
		return -1, 0
	}
	return 0, 0
}

func parseSides(s string) (Side, error) {
	var out Side
	last := -1
	for _, r := range s {
		i := strings.IndexRune("NESW", r)
		if i < 0 || i <= last {
			return 0, fmt.Errorf("sides %q: want openings in the order N, E, S, W (R2.2)", s)
		}
		last = i
		out |= sideOrder[i]
	}
	if out == 0 {
		return 0, fmt.Errorf("sides %q: no openings (R2.2)", s)
	}
	return out, nil
}

// Tool is a set of the three tools of R6: pickaxe, lantern and cart.
type Tool uint8

// The tools, as bits of a Tool set (R2.2, R6).
const (
	Pickaxe Tool = 1 << iota
	Lantern
	Cart
)

// AllTools is the set of all three tools.
const AllTools = Pickaxe | Lantern | Cart

var toolOrder = [3]Tool{Pickaxe, Lantern, Cart}
var toolNames = [3]string{"pickaxe", "lantern", "cart"}

// Has reports whether every tool of o is in t.
func (t Tool) Has(o Tool) bool { return t&o == o }

// Tools lists the tools of t in the order pickaxe, lantern, cart (R2.2).
func (t Tool) Tools() []Tool {
	var out []Tool
	for _, x := range toolOrder {
		if t&x != 0 {
			out = append(out, x)
		}
	}
	return out
}

// String writes the tools joined by "+", e.g. "pickaxe+cart" (R2.2).
func (t Tool) String() string {
	var parts []string
	for i, x := range toolOrder {
		if t&x != 0 {
			parts = append(parts, toolNames[i])
		}
	}
	return strings.Join(parts, "+")
}

// ParseTool reads a tool set written as by Tool.String, e.g. "pickaxe" or
// "lantern+cart" (R2.2: tools always in the order pickaxe, lantern, cart).
func ParseTool(s string) (Tool, error) {
	var out Tool
	last := -1
	for _, part := range strings.Split(s, "+") {
		i := -1
		for j, n := range toolNames {
			if part == n {
				i = j
			}
		}
		if i < 0 || i <= last {
			return 0, fmt.Errorf("tool %q: want pickaxe, lantern or cart, in that order (R2.2)", s)
		}
		last = i
		out |= toolOrder[i]
	}
	return out, nil
}

// Kind is what sort of card a Card is (R2).
type Kind uint8

// The kinds of card (R2.1, R2.4, R2.5).
const (
	NoCard   Kind = iota
	Path          // a deck path card, tunnel or dead end (R2.3)
	Start         // the start card: a tunnel open on all four sides (R2.1)
	Goal          // a goal card, face down (GOAL) or face up (GOLD, coal:..) (R2.4)
	Broken        // a broken tool action card (R2.5, R6.1)
	Repair        // a repair action card, one or two tools (R2.5, R6.2)
	Rockfall      // removes a path card from the maze (R6.3)
	Map           // looks at a face-down goal (R6.4)
)

// GoalCard identifies one of the three goal cards (R2.4).
type GoalCard uint8

// The goal cards: the gold and the two coal curves (R2.4).
const (
	NoGoal GoalCard = iota
	Gold            // a tunnel open on all four sides; reaching it wins the round
	CoalNE          // coal of kind NE (= SW)
	CoalNW          // coal of kind NW (= ES)
)

// String gives the position format's name: GOLD, COAL_NE or COAL_NW.
func (g GoalCard) String() string {
	switch g {
	case Gold:
		return "GOLD"
	case CoalNE:
		return "COAL_NE"
	case CoalNW:
		return "COAL_NW"
	}
	return "NONE"
}

// ParseGoalCard reads GOLD, COAL_NE or COAL_NW (SABOTEUR.md, position format).
func ParseGoalCard(s string) (GoalCard, error) {
	switch s {
	case "GOLD":
		return Gold, nil
	case "COAL_NE":
		return CoalNE, nil
	case "COAL_NW":
		return CoalNW, nil
	}
	return NoGoal, fmt.Errorf("goal card %q: want GOLD, COAL_NE or COAL_NW", s)
}

// Open returns the openings of the goal card as named by its kind (R2.4).
func (g GoalCard) Open() Side {
	switch g {
	case Gold:
		return AllSides
	case CoalNE:
		return N | E
	case CoalNW:
		return N | W
	}
	return 0
}

// Card is a card as it lies or is played: its kind, and for path and goal
// cards the openings as placed (so the orientation is part of the value),
// for action cards the tools. Card is a small comparable value; its text form
// is the card code of R2.2.
type Card struct {
	Kind    Kind
	Open    Side     // openings as placed (Path, Start, face-up Goal)
	DeadEnd bool     // Path: openings stop at the centre (R2.1)
	Tools   Tool     // Broken: one tool; Repair: one or two tools
	Goal    GoalCard // face-up Goal: which goal; NoGoal while face down
}

// Tunnel reports whether c joins its openings through the centre: the start,
// a deck tunnel or a face-up goal (R2.1, R5.6).
func (c Card) Tunnel() bool {
	switch c.Kind {
	case Start:
		return true
	case Path:
		return !c.DeadEnd
	case Goal:
		return c.Goal != NoGoal
	}
	return false
}

// IsAction reports whether c is an action card (R2.5).
func (c Card) IsAction() bool {
	return c.Kind == Broken || c.Kind == Repair || c.Kind == Rockfall || c.Kind == Map
}

// Rotated returns c turned 180 degrees (R3.3); action cards are unchanged.
func (c Card) Rotated() Card {
	if c.Kind == Path || c.Kind == Goal || c.Kind == Start {
		c.Open = c.Open.Rotate()
	}
	return c
}

// Same reports whether a and b are the same physical kind of card, whichever
// way each is turned (R2.3: a kind is named by one of its two orientations).
func (a Card) Same(b Card) bool {
	return a == b || a == b.Rotated()
}

// Canonical returns the orientation a kind is named by in R2.3 and R2.4
// (for example SW -> NE, NSW -> NES, coal:ES -> coal:NW); for other cards
// it returns c.
func (c Card) Canonical() Card {
	if (c.Kind == Path || c.Kind == Goal) && !namedOrientation(c.Open) {
		return c.Rotated()
	}
	return c
}

// namedOrientation reports whether s is the orientation R2.3 names its kind
// by: NESW, NES, ESW, NS, EW, NE, NW, N or E.
func namedOrientation(s Side) bool {
	switch s {
	case AllSides, N | E | S, E | S | W, N | S, E | W, N | E, N | W, N, E:
		return true
	}
	return false
}

// String returns the card code of R2.2, e.g. "NES", "xNS", "START", "GOAL",
// "coal:SW", "broken:cart", "repair:pickaxe+lantern", "rockfall", "map".
func (c Card) String() string {
	switch c.Kind {
	case Path:
		if c.DeadEnd {
			return "x" + c.Open.String()
		}
		return c.Open.String()
	case Start:
		return "START"
	case Goal:
		switch c.Goal {
		case NoGoal:
			return "GOAL"
		case Gold:
			return "GOLD"
		}
		return "coal:" + c.Open.String()
	case Broken:
		return "broken:" + c.Tools.String()
	case Repair:
		return "repair:" + c.Tools.String()
	case Rockfall:
		return "rockfall"
	case Map:
		return "map"
	}
	return "?"
}

// MarshalText writes the card code (R2.2); the zero Card (a card a seat may
// not see, blanked by Event.Redact) writes as "".
func (c Card) MarshalText() ([]byte, error) {
	if c.Kind == NoCard {
		return nil, nil
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a card code (R2.2); see ParseCard.
func (c *Card) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*c = Card{}
		return nil
	}
	v, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// ParseCard reads a card code of R2.2. Path codes must be one of the
// orientations of a kind that exists in the deck (R2.3): "NESW", "SW",
// "xE"... A coal code must have the openings of a coal curve. Unknown codes
// are an error naming the code.
func ParseCard(code string) (Card, error) {
	switch {
	case code == "START":
		return Card{Kind: Start, Open: AllSides}, nil
	case code == "GOAL":
		return Card{Kind: Goal}, nil
	case code == "GOLD":
		return Card{Kind: Goal, Goal: Gold, Open: AllSides}, nil
	case code == "rockfall":
		return Card{Kind: Rockfall}, nil
	case code == "map":
		return Card{Kind: Map}, nil
	case strings.HasPrefix(code, "coal:"):
		open, err := parseSides(code[5:])
		if err != nil {
			return Card{}, fmt.Errorf("card %q: %w", code, err)
		}
		switch open {
		case N | E, S | W:
			return Card{Kind: Goal, Goal: CoalNE, Open: open}, nil
		case N | W, E | S:
			return Card{Kind: Goal, Goal: CoalNW, Open: open}, nil
		}
		return Card{}, fmt.Errorf("card %q: a coal card is a curve NE, SW, NW or ES (R2.4)", code)
	case strings.HasPrefix(code, "broken:"):
		t, err := ParseTool(code[7:])
		if err != nil || len(t.Tools()) != 1 {
			return Card{}, fmt.Errorf("card %q: a broken tool card shows one tool (R2.5)", code)
		}
		return Card{Kind: Broken, Tools: t}, nil
	case strings.HasPrefix(code, "repair:"):
		t, err := ParseTool(code[7:])
		if err != nil || t == AllTools {
			return Card{}, fmt.Errorf("card %q: a repair card shows one or two tools (R2.5)", code)
		}
		return Card{Kind: Repair, Tools: t}, nil
	}
	c := Card{Kind: Path}
	s := code
	if strings.HasPrefix(s, "x") {
		c.DeadEnd = true
		s = s[1:]
	}
	open, err := parseSides(s)
	if err != nil {
		return Card{}, fmt.Errorf("unknown card code %q (R2.2)", code)
	}
	c.Open = open
	if deckCount(c.Canonical()) == 0 {
		return Card{}, fmt.Errorf("card %q: no such path card in the deck (R2.3)", code)
	}
	return c, nil
}

// MustCard is ParseCard for codes known to be right (tests, tables); it
// panics on an unknown code.
func MustCard(code string) Card {
	c, err := ParseCard(code)
	if err != nil {
		panic(err)
	}
	return c
}

// deckComposition is the 67-card draw deck of R2.3 and R2.5, by code and
// count. Card identities (CardID) are indexes into the expanded list.
var deckComposition = []struct {
	code  string
	count int
}{
	// R2.3: 31 tunnels.
	{"NESW", 5}, {"NES", 5}, {"ESW", 5}, {"NS", 4}, {"EW", 3}, {"NE", 5}, {"NW", 4},
	// R2.3: 9 dead ends.
	{"xNESW", 1}, {"xNES", 1}, {"xESW", 1}, {"xNS", 1}, {"xEW", 1}, {"xNE", 1}, {"xNW", 1}, {"xN", 1}, {"xE", 1},
	// R2.5: 27 action cards.
	{"broken:pickaxe", 3}, {"broken:lantern", 3}, {"broken:cart", 3},
	{"repair:pickaxe", 2}, {"repair:lantern", 2}, {"repair:cart", 2},
	{"repair:pickaxe+lantern", 1}, {"repair:pickaxe+cart", 1}, {"repair:lantern+cart", 1},
	{"rockfall", 3}, {"map", 6},
}

// DeckSize is the number of path and action cards in the draw deck (R2.3,
// R2.5): 40 + 27.
const DeckSize = 67

// CardID names one physical card of the draw deck, 0 to DeckSize-1.
type CardID uint8

// deck maps each CardID to its card, in the canonical orientation of R2.3.
var deck = func() [DeckSize]Card {
	var d [DeckSize]Card
	i := 0
	for _, e := range deckComposition {
		c, err := parseCanonical(e.code)
		if err != nil {
			panic(err)
		}
		for k := 0; k < e.count; k++ {
			d[i] = c
			i++
		}
	}
	if i != DeckSize {
		panic("rules: deck composition is not 67 cards")
	}
	return d
}()

func parseCanonical(code string) (Card, error) {
	// The deck table is written in canonical orientation; ParseCard checks
	// the deck, which does not exist yet while it is being built.
	c := Card{}
	switch {
	case strings.HasPrefix(code, "broken:"), strings.HasPrefix(code, "repair:"), code == "rockfall", code == "map":
		return ParseCard(code)
	case strings.HasPrefix(code, "x"):
		c.DeadEnd = true
		code = code[1:]
	}
	open, err := parseSides(code)
	c.Kind, c.Open = Path, open
	return c, err
}

// DeckCard returns the card with identity id, in its canonical orientation;
// id must be below DeckSize.
func DeckCard(id CardID) Card { return deck[id] }

// deckCount is how many cards of c's kind (either orientation) the deck
// has (R2.3, R2.5).
func deckCount(c Card) int {
	code := c.Canonical().String()
	for _, e := range deckComposition {
		if e.code == code {
			return e.count
		}
	}
	return 0
}

// GoldCards is the gold pile of R2.6: 28 cards, 16 worth 1, 8 worth 2, 4
// worth 3, 44 in all, by gold card index 0 to 27.
var GoldCards = func() [28]int {
	var g [28]int
	for i := range g {
		switch {
		case i < 16:
			g[i] = 1
		case i < 24:
			g[i] = 2
		default:
			g[i] = 3
		}
	}
	return g
}()
