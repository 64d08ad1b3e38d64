package scenes

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
)

// The history's and the replay viewer's test support: finished games
// played headless by computer players, as the table plays them, to put in
// a history file. Like the harness it lives outside the _test files so
// that every game's screens package tests with it.

// maxPlayedMoves bounds PlayFinished: no game of the box needs more.
const maxPlayedMoves = 20000

// PlayFinished plays a whole game of g with opts and seed at a table of
// seats (their names and kinds are kept in the record; every seat is
// played by a computer player of its Level, or g's weakest level for a
// seat without one), feeding each player its seat's redacted events and
// views as the table does. It returns the finished game as the history
// keeps it, ended at ended.
func PlayFinished(g rules.Game, seats []rules.RecordSeat, opts json.RawMessage, seed uint64, ended time.Time) (game.Finished, error) {
	m, err := g.New(len(seats), opts, seed)
	if err != nil {
		return game.Finished{}, err
	}
	bots := make([]rules.Bot, len(seats))
	for s := range bots {
		level := seats[s].Level
		if level == "" {
			level = g.Levels()[0]
		}
		if bots[s], err = g.NewBot(level, s, seed+uint64(s)); err != nil {
			return game.Finished{}, err
		}
	}
	observe := func(evs []rules.Event) {
		for s, b := range bots {
			for _, e := range evs {
				if r, ok := e.For(s); ok {
					b.Observe(r)
				}
			}
		}
	}
	observe(rules.OpeningOf(m))
	rec := rules.NewRecord(g.ID(), opts, seed, seats)
	for n := 0; !m.Over(); n++ {
		owing := m.ToMove()
		if n >= maxPlayedMoves || len(owing) == 0 {
			return game.Finished{}, errors.New("the game does not end")
		}
		seat := owing[0]
		mv := bots[seat].Choose(m.View(seat))
		evs, err := m.Apply(seat, mv)
		if err != nil {
			return game.Finished{}, fmt.Errorf("move %d of seat %d: %w", n, seat, err)
		}
		if err := rec.Add(seat, mv); err != nil {
			return game.Finished{}, err
		}
		observe(evs)
	}
	return game.Finished{Ended: ended.UTC(), Scores: m.Scores(), Record: rec}, nil
}

// StepReplay opens finished game f from the menu's History (a click on
// its row) and steps the replay viewer through every move forward with
// the arrow key (Right; Left right to left), then back to the start with
// the back button (◀), calling at with the position after each step and
// at the start; the viewer must stand at each position asked for, and at
// the end show f's scores. It then checks End, Home and the last button
// (▶|) and returns the viewer standing at the end.
func StepReplay(t TB, h *Harness, f game.Finished, at func(k int)) *ReplayScene {
	t.Helper()
	if err := (game.History{Path: h.A.Dirs.History}).Add(f); err != nil {
		t.Fatal(err)
	}
	h.A.GoTo(NewMenuScene(h.A))
	h.Ticks(FadeTicks + 2)
	ClickMenu(t, h, MenuHistory)
	hs, ok := h.A.Cur.(*HistoryScene)
	if !ok || len(hs.Games) == 0 {
		t.Fatalf("History opened %s", h.A.Cur.Name())
	}
	h.Click(hs.Row(h.A, 0))
	h.Ticks(FadeTicks + 1)
	s, ok := h.A.Cur.(*ReplayScene)
	if !ok {
		t.Fatalf("a click on the History's row opened %s", h.A.Cur.Name())
	}
	if s.R == nil {
		t.Fatalf("the replay does not open: %v", s.Err)
	}
	n := s.R.Len()
	if n != len(f.Record.Moves) || s.Pos != 0 {
		t.Fatalf("the replay has %d moves and stands at %d; the record %d", n, s.Pos, len(f.Record.Moves))
	}
	fwd := ebiten.KeyArrowRight
	if h.A.RTL() {
		fwd = ebiten.KeyArrowLeft
	}
	check := func(k int) {
		t.Helper()
		if s.Pos != k {
			t.Fatalf("the viewer stands at %d, want %d", s.Pos, k)
		}
		at(k)
	}
	check(0)
	for k := 1; k <= n; k++ {
		h.Key(fwd)
		check(k)
	}
	if !slices.Equal(s.R.Scores(), f.Scores) {
		t.Errorf("the replay ends on scores %v, the record's game %v", s.R.Scores(), f.Scores)
	}
	s.layout(h.A)
	if s.Next.Enabled || s.Last.Enabled {
		t.Error("forward is offered at the end")
	}
	for k := n - 1; k >= 0; k-- {
		s.layout(h.A)
		h.Click(s.Prev.R)
		check(k)
	}
	h.Key(ebiten.KeyEnd)
	check(n)
	h.Key(ebiten.KeyHome)
	check(0)
	s.layout(h.A)
	h.Click(s.Last.R)
	check(n)
	if !slices.Equal(s.R.Scores(), f.Scores) {
		t.Errorf("the replay ends on scores %v, the record's game %v", s.R.Scores(), f.Scores)
	}
	return s
}

// SameTable checks that record got was dealt at want's table: the same
// seats (names, kinds, levels) and options, and a new seed.
func SameTable(t TB, want, got *rules.Record) {
	t.Helper()
	if got.Game != want.Game || !slices.Equal(got.Seats, want.Seats) {
		t.Errorf("dealt again at %s %+v, want %s %+v", got.Game, got.Seats, want.Game, want.Seats)
	}
	var wo, go_ any
	if err := json.Unmarshal(want.Options, &wo); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(got.Options, &go_); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(wo, go_) {
		t.Errorf("dealt again with options %s, want %s", got.Options, want.Options)
	}
	if got.Seed == want.Seed {
		t.Errorf("dealt again with the same seed %d", got.Seed)
	}
}

// ReplayedTo is rec's match after its first k moves (replayed with g).
func ReplayedTo(t TB, g rules.Game, rec *rules.Record, k int) rules.Match {
	t.Helper()
	c := rec.Clone()
	c.Moves = c.Moves[:k]
	m, _, err := c.Replay(g)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// PlayAgain opens finished game f's replay at its end and presses Play
// again: on g's own final screen (again is where that screen has its
// button) or, with viewer set, on the viewer's bar. It returns the scene
// Play again opened.
func PlayAgain(t TB, h *Harness, g Game, f game.Finished, viewer bool, again func(final Scene) Rect) Scene {
	t.Helper()
	r, err := g.(Replayer).NewReplay(h.A, f.Record)
	if err != nil {
		t.Fatal(err)
	}
	r.Seek(h.A, r.Len())
	if viewer {
		s := NewReplayScene(h.A, f, NewMenuScene(h.A))
		s.Seek(h.A, r.Len())
		h.A.Cur = s
		h.Tick()
		h.Click(s.Again.R)
	} else {
		h.A.Cur = r.Scene()
		h.Tick()
		h.Click(again(r.Scene()))
	}
	h.Ticks(FadeTicks + 2)
	return h.A.Cur
}

// ReplayKeysOnly checks the replay viewer's screen as it draws now: the
// game's own screen says the viewer's keys (scene.replay.keys, whole or
// cut short with "…") and none of play's lines (each whole or cut short):
// no one plays, thinks or chooses in a replay.
func ReplayKeysOnly(t TB, h *Harness, play ...string) {
	t.Helper()
	keys := h.A.T("scene.replay.keys")
	said := false
	for _, d := range DrawnLines(h) {
		cut := strings.TrimSuffix(d.S, "…")
		if len([]rune(cut)) < 6 {
			continue
		}
		said = said || strings.HasPrefix(keys, cut)
		for _, p := range play {
			if strings.HasPrefix(p, cut) {
				t.Fatalf("the replay draws play's line %q", d.S)
			}
		}
	}
	if !said {
		t.Fatalf("the replay does not say its keys (%q)", keys)
	}
}
