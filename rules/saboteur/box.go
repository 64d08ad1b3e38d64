package saboteur

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/goldvein/goldvein/rules"
)

// ID is Saboteur's name in records, on the wire and on the command line.
const ID = "saboteur"

// levels are the computer player levels, weakest first (package bot's
// Levels; a test there keeps the two the same).
var levels = []string{"random", "easy", "normal", "hard"}

// Brain is a Saboteur computer player in the game's own types: a bot.Bot
// satisfies it. AsBot puts one behind the box's rules.Bot.
type Brain interface {
	// Observe is told every event of its seat's redacted stream, in order.
	Observe(Event)
	// Choose returns a move for the view, which has the seat owing a move.
	Choose(View) Move
}

// Rules is Saboteur as the box holds it: the rules.Game "saboteur".
//
// Its computer players live in package bot, which imports this package, so
// this package cannot import bot: Bots makes them, and whoever lists the
// games fills it (the registry: Rules{Bots: bot.Brains}). A Rules without
// Bots plays everything but computer players (NewBot fails).
type Rules struct {
	// Bots returns the computer player of level for seat at a table of
	// players, seeded with seed; an unknown level is an error.
	Bots func(level string, seat, players int, seed uint64) (Brain, error)
}

// ID returns "saboteur".
func (Rules) ID() string { return ID }

// Seats returns 3 and 10 (R1.1).
func (Rules) Seats() (min, max int) { return MinPlayers, MaxPlayers }

// Levels returns random, easy, normal and hard.
func (Rules) Levels() []string { return slices.Clone(levels) }

// New deals a match for players seats. opts is an Options object (nil or
// null: the defaults, the first player drawn at random); its players, when
// given, must be players.
func (Rules) New(players int, opts json.RawMessage, seed uint64) (rules.Match, error) {
	o, err := ParseOptions(players, opts)
	if err != nil {
		return nil, err
	}
	return NewMatch(o, seed)
}

// ParseOptions reads the table options of a match for players seats
// strictly: nil or null is the defaults (FirstPlayer -1); a field left out
// keeps its default; an unknown field, trailing data or players other than
// players is an error naming the field.
func ParseOptions(players int, raw json.RawMessage) (Options, error) {
	o := Options{Players: players, FirstPlayer: -1}
	if t := bytes.TrimSpace(raw); len(t) > 0 && !bytes.Equal(t, []byte("null")) {
		o.Players = 0
		if err := strictDecode(t, &o); err != nil {
			return Options{}, fmt.Errorf("options: %w", err)
		}
		if o.Players == 0 {
			o.Players = players
		}
		if o.Players != players {
			return Options{}, fmt.Errorf("options: players %d for %d seats", o.Players, players)
		}
	}
	if err := o.Validate(); err != nil {
		return Options{}, err
	}
	return o, nil
}

// strictDecode decodes one JSON value into v: unknown fields and trailing
// data are errors, worded by jsonError.
func strictDecode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if dec.More() {
		return errors.New("trailing data")
	}
	return nil
}

// DecodeMove reads a move in the JSON of game records (Move.MarshalJSON),
// strictly; the result is a Move.
func (Rules) DecodeMove(data []byte) (rules.Move, error) {
	m, _, err := decodeMove(data, false)
	if err != nil {
		return nil, fmt.Errorf("move: %w", err)
	}
	return m, nil
}

// DecodeView reads a View in its JSON, strictly; the result is a View.
func (Rules) DecodeView(data []byte) (rules.View, error) {
	var v View
	if err := strictDecode(data, &v); err != nil {
		return nil, fmt.Errorf("view: %w", err)
	}
	return v, nil
}

// DecodeEvent reads an event in its JSON (Event.MarshalJSON), strictly;
// the result is an *Event.
func (Rules) DecodeEvent(data []byte) (rules.Event, error) {
	e := new(Event)
	if err := e.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return e, nil
}

// NewBot returns the computer player of level for seat. It is made on its
// first decision, when the view tells the table's size; the events it
// observes before are kept for it until then.
func (r Rules) NewBot(level string, seat int, seed uint64) (rules.Bot, error) {
	if r.Bots == nil {
		return nil, errors.New("saboteur: no computer players (Rules.Bots is not set)")
	}
	if !slices.Contains(levels, level) {
		return nil, fmt.Errorf("saboteur: level %q: want random, easy, normal or hard", level)
	}
	return &lazyBot{make: r.Bots, level: level, seat: seat, seed: seed}, nil
}

// AsBot puts b behind the box's rules.Bot: events and views of other games
// are ignored (Choose answers them with a nil move, which the match
// refuses).
func AsBot(b Brain) rules.Bot { return brainBot{b} }

type brainBot struct{ b Brain }

func (b brainBot) Observe(e rules.Event) {
	if se, ok := e.(*Event); ok {
		b.b.Observe(*se)
	}
}

func (b brainBot) Choose(v rules.View) rules.Move {
	sv, ok := v.(View)
	if !ok {
		return nil
	}
	return b.b.Choose(sv)
}

// lazyBot is NewBot's player: the Brain is made at the first Choose.
type lazyBot struct {
	make    func(level string, seat, players int, seed uint64) (Brain, error)
	level   string
	seat    int
	seed    uint64
	b       Brain
	pending []Event
}

func (l *lazyBot) Observe(e rules.Event) {
	se, ok := e.(*Event)
	if !ok {
		return
	}
	if l.b == nil {
		l.pending = append(l.pending, *se)
		return
	}
	l.b.Observe(*se)
}

func (l *lazyBot) Choose(v rules.View) rules.Move {
	sv, ok := v.(View)
	if !ok {
		return nil
	}
	if l.b == nil {
		b, err := l.make(l.level, l.seat, len(sv.HandSizes), l.seed)
		if err != nil {
			return nil
		}
		l.b = b
		for _, e := range l.pending {
			b.Observe(e)
		}
		l.pending = nil
	}
	return l.b.Choose(sv)
}

// Match is a Saboteur game as the box's rules.Match: the seat on turn
// (or choosing a gold card) owes the one move, and the step is the number
// of moves made.
type Match struct {
	g       *Game
	opening []Event
	last    []Event // the events of the last move applied (Undoable)
}

// NewMatch deals a match (New) behind the contract.
func NewMatch(opts Options, seed uint64) (*Match, error) {
	g, evs, err := New(opts, seed)
	if err != nil {
		return nil, err
	}
	return &Match{g: g, opening: evs}, nil
}

// Game returns the match's game, for code that knows it plays Saboteur
// (the board, the command-line tools). Change it only through Apply.
func (m *Match) Game() *Game { return m.g }

// Opening returns the events of the deal (rules.Opener), unredacted, as
// *Event.
func (m *Match) Opening() []rules.Event { return events(m.opening) }

// ToMove returns the seat on turn, or none once the game is over.
func (m *Match) ToMove() []int {
	if m.g.Phase() == Over {
		return nil
	}
	return []int{m.g.Turn()}
}

// Step returns the number of moves made: every move opens a new decision.
func (m *Match) Step() int { return m.g.Moves() }

// Apply plays m, a Move of seat, and returns its events as *Event. A value of another type is refused
// (R4.1), as is a move whose Seat is not seat, or a seat not on turn
// (R4.3), so that a record's seat and its move's always agree.
func (m *Match) Apply(seat int, mv rules.Move) ([]rules.Event, error) {
	sm, ok := mv.(Move)
	if !ok {
		return nil, refuse("R4.1", "a turn is a Saboteur move, not %T", mv)
	}
	if sm.Seat != seat {
		return nil, refuse("R4.3", "a move of seat %d played for seat %d", sm.Seat, seat)
	}
	evs, err := m.g.Apply(sm)
	if err != nil {
		return nil, err
	}
	m.last = evs
	return events(evs), nil
}

// Legal lists seat's legal moves: a discard first (R4.1: a pass is always
// legal, and so always safe for a seat whose time ran out), then the rest
// in LegalMoves' order; while gold is handed out, the gold cards to keep,
// the smallest first (R8.1).
func (m *Match) Legal(seat int) []rules.Move {
	ms := m.g.LegalMoves(seat)
	if len(ms) == 0 {
		return nil
	}
	if i := slices.IndexFunc(ms, func(x Move) bool { return x.Type == Discard }); i > 0 {
		d := ms[i]
		copy(ms[1:i+1], ms[:i])
		ms[0] = d
	}
	out := make([]rules.Move, len(ms))
	for i, x := range ms {
		out[i] = x
	}
	return out
}

// View returns seat's View (-1: a spectator).
func (m *Match) View(seat int) rules.View { return m.g.View(seat) }

// Over reports whether the game has ended (R9).
func (m *Match) Over() bool { return m.g.Phase() == Over }

// Scores returns every seat's gold once the game is over (R9.1), nil
// before.
func (m *Match) Scores() []int {
	if !m.Over() {
		return nil
	}
	return m.g.Scores()
}

// Winners returns the seats with the most gold once the game is over.
func (m *Match) Winners() []int {
	if !m.Over() {
		return nil
	}
	return m.g.Winners()
}

// events boxes evs for the contract, as pointers into evs.
func events(evs []Event) []rules.Event {
	out := make([]rules.Event, len(evs))
	for i := range evs {
		out[i] = &evs[i]
	}
	return out
}
