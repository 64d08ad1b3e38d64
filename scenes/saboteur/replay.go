package saboteur

import (
	"errors"
	"strings"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// Saboteur's side of the replay viewer (scenes.ReplayScene, issue 26 item
// 12): after each move the board as the table saw it, with the hand and
// role of the seat to move next face up, every goal's face marked as if
// peeked (known from the round's result, R7.2) and every seat's role in
// the bar; at the end the final scoring (R9.1).

// NewReplay reads a finished Saboteur record (scenes.Replayer).
func (sabScreens) NewReplay(a *scenes.App, rec *rules.Record) (scenes.Replay, error) {
	opts, err := saboteur.ParseOptions(len(rec.Seats), rec.Options)
	if err != nil {
		return nil, err
	}
	r := &sabReplay{rec: rec, setup: setupOf(rec, opts)}
	// Every position's public view and the view of the seat to move.
	g, err := scenes.ReplayPositions(sabGame(), rec, func(m rules.Match, _ []rules.Event) { r.note(m) })
	if err != nil {
		return nil, err
	}
	r.final, _ = g.View(-1).(saboteur.View)
	r.scores = g.Scores()
	return r, nil
}

// Again deals a new game at rec's table (scenes.Replayer): its seats,
// names, kinds, levels and options; a new seed.
func (sabScreens) Again(a *scenes.App, rec *rules.Record) (scenes.Scene, error) {
	opts, err := saboteur.ParseOptions(len(rec.Seats), rec.Options)
	if err != nil {
		return nil, err
	}
	st := setupOf(rec, opts)
	st.Seed = 0
	m, err := NewMatch(a, st)
	if err != nil {
		return nil, err
	}
	return startScene(a, m), nil
}

// sabReplay is a finished game's positions.
type sabReplay struct {
	rec    *rules.Record
	setup  Setup
	pub    []saboteur.View // the spectator's view after k moves
	own    []saboteur.View // the seat to move's view after k moves (Seat -1: none)
	final  saboteur.View   // the spectator's view at the end: every round's roles, goals and gold
	scores []int
	pos    int
	scene  scenes.Scene
}

// note keeps the position of match g.
func (r *sabReplay) note(g rules.Match) {
	pub, _ := g.View(-1).(saboteur.View)
	own := saboteur.View{Seat: -1}
	if owe := g.ToMove(); len(owe) > 0 {
		own, _ = g.View(owe[0]).(saboteur.View)
	}
	r.pub = append(r.pub, pub)
	r.own = append(r.own, own)
}

func (r *sabReplay) Len() int { return len(r.rec.Moves) }

func (r *sabReplay) Scores() []int {
	if r.pos == r.Len() {
		return r.scores
	}
	return r.pub[r.pos].Scores
}

// result is the result of the position's round (its roles and goals),
// known once the game is over.
func (r *sabReplay) result() (saboteur.RoundResult, bool) {
	i := r.pub[r.pos].Round - 1
	if i < 0 || i >= len(r.final.Results) {
		return saboteur.RoundResult{}, false
	}
	return r.final.Results[i], true
}

func (r *sabReplay) Open(a *scenes.App) string {
	res, ok := r.result()
	if !ok {
		return ""
	}
	var parts []string
	for i, role := range res.Roles {
		if i < len(r.rec.Seats) {
			parts = append(parts, scenes.LocalName(a, r.rec.Seats[i].Name)+" "+roleCaption(a, role))
		}
	}
	return a.T("scene.replay.roles", "roles", strings.Join(parts, " · "))
}

func (r *sabReplay) Scene() scenes.Scene { return r.scene }

// Seek builds the game's own screen at position k: the board (with its
// log up to the move) or, at the end, the final scoring.
func (r *sabReplay) Seek(a *scenes.App, k int) {
	r.pos = k
	m := &match{setup: r.setup, Table: replayTable{r.rec, k, r.pub[k]}, watch: game.NewInbox("replay"), replay: true,
		inbox: map[int]*game.Inbox{}, mine: map[int]saboteur.View{}, follow: -1, started: scenes.Now()}
	for _, s := range r.rec.Seats {
		m.names = append(m.names, s.Name)
	}
	m.localize(a)
	if k == r.Len() {
		m.rebuildLog(k, r.final.Round)
		m.shown = r.final
		r.scene = newFinalScene(a, m, r.final)
		return
	}
	own := r.own[k]
	if own.Seat >= 0 {
		if res, ok := r.result(); ok && len(res.Goals) == len(own.Peeked) {
			copy(own.Peeked[:], res.Goals) // every goal's face, as if peeked
		}
		in := game.NewInbox("replay")
		in.Deliver(game.Delivery{View: own})
		m.inbox[own.Seat] = in
		m.follow = own.Seat
	}
	m.rebuildLog(k, r.pub[k].Round)
	m.shown = r.pub[k]
	r.scene = newBoardScene(a, m)
}

// replayTable is a finished game's table at one position as the board
// sees it: its views and its record so far; no one moves at it.
type replayTable struct {
	rec *rules.Record
	k   int
	pub saboteur.View
}

func (t replayTable) View(seat int) saboteur.View { return t.pub }

// Submit refuses: a replay is watched, not played.
func (t replayTable) Submit(int, saboteur.Move) error {
	return errors.New("saboteur: a replay takes no moves")
}

func (t replayTable) Close() {}

// Record is the record up to the position (the log is rebuilt from it).
func (t replayTable) Record() *rules.Record {
	c := t.rec.Clone()
	c.Moves = c.Moves[:t.k]
	return c
}
