package underground

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground"
	ugbot "github.com/goldvein/goldvein/rules/underground/bot"
	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
)

// Small World: Underground as its screens see it (issue 14): the match runs
// at a game.Table (DESIGN.md, game): every computer player is a
// game.BotSeat on a goroutine of its own (never on the frame), every local
// human an Inbox, the screen a watcher of the public stream, and the
// record is autosaved after every move (FileSaver), so Continue restores
// the same table, seat kinds and levels included (record format 2).

// ugGameID is Underground's --game name.
const ugGameID = underground.ID

// ugGame is Underground on the contract, with its computer players.
var ugGame = ugbot.Game()

// ugLevels are the computer players' levels, weakest first.
var ugLevels = ugGame.Levels()

// ugSetup is a new Underground game as its new-game scene makes it: 2 to 5
// seats (U1.1), each a human with a name or a computer player with a
// level; the table options (the first player, U2.7; open coins); the
// map is the one for the player count (U2.1); the seed.
type ugSetup struct {
	Seats   []scenes.SeatSetup  `json:"seats"`
	Options underground.Options `json:"options"`
	Seed    uint64              `json:"seed"`
}

func (s *ugSetup) validate() error {
	lo, hi := ugGame.Seats()
	if len(s.Seats) < lo || len(s.Seats) > hi {
		return fmt.Errorf("setup: %d seats: Underground takes %d to %d (U1.1)", len(s.Seats), lo, hi)
	}
	if f := s.Options.FirstPlayer; f != nil && (*f < 0 || *f >= len(s.Seats)) {
		return fmt.Errorf("setup: first player %d of %d seats (U2.7)", *f, len(s.Seats))
	}
	for i, st := range s.Seats {
		if !st.Human && !slices.Contains(ugLevels, st.Level) {
			return fmt.Errorf("setup: seat %d: level %q: want one of %v", i, st.Level, ugLevels)
		}
	}
	return nil
}

// ugItem is one event of the public stream with the public view after the
// move that caused it (the same pointer for every event of one move); ev
// is nil for a delivery without events.
type ugItem struct {
	ev   *underground.Event
	view *underground.View
	last bool // the last event of its move: the view is now current
}

// ugMatch is an Underground game in progress as the screens see it: the
// table, the local humans' inboxes and the public stream, which the screen
// follows one event at a time, at the pace of its motion (computer players
// may be ahead).
type ugMatch struct {
	setup    ugSetup
	table    ugTable // a game.Table, or a LAN table's (lan.go)
	watch    *game.Inbox
	inbox    map[int]*game.Inbox // local humans, by seat
	humans   []int
	names    []string
	mp       *maps.Map
	autoplay bool
	replay   bool // a finished game's position in the replay viewer (replay.go): no one plays, no play keys
	feed     []ugItem
	st       ugState
	lan      *scenes.LanLink // a LAN game's link (lan.go), else nil
	steps    map[int]int     // by local human: the step of the last delivery (owing)
	tutor    *ugTutor        // the guided first game's coach (tutorial.go), else nil
	// rewound: a move was taken back (a Rewind delivery, here or at
	// another screen of a LAN table) and the screen's state starts again
	// from the whole game, until the play screen opens afresh on it.
	rewound bool
}

// ugBotDelay is how long a computer player waits at least before each
// small move of its turn, so people can follow (shortened by the animation
// speed; none in --autoplay and tests).
func ugBotDelay(a *scenes.App) time.Duration {
	if a.Cfg.Autoplay || a.Cfg.FastBots {
		return 0
	}
	return time.Duration(float64(350*time.Millisecond) / a.Settings.AnimSpeed)
}

// ugAutosaveFile is Underground's autosave in the config folder: each game
// of the box keeps its own, so that starting one never throws away
// another's unfinished game (scenes/incangold/save.go).
const ugAutosaveFile = "autosave-" + underground.ID + ".json"

func ugAutosavePath(a *scenes.App) string { return filepath.Join(a.Dirs.Config, ugAutosaveFile) }

// ugSaver is the autosave, nil in --autoplay (a watched game is not saved
// over the player's own).
func ugSaver(a *scenes.App) game.Saver {
	if a.Cfg.Autoplay {
		return nil
	}
	return game.FileSaver{Path: ugAutosavePath(a), History: a.Dirs.History}
}

// newUGMatch seats setup s at a new table, with the autosave on.
func newUGMatch(a *scenes.App, s ugSetup) (*ugMatch, error) {
	if err := s.validate(); err != nil {
		return nil, err
	}
	if s.Seed == 0 {
		s.Seed = uint64(scenes.Now().UnixNano())
	}
	s.Seats = scenes.HotseatNames(a, s.Seats) // never two "You" at one screen (issue 25 item 4)
	m := &ugMatch{setup: s, autoplay: a.Cfg.Autoplay}
	seats, err := m.seats(a)
	if err != nil {
		return nil, err
	}
	var opts json.RawMessage // none, as before the options: the record keeps null
	if s.Options != (underground.Options{}) {
		opts = scenes.JSONOf(s.Options)
	}
	t, err := game.NewTable(ugGame, opts, s.Seed, seats, ugSaver(a))
	if err != nil {
		return nil, err
	}
	t.SetUndoWait(scenes.HumanMoveWait(a)) // computer players give Undo time (issue 22)
	return m, m.attach(t)
}

// ugAutoplaySeats are --autoplay's seats (cfg.Players of them, 5 if
// unset, at most 5): computer players of the levels in turn.
func ugAutoplaySeats(a *scenes.App) []scenes.SeatSetup {
	n := a.Cfg.Players
	if n == 0 {
		n = 5
	}
	_, hi := ugGame.Seats()
	n = min(n, hi)
	var seats []scenes.SeatSetup
	for i := 0; i < n; i++ {
		seats = append(seats, scenes.SeatSetup{Name: a.T("scene.bot.name", "n", i+1), Level: [3]string{"normal", "hard", "easy"}[i%3]})
	}
	return seats
}

// seats makes the table's seats: an Inbox per human, a BotSeat per
// computer player.
func (m *ugMatch) seats(a *scenes.App) ([]game.Seat, error) {
	m.inbox, m.humans = map[int]*game.Inbox{}, nil
	out := make([]game.Seat, len(m.setup.Seats))
	for i, st := range m.setup.Seats {
		if st.Human {
			in := game.NewInbox(st.Name)
			m.inbox[i] = in
			m.humans = append(m.humans, i)
			out[i] = in
			continue
		}
		b, err := ugGame.NewBot(st.Level, i, scenes.BotSeed(m.setup.Seed, i))
		if err != nil {
			return nil, err
		}
		bs := game.NewBotSeat(st.Name, st.Level, b, ugBotDelay(a))
		level, seed := st.Level, scenes.BotSeed(m.setup.Seed, i)
		bs.Renew(func() rules.Bot { b, _ := ugGame.NewBot(level, i, seed); return b }) // game.Table.Undo
		out[i] = bs
	}
	return out, nil
}

// attach follows table t: the screen watches its public stream.
func (m *ugMatch) attach(t *game.Table) error {
	m.table = t
	m.names = t.Names()
	v, ok := t.View(-1).(underground.View)
	if !ok {
		return errors.New("underground: the table's view is not Underground's")
	}
	mp, err := maps.Builtin(v.Map)
	if err != nil {
		return err
	}
	m.mp = mp
	m.st = newUGState(v)
	m.watch = game.NewInbox("screen")
	t.Watch(m.watch)
	return nil
}

// ugCanContinue reports whether Underground's autosave holds an unfinished
// game (scenes.Game.CanContinue).
func ugCanContinue(a *scenes.App) (bool, error) {
	return scenes.CanContinue(game.FileSaver{Path: ugAutosavePath(a)}, ugGame)
}

// ugResume continues the autosaved Underground game with the same table:
// the record (format 2) says which seats are human and at which level each
// computer player plays.
func ugResume(a *scenes.App) (*ugMatch, error) {
	fs := game.FileSaver{Path: ugAutosavePath(a), History: a.Dirs.History}
	saved, err := fs.Load(ugGame)
	if err != nil {
		return nil, err
	}
	rec := saved.Record
	s := ugSetupOf(rec) // replay.go
	m := &ugMatch{setup: s}
	seats, err := m.seats(a)
	if err != nil {
		return nil, err
	}
	t, err := game.Resume(ugGame, rec, seats, fs)
	if err != nil {
		return nil, err
	}
	t.SetUndoWait(scenes.HumanMoveWait(a)) // computer players give Undo time (issue 22)
	if err := m.attach(t); err != nil {
		return nil, err
	}
	// The screen starts where the game stands: the history goes to the
	// log and the coin chart, not through the motion again.
	m.skipBacklog(a)
	return m, nil
}

// fill moves the watcher's deliveries into the feed.
func (m *ugMatch) fill() {
	for {
		d, ok := m.watch.Poll()
		if !ok {
			return
		}
		v, _ := d.View.(underground.View)
		if d.Rewind { // game.Table.Undo: the whole game again, as a new watcher's
			m.feed, m.st, m.rewound = m.feed[:0], newUGState(v), true
		}
		for i, e := range d.Events {
			ev, ok := e.(underground.Event)
			if !ok {
				continue
			}
			m.feed = append(m.feed, ugItem{ev: &ev, view: &v, last: i == len(d.Events)-1})
		}
		if len(d.Events) == 0 {
			m.feed = append(m.feed, ugItem{view: &v, last: true})
		}
	}
}

// pop takes the next item of the stream and shows it to the state.
func (m *ugMatch) pop(a *scenes.App) (ugItem, bool) {
	m.fill()
	if len(m.feed) == 0 {
		return ugItem{}, false
	}
	it := m.feed[0]
	m.feed[0] = ugItem{}
	m.feed = m.feed[1:]
	m.st.apply(a, m, it)
	return it, true
}

// caughtUp reports whether the screen has shown everything that happened.
func (m *ugMatch) caughtUp() bool {
	m.fill()
	return len(m.feed) == 0
}

// skipBacklog shows every item waiting at once, without motion.
func (m *ugMatch) skipBacklog(a *scenes.App) {
	for {
		if _, ok := m.pop(a); !ok {
			return
		}
	}
}

func (m *ugMatch) isHuman(seat int) bool { return slices.Contains(m.humans, seat) }

// you is the seat the screen speaks to as "you": the one local human of
// a game against computer players (or a LAN guest's own seat); -1 at a
// hotseat table, whose screen every human shares (each is named).
func (m *ugMatch) you() int {
	if len(m.humans) == 1 {
		return m.humans[0]
	}
	return -1
}

// hotseat: two or more humans share the screen (the curtain between them).
func (m *ugMatch) hotseat() bool { return len(m.humans) >= 2 }

func (m *ugMatch) name(seat int) string {
	if seat >= 0 && seat < len(m.names) {
		return m.names[seat]
	}
	return "?"
}

// owing is the local human who owes a move now, with that seat's view
// (its legal moves) and the match's step (rules.Match.Step: the decision
// its controls belong to, scenes.Decision), once the screen has caught up
// with the game; -1 when none does.
func (m *ugMatch) owing() (int, underground.View, int) {
	if !m.caughtUp() {
		return -1, underground.View{}, 0
	}
	if m.steps == nil {
		m.steps = map[int]int{}
	}
	for _, seat := range m.humans {
		in := m.inbox[seat]
		for {
			d, ok := in.Poll()
			if !ok {
				break
			}
			if d.View != nil {
				m.steps[seat] = d.Step
			}
		}
		lv, ok := in.Latest()
		if !ok {
			continue
		}
		v, ok := lv.(underground.View)
		if ok && slices.Contains(v.ToMove, seat) && len(v.Legal) > 0 {
			return seat, v, m.steps[seat]
		}
	}
	return -1, underground.View{}, 0
}

// owes reports whether seat owes a move now (the table's view of it).
func (m *ugMatch) owes(seat int) bool {
	v, ok := m.table.View(seat).(underground.View)
	return ok && slices.Contains(v.ToMove, seat)
}

// submit plays mv for a local human seat.
func (m *ugMatch) submit(seat int, mv underground.Move) error {
	if err := m.tutor.check(m, seat, mv); err != nil { // the guided game's coach (tutorial.go)
		return err
	}
	return m.tutor.after(m.table.Submit(seat, mv))
}

// close ends the table's work (the computer players' goroutines); the
// autosave stays.
func (m *ugMatch) close() { m.table.Close() }
