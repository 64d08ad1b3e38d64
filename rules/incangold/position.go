package incangold

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// InputError is bad input to Check: malformed JSON, an unknown field or
// card code, a seat out of range, a position that cannot arise. Its
// message is one line that names the field, e.g.
// `path[2]: unknown card code "T6" (I1.7)`; `goldvein check` maps it to
// exit status 2.
type InputError struct{ Msg string }

// Error returns the one-line message.
func (e *InputError) Error() string { return e.Msg }

func inputErr(format string, a ...any) *InputError {
	return &InputError{Msg: strings.Join(strings.Fields(fmt.Sprintf(format, a...)), " ")}
}

// MaxPositionBytes bounds what Check reads.
const MaxPositionBytes = 1 << 20

// MaxPositionMoves bounds a position's moves.
const MaxPositionMoves = 10000

// Position is a position of the position format of INCAN_GOLD.md
// ("Position format"): a round in progress and the moves and queries to
// judge on it. Rulings where the reference leaves the format open:
//   - Required: players, round, in. Optional: options (defaults), start
//     (0), carried and tent (0 for every seat not listed), artifacts
//     (none), claimed (the number of artifacts listed), path ([]), pool
//     (0), removed (none), deck_artifacts ([]), first_turn (true exactly
//     when the path is empty; when given it must agree if a choose or a
//     flip follows, which it serves (I3.5): a position with only queries,
//     such as final scores after the round's path went back into the
//     deck, reads whatever it says), moves ([]).
//   - claimed must equal the number of artifacts listed in artifacts: a
//     claimed artifact always goes to a seat (I6.2). Each listed worth
//     must be one the options allow (5 or 10; 5, 7, 8, 10 or 12 with
//     artifacts2020; none with diamant).
//   - carried lists only explorers; path, removed and deck_artifacts must
//     fit the deck of I1.3 (e.g. at most two T5 on the path, no second
//     hazard of a kind on the path since it would have busted, at most 2
//     removed per kind, artifacts A1 to A<round>, none twice), and the
//     rounds before this one: at most round-1 hazards removed (one bust a
//     round), at most round artifacts claimed (checkHistory).
//   - A key given twice anywhere is refused (rules.CheckKeys).
//   - Once the round is over (everyone left, or a bust) I8.2 and I8.3 are
//     applied (the pool goes to the supply, artifacts on the path are
//     removed, the path goes back into the deck) and every later choose or
//     flip is refused as I8.1; queries still answer. The next round is
//     not started: its start would need a shuffle the format cannot name.
//   - A choose right after another, with no flip between, is refused as
//     I3.3; a non-empty choose where I3.5 skips the step is refused as
//     I3.5, and so is a choose that leaves out an explorer (I3.4 when it
//     names a seat that is not in the temple).
type Position struct {
	m      *Match
	chosen bool // a choose was made since the last flip
	over   bool // the round is over
	moves  []positionMove
}

// positionMove is one entry of "moves".
type positionMove struct {
	choose  map[int]Choice // nil when this is no choose
	isFlip  bool
	card    Card
	query   string
	present bool // a choose was given (even empty)
}

// MaxPositionGems bounds every gem count of a position (a whole game deals
// far fewer: the supply of I1.3 is finite), so no sum can overflow.
const MaxPositionGems = 1_000_000

type positionJSON struct {
	Players       *int              `json:"players"`
	Options       json.RawMessage   `json:"options"`
	Round         *int              `json:"round"`
	Start         *int              `json:"start"`
	In            *[]int            `json:"in"`
	Carried       map[string]int    `json:"carried"`
	Tent          map[string]int    `json:"tent"`
	Artifacts     map[string][]int  `json:"artifacts"`
	Claimed       *int              `json:"claimed"`
	Path          []string          `json:"path"`
	Pool          *int              `json:"pool"`
	Removed       map[string]int    `json:"removed"`
	DeckArtifacts []string          `json:"deck_artifacts"`
	FirstTurn     *bool             `json:"first_turn"`
	Moves         []json.RawMessage `json:"moves"`
}

// ParsePosition reads a position strictly; every error is an *InputError
// naming the field.
func ParsePosition(data []byte) (*Position, error) {
	if len(data) > MaxPositionBytes {
		return nil, inputErr("the position is larger than %d bytes", MaxPositionBytes)
	}
	var j positionJSON
	if err := strictDecode(data, &j); err != nil {
		return nil, inputErr("%v", err)
	}
	if j.Players == nil {
		return nil, inputErr("players: missing")
	}
	n := *j.Players
	if n < MinPlayers || n > MaxPlayers {
		return nil, inputErr("players: %d: want %d to %d (I1.1)", n, MinPlayers, MaxPlayers)
	}
	opts, err := ParseOptions(j.Options)
	if err != nil {
		return nil, inputErr("%v", err)
	}
	opts.StartPlayer = 0
	opts = opts.normalized()
	if j.Round == nil {
		return nil, inputErr("round: missing")
	}
	if *j.Round < 1 || *j.Round > Rounds {
		return nil, inputErr("round: %d: want 1 to %d (I1.1)", *j.Round, Rounds)
	}
	m := &Match{opts: opts, players: n, round: *j.Round}
	if j.Start != nil {
		if *j.Start < 0 || *j.Start >= n {
			return nil, inputErr("start: %d: want a seat 0 to %d (I1.2)", *j.Start, n-1)
		}
		m.start = *j.Start
	}
	if j.In == nil {
		return nil, inputErr("in: missing")
	}
	for i, s := range *j.In {
		if s < 0 || s >= n {
			return nil, inputErr("in[%d]: seat %d: want 0 to %d (I1.2)", i, s, n-1)
		}
		if m.in&(1<<s) != 0 {
			return nil, inputErr("in[%d]: seat %d is listed twice", i, s)
		}
		m.in |= 1 << s
	}
	if err := m.parseGems(j); err != nil {
		return nil, err
	}
	if err := m.parseArtifacts(j); err != nil {
		return nil, err
	}
	if err := m.parseRemoved(j.Removed); err != nil {
		return nil, err
	}
	if err := m.parseDeckArtifacts(j.DeckArtifacts); err != nil {
		return nil, err
	}
	if err := m.parsePath(j.Path); err != nil {
		return nil, err
	}
	if err := m.checkHistory(); err != nil {
		return nil, err
	}
	m.flips = m.pathN
	m.firstHazard = m.pathN > 0 && m.path[0].IsHazard()
	m.makeDeck()
	for _, c := range m.path[:m.pathN] {
		if !m.takeFromDeck(c) {
			return nil, inputErr("path: %s: more than the deck holds (I1.3, I7.3)", c)
		}
		if c.IsArtifact() {
			m.deckArts &^= 1 << c.Temple() // on the path, out of the deck (I6.1)
		}
	}
	p := &Position{m: m, over: m.in == 0}
	if len(j.Moves) > MaxPositionMoves {
		return nil, inputErr("moves: %d, more than %d", len(j.Moves), MaxPositionMoves)
	}
	plays := false // a choose or a flip: first_turn matters (I3.5)
	for i, raw := range j.Moves {
		mv, err := parsePositionMove(raw, n)
		if err != nil {
			return nil, inputErr("moves[%d]: %v", i, err)
		}
		p.moves = append(p.moves, mv)
		plays = plays || mv.present || mv.isFlip
	}
	if j.FirstTurn != nil && *j.FirstTurn != (m.pathN == 0) && plays {
		return nil, inputErr("first_turn: %t, but the path holds %d cards (first_turn is true exactly when no card of the round has been turned; it matters to choose and flip, I3.5)", *j.FirstTurn, m.pathN)
	}
	return p, nil
}

// checkHistory refuses removed hazards and artifacts that the rounds so
// far cannot have made: each earlier round ended with at most one bust, so
// at most round-1 hazards are out (I7.2, I7.3, I8.1); one artifact enters
// the game a round, so at most round have been claimed (I3.1).
//
// The reference's own examples (its position-format sample, examples 4
// and 5) hold more artifacts in play than A1 to A<round> (a claimed one
// besides A1 in the deck in round 2), so claimed is not tied to the card
// numbers on the path and in the deck: only its count is bounded.
func (m *Match) checkHistory() error {
	removed := 0
	for _, v := range m.removed {
		removed += int(v)
	}
	if removed > m.round-1 {
		return inputErr("removed: %d hazards, but the %d rounds before round %d can have removed at most %d (one bust a round, I7.3, I8.1)", removed, m.round-1, m.round, m.round-1)
	}
	if m.claimed > m.round {
		return inputErr("claimed: %d, but only %d artifacts have entered the game by round %d (one a round, I3.1)", m.claimed, m.round, m.round)
	}
	return nil
}

// seatKey reads a seat given as an object key ("0" to players-1).
func seatKey(field, k string, n int) (int, error) {
	s, err := strconv.Atoi(k)
	if err != nil || strconv.Itoa(s) != k {
		return 0, inputErr("%s: key %q: want a seat number", field, k)
	}
	if s < 0 || s >= n {
		return 0, inputErr("%s: seat %d: want 0 to %d (I1.2)", field, s, n-1)
	}
	return s, nil
}

// parseGems reads carried, tent and pool.
func (m *Match) parseGems(j positionJSON) error {
	for k, v := range j.Carried {
		s, err := seatKey("carried", k, m.players)
		if err != nil {
			return err
		}
		if v < 0 || v > MaxPositionGems {
			return inputErr("carried[%q]: %d: want 0 to %d gems", k, v, MaxPositionGems)
		}
		if m.in&(1<<s) == 0 && v != 0 {
			return inputErr("carried[%q]: seat %d is not in the temple, so it carries nothing (I4.3)", k, s)
		}
		m.carried[s] = v
	}
	for k, v := range j.Tent {
		s, err := seatKey("tent", k, m.players)
		if err != nil {
			return err
		}
		if v < 0 || v > MaxPositionGems {
			return inputErr("tent[%q]: %d: want 0 to %d gems", k, v, MaxPositionGems)
		}
		m.tent[s] = v
	}
	if j.Pool != nil {
		if *j.Pool < 0 || *j.Pool > MaxPositionGems {
			return inputErr("pool: %d: want 0 to %d gems", *j.Pool, MaxPositionGems)
		}
		m.pool = *j.Pool
	}
	return nil
}

// parseArtifacts reads artifacts and claimed.
func (m *Match) parseArtifacts(j positionJSON) error {
	total := 0
	for k, ws := range j.Artifacts {
		s, err := seatKey("artifacts", k, m.players)
		if err != nil {
			return err
		}
		for i, w := range ws {
			if !worthAllowed(m.opts, w) {
				return inputErr("artifacts[%q][%d]: worth %d: %s", k, i, w, worthRule(m.opts))
			}
			if total++; total > Rounds {
				return inputErr("artifacts: more than the %d artifacts of the game (I1.4)", Rounds)
			}
			m.arts[s][m.artN[s]] = int8(w)
			m.artN[s]++
		}
	}
	m.claimed = total
	if j.Claimed != nil && *j.Claimed != total {
		return inputErr("claimed: %d, but artifacts lists %d (a claimed artifact always goes to a seat, I6.2)", *j.Claimed, total)
	}
	return nil
}

func worthAllowed(o Options, w int) bool {
	switch {
	case o.Diamant:
		return false
	case o.Artifacts2020:
		return slices.Contains(Artifacts2020Worth[1:], w)
	}
	return w == 5 || w == 10
}

func worthRule(o Options) string {
	switch {
	case o.Diamant:
		return "diamant has no artifacts (O1)"
	case o.Artifacts2020:
		return "want 5, 7, 8, 10 or 12 (O2)"
	}
	return "want 5 or 10 (I6.3)"
}

// parseRemoved reads removed.
func (m *Match) parseRemoved(rm map[string]int) error {
	for k, v := range rm {
		h, ok := ParseHazard(k)
		if !ok {
			return inputErr("removed: key %q: want a hazard kind: spider, snake, mummy, fire or rockfall (I1.3)", k)
		}
		if v < 0 || v >= HazardCopies {
			return inputErr("removed[%q]: %d: want 0 to %d (a kind with one card left cannot bust, I7.3)", k, v, HazardCopies-1)
		}
		m.removed[h] = uint8(v)
	}
	return nil
}

// parseDeckArtifacts reads deck_artifacts.
func (m *Match) parseDeckArtifacts(codes []string) error {
	for i, code := range codes {
		c, err := ParseCard(code)
		if err != nil {
			return inputErr("deck_artifacts[%d]: %v", i, err)
		}
		if err := m.artifactFits(c); err != nil {
			return inputErr("deck_artifacts[%d]: %v", i, err)
		}
		m.deckArts |= 1 << c.Temple()
	}
	return nil
}

// artifactFits checks that artifact c can be in play and is not yet.
func (m *Match) artifactFits(c Card) error {
	switch {
	case !c.IsArtifact():
		return fmt.Errorf("%s is not an artifact", c)
	case m.opts.Diamant:
		return fmt.Errorf("%s: diamant has no artifacts (O1)", c)
	case c.Temple() > m.round:
		return fmt.Errorf("%s: temple card %d is not turned before round %d (I3.1)", c, c.Temple(), c.Temple())
	case m.deckArts&(1<<c.Temple()) != 0:
		return fmt.Errorf("%s is listed twice", c)
	}
	return nil
}

// parsePath reads path, taking the cards out of the deck.
func (m *Match) parsePath(codes []string) error {
	if len(codes) > deckCap {
		return inputErr("path: %d cards, more than the game has", len(codes))
	}
	for i, code := range codes {
		c, err := ParseCard(code)
		if err != nil {
			return inputErr("path[%d]: %v", i, err)
		}
		switch {
		case c.IsHazard() && m.seen&(1<<c.Kind()) != 0:
			return inputErr("path[%d]: a second %s would have ended the round (I7.2)", i, code)
		case c.IsHazard():
			m.seen |= 1 << c.Kind()
		case c.IsArtifact():
			if err := m.artifactFits(c); err != nil {
				return inputErr("path[%d]: %v", i, err)
			}
			m.deckArts |= 1 << c.Temple() // taken out of the deck again below
		}
		m.path[m.pathN] = c
		m.pathN++
	}
	return nil
}

// parsePositionMove reads one entry of moves: {"choose": {...}},
// {"flip": CODE} or {"query": "deck"|"final"}.
func parsePositionMove(raw json.RawMessage, n int) (positionMove, error) {
	var j struct {
		Choose *map[string]string `json:"choose"`
		Flip   *string            `json:"flip"`
		Query  *string            `json:"query"`
	}
	if err := strictDecode(raw, &j); err != nil {
		return positionMove{}, err
	}
	k := 0
	for _, set := range []bool{j.Choose != nil, j.Flip != nil, j.Query != nil} {
		if set {
			k++
		}
	}
	if k != 1 {
		return positionMove{}, fmt.Errorf("want exactly one of choose, flip or query")
	}
	var mv positionMove
	switch {
	case j.Choose != nil:
		mv.present = true
		mv.choose = map[int]Choice{}
		for key, v := range *j.Choose {
			s, err := seatKey("choose", key, n)
			if err != nil {
				return mv, err
			}
			c, err := ParseChoice(v)
			if err != nil {
				return mv, fmt.Errorf("choose[%q]: %v", key, err)
			}
			mv.choose[s] = c
		}
	case j.Flip != nil:
		c, err := ParseCard(*j.Flip)
		if err != nil {
			return mv, fmt.Errorf("flip: %v", err)
		}
		mv.isFlip, mv.card = true, c
	default:
		if *j.Query != "deck" && *j.Query != "final" {
			return mv, fmt.Errorf("query: %q: want \"deck\" or \"final\"", *j.Query)
		}
		mv.query = *j.Query
	}
	return mv, nil
}

// Check reads one position in the position format of INCAN_GOLD.md from
// in and writes one JSON line per move or query to out, exactly as the
// format specifies. Bad input returns an *InputError (one line naming the
// field) before anything is written; a write error is returned as it is.
func Check(in io.Reader, out io.Writer) error {
	data, err := io.ReadAll(io.LimitReader(in, MaxPositionBytes+1))
	if err != nil {
		return inputErr("read the position: %v", err)
	}
	p, err := ParsePosition(data)
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, line := range p.Run() {
		b.WriteString(line)
		b.WriteByte('\n')
	}
	_, err = io.WriteString(out, b.String())
	return err
}

// Run judges the position's moves in order and returns one JSON line per
// move or query (without the newline). A legal move changes the position;
// an illegal one changes nothing.
func (p *Position) Run() []string {
	out := make([]string, 0, len(p.moves))
	for _, mv := range p.moves {
		switch {
		case mv.present:
			out = append(out, p.choose(mv.choose))
		case mv.isFlip:
			out = append(out, p.flip(mv.card))
		case mv.query == "deck":
			out = append(out, p.queryDeck())
		default:
			out = append(out, p.queryFinal())
		}
	}
	return out
}

// skipped reports whether I3.5 skips the choice step before the next card.
func (p *Position) skipped() bool {
	m := p.m
	return m.flips == 0 || m.flips == 1 && m.firstHazard
}

func illegal(rule, format string, a ...any) string {
	return fmt.Sprintf(`{"legal": false, "rule": %s, "error": %s}`, jsonString(rule), jsonString(fmt.Sprintf(format, a...)))
}

// choose judges a choice step.
func (p *Position) choose(ch map[int]Choice) string {
	m := p.m
	switch {
	case p.over:
		return illegal("I8.1", "the round is over: nobody is left in the temple")
	case p.chosen:
		return illegal("I3.3", "the choice step of this turn is over: the next card is turned first")
	case p.skipped() && len(ch) > 0:
		return illegal("I3.5", "no choice step before this card: every explorer counts as choosing torch")
	}
	var leavers uint16
	for s, c := range ch {
		if m.in&(1<<s) == 0 {
			return illegal("I3.4", "seat %d is not in the temple and makes no choice", s)
		}
		if c == Camp {
			leavers |= 1 << s
		}
	}
	if !p.skipped() && len(ch) != bits.OnesCount16(m.in) {
		for _, s := range seatList(m.in, m.players) {
			if _, ok := ch[s]; !ok {
				return illegal("I3.4", "explorer %d made no choice: every explorer chooses", s)
			}
		}
	}
	p.chosen = !p.skipped()
	var evs []Event
	if leavers != 0 {
		evs = m.leave(leavers, nil)
	}
	var b strings.Builder
	b.WriteString(`{"legal": true, "leavers": [`)
	shares, banked, taken := &strings.Builder{}, &strings.Builder{}, &strings.Builder{}
	for i, e := range evs {
		sep := ""
		if i > 0 {
			sep = ", "
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d", e.Seat)
		fmt.Fprintf(shares, `%s"%d": %d`, sep, e.Seat, e.Share)
		fmt.Fprintf(banked, `%s"%d": %d`, sep, e.Seat, e.Banked)
		if len(e.Worths) > 0 {
			fmt.Fprintf(taken, `"%d": %s`, e.Seat, intList(e.Worths))
		}
	}
	over := m.in == 0
	if over {
		p.closeRound()
	}
	fmt.Fprintf(&b, `], "shares": {%s}, "pool": %d, "banked": {%s}, "artifacts_taken": {%s}, "round_over": %t}`,
		shares, leaversPool(evs, m), banked, taken, over)
	return b.String()
}

// leaversPool is the pool after the leavers took their shares (before a
// round end sends it to the supply).
func leaversPool(evs []Event, m *Match) int {
	if len(evs) > 0 {
		return evs[len(evs)-1].Pool
	}
	return m.pool
}

// closeRound applies I8.2 and I8.3 to the position.
func (p *Position) closeRound() {
	p.m.closeRound(nil)
	p.m.makeDeck()
	p.over = true
}

// flip judges the turning of card c.
func (p *Position) flip(c Card) string {
	m := p.m
	switch {
	case p.over:
		return illegal("I8.1", "the round is over: no card is turned")
	case !p.chosen && !p.skipped():
		return illegal("I3.5", "a choice step comes before this card: choose first")
	case c.IsArtifact() && m.opts.Diamant:
		return illegal("O1", "diamant has no artifacts")
	}
	if !m.takeFromDeck(c) {
		return illegal("I3.1", "%s is not in the deck", c)
	}
	p.chosen = false
	explorers := m.in
	evs, bust := m.turnCard(c, nil)
	e := evs[0]
	if bust {
		var lost strings.Builder
		for _, s := range seatList(explorers, m.players) {
			if lost.Len() > 0 {
				lost.WriteString(", ")
			}
			fmt.Fprintf(&lost, `"%d": %d`, s, e.Lost[s])
		}
		p.closeRound()
		return fmt.Sprintf(`{"legal": true, "card": %s, "bust": true, "lost": {%s}, "removed": %s, "round_over": true}`,
			jsonString(c.String()), lost.String(), jsonString(c.Kind().String()))
	}
	return fmt.Sprintf(`{"legal": true, "card": %s, "each": %d, "pool": %d, "bust": false, "round_over": false}`,
		jsonString(c.String()), e.Each, e.Pool)
}

// queryDeck answers {"query": "deck"}.
func (p *Position) queryDeck() string {
	m := p.m
	d := m.deckMakeup()
	var hz strings.Builder
	for h := range Kinds {
		if h > 0 {
			hz.WriteString(", ")
		}
		fmt.Fprintf(&hz, `"%s": %d`, Hazard(h), d.Hazards[h])
	}
	bust := 0
	for h := range Kinds {
		if m.seen&(1<<h) != 0 {
			bust += d.Hazards[h]
		}
	}
	return fmt.Sprintf(`{"deck": {"treasure": %d, "hazard": {%s}, "artifact": %d}, "bust_cards": %d}`,
		len(d.Treasures), hz.String(), len(d.Artifacts), bust)
}

// queryFinal answers {"query": "final"}: scores as if the game ended now
// (I9; carried gems do not count).
func (p *Position) queryFinal() string {
	m := p.m
	var sc strings.Builder
	for s := range m.players {
		if s > 0 {
			sc.WriteString(", ")
		}
		fmt.Fprintf(&sc, `"%d": %d`, s, m.Score(s))
	}
	return fmt.Sprintf(`{"scores": {%s}, "winners": %s, "tiebreak": %s}`, sc.String(), intList(m.winners()),
		jsonString(m.TiebreakName()))
}

func intList(xs []int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(x))
	}
	b.WriteByte(']')
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
