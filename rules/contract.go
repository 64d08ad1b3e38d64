// Package rules is the contract every game of the box implements
// (docs/DESIGN.md, "The contract"), and what the games share: the game
// record (format 2), the seeded random generator and rule errors. The
// table (package game), the network (package lan) and the shell know games
// only through these types; each game lives in a package of its own under
// rules/ (rules/saboteur, rules/incangold, rules/underground) with its
// computer players in rules/<id>/bot. Nothing here imports Ebitengine.
package rules

import "encoding/json"

// Game is one game of the box: its rules, its seat range, its table
// options, its decoders and its computer players. A Game value holds no
// state of a match; it is safe for concurrent use.
type Game interface {
	// ID is the game's short name, used in records, on the wire and on the
	// command line: "saboteur", "incangold", "underground".
	ID() string
	// Seats is the number of players the game takes, inclusive.
	Seats() (min, max int)
	// New deals a new match for players seats with the game's table options
	// (its own JSON object; nil or "null" means the defaults) and the seed
	// of the match's random generator. It fails when the options are
	// malformed or do not suit the number of players; the error names the
	// field or the rule.
	New(players int, opts json.RawMessage, seed uint64) (Match, error)
	// DecodeMove reads one move in the game's own JSON. It is strict:
	// unknown fields, unknown codes, trailing data and a wrong type are
	// errors naming the field; nothing a remote player sends may panic it.
	DecodeMove(data []byte) (Move, error)
	// DecodeView reads a view in the game's own JSON (what a guest receives
	// from the host), as strictly as DecodeMove.
	DecodeView(data []byte) (View, error)
	// DecodeEvent reads one event in the game's own JSON, as strictly.
	DecodeEvent(data []byte) (Event, error)
	// Levels lists the computer player levels, weakest first
	// (for example "random", "easy", "normal", "hard").
	Levels() []string
	// NewBot returns a computer player of level for seat; seed drives its
	// own randomness. Unknown levels are an error.
	NewBot(level string, seat int, seed uint64) (Bot, error)
}

// Match is one game in progress: a state machine fed with moves. It is not
// safe for concurrent use (the table locks it).
type Match interface {
	// ToMove lists the seats that owe a move now, in seat order: none when
	// the match is over, one in a game of turns, several while a
	// simultaneous choice is open (Incan Gold's explorers).
	ToMove() []int
	// Step changes whenever a new decision opens (a new turn, a new choice,
	// a new step of a many-move turn). A move chosen at one step and
	// submitted at another is stale.
	Step() int
	// Apply plays seat's move. A refused move returns an error that cites
	// the rule (for example "I4.2: ...", see RuleOf) and changes nothing;
	// an accepted one returns the events it caused, unredacted (the table
	// redacts them per seat with Event.For).
	Apply(seat int, m Move) ([]Event, error)
	// Legal lists every move seat may make now (none when it owes none).
	// When seat owes a move the list is never empty, and it holds a move
	// that is always safe to make for a seat whose time ran out (an end,
	// pass or default choice), first.
	Legal(seat int) []Move
	// View is all that seat may know now (the rules reference's "Hidden
	// information"); seat -1 is a spectator, who sees public facts only.
	View(seat int) View
	// Over reports whether the game has ended.
	Over() bool
	// Scores are the final scores by seat once the game is over (nil
	// before): what a seat ranks by, the game's tie-break already applied
	// to Winners.
	Scores() []int
	// Winners lists the seats that won, once the game is over.
	Winners() []int
}

// Opener is a Match whose dealing already caused events (Saboteur's
// deal of roles and hands): Opening returns them, unredacted, in order.
// The table hands them out, redacted, before any move, and Record.Replay
// returns them first.
type Opener interface {
	Opening() []Event
}

// OpeningOf returns m's opening events (Opener), none when m has none.
func OpeningOf(m Match) []Event {
	if o, ok := m.(Opener); ok {
		return o.Opening()
	}
	return nil
}

// Undoer is a Match that can say whether the move just applied may be
// taken back (docs/DESIGN.md, "Undo"). The rule, the same in every game:
// a person's last move may be taken back only while no other seat has
// acted since and nothing hidden has been shown to anyone because of it:
// no card drawn and seen, no die rolled, no peek, no face-down card or
// marker turned up, no simultaneous choice revealed, no round or game
// ended. Which of its moves qualify is each game's to say, with its rule
// numbers, in its docs file's "Undo" section.
//
// Undo is a replay: the record is the truth, so taking a move back is
// Record.Replay of the record without its last move (Record.Undone),
// never a reverse step inside the match. The match therefore only has to
// remember what its last move showed; the table (game.Table.Undo, and
// over a network the host) checks the rest with CanUndo.
type Undoer interface {
	// Undoable reports whether the last move applied to the match, which
	// the caller has checked was seat's, may be taken back: nil when
	// replaying the match without it hides nothing anyone has seen, else
	// an error that cites the rule (a *RuleError, e.g. "R4.2: the move
	// drew a card, which its player has seen").
	Undoable(seat int) error
}

// Move is one decision of one seat, in the game's own type. It encodes to
// the game's JSON with encoding/json and Game.DecodeMove reads it back.
type Move any

// View is what one seat may know, in the game's own type. It encodes to
// the game's JSON with encoding/json and Game.DecodeView reads it back.
type View any

// Event is one thing that happened, in the game's own type. It encodes to
// the game's JSON with encoding/json and Game.DecodeEvent reads it back.
type Event interface {
	// For returns the event as seat may see it (the rules reference's
	// "Hidden information"), and false when seat learns nothing of it;
	// seat -1 is a spectator.
	For(seat int) (Event, bool)
}

// Bot is a computer player. It sees only what its seat may know: the
// events of its seat's redacted stream and its views. The table runs it off
// the UI goroutine.
type Bot interface {
	// Observe sees every event of the seat's redacted stream, in order.
	Observe(e Event)
	// Choose returns a move for the view, which has the seat owing a move.
	Choose(v View) Move
}
