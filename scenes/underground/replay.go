package underground

import (
	"errors"
	"slices"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
)

// Underground's side of the replay viewer (scenes.ReplayScene, issue 26
// item 12): after each small move the board, market, panels and log as
// the table showed them, with every seat's coins open (hidden in play,
// U9) and the log told from every event in full; at the end the final
// scoring (U10).

// ugSetupOf is the setup of a record's table: its seats as the record
// keeps them (a remote guest's seat plays as a computer player at normal
// level), its options (none when they do not read) and its seed.
func ugSetupOf(rec *rules.Record) ugSetup {
	s := ugSetup{Seed: rec.Seed}
	if o, err := underground.ParseOptions(rec.Options); err == nil {
		s.Options = o
	}
	for _, rs := range rec.Seats {
		st := scenes.SeatSetup{Human: rs.Kind == rules.Human, Name: rs.Name, Level: rs.Level}
		if rs.Kind != rules.Computer || !slices.Contains(ugLevels, st.Level) {
			st.Level = "normal" // a remote guest's seat plays as a computer player
			st.Human = rs.Kind == rules.Human
		}
		s.Seats = append(s.Seats, st)
	}
	return s
}

// NewReplay reads a finished Underground record (scenes.Replayer).
func (ugScreens) NewReplay(a *scenes.App, rec *rules.Record) (scenes.Replay, error) {
	s := ugSetupOf(rec)
	if err := s.validate(); err != nil {
		return nil, err
	}
	r := &ugReplay{rec: rec, setup: s}
	m, err := scenes.ReplayPositions(ugGame, rec, r.note)
	if err != nil {
		return nil, err
	}
	r.scores = m.Scores()
	if r.mp, err = maps.Builtin(r.views[0].Map); err != nil {
		return nil, err
	}
	return r, nil
}

// Again deals a new game at rec's table (scenes.Replayer): its seats,
// names, kinds and levels; a new seed.
func (ugScreens) Again(a *scenes.App, rec *rules.Record) (scenes.Scene, error) {
	s := ugSetupOf(rec)
	s.Seed = 0
	m, err := newUGMatch(a, s)
	if err != nil {
		return nil, err
	}
	return newUGPlayScene(a, m), nil
}

// ugReplay is a finished game's positions.
type ugReplay struct {
	rec    *rules.Record
	setup  ugSetup
	mp     *maps.Map
	items  [][]ugItem         // the events of the deal (0) and of each move, in full
	views  []underground.View // the spectator's view after k moves
	scores []int
	pos    int
	scene  scenes.Scene
}

// note keeps the position of match m, which evs brought about.
func (r *ugReplay) note(m rules.Match, evs []rules.Event) {
	v, _ := m.View(-1).(underground.View)
	var its []ugItem
	for _, e := range evs {
		if ev, ok := e.(underground.Event); ok {
			its = append(its, ugItem{ev: &ev, view: &v})
		} else if ev, ok := e.(*underground.Event); ok {
			its = append(its, ugItem{ev: ev, view: &v})
		}
	}
	if len(its) == 0 {
		its = append(its, ugItem{view: &v})
	}
	its[len(its)-1].last = true
	r.items = append(r.items, its)
	r.views = append(r.views, v)
}

func (r *ugReplay) Len() int { return len(r.rec.Moves) }

func (r *ugReplay) Scores() []int {
	if r.pos == r.Len() {
		return r.scores
	}
	return nil
}

// Open: every seat's coins show on its panel; nothing else is hidden.
func (r *ugReplay) Open(*scenes.App) string { return "" }

func (r *ugReplay) Scene() scenes.Scene { return r.scene }

// Seek builds the board at position k, every event so far shown at once,
// or at the end the final scoring.
func (r *ugReplay) Seek(a *scenes.App, k int) {
	r.pos = k
	m := &ugMatch{setup: r.setup, table: ugReplayTable{r.rec, k}, mp: r.mp, watch: game.NewInbox("replay")}
	for i, st := range r.setup.Seats {
		m.names = append(m.names, st.Name)
		if st.Human {
			m.humans = append(m.humans, i)
		}
	}
	// Watched as a game of computer players is: every coin shows (the
	// board is never updated, so no one is asked to move).
	m.autoplay = true
	m.replay = true
	m.st = newUGState(r.views[0])
	for _, its := range r.items[:k+1] {
		for _, it := range its {
			m.st.apply(a, m, it)
		}
	}
	if k == r.Len() {
		r.scene = newUGEndScene(a, m)
		return
	}
	s := newUGPlayScene(a, m)
	v := r.views[k]
	s.shownV = &v
	s.board.SetView(s.shownV)
	s.sp = scenes.Speed(a)
	r.scene = s
}

// ugReplayTable is a finished game's table at one position: its record
// so far; no one moves at it.
type ugReplayTable struct {
	rec *rules.Record
	k   int
}

// View is never asked of a replay (its board is not updated).
func (t ugReplayTable) View(int) rules.View { return nil }

// Submit refuses: a replay is watched, not played.
func (ugReplayTable) Submit(int, rules.Move) error {
	return errors.New("underground: a replay takes no moves")
}

func (ugReplayTable) Close() {}

// Record is the record up to the position.
func (t ugReplayTable) Record() *rules.Record {
	c := t.rec.Clone()
	c.Moves = c.Moves[:t.k]
	return c
}
