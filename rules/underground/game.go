package underground

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/goldvein/goldvein/rules"
)

// ID is the game's short name.
const ID = "underground"

// Bots makes computer players; package bot provides one (bot.Makers).
type Bots interface {
	Levels() []string
	NewBot(level string, seat int, seed uint64) (rules.Bot, error)
}

// Game is Small World: Underground for the box (rules.Game). Bots is set
// by the caller (the rules package cannot import its bot package):
// underground.Game{Bots: bot.Makers{}}.
type Game struct{ Bots Bots }

var _ rules.Game = Game{}

// ID returns "underground".
func (Game) ID() string { return ID }

// Seats is 2 to 5 (U1.1).
func (Game) Seats() (int, int) { return 2, 5 }

// New deals a match; opts is the Options JSON (strict).
func (Game) New(players int, opts json.RawMessage, seed uint64) (rules.Match, error) {
	o, err := ParseOptions(opts)
	if err != nil {
		return nil, err
	}
	return New(players, o, seed)
}

// DecodeMove reads a Move strictly.
func (Game) DecodeMove(data []byte) (rules.Move, error) { return DecodeMove(data) }

// DecodeView reads a View strictly.
func (Game) DecodeView(data []byte) (rules.View, error) { return DecodeView(data) }

// DecodeEvent reads an Event strictly.
func (Game) DecodeEvent(data []byte) (rules.Event, error) { return DecodeEvent(data) }

// Levels lists the computer player levels.
func (g Game) Levels() []string {
	if g.Bots == nil {
		return nil
	}
	return g.Bots.Levels()
}

// NewBot returns a computer player.
func (g Game) NewBot(level string, seat int, seed uint64) (rules.Bot, error) {
	if g.Bots == nil {
		return nil, fmt.Errorf("underground: no computer players wired (Game.Bots)")
	}
	return g.Bots.NewBot(level, seat, seed)
}

// QuickPhrases are Small World: Underground's quick chat phrases
// (rules.Phraser). The IDs are stable: the message catalogues (i18n,
// lan.phrase.<id>) and the LAN protocol use them; "well_played" and
// "hurry" are the same words in every game.
var QuickPhrases = []rules.Phrase{
	{ID: "ug_leave_caves", Text: "Leave my caves alone!"},
	{ID: "ug_truce", Text: "Truce? Hit someone else."},
	{ID: "ug_decline", Text: "Time for my race to go into decline."},
	{ID: "ug_leader", Text: "Watch the leader!"},
	{ID: "well_played", Text: "Well played."},
	{ID: "hurry", Text: "Your turn!"},
}

// Phrases returns QuickPhrases (rules.Phraser).
func (Game) Phrases() []rules.Phrase { return slices.Clone(QuickPhrases) }
