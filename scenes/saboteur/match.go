package saboteur

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
	"github.com/goldvein/goldvein/scenes"
)

// Setup is a new game as the new-game scene makes it, saved next to the
// autosave (setup.json) so Continue knows who was human.
type Setup struct {
	Seats []scenes.SeatSetup `json:"seats"`
	// Table options (SABOTEUR.md R5.5, R8.1a, R8.1b).
	ConnectToStart      bool `json:"connect_to_start"`
	OneNuggetPerDigger  bool `json:"one_nugget_per_digger"`
	SabotagedGetNothing bool `json:"sabotaged_get_nothing"`
	// Youngest is the seat of the youngest player, who starts (R3.5); -1
	// draws the first player at random.
	Youngest int `json:"youngest"`
	// Seed makes the game reproducible; 0 takes one from the clock.
	Seed uint64 `json:"seed"`
}

func (s *Setup) validate() error {
	if len(s.Seats) < saboteur.MinPlayers || len(s.Seats) > saboteur.MaxPlayers {
		return fmt.Errorf("setup: %d seats", len(s.Seats))
	}
	if s.Youngest < -1 || s.Youngest >= len(s.Seats) {
		return fmt.Errorf("setup: youngest %d", s.Youngest)
	}
	for i, st := range s.Seats {
		if !st.Human {
			if _, err := bot.ParseLevel(st.Level); err != nil {
				return fmt.Errorf("setup: seat %d: %w", i, err)
			}
		}
	}
	return nil
}

// options returns the rules options of the setup.
func (s *Setup) options() saboteur.Options {
	return saboteur.Options{Players: len(s.Seats), ConnectToStart: s.ConnectToStart,
		OneNuggetPerDigger: s.OneNuggetPerDigger, SabotagedGetNothing: s.SabotagedGetNothing, FirstPlayer: s.Youngest}
}

// feedItem is one event of the table's public stream, with the view after
// the move that caused it (the same pointer for every event of one move).
type feedItem struct {
	ev   saboteur.Event
	view *saboteur.View
	last bool // the last event of its move: the view is now current
}

// match is a game in progress as the scenes see it: the table, the local
// humans' inboxes, and the public stream the screen follows, one event at
// a time, at the pace of the motion (bots may be far ahead).
type match struct {
	setup    Setup
	Table    matchTable // a *game.Table, or a LAN table (lanmatch.go)
	watch    *game.Inbox
	humans   []int                   // local human seats, in seat order
	inbox    map[int]*game.Inbox     // by seat: local humans and the followed bot
	mine     map[int]saboteur.View   // by seat: the view in step with the screen
	later    map[int][]saboteur.View // by seat: views delivered ahead of the screen
	names    []string
	autoplay bool
	replay   bool // a finished game's position in the replay viewer (replay.go): no one plays, no play keys
	follow   int  // --autoplay: the seat whose hand is shown
	saver    game.FileSaver
	feed     []feedItem
	shown    saboteur.View // the view as the screen last showed it
	// log is the whole game's log as the screen has shown it so far
	// (gamelog.go): every event taken from the feed, rebuilt from the
	// record on Continue.
	log     []logEntry
	logGen  int // counts the times log was written afresh (rebuildLog, rewind): a board then writes its lines again
	started time.Time
	// fresh is set for a game dealt at this screen (not continued, not
	// LAN): its screen starts at the deal and shows every move (history).
	fresh bool
	tutor *tutorial       // the guided first round's coach (tutorial.go); nil in a normal game
	lan   *scenes.LanLink // a LAN game's link: chat, the host or the client (lanlink.go); nil for a local game
	// rewound: the stream brought a move taken back (a Rewind delivery,
	// game.Table.Undo's, or a LAN guest's: guestTable.Rewound) and the
	// board opens afresh (boardScene.rewound); rewoundEvents are then the
	// game's public events without the move, for a LAN guest's log.
	rewound       bool
	rewoundEvents []saboteur.Event
}

// NewMatch seats the setup at a new table with the autosave on.
func NewMatch(a *scenes.App, s Setup) (*match, error) {
	if err := s.validate(); err != nil {
		return nil, err
	}
	if s.Seed == 0 {
		s.Seed = uint64(scenes.Now().UnixNano())
	}
	s.Seats = scenes.HotseatNames(a, s.Seats) // never two "You" at one screen (issue 25 item 4)
	m := &match{setup: s, inbox: map[int]*game.Inbox{}, mine: map[int]saboteur.View{}, follow: -1,
		saver: game.FileSaver{Path: a.Dirs.Autosave, History: a.Dirs.History}, started: scenes.Now(), fresh: true}
	seats := m.seats(a, 0)
	if err := m.saveSetup(a); err != nil {
		fmt.Fprintln(os.Stderr, "goldvein:", err)
	}
	t, err := newTable(s, seats, m.saver)
	if err != nil {
		return nil, err
	}
	m.attach(t)
	t.SetUndoWait(scenes.HumanMoveWait(a)) // computer players give Undo time (issue 22)
	return m, nil
}

// newAutoplayMatch is --autoplay: cfg.Players computer players (normal),
// fast, the screen following seat 0's hand; no autosave.
func newAutoplayMatch(a *scenes.App) (*match, error) {
	n := a.Cfg.Players
	if n == 0 {
		n = 5
	}
	s := Setup{Youngest: 0, Seed: a.Cfg.Seed}
	for i := 0; i < n; i++ {
		s.Seats = append(s.Seats, scenes.SeatSetup{Name: a.T("scene.bot.name", "n", i+1), Level: string(bot.Normal)})
	}
	if err := s.validate(); err != nil {
		return nil, err
	}
	if s.Seed == 0 {
		s.Seed = uint64(scenes.Now().UnixNano())
	}
	s.Seats = scenes.HotseatNames(a, s.Seats) // never two "You" at one screen (issue 25 item 4)
	m := &match{setup: s, inbox: map[int]*game.Inbox{}, mine: map[int]saboteur.View{}, autoplay: true, follow: 0, started: scenes.Now(), fresh: true}
	t, err := newTable(s, m.seats(a, 0), nil)
	if err != nil {
		return nil, err
	}
	m.attach(t)
	return m, nil
}

// seats makes the table's seats from the setup: inboxes for humans, bot
// seats for computer players (the followed one teed to an inbox).
func (m *match) seats(a *scenes.App, _ int) []game.Seat {
	out := make([]game.Seat, len(m.setup.Seats))
	for i, st := range m.setup.Seats {
		if st.Human {
			in := game.NewInbox(st.Name)
			m.inbox[i] = in
			m.humans = append(m.humans, i)
			out[i] = in
			continue
		}
		lvl, _ := bot.ParseLevel(st.Level)
		fresh := func() rules.Bot {
			b := saboteur.AsBot(bot.New(lvl, i, len(m.setup.Seats), scenes.BotSeed(m.setup.Seed, i)))
			if m.tutor != nil && i == tutorBreaker {
				b = &coachBreaker{inner: b} // the guided round's script (tutorial.go)
			}
			return b
		}
		bs := game.NewBotSeat(st.Name, string(lvl), fresh(), scenes.BotDelay(a))
		bs.Renew(fresh) // a move taken back: it relearns (game.Table.Undo)
		if i == m.follow {
			in := game.NewInbox(st.Name)
			m.inbox[i] = in
			out[i] = game.Tee{Primary: bs, Watcher: in}
			continue
		}
		out[i] = bs
	}
	return out
}

// newTable deals setup s's game to seats at a new table.
func newTable(s Setup, seats []game.Seat, save game.Saver) (*game.Table, error) {
	opts, err := json.Marshal(s.options())
	if err != nil {
		return nil, err
	}
	return game.NewTable(sabGame(), opts, s.Seed, seats, save)
}

func (m *match) attach(t *game.Table) {
	m.Table = localTable{t}
	m.names = t.Names()
	m.watch = game.NewInbox("screen")
	t.Watch(m.watch)
}

// setupPath is where the setup of the autosaved game is kept.
func setupPath(a *scenes.App) string { return filepath.Join(a.Dirs.Config, "setup.json") }

func (m *match) saveSetup(a *scenes.App) error {
	data, err := json.Marshal(m.setup)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(a.Dirs.Config, 0o755); err != nil {
		return err
	}
	return os.WriteFile(setupPath(a), data, 0o644)
}

// canContinue reports whether an autosave of an unfinished game exists.
func canContinue(a *scenes.App) (bool, error) {
	return scenes.CanContinue(game.FileSaver{Path: a.Dirs.Autosave}, sabGame())
}

// resumeMatch continues the autosaved game (Continue in the menu) with
// the same table: the record says which seats are human and at which
// level the computer players play (issue 17). A record of format 1, which
// kept no seat kinds, has the setup.json beside it say so; without it,
// seat 0 is the human and the rest play at normal level.
func resumeMatch(a *scenes.App) (*match, error) {
	fs := game.FileSaver{Path: a.Dirs.Autosave, History: a.Dirs.History}
	saved, err := fs.Load(sabGame())
	if err != nil {
		return nil, err
	}
	rec := saved.Record
	opts, err := saboteur.ParseOptions(len(rec.Seats), rec.Options)
	if err != nil {
		return nil, err
	}
	s := setupOf(rec, opts)
	if rec.From == 1 {
		var old Setup
		data, err := game.ReadLocalFile(setupPath(a), scenes.MaxSettingsSize)
		if err == nil {
			err = json.Unmarshal(data, &old)
		}
		if err == nil && len(old.Seats) == opts.Players && old.Seed == rec.Seed {
			s = old
		} else {
			s = Setup{Seed: rec.Seed, Youngest: opts.FirstPlayer}
			for _, rs := range rec.Seats {
				s.Seats = append(s.Seats, scenes.SeatSetup{Human: rs.Kind == rules.Human, Name: rs.Name, Level: string(bot.Normal)})
			}
		}
		for i := range s.Seats {
			s.Seats[i].Name = rec.Seats[i].Name
		}
	}
	m := &match{setup: s, inbox: map[int]*game.Inbox{}, mine: map[int]saboteur.View{}, follow: -1, saver: fs, started: scenes.Now()}
	t, err := game.Resume(sabGame(), rec, m.seats(a, 0), fs)
	if err != nil {
		return nil, err
	}
	m.attach(t)
	t.SetUndoWait(scenes.HumanMoveWait(a)) // computer players give Undo time (issue 22)
	return m, nil
}

// setupOf is the setup of a record's table: its seats as the record keeps
// them (a remote guest's seat, which a local game never has, plays as a
// computer player at normal level), its options and seed.
func setupOf(rec *rules.Record, o saboteur.Options) Setup {
	s := Setup{Seed: rec.Seed, Youngest: o.FirstPlayer, ConnectToStart: o.ConnectToStart,
		OneNuggetPerDigger: o.OneNuggetPerDigger, SabotagedGetNothing: o.SabotagedGetNothing}
	for _, rs := range rec.Seats {
		st := scenes.SeatSetup{Human: rs.Kind == rules.Human, Name: rs.Name, Level: rs.Level}
		if rs.Kind != rules.Computer {
			st.Level = string(bot.Normal)
		}
		s.Seats = append(s.Seats, st)
	}
	return s
}

// errNoFeed is returned by next when nothing new has happened.
var errNoFeed = errors.New("no event")

// fill moves the watcher's deliveries into the feed.
func (m *match) fill() {
	for {
		d, ok := m.watch.Poll()
		if !ok {
			return
		}
		v, _ := d.View.(saboteur.View)
		if d.Rewind { // a move taken back: the board opens afresh (rewind)
			m.feed, m.rewound, m.rewoundEvents = nil, true, nil
			for _, e := range d.Events {
				if p, ok := e.(*saboteur.Event); ok {
					m.rewoundEvents = append(m.rewoundEvents, *p)
				}
			}
			continue
		}
		for i, e := range d.Events {
			var se saboteur.Event
			if p, ok := e.(*saboteur.Event); ok {
				se = *p
			}
			m.feed = append(m.feed, feedItem{ev: se, view: &v, last: i == len(d.Events)-1})
		}
		if len(d.Events) == 0 {
			m.feed = append(m.feed, feedItem{view: &v, last: true})
		}
	}
}

// peek returns the next event of the feed without taking it.
func (m *match) peek() (feedItem, bool) {
	m.fill()
	if len(m.feed) == 0 {
		return feedItem{}, false
	}
	return m.feed[0], true
}

// pop takes the next event of the feed.
func (m *match) pop() (feedItem, bool) {
	it, ok := m.peek()
	if ok {
		m.feed[0] = feedItem{}
		m.feed = m.feed[1:]
		m.note(it.ev)
	}
	return it, ok
}

// skipBacklog drops every event that is already history (Continue: the
// screen starts from the state the game is in) and returns them.
func (m *match) skipBacklog() []feedItem {
	m.fill()
	out := m.feed
	m.feed = nil
	return out
}

// history rebuilds, from the record, the public feed of the game's first
// moves (the screen's watcher joins the table after the deal, so whatever
// the computer players did before that reaches it as one delivery with
// one view): the public view at the deal and one item per public event
// of each move, with the view after that move, as the watcher would have
// had them move by move.
func (m *match) history(moves int) (deal saboteur.View, items []feedItem, err error) {
	var rec *saboteur.Record
	if r := m.Table.Record(); r != nil {
		if rec, err = saboteur.FromRecord(r); err != nil {
			return saboteur.View{}, nil, err
		}
	}
	if rec == nil || moves > len(rec.Moves) {
		return saboteur.View{}, nil, errors.New("scenes: no record of those moves")
	}
	g, _, err := saboteur.New(rec.Options, rec.Seed)
	if err != nil {
		return saboteur.View{}, nil, err
	}
	deal = g.View(-1)
	for i, mv := range rec.Moves[:moves] {
		evs, err := g.Apply(mv)
		if err != nil {
			return saboteur.View{}, nil, fmt.Errorf("scenes: replay move %d: %w", i, err)
		}
		v := g.View(-1)
		for j, e := range evs {
			items = append(items, feedItem{ev: e.Redact(-1), view: &v, last: j == len(evs)-1})
		}
		if len(evs) == 0 {
			items = append(items, feedItem{view: &v, last: true})
		}
	}
	return deal, items, nil
}

// viewOf returns seat's own view in step with the screen: the newest of
// seat's deliveries up to move number moves.
func (m *match) viewOf(seat, moves int) (saboteur.View, bool) {
	in, ok := m.inbox[seat]
	if !ok {
		return saboteur.View{}, false
	}
	if m.later == nil {
		m.later = map[int][]saboteur.View{}
	}
	for {
		d, ok := in.Poll()
		if !ok {
			break
		}
		v, _ := d.View.(saboteur.View)
		m.later[seat] = append(m.later[seat], v)
	}
	// Take the views up to the move on screen; later ones wait their turn
	// (the table may be far ahead of the motion).
	q := m.later[seat]
	k := 0
	for k < len(q) && q[k].Moves <= moves {
		m.mine[seat] = q[k]
		k++
	}
	if k > 0 {
		n := copy(q, q[k:])
		clear(q[n:])
		m.later[seat] = q[:n]
	}
	v, ok := m.mine[seat]
	if !ok && len(m.later[seat]) > 0 {
		// Nothing as old as the screen (a seat taken over later): the oldest known.
		v, ok = m.later[seat][0], true
	}
	return v, ok
}

// isHuman reports whether seat is a local human.
func (m *match) isHuman(seat int) bool {
	for _, h := range m.humans {
		if h == seat {
			return true
		}
	}
	return false
}

// hotseat reports whether two or more humans share the screen.
func (m *match) hotseat() bool { return len(m.humans) >= 2 }

// name returns seat's name.
func (m *match) name(seat int) string {
	if seat >= 0 && seat < len(m.names) {
		return m.names[seat]
	}
	return "?"
}

// Submit plays m for seat and returns the rules' refusal, if any.
func (m *match) Submit(seat int, mv saboteur.Move) error { return m.Table.Submit(seat, mv) }

// Close stops the table (bots stop thinking); the autosave stays.
func (m *match) Close() { m.Table.Close() }

// ruleKey returns the catalogue key of a rules error's R-number ("R5.4: ..."
// -> "rule.R5.4"), or "" when the error names none.
func ruleKey(err error) (key, number string) {
	if err == nil {
		return "", ""
	}
	s := err.Error()
	if i := strings.Index(s, "R"); i >= 0 {
		s = s[i:]
	}
	j := strings.IndexAny(s, ": ")
	if j < 2 || s[0] != 'R' {
		return "", ""
	}
	return "rule." + s[:j], s[:j]
}
