package incangold

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

// finishedIG is a whole Incan Gold game of two people and three computer
// players with two options on, as the history keeps it.
func finishedIG(t *testing.T) game.Finished {
	t.Helper()
	seats := []rules.RecordSeat{{Name: "Ann", Kind: rules.Human}, {Name: "Борис", Kind: rules.Human},
		{Name: "Cy", Kind: rules.Computer, Level: "easy"}, {Name: "Dee", Kind: rules.Computer, Level: "normal"}, {Name: "Eve", Kind: rules.Computer, Level: "hard"}}
	opts, err := json.Marshal(incangold.Options{Diamant: true, OpenTents: false})
	if err != nil {
		t.Fatal(err)
	}
	f, err := scenes.PlayFinished(igGame, seats, opts, 12, time.Date(2026, 11, 2, 18, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestReplayViewer: a finished game opened from the History steps through
// every move forward (arrow key) and back (button) on Incan Gold's own
// board: at each position the board holds the round, path, pool and gems
// carried that a fresh replay of the record's moves so far has, every
// tent's total open (each seat's own, I4.3) and the choices sealed so far
// in the bar (I3.4); at the end the final scoring with the recorded scores
// (I9). The log tells the game up to the position (it was empty, seen in
// the replay's screenshot), and the board says the viewer's keys, not
// play's.
func TestReplayViewer(t *testing.T) {
	f := finishedIG(t)
	for _, lang := range []string{"en", "fa"} {
		h := scenes.LangHarness(t, lang, igTestGames)
		logs := map[int][]string{} // the log's lines at each position
		at := func(k int) {
			t.Helper()
			s := h.A.Cur.(*scenes.ReplayScene)
			if k == len(f.Record.Moves) {
				fs, ok := s.R.Scene().(*igFinalScene)
				if !ok {
					t.Fatalf("at the end the replay shows %T, not the final scoring", s.R.Scene())
				}
				if !slices.Equal(fs.v.Scores, f.Scores) {
					t.Fatalf("the final scoring shows %v, the record %v", fs.v.Scores, f.Scores)
				}
				return
			}
			b, ok := s.R.Scene().(*igBoardScene)
			if !ok {
				t.Fatalf("move %d: the replay shows %T, not the board", k, s.R.Scene())
			}
			m := scenes.ReplayedTo(t, igGame, f.Record, k)
			pub := m.View(-1).(incangold.View)
			st := &b.m.st
			if st.round != pub.Round || len(st.path) != len(pub.Path) || st.pool != pub.Pool || !slices.Equal(st.carried, pub.Carried) {
				t.Fatalf("move %d: the board shows round %d, %d cards, pool %d, carried %v; a replay of the record round %d, %d cards, pool %d, carried %v",
					k, st.round, len(st.path), st.pool, st.carried, pub.Round, len(pub.Path), pub.Pool, pub.Carried)
			}
			for seat := range f.Record.Seats {
				own := m.View(seat).(incangold.View)
				if !b.tentShown(h.A, seat) || st.tents[seat] != own.Tent {
					t.Fatalf("move %d: seat %d's tent shown %v, %d gems; its own view %d", k, seat, b.tentShown(h.A, seat), st.tents[seat], own.Tent)
				}
			}
			if open := s.R.Open(h.A); (open != "") != (len(pub.Sealed) > 0) {
				t.Fatalf("move %d: %d choices sealed, the bar says %q", k, len(pub.Sealed), open)
			}
			if k%10 == 0 { // no play keys, no "computer players only"
				scenes.ReplayKeysOnly(t, h, h.A.T("ig.hint.keys"), h.A.T("ig.hint.autoplay"))
			}
			// The log tells the game so far: the round's opening at the
			// least, and all it told one move earlier.
			lines := make([]string, b.m.log.Len())
			for i := range lines {
				lines[i] = b.m.log.Line(i).Text
			}
			if len(lines) < pub.Round {
				t.Fatalf("move %d (round %d): the log holds %d lines", k, pub.Round, len(lines))
			}
			if prev, ok := logs[k-1]; ok && (len(prev) > len(lines) || !slices.Equal(prev, lines[:len(prev)])) {
				t.Fatalf("move %d: the log %q does not go on from move %d's %q", k, lines, k-1, prev)
			}
			logs[k] = lines
			if k == 7 {
				h.Shot("ig-replay-board-" + lang)
			}
		}
		scenes.StepReplay(t, h, f, at)
		h.Shot("ig-replay-final-" + lang)
	}
}

// TestPlayAgainSameTable: Play again on the final scoring deals a new game
// at the same table: the same seats with their names, kinds and levels,
// the same options, a new seed; so does the replay viewer's Play again.
func TestPlayAgainSameTable(t *testing.T) {
	f := finishedIG(t)
	for _, viewer := range []bool{false, true} {
		h := scenes.NewHarness(t, igTestGames)
		next := scenes.PlayAgain(t, h, Screens, f, viewer, func(fs scenes.Scene) scenes.Rect { return fs.(*igFinalScene).again.R })
		b, ok := next.(*igBoardScene)
		if !ok {
			t.Fatalf("Play again (viewer %v) opened %s", viewer, next.Name())
		}
		tb, ok := b.m.table.(*igGameTable)
		if !ok {
			t.Fatalf("the new game's table is a %T", b.m.table)
		}
		scenes.SameTable(t, f.Record, tb.t.Record())
		h.A.GoTo(scenes.NewMenuScene(h.A)) // leave the table: its computer players stop with it
		h.Ticks(scenes.FadeTicks + 2)
	}
}
