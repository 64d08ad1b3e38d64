package saboteur

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/goldvein/goldvein/rules"
)

// Position is a position of the position format (docs/rules/SABOTEUR.md,
// "Position format"), the input of `goldvein check`: a maze, the goals, the
// broken tools, the seat that makes every move and the moves and queries to
// judge. There are no hands and no turn order: each move is judged on the
// position as it then stands, and a legal move changes it.
//
// Rulings where SABOTEUR.md leaves the format open:
//   - "players" is required; "seat" defaults to 0; "board", "revealed",
//     "broken" and "moves" may be left out; "goals" is required, since a
//     reached goal must be turned up as what lies there.
//   - "board" holds deck path cards only (a {"card": "START"} at 0,0 is
//     allowed and changes nothing); the goals are given by "goals" and
//     "revealed". Cards lie within MinX..MaxX, MinY..MaxY, at most
//     MaxPathCards of them. The kinds are not counted against R2.3, so a
//     position may hold, say, seven EW cards.
//   - The maze is taken as given: a goal that a connected tunnel already
//     opens onto but that "revealed" does not list stays face down until
//     the next path card is placed (R7.1 looks after every path card).
//   - Once the gold is face up (given in "revealed" or reached by a move)
//     the round is over: every later move is refused as R7.3 and a
//     placements query answers an empty list.
//   - A placements query answers for the position's seat: with a broken
//     tool in front of it (R5.1) the list is empty, as every such play
//     would be refused.
//   - A position holds at most the 40 path cards of R2.3: a move that would
//     place a 41st is refused as R2.3, and placements then answers [].
//   - A map move is legal on a face-down goal and changes nothing; a
//     discard is always legal (the seat holds whatever it discards).
type Position struct {
	players        int
	connectToStart bool
	seat           int
	board          Board
	broken         []Tool
	moves          []PositionMove
	over           bool

	// For the gold query (payout.go): the seats' roles, the gold pile
	// (top at the end, as the game keeps it) and the payout options.
	roles            []Role
	goldPile         []int
	oneNugget        bool
	sabotagedNothing bool
}

// PositionMove is one entry of a position's "moves": a move of the
// position's seat, or, when Query is a path card, a placements query for
// that card kind, or, when Gold is set, a gold query (R8).
type PositionMove struct {
	Move  Move
	Query *Card
	Gold  *GoldQuery
}

// Outcome is the answer to one entry of a position's moves. For a query,
// Placements lists every legal "CODE@x,y", sorted; for a move, Legal says
// whether it was, and either Rule and Error say why not, or Revealed lists
// the goals it turned face up and RoundOver and Winner say whether the
// gold was reached (R7.3).
type Outcome struct {
	Gold       *Payout // the answer to a gold query
	Query      bool
	Placements []string
	Legal      bool
	Rule       string
	Error      string
	Revealed   []Reveal
	RoundOver  bool
	Winner     Team
}

// Reveal is a goal turned face up: its y (-2, 0 or 2) and its card code as
// placed, e.g. "GOLD" or "coal:SW" (R7.1, R7.2).
type Reveal struct {
	Y    int
	Card Card
}

type positionJSON struct {
	Players        *int                `json:"players"`
	ConnectToStart bool                `json:"connect_to_start"`
	Board          []positionCard      `json:"board"`
	Goals          map[string]string   `json:"goals"`
	Revealed       map[string]string   `json:"revealed"`
	Broken         map[string][]string `json:"broken"`
	Seat           *int                `json:"seat"`
	Moves          []json.RawMessage   `json:"moves"`
	// For the gold query (payout.go).
	Roles               []string `json:"roles"`
	GoldPile            []int    `json:"gold_pile"`
	OneNuggetPerDigger  bool     `json:"one_nugget_per_digger"`
	SabotagedGetNothing bool     `json:"sabotaged_get_nothing"`
}

type positionCard struct {
	Card *string `json:"card"`
	X    *int    `json:"x"`
	Y    *int    `json:"y"`
}

// MaxPositionMoves bounds the moves of one position.
const MaxPositionMoves = 100000

// ParsePosition reads a position in the position format of SABOTEUR.md. It
// checks everything that does not depend on the moves' outcomes: unknown
// fields, malformed JSON, unknown card codes, a cell given twice, goals that
// are not GOLD, COAL_NE and COAL_NW once each, a revealed code that does
// not match its goal, seats and targets out of range, a malformed move.
// Errors name the field, e.g. `board[2].card: unknown card code "NX" (R2.2)`
// or `goals["0"]: missing`, on one line.
func ParsePosition(data []byte) (*Position, error) {
	var j positionJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, jsonError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("trailing data after the position")
	}
	// A key given twice would be read as its last value silently.
	if err := rules.CheckKeys(data, 0); err != nil {
		return nil, err
	}
	p := &Position{connectToStart: j.ConnectToStart}
	if j.Players == nil {
		return nil, fmt.Errorf("players: missing")
	}
	p.players = *j.Players
	if p.players < MinPlayers || p.players > MaxPlayers {
		return nil, fmt.Errorf("players: %d: want %d to %d (R1.1)", p.players, MinPlayers, MaxPlayers)
	}
	if j.Seat != nil {
		p.seat = *j.Seat
	}
	if p.seat < 0 || p.seat >= p.players {
		return nil, fmt.Errorf("seat: %d: want a seat 0 to %d", p.seat, p.players-1)
	}
	goals, err := parseGoals(j.Goals)
	if err != nil {
		return nil, err
	}
	p.board = NewBoard(goals)
	if err := p.layRevealed(j.Revealed, goals); err != nil {
		return nil, err
	}
	if err := p.layBoard(j.Board); err != nil {
		return nil, err
	}
	p.board.connect()
	p.over = p.board.GoldReached()
	p.broken = make([]Tool, p.players)
	for k, tools := range j.Broken {
		s, err := strconv.Atoi(k)
		if err != nil || strconv.Itoa(s) != k {
			return nil, fmt.Errorf("broken[%q]: not a seat number", k)
		}
		if s < 0 || s >= p.players {
			return nil, fmt.Errorf("broken[%q]: seat %d: want a seat 0 to %d", k, s, p.players-1)
		}
		for i, name := range tools {
			t, err := ParseTool(name)
			if err != nil || len(t.Tools()) != 1 {
				return nil, fmt.Errorf("broken[%q][%d]: %q: want pickaxe, lantern or cart", k, i, name)
			}
			if p.broken[s]&t != 0 {
				return nil, fmt.Errorf("broken[%q][%d]: a second broken %s (R6.1)", k, i, t)
			}
			p.broken[s] |= t
		}
	}
	if len(j.Moves) > MaxPositionMoves {
		return nil, fmt.Errorf("moves: %d, more than %d", len(j.Moves), MaxPositionMoves)
	}
	if p.roles, err = parseRoles(j.Roles, p.players); err != nil {
		return nil, err
	}
	if p.goldPile, err = parseGoldPile(j.GoldPile); err != nil {
		return nil, err
	}
	p.oneNugget, p.sabotagedNothing = j.OneNuggetPerDigger, j.SabotagedGetNothing
	for i, raw := range j.Moves {
		if isQuery(raw) {
			q, err := decodeGoldQuery(raw, p.players, p.seat)
			if err != nil {
				return nil, fmt.Errorf("moves[%d]: %w", i, err)
			}
			if p.roles == nil || j.GoldPile == nil {
				return nil, fmt.Errorf("moves[%d]: a gold query needs the position's roles and gold_pile (R8)", i)
			}
			p.moves = append(p.moves, PositionMove{Gold: q})
			continue
		}
		m, q, err := decodeMove(raw, true)
		if err != nil {
			return nil, fmt.Errorf("moves[%d]: %w", i, err)
		}
		m.Seat = p.seat
		if m.Type == Play && (m.Card.Kind == Broken || m.Card.Kind == Repair) && (m.Target < 0 || m.Target >= p.players) {
			return nil, fmt.Errorf("moves[%d]: target: %d: want a seat 0 to %d", i, m.Target, p.players-1)
		}
		p.moves = append(p.moves, PositionMove{Move: m, Query: q})
	}
	return p, nil
}

// goalKey reads a goal's y as the position format writes it: "-2", "0", "2".
func goalKey(field, k string) (int, error) {
	switch k {
	case "-2":
		return 0, nil
	case "0":
		return 1, nil
	case "2":
		return 2, nil
	}
	return -1, fmt.Errorf("%s[%q]: not a goal's y (want \"-2\", \"0\" or \"2\")", field, k)
}

func parseGoals(in map[string]string) ([3]GoalCard, error) {
	var goals [3]GoalCard
	if in == nil {
		return goals, fmt.Errorf("goals: missing")
	}
	for k, v := range in {
		i, err := goalKey("goals", k)
		if err != nil {
			return goals, err
		}
		g, err := ParseGoalCard(v)
		if err != nil {
			return goals, fmt.Errorf("goals[%q]: %w", k, err)
		}
		goals[i] = g
	}
	var seen [4]bool
	for i, g := range goals {
		if g == NoGoal {
			return goals, fmt.Errorf("goals[%q]: missing", strconv.Itoa(GoalY(i)))
		}
		if seen[g] {
			return goals, fmt.Errorf("goals: %s given twice; want GOLD, COAL_NE and COAL_NW once each (R2.4)", g)
		}
		seen[g] = true
	}
	return goals, nil
}

func (p *Position) layRevealed(in map[string]string, goals [3]GoalCard) error {
	for k, v := range in {
		i, err := goalKey("revealed", k)
		if err != nil {
			return err
		}
		c, err := ParseCard(v)
		if err != nil {
			return fmt.Errorf("revealed[%q]: %w", k, err)
		}
		if c.Kind != Goal || c.Goal == NoGoal {
			return fmt.Errorf("revealed[%q]: %s is not a face-up goal (want GOLD or coal:...)", k, c)
		}
		if c.Goal != goals[i] {
			return fmt.Errorf("revealed[%q]: %s, but goals[%q] is %s", k, c, k, goals[i])
		}
		n := p.board.grid[index(GoalCells[i])]
		p.board.tiles[n-1].Card = c
	}
	return nil
}

func (p *Position) layBoard(cards []positionCard) error {
	for i, e := range cards {
		if e.Card == nil {
			return fmt.Errorf("board[%d].card: missing", i)
		}
		if e.X == nil || e.Y == nil {
			name := "x"
			if e.X != nil {
				name = "y"
			}
			return fmt.Errorf("board[%d].%s: missing", i, name)
		}
		c, err := ParseCard(*e.Card)
		if err != nil {
			return fmt.Errorf("board[%d].card: %w", i, err)
		}
		at := Cell{*e.X, *e.Y}
		if c.Kind == Start && at == StartCell {
			continue
		}
		if c.Kind != Path {
			return fmt.Errorf("board[%d].card: %s: the board lists path cards only; the start lies at 0,0 and the goals are given by goals and revealed", i, c)
		}
		if !inReach(at) {
			return fmt.Errorf("board[%d]: cell %s out of range (x %d to %d, y %d to %d)", i, at, MinX, MaxX, MinY, MaxY)
		}
		if t, ok := p.board.At(at); ok {
			if t.Card.Kind == Path {
				return fmt.Errorf("board[%d]: cell %s given twice", i, at)
			}
			return fmt.Errorf("board[%d]: cell %s already holds %s (R3.1)", i, at, t.Card)
		}
		if p.board.PathCards() >= MaxPathCards {
			return fmt.Errorf("board[%d]: more than %d path cards (R2.3)", i, MaxPathCards)
		}
		p.board.put(Tile{At: at, Card: c, ID: -1})
	}
	return nil
}

// Moves returns the position's moves and queries, in order.
func (p *Position) Moves() []PositionMove { return p.moves }

// Board returns the maze as it now stands; do not change it.
func (p *Position) Board() *Board { return &p.board }

// Over reports whether the gold lies face up, so the round is over (R7.3).
func (p *Position) Over() bool { return p.over }

// Run judges every entry of the position's moves in order, changing the
// position by each legal move, and returns one outcome per entry.
func (p *Position) Run() []Outcome {
	out := make([]Outcome, 0, len(p.moves))
	for _, pm := range p.moves {
		if pm.Gold != nil {
			pay := p.Gold(*pm.Gold)
			out = append(out, Outcome{Gold: &pay})
			continue
		}
		if pm.Query != nil {
			out = append(out, Outcome{Query: true, Placements: p.Placements(*pm.Query)})
			continue
		}
		out = append(out, p.Play(pm.Move))
	}
	return out
}

// Placements returns every legal placement of path card kind c for the
// position's seat as "CODE@x,y", both orientations (R3.3), sorted by byte
// order; empty (never nil) when the round is over or the seat has a broken
// tool (R5.1).
func (p *Position) Placements(c Card) []string {
	out := []string{}
	if p.over || p.broken[p.seat] != 0 || c.Kind != Path || p.board.PathCards() >= MaxPathCards {
		return out
	}
	for _, pl := range p.board.Placements(nil, c, p.connectToStart) {
		out = append(out, pl.String())
	}
	slices.Sort(out)
	return out
}

// Play judges move m of the position's seat (m.Seat is ignored) on the
// position as it stands, and makes it when it is legal. A refused move
// changes nothing.
func (p *Position) Play(m Move) Outcome {
	m.Seat = p.seat
	if p.over {
		return refusedOutcome(refuse("R7.3", "the round is over: the gold is face up"))
	}
	o := Outcome{Legal: true, Revealed: []Reveal{}}
	switch m.Type {
	case Discard:
		return o
	case Play:
	default:
		return refusedOutcome(refuse("R4.1", "a turn is a card played or a card discarded"))
	}
	if m.Card.Kind == Path && p.broken[p.seat] == 0 && p.board.PathCards() >= MaxPathCards {
		return refusedOutcome(refuse("R2.3", "all %d path cards already lie in the maze", MaxPathCards))
	}
	e, err := checkAction(&p.board, p.broken, 0, Options{Players: p.players, ConnectToStart: p.connectToStart}, m)
	if err != nil {
		return refusedOutcome(err)
	}
	switch e.Type {
	case Placed:
		for _, i := range p.board.place(m.Card, -1, m.At) {
			t, _ := p.board.At(GoalCells[i])
			o.Revealed = append(o.Revealed, Reveal{Y: GoalY(i), Card: t.Card})
		}
		if p.board.GoldReached() {
			p.over, o.RoundOver, o.Winner = true, true, Diggers
		}
	case ToolBroken:
		p.broken[m.Target] |= e.Tool
	case ToolRepaired:
		p.broken[m.Target] &^= e.Tool
	case RockFell:
		p.board.Remove(m.At)
	}
	return o
}

func refusedOutcome(err error) Outcome {
	o := Outcome{Rule: RuleOf(err), Error: err.Error()}
	if o.Rule != "" {
		o.Error = strings.TrimPrefix(o.Error, o.Rule+": ")
	}
	return o
}

// Line writes the outcome as the one JSON line of the position format,
// exactly: {"legal": true, "revealed": [{"y": 0, "card": "GOLD"}],
// "round_over": true, "winner": "gold-diggers"} ("winner" only when the
// round is over), {"legal": false, "rule": "R5.4", "error": "..."} or
// {"placements": ["NE@2,0", "SW@1,1"]}. The separators are ", " and ": ".
// There is no newline at the end.
func (o Outcome) Line() string {
	var b strings.Builder
	switch {
	case o.Gold != nil:
		return o.Gold.goldLine()
	case o.Query:
		b.WriteString(`{"placements": [`)
		for i, s := range o.Placements {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(jsonString(s))
		}
		b.WriteString("]}")
	case !o.Legal:
		fmt.Fprintf(&b, `{"legal": false, "rule": %s, "error": %s}`, jsonString(o.Rule), jsonString(o.Error))
	default:
		b.WriteString(`{"legal": true, "revealed": [`)
		for i, r := range o.Revealed {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, `{"y": %d, "card": %s}`, r.Y, jsonString(r.Card.String()))
		}
		fmt.Fprintf(&b, `], "round_over": %t`, o.RoundOver)
		if o.RoundOver {
			fmt.Fprintf(&b, `, "winner": %s`, jsonString(o.Winner.String()))
		}
		b.WriteString("}")
	}
	return b.String()
}

// jsonString writes s as a JSON string, leaving <, > and & as they are.
func jsonString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}
