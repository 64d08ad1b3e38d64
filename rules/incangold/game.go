package incangold

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/goldvein/goldvein/rules"
)

// ID is the game's short name in records, on the wire and on the command
// line.
const ID = "incangold"

// Levels are the computer player levels, weakest first (issue 16).
var Levels = []string{"random", "easy", "normal", "hard"}

// Game is Incan Gold for the box (rules.Game). The zero value plays the
// game but has no computer players; Bots supplies them without an import
// cycle (the players live in rules/incangold/bot, which imports this
// package): bot.Game() returns a Game with Bots set, and that is the value
// the box's registry lists.
type Game struct {
	// Bots makes a computer player of level for seat, its own randomness
	// from seed; nil means the game has none.
	Bots func(level string, seat int, seed uint64) (rules.Bot, error)
}

var _ rules.Game = Game{}
var _ rules.Match = (*Match)(nil)

// ID is "incangold".
func (Game) ID() string { return ID }

// Seats is 3 to 8 (I1.1).
func (Game) Seats() (min, max int) { return MinPlayers, MaxPlayers }

// New starts a match for players seats with the table options opts (their
// JSON, see Options; nil or "null" for the defaults) and seed. Errors name
// the field or the rule.
func (Game) New(players int, opts json.RawMessage, seed uint64) (rules.Match, error) {
	o, err := ParseOptions(opts)
	if err != nil {
		return nil, err
	}
	m, _, err := NewMatch(players, o, seed)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// DecodeMove reads a Move strictly (see DecodeMove).
func (Game) DecodeMove(data []byte) (rules.Move, error) {
	m, err := DecodeMove(data)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// DecodeView reads a View strictly (see DecodeView).
func (Game) DecodeView(data []byte) (rules.View, error) {
	v, err := DecodeView(data)
	if err != nil {
		return nil, err
	}
	return v, nil
}

// DecodeEvent reads an Event strictly (see DecodeEvent).
func (Game) DecodeEvent(data []byte) (rules.Event, error) {
	e, err := DecodeEvent(data)
	if err != nil {
		return nil, err
	}
	return e, nil
}

// Levels lists the computer player levels, weakest first; none when the
// Game has no Bots.
func (g Game) Levels() []string {
	if g.Bots == nil {
		return nil
	}
	return slices.Clone(Levels)
}

// NewBot returns a computer player of level for seat (see Game.Bots).
func (g Game) NewBot(level string, seat int, seed uint64) (rules.Bot, error) {
	if g.Bots == nil {
		return nil, errors.New("incangold: no computer players (Game.Bots is nil; use bot.Game())")
	}
	if !slices.Contains(Levels, level) {
		return nil, fmt.Errorf("incangold: level %q: want one of %v", level, Levels)
	}
	return g.Bots(level, seat, seed)
}

// QuickPhrases are Incan Gold's quick chat phrases (rules.Phraser): the
// table talk of a push-your-luck game. The IDs are stable: the message
// catalogues (i18n, lan.phrase.<id>) and the LAN protocol use them;
// "well_played" and "hurry" are the same words in every game.
var QuickPhrases = []rules.Phrase{
	{ID: "ig_onward", Text: "Onward, deeper!"},
	{ID: "ig_camp", Text: "I'm heading back to camp."},
	{ID: "ig_careful", Text: "Careful, it may collapse!"},
	{ID: "ig_artifact", Text: "That artifact is mine."},
	{ID: "well_played", Text: "Well played."},
	{ID: "hurry", Text: "Your turn!"},
}

// Phrases returns QuickPhrases (rules.Phraser).
func (Game) Phrases() []rules.Phrase { return slices.Clone(QuickPhrases) }
