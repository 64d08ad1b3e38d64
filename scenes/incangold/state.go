package incangold

import (
	"fmt"
	"os"
	"slices"
	"time"

	igart "github.com/goldvein/goldvein/sprites/incangold"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

// igMatch is an Incan Gold game in progress as the screens see it: the
// table, who is human, and the table as the screen has shown it so far
// (igState), which follows the public stream one event at a time, at the
// pace of the motion.
type igMatch struct {
	setup    igSetup
	table    igTable
	names    []string
	humans   []int
	autoplay bool
	replay   bool // a finished game's position in the replay viewer (replay.go): no one chooses, no play keys
	feed     []igItem
	st       igState
	final    *incangold.View // the public view once the game is over
	lan      *scenes.LanLink // a LAN game's link (lan.go), else nil
	log      scenes.Log      // the whole game's log, as the screen has shown it (log.go)
	// rewind is the last move taken back met in the stream (igItem.rewind),
	// until the board starts afresh from it; nil: none.
	rewind *igItem
}

func newIGMatch(a *scenes.App, s igSetup) (*igMatch, error) {
	return newIGMatchSaved(a, s, true)
}

// newIGMatchSaved is newIGMatch, with the autosave (autosave-incangold.json
// beside Saboteur's autosave.json, and the setup beside it) when save is
// set.
func newIGMatchSaved(a *scenes.App, s igSetup, save bool) (*igMatch, error) {
	if s.Seed == 0 {
		s.Seed = uint64(scenes.Now().UnixNano())
	}
	if err := s.validate(); err != nil {
		return nil, err
	}
	s.Seats = scenes.HotseatNames(a, s.Seats) // never two "You" at one screen (issue 25 item 4)
	m := newIGMatchOf(a, s)
	var saver game.Saver
	if save {
		saver = igSaver(a)
		if err := igSaveSetup(a, s); err != nil {
			fmt.Fprintln(os.Stderr, "goldvein:", err)
		}
	}
	t, err := newIGGameTable(s, m.names, igDelay(a), saver)
	if err != nil {
		return nil, err
	}
	t.t.SetUndoWait(scenes.HumanMoveWait(a)) // computer players give Undo time (issue 22)
	m.table = t
	return m, nil
}

// newIGMatchOf is the match of setup s before its table is set.
func newIGMatchOf(a *scenes.App, s igSetup) *igMatch {
	m := &igMatch{setup: s, autoplay: a.Cfg.Autoplay}
	m.log.SeatColor = igSeatColor // a seat's log lines in its colour, at each draw (log.go)
	for i, st := range s.Seats {
		name := st.Name
		if name == "" {
			name = a.T("scene.bot.name", "n", i+1)
		}
		m.names = append(m.names, name)
		if st.Human {
			m.humans = append(m.humans, i)
		}
	}
	m.st = newIGState(len(s.Seats), s.Options)
	return m
}

// igDelay is the computer players' base pause (none with --autoplay or
// fast bots).
func igDelay(a *scenes.App) time.Duration {
	if a.Cfg.Autoplay || a.Cfg.FastBots {
		return 0
	}
	return time.Duration(float64(1100*time.Millisecond) / a.Settings.AnimSpeed)
}

// newIGAutoplayMatch is --autoplay --game incangold: cfg.Players computer
// players, fast, of the levels in turn (normal, hard, easy, ...): players
// of one level choose alike, and a table of them would all leave together.
func newIGAutoplayMatch(a *scenes.App) (*igMatch, error) {
	s := igSetup{Options: incangold.DefaultOptions(), Seed: a.Cfg.Seed}
	s.Options.StartPlayer = 0
	s.Seats = igAutoplaySeats(a)
	return newIGMatchSaved(a, s, false)
}

// igAutoplaySeats are --autoplay's seats (cfg.Players of them, 5 if unset).
func igAutoplaySeats(a *scenes.App) []scenes.SeatSetup {
	n := a.Cfg.Players
	if n == 0 {
		n = 5
	}
	var seats []scenes.SeatSetup
	for i := 0; i < n; i++ {
		seats = append(seats, scenes.SeatSetup{Name: a.T("scene.bot.name", "n", i+1), Level: [3]string{"normal", "hard", "easy"}[i%3]})
	}
	return seats
}

func (m *igMatch) isHuman(seat int) bool { return slices.Contains(m.humans, seat) }

// hotseat: two or more humans share the screen (the curtain between them).
func (m *igMatch) hotseat() bool { return len(m.humans) >= 2 }

func (m *igMatch) name(seat int) string {
	if seat >= 0 && seat < len(m.names) {
		return m.names[seat]
	}
	return "?"
}

// pop takes the next event of the stream (false: nothing new).
func (m *igMatch) pop() (igItem, bool) {
	m.takeFeed()
	if len(m.feed) == 0 || m.rewind != nil {
		return igItem{}, false
	}
	it := m.feed[0]
	m.feed = m.feed[1:]
	return it, true
}

// takeFeed moves the table's new items into the feed; a move taken back
// (igItem.rewind) drops what was not shown before it and waits in
// m.rewind for the board to start afresh (igBoardScene.rewound).
func (m *igMatch) takeFeed() {
	m.feed = append(m.feed, m.table.Take()...)
	for i := len(m.feed) - 1; i >= 0; i-- {
		if m.feed[i].rewind {
			it := m.feed[i]
			m.rewind = &it
			m.feed = slices.Clone(m.feed[i+1:])
			return
		}
	}
}

// peek is the next event without taking it.
func (m *igMatch) peek() (igItem, bool) {
	m.takeFeed()
	if len(m.feed) == 0 || m.rewind != nil {
		return igItem{}, false
	}
	return m.feed[0], true
}

// igPathCard is one card of the path as shown: the card, the gems of its
// remainder still lying on it (I4.1, I5.1) and the tick it was turned.
type igPathCard struct {
	card incangold.Card
	gems int
	born int
	bust bool // the busting hazard, shown at the path's end though out of the game (I7.3)
}

// igRound is one finished round as the screen saw it: what each seat
// brought home (gems banked and artifacts' worth, public as they happen:
// shares, pool takings and claims are made in the open), what each lost in
// a collapse, and the busting hazard.
type igRound struct {
	banked, arts, lost []int
	bust               incangold.Card
	poolLost           int
	removed            []incangold.Card
}

// igState is the table as the screen shows it, built from the public
// events (and so never knowing more than a spectator): the path, the pool,
// every seat's panel and what the deck holds.
type igState struct {
	n         int
	opts      incangold.Options
	round     int
	start     int
	path      []igPathCard
	pool      int
	in        []bool
	carried   []int
	tents     []int   // banked so far, from the public Left events; shown only to its owner (or all with open tents)
	artifacts [][]int // worth of each seat's claimed artifacts
	owes      []bool  // the explorers of the open choice step
	sealed    []bool
	choices   []incangold.Choice // the last reveal's choices
	revealAt  int                // the tick of the last reveal
	removed   [incangold.Kinds]int
	deckArts  []incangold.Card // artifacts shown and shuffled in, never drawn (I3.1, I6.5)
	claimed   int
	rounds    []igRound
	cur       igRound
	over      bool
	end       incangold.Event
}

func newIGState(n int, o incangold.Options) igState {
	s := igState{n: n, opts: o, in: make([]bool, n), carried: make([]int, n), tents: make([]int, n),
		artifacts: make([][]int, n), owes: make([]bool, n), sealed: make([]bool, n), choices: make([]incangold.Choice, n)}
	s.cur = s.newRound()
	return s
}

func (s *igState) newRound() igRound {
	return igRound{banked: make([]int, s.n), arts: make([]int, s.n), lost: make([]int, s.n)}
}

// apply moves the shown table on by one public event; tick is now.
func (s *igState) apply(e incangold.Event, tick int) {
	switch e.Type {
	case incangold.RoundStarted: // I3.1, I3.2
		s.round, s.start = e.Round, e.Seat
		s.path, s.pool = s.path[:0], 0
		for i := range s.in {
			s.in[i], s.carried[i], s.owes[i], s.sealed[i], s.choices[i] = true, 0, false, false, incangold.NoChoice
		}
		if e.Card.IsArtifact() {
			s.deckArts = append(s.deckArts, e.Card)
		}
		s.cur = s.newRound()
	case incangold.Flipped: // I5, I6.1, I7.1
		pc := igPathCard{card: e.Card, born: tick}
		if e.Card.IsTreasure() {
			for i := range s.in {
				if s.in[i] {
					s.carried[i] += e.Each
				}
			}
			pc.gems = e.Card.Value() - e.Each*max(e.Explorers, 1)
		}
		if e.Card.IsArtifact() {
			s.deckArts = slices.DeleteFunc(s.deckArts, func(c incangold.Card) bool { return c == e.Card })
		}
		s.pool = e.Pool
		s.path = append(s.path, pc)
	case incangold.Bust: // I7.2, I7.3
		s.path = append(s.path, igPathCard{card: e.Card, born: tick, bust: true})
		for i := range s.in {
			if i < len(e.Lost) {
				s.cur.lost[i] += e.Lost[i]
			}
			s.carried[i], s.in[i] = 0, false
		}
		s.removed[e.Card.Kind()]++
		s.cur.bust = e.Card
	case incangold.ChoiceOpened: // I3.3
		for i := range s.owes {
			s.owes[i], s.sealed[i] = false, false
		}
		for _, seat := range e.Seats {
			s.owes[seat] = true
		}
	case incangold.Sealed: // I3.4
		s.sealed[e.Seat] = true
	case incangold.Revealed: // I3.4
		copy(s.choices, e.Choices)
		s.revealAt = tick
		for i := range s.owes {
			s.owes[i] = false
		}
	case incangold.Left: // I4.2, I4.3, I6.2
		s.in[e.Seat], s.carried[e.Seat] = false, 0
		s.tents[e.Seat] += e.Banked
		s.cur.banked[e.Seat] += e.Banked
		s.artifacts[e.Seat] = append(s.artifacts[e.Seat], e.Worths...)
		for _, w := range e.Worths {
			s.cur.arts[e.Seat] += w
		}
		s.claimed += len(e.Cards)
		if len(e.Cards) > 0 {
			s.path = slices.DeleteFunc(s.path, func(p igPathCard) bool { return p.card.IsArtifact() })
		}
		s.pool = e.Pool
		s.spreadPool()
	case incangold.RoundEnded: // I8.1, I8.2
		s.cur.poolLost = e.Pool
		s.cur.removed = append([]incangold.Card(nil), e.Cards...)
		for i := range s.in {
			s.in[i], s.carried[i], s.owes[i] = false, 0, false
		}
		s.rounds = append(s.rounds, s.cur)
	case incangold.GameEnded: // I9
		s.over, s.end = true, e
	}
}

// spreadPool lays what is left of the pool back on the path's treasure
// cards, at most each card's own remainder, the earliest first: the
// rulebook says it does not matter which card leftover gems lie on (I4.1).
func (s *igState) spreadPool() {
	left := s.pool
	for i := range s.path {
		c := s.path[i].card
		if !c.IsTreasure() {
			continue
		}
		g := min(s.path[i].gems, left)
		s.path[i].gems = g
		left -= g
	}
	if left > 0 {
		for i := len(s.path) - 1; i >= 0; i-- {
			if s.path[i].card.IsTreasure() {
				s.path[i].gems += left
				break
			}
		}
	}
}

// deck is what the deck holds now, from the cards seen (public, I3.1):
// the treasures not on the path, the hazards neither removed nor on the
// path, and the artifacts shown and not yet drawn.
func (s *igState) deck() incangold.Deck {
	d := incangold.Deck{Hazards: make([]int, incangold.Kinds), Artifacts: append([]incangold.Card{}, s.deckArts...)}
	onPath := map[int]int{}
	for _, p := range s.path {
		if p.card.IsTreasure() {
			onPath[p.card.Value()]++
		}
	}
	for _, v := range incangold.TreasureValues {
		if onPath[v] > 0 {
			onPath[v]--
			continue
		}
		d.Treasures = append(d.Treasures, v)
	}
	for h := range incangold.Kinds {
		d.Hazards[h] = incangold.HazardCopies - s.removed[h] - s.onPath(incangold.Hazard(h))
	}
	slices.Sort(d.Artifacts)
	return d
}

// onPath counts the hazards of kind h on the path.
func (s *igState) onPath(h incangold.Hazard) int {
	n := 0
	for _, p := range s.path {
		if p.card.IsHazard() && p.card.Kind() == h && !p.bust {
			n++
		}
	}
	return n
}

// bustChance is the chance that the next card ends the round (I7.2).
func (s *igState) bustChance() (cards, size int) {
	d := s.deck()
	size = d.Size()
	for h, k := range d.Hazards {
		if s.onPath(incangold.Hazard(h)) > 0 {
			cards += k
		}
	}
	return cards, size
}

// explorers counts the seats in the temple.
func (s *igState) explorers() int {
	n := 0
	for _, in := range s.in {
		if in {
			n++
		}
	}
	return n
}

// igArtKey picks one card art per width and palette.
type igArtKey struct {
	w  int
	cb bool
}

// igArtsKey is where an app keeps Incan Gold's art (scenes.App.Cached),
// so no art is shared between apps through package state.
type igArtsKey struct{}

// igArt is Incan Gold's card art widthPx wide in the app's palette.
func igArt(a *scenes.App, widthPx int) *igart.Art {
	k := igArtKey{max(widthPx, 8), a.Settings.ColorBlind}
	igArts := a.Cached(igArtsKey{}, func() any { return map[igArtKey]*igart.Art{} }).(map[igArtKey]*igart.Art)
	art, ok := igArts[k]
	if !ok {
		if len(igArts) > 64 {
			clear(igArts)
		}
		art = igart.NewArt(k.w, a.Pal)
		igArts[k] = art
	}
	return art
}

// igStart opens a new Incan Gold game on its board.
func igStart(a *scenes.App, s igSetup) scenes.Scene {
	m, err := newIGMatch(a, s)
	if err != nil {
		fmt.Fprintln(os.Stderr, "goldvein:", err)
		return scenes.NewMenuScene(a)
	}
	return newIGBoardScene(a, m)
}
