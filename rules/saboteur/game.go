package saboteur

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Role is a player's secret role (R1).
type Role uint8

// The roles; NoRole stands for a role a seat does not know.
const (
	NoRole Role = iota
	GoldDigger
	Saboteur
)

// String returns "gold-digger", "saboteur" or "unknown".
func (r Role) String() string {
	switch r {
	case GoldDigger:
		return "gold-digger"
	case Saboteur:
		return "saboteur"
	}
	return "unknown"
}

// Team returns the team the role plays for.
func (r Role) Team() Team {
	switch r {
	case GoldDigger:
		return Diggers
	case Saboteur:
		return Saboteurs
	}
	return NoTeam
}

// MinPlayers and MaxPlayers bound the table (R1.1).
const (
	MinPlayers = 3
	MaxPlayers = 10
	// Rounds is the number of rounds in a game (R9.1).
	Rounds = 3
)

// RoleCards returns how many saboteur and gold-digger role cards are in
// play for n players (R1.2); one more than n, one set aside each round (R1.3).
func RoleCards(n int) (saboteurs, diggers int) {
	table := [...][2]int{3: {1, 3}, 4: {1, 4}, 5: {2, 4}, 6: {2, 5}, 7: {3, 5}, 8: {3, 6}, 9: {3, 7}, 10: {4, 7}}
	if n < MinPlayers || n > MaxPlayers {
		return 0, 0
	}
	return table[n][0], table[n][1]
}

// HandSize returns the hand size for n players (R3.2).
func HandSize(n int) int {
	switch {
	case n <= 5:
		return 6
	case n <= 7:
		return 5
	}
	return 4
}

// Options are the table options of SABOTEUR.md, recorded in every game record.
type Options struct {
	Players int `json:"players"`
	// ConnectToStart is the table rule of R5.5 (off by default).
	ConnectToStart bool `json:"connect_to_start"`
	// OneNuggetPerDigger is the payout of R8.1a.
	OneNuggetPerDigger bool `json:"one_nugget_per_digger"`
	// SabotagedGetNothing is the payout of R8.1b.
	SabotagedGetNothing bool `json:"sabotaged_get_nothing"`
	// FirstPlayer is the seat of the youngest player, who starts round 1
	// (R3.5); -1 draws the first player at random.
	FirstPlayer int `json:"first_player"`
}

// Validate checks the options and returns an error naming the field.
func (o Options) Validate() error {
	if o.Players < MinPlayers || o.Players > MaxPlayers {
		return fmt.Errorf("options: players %d: want %d to %d (R1.1)", o.Players, MinPlayers, MaxPlayers)
	}
	if o.FirstPlayer < -1 || o.FirstPlayer >= o.Players {
		return fmt.Errorf("options: first_player %d: want -1 (random) or a seat 0 to %d (R3.5)", o.FirstPlayer, o.Players-1)
	}
	return nil
}

// Phase is where a game stands.
type Phase uint8

// The phases of a game.
const (
	// Playing: Turn's seat plays, discards or passes (R4).
	Playing Phase = iota + 1
	// HandingOut: Turn's seat keeps one of the gold cards offered (R8.1).
	HandingOut
	// Over: the game has ended (R9).
	Over
)

// Game is a whole match: three rounds of R3-R8 and the end of R9. It is
// changed only by Apply; everything a player may see of it comes from View.
type Game struct {
	opts  Options
	seed  uint64
	rng   rand.PCG
	round int
	phase Phase
	turn  int

	roles    []Role
	setAside Role
	hands    [][]CardID
	draw     []CardID
	discards []CardID
	board    Board
	broken   []Tool
	peeked   []uint8 // per seat, bit i: has looked at goal i this round (R6.4)
	mapsOn   []MapSight

	goldPile []int   // values, top at the end (R3.4)
	gold     [][]int // per seat, values kept (R8.4: hidden until the end)
	results  []RoundResult

	inFront   []brokenCard // broken tool cards in front of players (R6.1)
	lastMover int          // seat that played the last card (R8.2, R8.5)
	offer     []int        // gold cards being handed out (R8.1)
	offerTo   []int        // recipients in order, cycled (R8.1)
	offerAt   int          // index into offerTo of the seat choosing
	perSeat   bool         // R8.1a: each recipient keeps exactly one, once

	moves int
}

// MapSight is a public fact: Seat looked at goal Goal (R6.4; "which goal a
// map was played on" is public).
type MapSight struct {
	Seat int `json:"seat"`
	Goal int `json:"goal"`
}

// RoundResult is what a round ended with: public once the round is over,
// except Gold, which stays hidden until the game ends (R8.4).
type RoundResult struct {
	Round    int        `json:"round"`
	Winner   Team       `json:"winner"`
	Roles    []Role     `json:"roles"`
	SetAside Role       `json:"set_aside"`
	Goals    []GoalCard `json:"goals"`
	Finisher int        `json:"finisher"` // the seat that played the last card
	Gold     []int      `json:"gold"`     // gold value won per seat this round
}

// New starts a game with the given options and seed: the roles, the
// draw deck and the goals of round 1 are dealt (R1.3, R3). It returns the
// events of the deal, or an error when the options are invalid.
func New(opts Options, seed uint64) (*Game, []Event, error) {
	if err := opts.Validate(); err != nil {
		return nil, nil, err
	}
	g := &Game{opts: opts, seed: seed}
	g.rng.Seed(seed, 0x676f6c647665696e) // "goldvein"
	n := opts.Players
	g.gold = make([][]int, n)
	g.goldPile = GoldCards[:]
	g.goldPile = slices.Clone(g.goldPile)
	g.shuffleInts(g.goldPile) // R3.4
	first := opts.FirstPlayer
	if first < 0 {
		first = int(g.rng.Uint64() % uint64(n))
	}
	evs := g.startRound(1, first)
	return g, evs, nil
}

func (g *Game) intn(n int) int { return int(g.rng.Uint64() % uint64(n)) }

func (g *Game) shuffleInts(s []int) {
	for i := len(s) - 1; i > 0; i-- {
		j := g.intn(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

// startRound deals round r (R1.3, R3.1-R3.3, R8.6) with first on turn.
func (g *Game) startRound(r, first int) []Event {
	n := g.opts.Players
	g.round, g.phase, g.turn = r, Playing, first
	sab, dig := RoleCards(n)
	roles := make([]Role, 0, sab+dig)
	for i := 0; i < sab; i++ {
		roles = append(roles, Saboteur)
	}
	for i := 0; i < dig; i++ {
		roles = append(roles, GoldDigger)
	}
	for i := len(roles) - 1; i > 0; i-- {
		j := g.intn(i + 1)
		roles[i], roles[j] = roles[j], roles[i]
	}
	g.roles, g.setAside = roles[:n], roles[n]

	goals := [3]GoalCard{Gold, CoalNE, CoalNW}
	for i := 2; i > 0; i-- {
		j := g.intn(i + 1)
		goals[i], goals[j] = goals[j], goals[i]
	}
	g.board = NewBoard(goals)

	g.draw = make([]CardID, DeckSize)
	for i := range g.draw {
		g.draw[i] = CardID(i)
	}
	for i := len(g.draw) - 1; i > 0; i-- {
		j := g.intn(i + 1)
		g.draw[i], g.draw[j] = g.draw[j], g.draw[i]
	}
	g.discards = nil
	g.inFront = nil // R8.6: every card goes back into the deck
	g.hands = make([][]CardID, n)
	g.broken = make([]Tool, n)
	g.peeked = make([]uint8, n)
	g.mapsOn = nil
	g.lastMover = -1
	evs := []Event{{Type: RoundStarted, Round: r, Seat: first}}
	h := HandSize(n)
	for s := 0; s < n; s++ {
		g.hands[s] = slices.Clone(g.draw[len(g.draw)-h:])
		g.draw = g.draw[:len(g.draw)-h]
		evs = append(evs, Event{Type: Dealt, Round: r, Seat: s, Role: g.roles[s], Cards: g.handCards(s)})
	}
	evs = append(evs, Event{Type: TurnStarted, Round: r, Seat: first})
	return evs
}

func (g *Game) handCards(s int) []Card {
	out := make([]Card, len(g.hands[s]))
	for i, id := range g.hands[s] {
		out[i] = deck[id]
	}
	return out
}

// Options returns the table options.
func (g *Game) Options() Options { return g.opts }

// Seed returns the seed the game was started with (never shown to players).
func (g *Game) Seed() uint64 { return g.seed }

// Round returns the current round, 1 to 3.
func (g *Game) Round() int { return g.round }

// Phase returns where the game stands.
func (g *Game) Phase() Phase { return g.phase }

// Turn returns the seat that must move now (in Playing and HandingOut).
func (g *Game) Turn() int { return g.turn }

// Moves returns how many moves have been applied.
func (g *Game) Moves() int { return g.moves }

// Results returns the results of the rounds played so far.
func (g *Game) Results() []RoundResult { return g.results }

// Scores returns every seat's gold value so far (secret until Over, R8.4).
func (g *Game) Scores() []int {
	out := make([]int, g.opts.Players)
	for s, gs := range g.gold {
		for _, v := range gs {
			out[s] += v
		}
	}
	return out
}

// Winners returns the seats with the most gold (R9.1: ties share the win).
func (g *Game) Winners() []int {
	sc := g.Scores()
	best := slices.Max(sc)
	var out []int
	for s, v := range sc {
		if v == best {
			out = append(out, s)
		}
	}
	return out
}

// ErrOver is returned for a move made after the game has ended.
var ErrOver error = &RuleError{Rule: "R9.1", Reason: "the game is over"}

// Apply checks the move against the rules and, when it is legal, makes it
// and returns the events it caused (including any automatic steps after it:
// drawing, passing empty hands, the end of the round, the next deal). An
// illegal move returns an error naming the rule it breaks, and the game is
// exactly as it was.
func (g *Game) Apply(m Move) ([]Event, error) {
	if g.phase == Over {
		return nil, ErrOver
	}
	if m.Seat != g.turn {
		return nil, refuse("R4.3", "it is seat %d's turn, not seat %d's", g.turn, m.Seat)
	}
	var evs []Event
	var err error
	switch {
	case g.phase == HandingOut && m.Type == Keep:
		evs, err = g.applyKeep(m)
	case g.phase == HandingOut:
		return nil, refuse("R8.1", "seat %d must keep one of the gold cards offered", m.Seat)
	case m.Type == Play || m.Type == Discard:
		evs, err = g.applyTurn(m)
	default:
		return nil, refuse("R4.1", "a turn is a card played or a card discarded")
	}
	if err != nil {
		return nil, err
	}
	g.moves++
	return evs, nil
}

// handIndex finds a card of c's kind (either orientation) in seat's hand.
func (g *Game) handIndex(seat int, c Card) int {
	for i, id := range g.hands[seat] {
		if deck[id].Same(c) {
			return i
		}
	}
	return -1
}

func (g *Game) applyTurn(m Move) ([]Event, error) {
	hi := g.handIndex(m.Seat, m.Card)
	if hi < 0 {
		return nil, refuse("R4.1", "seat %d holds no %s", m.Seat, m.Card)
	}
	evs := make([]Event, 0, 4) // the card, a draw, the next turn: one allocation
	if m.Type == Discard {
		evs = append(evs, Event{Type: Discarded, Round: g.round, Seat: m.Seat, Card: deck[g.hands[m.Seat][hi]]})
		g.discards = append(g.discards, g.hands[m.Seat][hi])
	} else {
		e, err := checkAction(&g.board, g.broken, g.peeked[m.Seat], g.opts, m)
		if err != nil {
			return nil, err
		}
		evs = g.play(evs, m, hi, e)
	}
	g.hands[m.Seat] = slices.Delete(g.hands[m.Seat], hi, hi+1)
	g.lastMover = m.Seat
	if g.board.GoldReached() { // R7.3
		return append(evs, g.endRound(Diggers)...), nil
	}
	if len(g.draw) > 0 { // R4.2
		top := g.draw[len(g.draw)-1]
		g.draw = g.draw[:len(g.draw)-1]
		g.hands[m.Seat] = append(g.hands[m.Seat], top)
		evs = append(evs, Event{Type: Drew, Round: g.round, Seat: m.Seat, Card: deck[top]})
	}
	return g.nextTurn(evs), nil
}

// checkAction checks a Play move against R5 and R6 on a board and the
// broken tools; it is shared by Game and Position. It returns the event the
// play will cause (before goals turn).
func checkAction(b *Board, broken []Tool, peeked uint8, o Options, m Move) (Event, error) {
	c := m.Card
	e := Event{Seat: m.Seat, Card: c}
	targetOK := func(rule string) error {
		if m.Target < 0 || m.Target >= len(broken) {
			return refuse(rule, "target seat %d does not exist", m.Target)
		}
		return nil
	}
	switch c.Kind {
	case Path:
		if broken[m.Seat] != 0 {
			return e, errorR51(m.Seat, broken[m.Seat])
		}
		if err := b.Placeable(c, m.At, o.ConnectToStart); err != nil {
			return e, err
		}
		e.Type, e.At = Placed, m.At
	case Broken:
		if err := targetOK("R6.1"); err != nil {
			return e, err
		}
		if broken[m.Target]&c.Tools != 0 {
			return e, refuse("R6.1", "seat %d already has a broken %s", m.Target, c.Tools)
		}
		e.Type, e.Target, e.Tool = ToolBroken, m.Target, c.Tools
	case Repair:
		if err := targetOK("R6.2"); err != nil {
			return e, err
		}
		fix := broken[m.Target] & c.Tools
		if fix == 0 {
			return e, refuse("R6.2", "seat %d has no broken tool that %s mends", m.Target, c)
		}
		if m.Tool != 0 {
			if m.Tool&(m.Tool-1) != 0 || !c.Tools.Has(m.Tool) {
				return e, refuse("R6.2", "%s does not mend the %s", c, m.Tool)
			}
			if !fix.Has(m.Tool) {
				return e, refuse("R6.2", "seat %d's %s is not broken", m.Target, m.Tool)
			}
			fix = m.Tool
		} else if fix != fix&-fix {
			return e, refuse("R6.2", "%s mends one tool: say which (both are broken)", c)
		}
		e.Type, e.Target, e.Tool = ToolRepaired, m.Target, fix
	case Rockfall:
		t, ok := b.At(m.At)
		if !ok {
			return e, refuse("R6.3", "no card at %s to remove", m.At)
		}
		if t.Card.Kind != Path {
			return e, refuse("R6.3", "rockfall never removes the start or a goal (%s at %s)", t.Card, m.At)
		}
		e.Type, e.At = RockFell, m.At
	case Map:
		if m.Goal < 0 || m.Goal > 2 {
			return e, refuse("R6.4", "goal %d does not exist", m.Goal)
		}
		if b.GoalFaceUp(m.Goal) {
			return e, refuse("R6.4", "the goal at y=%d is already face up", GoalY(m.Goal))
		}
		e.Type, e.Goal = MapPlayed, m.Goal
	default:
		return e, refuse("R4.1", "%s cannot be played", c)
	}
	return e, nil
}

// play carries out a checked Play of the card at hand index hi and appends
// its events to evs. The card goes into the maze, in front of a player, or
// onto the discard pile.
func (g *Game) play(evs []Event, m Move, hi int, e Event) []Event {
	id := g.hands[m.Seat][hi]
	e.Round = g.round
	switch e.Type {
	case Placed:
		turned := g.board.Place(m.Card, id, m.At)
		evs = append(evs, e)
		for _, i := range turned {
			t, _ := g.board.At(GoalCells[i])
			evs = append(evs, Event{Type: GoalRevealed, Round: g.round, Seat: m.Seat, Goal: i, Card: t.Card, At: t.At})
		}
		return evs
	case ToolBroken:
		g.broken[m.Target] |= e.Tool
		g.inFront = append(g.inFront, brokenCard{Seat: m.Target, ID: id})
		return append(evs, e)
	case ToolRepaired:
		g.broken[m.Target] &^= e.Tool
		// R6.2: the mended broken card goes to the discard pile too.
		for i, b := range g.inFront {
			if b.Seat == m.Target && deck[b.ID].Tools == e.Tool {
				g.discards = append(g.discards, b.ID)
				g.inFront = slices.Delete(g.inFront, i, i+1)
				break
			}
		}
	case RockFell:
		t, _ := g.board.Remove(m.At)
		e.Card = t.Card
		g.discards = append(g.discards, CardID(t.ID))
	case MapPlayed:
		g.peeked[m.Seat] |= 1 << m.Goal
		g.mapsOn = append(g.mapsOn, MapSight{Seat: m.Seat, Goal: m.Goal})
		e.Card = Card{Kind: Goal, Goal: g.board.goals[m.Goal], Open: g.board.goals[m.Goal].Open()}
	}
	g.discards = append(g.discards, id)
	return append(evs, e)
}

// brokenCard is a broken tool card lying in front of a seat (R6.1).
type brokenCard struct {
	Seat int
	ID   CardID
}
