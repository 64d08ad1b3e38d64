package incangold

import (
	"errors"
	"strings"
	"time"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

// Incan Gold's side of the replay viewer (scenes.ReplayScene, issue 26
// item 12): after each move the board as the table showed it, with every
// tent's total open (as with the open tents option, O4) and the choices
// sealed so far in the bar (I3.4: hidden until all have chosen); at the end
// the final scoring (I9).

// igSetupOf is the setup of a record's table: its seats as the record
// keeps them (a remote guest's seat plays as a computer player at normal
// level), its options and seed.
func igSetupOf(rec *rules.Record) (igSetup, error) {
	opts, err := incangold.ParseOptions(rec.Options)
	if err != nil {
		return igSetup{}, err
	}
	s := igSetup{Options: opts, Seed: rec.Seed}
	for _, rs := range rec.Seats {
		st := scenes.SeatSetup{Human: rs.Kind == rules.Human, Name: rs.Name, Level: rs.Level}
		if rs.Kind == rules.Remote {
			st.Level = "normal"
		}
		s.Seats = append(s.Seats, st)
	}
	return s, s.validate()
}

// NewReplay reads a finished Incan Gold record (scenes.Replayer).
func (igScreens) NewReplay(a *scenes.App, rec *rules.Record) (scenes.Replay, error) {
	s, err := igSetupOf(rec)
	if err != nil {
		return nil, err
	}
	r := &igReplay{rec: rec, setup: s}
	m, err := scenes.ReplayPositions(igGame, rec, r.note)
	if err != nil {
		return nil, err
	}
	r.scores = m.Scores()
	return r, nil
}

// Again deals a new game at rec's table (scenes.Replayer): its seats,
// names, kinds, levels and options; a new seed.
func (igScreens) Again(a *scenes.App, rec *rules.Record) (scenes.Scene, error) {
	s, err := igSetupOf(rec)
	if err != nil {
		return nil, err
	}
	s.Seed = 0
	m, err := newIGMatch(a, s)
	if err != nil {
		return nil, err
	}
	return newIGBoardScene(a, m), nil
}

// igReplay is a finished game's positions.
type igReplay struct {
	rec    *rules.Record
	setup  igSetup
	items  [][]igItem       // the public events of the deal (0) and of each move
	views  []incangold.View // the spectator's view after k moves
	steps  []int            // the match's step after k moves
	scores []int
	pos    int
	scene  scenes.Scene
}

// note keeps the position of match m, which evs brought about.
func (r *igReplay) note(m rules.Match, evs []rules.Event) {
	v, _ := m.View(-1).(incangold.View)
	var its []igItem
	for i, e := range evs {
		if pe, ok := e.For(-1); ok {
			if ev, ok := pe.(incangold.Event); ok {
				its = append(its, igItem{ev: ev, view: &v, last: i == len(evs)-1})
			}
		}
	}
	r.items = append(r.items, its)
	r.views = append(r.views, v)
	r.steps = append(r.steps, m.Step())
}

func (r *igReplay) Len() int { return len(r.rec.Moves) }

func (r *igReplay) Scores() []int {
	if r.pos == r.Len() {
		return r.scores
	}
	return nil
}

// Open lists the choices sealed at the position and not yet revealed.
func (r *igReplay) Open(a *scenes.App) string {
	var parts []string
	for j := r.pos - 1; j >= 0 && r.steps[j] == r.steps[r.pos]; j-- {
		rm := r.rec.Moves[j]
		mv, err := incangold.DecodeMove(rm.Move)
		if err != nil {
			continue
		}
		key := "ig.help.torch"
		if mv.Choice == incangold.Camp {
			key = "ig.help.camp"
		}
		parts = append([]string{scenes.LocalName(a, r.rec.Seats[rm.Seat].Name) + " " + a.T(key)}, parts...)
	}
	if len(parts) == 0 {
		return ""
	}
	return a.T("scene.replay.sealed", "choices", strings.Join(parts, " · "))
}

func (r *igReplay) Scene() scenes.Scene { return r.scene }

// Seek builds the board at position k, every event so far shown at once,
// or at the end the final scoring.
func (r *igReplay) Seek(a *scenes.App, k int) {
	r.pos = k
	m := newIGMatchOf(a, r.setup)
	m.autoplay = false // its humans stay humans: the board is never updated, so no one is asked to choose
	m.table = igReplayTable{r.views[k]}
	m.replay = true
	m.st.opts.OpenTents = true
	for _, its := range r.items[:k+1] {
		for _, it := range its {
			m.apply(a, it.ev, igLongAgo) // the table and its log
		}
	}
	if k == r.Len() {
		v := r.views[k]
		m.final = &v
		r.scene = newIGFinalScene(a, m)
		return
	}
	b := newIGBoardScene(a, m)
	b.sp = scenes.Speed(a) // as its first Update would: the cards lie turned up
	r.scene = b
}

// igReplayTable is a finished game's table at one position: its public
// view; no one chooses at it.
type igReplayTable struct{ v incangold.View }

func (t igReplayTable) View(int) incangold.View { return t.v }

// Submit refuses: a replay is watched, not played.
func (igReplayTable) Submit(int, incangold.Choice) error {
	return errors.New("incangold: a replay takes no choices")
}

func (igReplayTable) Pump(time.Time) {}

func (igReplayTable) Take() []igItem { return nil }

func (igReplayTable) Close() {}
