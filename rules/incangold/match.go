package incangold

import (
	"fmt"
	"math/bits"

	"github.com/goldvein/goldvein/rules"
)

// deckCap is the most cards a deck can hold: 15 treasures, 15 hazards and
// the 5 artifacts (I1.3, I1.4).
const deckCap = 35

// Match is one game of Incan Gold in progress (rules.Match): five rounds of
// I3-I8 and the scoring of I9. It is changed only by Apply; everything a
// seat may know of it comes from View. A Match is a plain value of fixed
// size (no pointers, no slices): Clone copies it in one assignment, random
// generator included, which is what a bot's search needs.
type Match struct {
	opts    Options
	players int
	rng     rules.RNG
	round   int // 1 to 5 (I1.1)
	start   int // the start player of this round (I2.4, I8.4)
	step    int // counts the choice steps opened, and the end (rules.Match.Step)
	over    bool
	// seed and dealt say how NewMatch dealt the match, so that Opening can
	// deal it again for its events (a match read from a position has none).
	seed  uint64
	dealt bool

	// deck holds the cards of the quest deck, in no order: each flip draws
	// one of them from the generator, which is a shuffle done a card at a
	// time (I2.2, I3.1, I8.3).
	deck  [deckCap]Card
	deckN int
	path  [deckCap]Card // this round's path, in the order turned (I3.3)
	pathN int
	pool  int   // the path pool (I4.1)
	seen  uint8 // hazard kinds on the path this round, bit per kind (I7.1)
	// flips counts the cards turned this round and firstHazard says
	// whether the first was a hazard: the choice step skips of I3.5 (the
	// path may be shorter, since a lone leaver takes artifacts off it).
	flips       int
	firstHazard bool
	turn        int // choice steps held this round

	in       uint16 // explorers in the temple, bit per seat (I3.2, I3.6)
	sealed   uint16 // explorers who sealed a choice this step (I3.4)
	camp     uint16 // of those, the ones who chose camp (I3.6)
	revealed [MaxPlayers]Choice

	removed  [Kinds]uint8 // hazard cards out of the game, per kind (I7.3)
	deckArts uint8        // artifacts in the deck, bit per temple number (I3.1, I6.5)
	claimed  int          // artifacts claimed in the game (I6.3)

	carried [MaxPlayers]int          // gems at risk (I5.2)
	tent    [MaxPlayers]int          // banked gems (I4.3)
	arts    [MaxPlayers][Rounds]int8 // worth of each claimed artifact (I6.3, O2)
	artN    [MaxPlayers]int8

	history [Rounds]roundRecord
}

// roundRecord is what one round left behind, for View.History.
type roundRecord struct {
	bust      Card // the busting hazard, or 0 (I7.2)
	banked    [MaxPlayers]int
	artWorth  [MaxPlayers]int
	poolLost  int
	artsLost  uint8 // artifacts removed from the path at the end (I8.2)
	artsTaken uint8
}

// NewMatch starts a match for players seats: the deck of round 1 is made,
// the first card turned (and a second, if the first is a hazard: I3.5), and
// the first choice step opened. It returns the events of all that, or an
// error naming the option or the rule.
func NewMatch(players int, opts Options, seed uint64) (*Match, []Event, error) {
	if err := opts.Validate(players); err != nil {
		return nil, nil, err
	}
	m := &Match{opts: opts.normalized(), players: players, rng: rules.NewRNG(seed), seed: seed, dealt: true}
	m.start = opts.StartPlayer
	if m.start == DrawStart {
		m.start = m.rng.IntN(players) // I2.4
	}
	evs := m.startRound(1, nil)
	evs = m.proceed(evs)
	return m, evs, nil
}

// Opening returns the events of the deal (rules.Opener), unredacted, in
// order: round 1 started, its first card turned (two if the first is a
// hazard: I3.5) and the first choice step opened (I3.3), the events
// NewMatch returned. The table hands them to every seat before any move
// and Record.Replay returns them first, so a resumed game's screen and
// computer players learn round 1 from its start. A match read from a
// position (ReadPosition) was not dealt here and has none.
func (m *Match) Opening() []rules.Event {
	if !m.dealt {
		return nil
	}
	// Dealing again from the same options and seed makes the same events:
	// the generator is the only source of chance (I2.2).
	_, evs, err := NewMatch(m.players, m.opts, m.seed)
	if err != nil {
		return nil
	}
	out := make([]rules.Event, len(evs))
	for i, e := range evs {
		out[i] = e
	}
	return out
}

// Clone returns an independent copy of the match, its generator included.
func (m *Match) Clone() *Match {
	c := *m
	return &c
}

// Options returns the match's table options (after "diamant turns off
// artifacts2020 and tiebreak_value").
func (m *Match) Options() Options { return m.opts }

// Players is the number of seats.
func (m *Match) Players() int { return m.players }

// Round is the round being played, 1 to 5 (I1.1); 5 once the game is over.
func (m *Match) Round() int { return m.round }

// Start is the start player of the round (I2.4, I8.4).
func (m *Match) Start() int { return m.start }

// InTemple reports whether seat is an explorer of the round (I3.2, I3.6).
func (m *Match) InTemple(seat int) bool { return seat >= 0 && seat < m.players && m.in&(1<<seat) != 0 }

// Carried is seat's gems at risk (I5.2).
func (m *Match) Carried(seat int) int { return m.carried[seat] }

// Tent is seat's banked gems (I4.3), a hidden fact (see View).
func (m *Match) Tent(seat int) int { return m.tent[seat] }

// Pool is the path pool (I4.1).
func (m *Match) Pool() int { return m.pool }

// Path returns a copy of this round's path, in the order turned.
func (m *Match) Path() []Card { return append([]Card(nil), m.path[:m.pathN]...) }

// DeckSize is the number of cards in the deck (public: I3.1).
func (m *Match) DeckSize() int { return m.deckN }

// Removed is the number of cards of hazard kind h out of the game (I7.3).
func (m *Match) Removed(h Hazard) int { return int(m.removed[h]) }

// Claimed is the number of artifacts claimed so far in the game (I6.3).
func (m *Match) Claimed() int { return m.claimed }

// ArtifactWorths returns the worths of seat's claimed artifacts, in the
// order claimed (I6.3, O2).
func (m *Match) ArtifactWorths(seat int) []int {
	out := make([]int, m.artN[seat])
	for i := range out {
		out[i] = int(m.arts[seat][i])
	}
	return out
}

// Step changes whenever a new choice step opens and when the game ends; a
// choice made at one step and submitted at another is stale. Sealing a
// choice does not change it, so the other explorers' pending choices stay
// good (I3.4).
func (m *Match) Step() int { return m.step }

// Over reports whether the five rounds are played (I8.5).
func (m *Match) Over() bool { return m.over }

// ToMove lists, in seat order, every explorer in the temple who has not
// yet sealed a choice in the open choice step (I3.4): all the explorers at
// once when the step opens. Nobody owes a move once the game is over.
func (m *Match) ToMove() []int {
	if m.over {
		return nil
	}
	owe := m.in &^ m.sealed
	out := make([]int, 0, bits.OnesCount16(owe))
	for s := range m.players {
		if owe&(1<<s) != 0 {
			out = append(out, s)
		}
	}
	return out
}

// Owes reports whether seat owes a sealed choice now (I3.4).
func (m *Match) Owes(seat int) bool {
	return !m.over && seat >= 0 && seat < m.players && (m.in&^m.sealed)&(1<<seat) != 0
}

// Legal lists seat's moves (Move values): camp first, the safe default
// for a seat whose time ran out, since banking can never lose gems (I4.3);
// then torch. None when seat owes no choice.
func (m *Match) Legal(seat int) []rules.Move {
	if !m.Owes(seat) {
		return nil
	}
	return []rules.Move{Move{Choice: Camp}, Move{Choice: Torch}}
}

// check returns why seat may not make move mv now, or nil.
func (m *Match) check(seat int, mv Move) error {
	switch {
	case m.over:
		return rules.Refuse("I8.5", "the game is over: five rounds have been played")
	case seat < 0 || seat >= m.players:
		return rules.Refuse("I1.2", "seat %d: the table has seats 0 to %d", seat, m.players-1)
	case mv.Choice != Torch && mv.Choice != Camp:
		return rules.Refuse("I3.3", "a choice is torch or camp")
	case m.in&(1<<seat) == 0:
		return rules.Refuse("I3.6", "seat %d has left the temple this round and makes no more choices", seat)
	case m.sealed&(1<<seat) != 0:
		return rules.Refuse("I3.4", "seat %d has already sealed its choice this turn; it cannot be changed", seat)
	}
	return nil
}

// Apply seals seat's choice (I3.4); mv is a Move or a *Move. When it is
// the last explorer's, every choice is revealed at once, the leavers leave
// (I4, I6.2), and cards are turned (I5-I7) until the next choice step opens
// or the game ends (I8, I9). A refused move returns a *rules.RuleError
// citing the rule and changes nothing. The events are Event values,
// unredacted.
func (m *Match) Apply(seat int, mv rules.Move) ([]rules.Event, error) {
	var c Choice
	switch x := mv.(type) {
	case Move:
		c = x.Choice
	case *Move:
		if x != nil {
			c = x.Choice
		}
	default:
		return nil, rules.Refuse("I3.3", "%T is not an Incan Gold move (torch or camp)", mv)
	}
	evs, err := m.Play(seat, c, nil)
	if err != nil {
		return nil, err
	}
	out := make([]rules.Event, len(evs))
	for i, e := range evs {
		out[i] = e
	}
	return out, nil
}

// Play is Apply for typed callers (bots, sims, tests): it seals seat's
// choice c and appends the events to evs, which it returns. A refused move
// returns a *rules.RuleError citing the rule and changes nothing.
func (m *Match) Play(seat int, c Choice, evs []Event) ([]Event, error) {
	if err := m.check(seat, Move{Choice: c}); err != nil {
		return evs, err
	}
	return m.apply(seat, c, evs), nil
}

// apply is Apply without the check, appending to evs.
func (m *Match) apply(seat int, c Choice, evs []Event) []Event {
	bit := uint16(1) << seat
	m.sealed |= bit
	if c == Camp {
		m.camp |= bit
	}
	evs = append(evs, Event{Type: Sealed, Seat: seat, Round: m.round, Step: m.step, Choice: c})
	if m.sealed != m.in {
		return evs
	}
	return m.reveal(evs)
}

// reveal shows every sealed choice at once (I3.4) and resolves the
// leavers (I4, I6.2) before the next card (I4.5, IR2).
func (m *Match) reveal(evs []Event) []Event {
	e := Event{Type: Revealed, Seat: -1, Round: m.round, Step: m.step, Choices: make([]Choice, m.players)}
	for s := range m.players {
		m.revealed[s] = NoChoice
		if m.in&(1<<s) != 0 {
			c := Torch
			if m.camp&(1<<s) != 0 {
				c = Camp
			}
			m.revealed[s], e.Choices[s] = c, c
		}
	}
	evs = append(evs, e)
	if leavers := m.camp; leavers != 0 {
		evs = m.leave(leavers, evs)
	}
	m.sealed, m.camp = 0, 0
	return m.proceed(evs)
}

// leave resolves the leavers of a turn: the pool shared (I4.2), what they
// carry banked (I4.3), and the artifacts taken by a lone leaver (I6.2).
func (m *Match) leave(leavers uint16, evs []Event) []Event {
	l := bits.OnesCount16(leavers)
	share := m.pool / l
	m.pool %= l
	rec := &m.history[m.round-1]
	for s := range m.players {
		if leavers&(1<<s) == 0 {
			continue
		}
		e := Event{Type: Left, Seat: s, Round: m.round, Carried: m.carried[s], Share: share}
		e.Banked = m.carried[s] + share
		m.tent[s] += e.Banked
		rec.banked[s] += e.Banked
		m.carried[s] = 0
		m.in &^= 1 << s
		if l == 1 {
			e.Cards, e.Worths = m.takeArtifacts(s)
			for _, w := range e.Worths {
				rec.artWorth[s] += w
			}
		}
		e.Pool = m.pool
		evs = append(evs, e)
	}
	return evs
}

// takeArtifacts moves every artifact on the path to seat, numbering them
// one after another in the claim order (I6.2, I6.3, IR5, O2).
func (m *Match) takeArtifacts(seat int) (cards []Card, worths []int) {
	k := 0
	for _, c := range m.path[:m.pathN] {
		if !c.IsArtifact() {
			m.path[k] = c
			k++
			continue
		}
		m.claimed++
		w := ClaimWorth(m.opts, c, m.claimed)
		m.arts[seat][m.artN[seat]] = int8(w)
		m.artN[seat]++
		m.history[m.round-1].artsTaken |= 1 << c.Temple()
		cards, worths = append(cards, c), append(worths, w)
	}
	m.pathN = k
	return cards, worths
}

// ClaimWorth is the worth of artifact card c claimed as the nth artifact of
// the game (n from 1): 5 for the first three and 10 for the 4th and 5th
// (I6.3), or the artifact's own number with artifacts2020 (O2).
func ClaimWorth(o Options, c Card, n int) int {
	if o.Artifacts2020 && !o.Diamant {
		return Artifacts2020Worth[c.Temple()]
	}
	if n <= 3 {
		return 5
	}
	return 10
}

// proceed turns cards until a choice step opens or the game ends: the
// round ends when nobody is left (I8.1) or on a bust (I7.2), and the
// choice step is skipped before the first card and after a first-card
// hazard (I3.5, IR3).
func (m *Match) proceed(evs []Event) []Event {
	for {
		if m.in == 0 {
			evs = m.endRound(evs)
			if m.over {
				return evs
			}
			continue
		}
		var bust bool
		evs, bust = m.flip(evs)
		if bust {
			evs = m.endRound(evs)
			if m.over {
				return evs
			}
			continue
		}
		if m.flips == 1 && m.firstHazard {
			continue // I3.5: the second card comes at once
		}
		m.step++
		m.turn++
		return append(evs, Event{Type: ChoiceOpened, Seat: -1, Round: m.round, Step: m.step, Seats: seatList(m.in, m.players)})
	}
}

// flip turns the top card of the deck and resolves it for the explorers
// (I3.3, I5, I6.1, I7). It reports a bust.
func (m *Match) flip(evs []Event) ([]Event, bool) {
	if m.deckN == 0 {
		// I7.4: the hazards always bust before the deck runs out.
		panic(fmt.Sprintf("incangold: the deck ran out in round %d (I7.4)", m.round))
	}
	j := m.rng.IntN(m.deckN)
	c := m.deck[j]
	m.deckN--
	m.deck[j] = m.deck[m.deckN]
	return m.turnCard(c, evs)
}

// takeFromDeck removes one card c from the deck, reporting whether it was
// there (for the position format, where a flip names its card).
func (m *Match) takeFromDeck(c Card) bool {
	for j, x := range m.deck[:m.deckN] {
		if x == c {
			m.deckN--
			m.deck[j] = m.deck[m.deckN]
			return true
		}
	}
	return false
}

// turnCard resolves card c, just taken from the deck, for the explorers
// (I5, I6.1, I7). It reports a bust.
func (m *Match) turnCard(c Card, evs []Event) ([]Event, bool) {
	n := bits.OnesCount16(m.in)
	e := Event{Type: Flipped, Seat: -1, Round: m.round, Card: c, Explorers: n}
	if m.flips++; m.flips == 1 {
		m.firstHazard = c.IsHazard()
	}
	switch {
	case c.IsTreasure(): // I5.1
		v := c.Value()
		e.Each = v / n
		m.pool += v % n
		for s := range m.players {
			if m.in&(1<<s) != 0 {
				m.carried[s] += e.Each
			}
		}
	case c.IsHazard() && m.seen&(1<<c.Kind()) != 0: // I7.2, I7.3
		e.Type, e.Lost = Bust, make([]int, m.players)
		for s := range m.players {
			if m.in&(1<<s) != 0 {
				e.Lost[s] = m.carried[s]
				m.carried[s] = 0
			}
		}
		m.removed[c.Kind()]++
		m.history[m.round-1].bust = c
		m.in = 0
		e.Pool = m.pool
		return append(evs, e), true
	case c.IsHazard(): // I7.1
		m.seen |= 1 << c.Kind()
	case c.IsArtifact(): // I6.1
		m.deckArts &^= 1 << c.Temple()
	}
	m.path[m.pathN] = c
	m.pathN++
	e.Pool = m.pool
	return append(evs, e), false
}

// startRound begins round r: the temple card's artifact is shuffled in,
// the deck is made of every card not out of the game, and every player
// enters the temple (I3.1, I3.2). The start player is already set.
func (m *Match) startRound(r int, evs []Event) []Event {
	m.round, m.turn, m.pool, m.pathN, m.seen = r, 0, 0, 0, 0
	m.flips, m.firstHazard = 0, false
	m.in = uint16(1)<<m.players - 1
	m.sealed, m.camp = 0, 0
	m.carried = [MaxPlayers]int{}
	m.revealed = [MaxPlayers]Choice{}
	var art Card
	if !m.opts.Diamant { // O1
		art = Artifact(r)
		m.deckArts |= 1 << r
	}
	m.makeDeck()
	return append(evs, Event{Type: RoundStarted, Seat: m.start, Round: r, Card: art, Deck: m.deckN})
}

// makeDeck puts every card that is not out of the game into the deck: the
// 15 treasures, the hazards not removed and the artifacts in it (I3.1,
// I8.3).
func (m *Match) makeDeck() {
	n := 0
	for _, v := range TreasureValues {
		m.deck[n] = Treasure(v)
		n++
	}
	for h := range Hazard(Kinds) {
		for range HazardCopies - int(m.removed[h]) {
			m.deck[n] = HazardCard(h)
			n++
		}
	}
	for t := 1; t <= Rounds; t++ {
		if m.deckArts&(1<<t) != 0 {
			m.deck[n] = Artifact(t)
			n++
		}
	}
	m.deckN = n
}

// endRound ends the round (I8): closeRound, then either the start player
// passes left and the next round begins (I8.4) or the game is scored
// (I8.5, I9).
func (m *Match) endRound(evs []Event) []Event {
	evs = m.closeRound(evs)
	if m.round == Rounds {
		m.over = true
		m.step++
		scores, winners := m.Scores(), m.Winners()
		tents := make([]int, m.players)
		copy(tents, m.tent[:m.players])
		return append(evs, Event{Type: GameEnded, Seat: -1, Round: m.round, Scores: scores, Winners: winners,
			Tents: tents, Tiebreak: m.TiebreakName()})
	}
	m.start = (m.start + 1) % m.players
	return m.startRound(m.round+1, evs)
}

// closeRound does I8.1-I8.3: the pool goes back to the supply, the
// artifacts on the path are removed from the game, the path goes back
// into the deck (made again at the next round's start) and nobody is left
// in the temple.
func (m *Match) closeRound(evs []Event) []Event {
	rec := &m.history[m.round-1]
	e := Event{Type: RoundEnded, Seat: -1, Round: m.round, Pool: m.pool}
	rec.poolLost = m.pool
	m.pool = 0
	for _, c := range m.path[:m.pathN] {
		if c.IsArtifact() {
			e.Cards = append(e.Cards, c)
			rec.artsLost |= 1 << c.Temple()
		}
	}
	m.pathN, m.seen, m.flips, m.firstHazard = 0, 0, 0, false
	m.in, m.sealed, m.camp = 0, 0, 0
	m.carried = [MaxPlayers]int{} // I9.1: nothing is carried between rounds
	return append(evs, e)
}

// Score is seat's score now: its tent plus the worth of its claimed
// artifacts (I9.1). Carried gems do not count.
func (m *Match) Score(seat int) int {
	s := m.tent[seat]
	for _, w := range m.arts[seat][:m.artN[seat]] {
		s += int(w)
	}
	return s
}

// Scores are every seat's final score once the game is over (I9.1), nil
// before.
func (m *Match) Scores() []int {
	if !m.over {
		return nil
	}
	out := make([]int, m.players)
	for s := range out {
		out[s] = m.Score(s)
	}
	return out
}

// Winners lists the seats that won once the game is over, nil before: the
// highest score, then the most artifacts (I9.3) or their largest worth
// (I9.4), and a shared win when still tied (IR10).
func (m *Match) Winners() []int {
	if !m.over {
		return nil
	}
	return m.winners()
}

func (m *Match) winners() []int {
	score := make([]int, m.players)
	tie := make([]int, m.players)
	for s := range m.players {
		score[s] = m.Score(s)
		if m.opts.TiebreakValue {
			tie[s] = score[s] - m.tent[s]
		} else {
			tie[s] = int(m.artN[s])
		}
	}
	return Winners(score, tie)
}

// Winners returns the seats with the highest score, and among them those
// with the highest tiebreak (I9.2-I9.4); every seat left shares the win.
func Winners(score, tiebreak []int) []int {
	var out []int
	for s := range score {
		if len(out) == 0 {
			out = append(out, s)
			continue
		}
		b := out[0]
		switch {
		case score[s] > score[b] || score[s] == score[b] && tiebreak[s] > tiebreak[b]:
			out = append(out[:0], s)
		case score[s] == score[b] && tiebreak[s] == tiebreak[b]:
			out = append(out, s)
		}
	}
	return out
}

// TiebreakName is "count" (I9.3) or "value" (I9.4, O3).
func (m *Match) TiebreakName() string { return tiebreakName(m.opts) }

func tiebreakName(o Options) string {
	if o.TiebreakValue && !o.Diamant {
		return "value"
	}
	return "count"
}

// seatList lists the seats of mask in order.
func seatList(mask uint16, players int) []int {
	out := make([]int, 0, bits.OnesCount16(mask))
	for s := range players {
		if mask&(1<<s) != 0 {
			out = append(out, s)
		}
	}
	return out
}
