package saboteur

import (
	"encoding/json"
	"errors"
	"io/fs"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// finishedSab is a whole Saboteur game of two people and two computer
// players with two table options on, as the history keeps it.
func finishedSab(t *testing.T) game.Finished {
	t.Helper()
	seats := []rules.RecordSeat{{Name: "Ann", Kind: rules.Human}, {Name: "Борис", Kind: rules.Human},
		{Name: "Cy", Kind: rules.Computer, Level: "easy"}, {Name: "Dee", Kind: rules.Computer, Level: "normal"}}
	opts, err := json.Marshal(saboteur.Options{Players: 4, ConnectToStart: true, SabotagedGetNothing: true, FirstPlayer: 2})
	if err != nil {
		t.Fatal(err)
	}
	f, err := scenes.PlayFinished(sabGame(), seats, opts, 11, time.Date(2026, 11, 2, 18, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestReplayViewer: a finished game opened from the History steps through
// every move forward (arrow key) and back (button) on Saboteur's own
// board: at each position the board shows the table as a fresh replay of
// the record's moves so far has it, the seat to move's hand and role face
// up on the screen, every goal's face marked (R7.2: known once the round
// is over) and every seat's role in the bar; at the end it shows the final
// scoring with the recorded scores (R9.1). In Persian the left arrow steps
// forward. The board says the viewer's keys, not play's, and whose turn
// it was, not that a computer player is thinking.
func TestReplayViewer(t *testing.T) {
	f := finishedSab(t)
	results := scenes.ReplayedTo(t, sabGame(), f.Record, len(f.Record.Moves)).View(-1).(saboteur.View).Results
	for _, lang := range []string{"en", "fa"} {
		h := scenes.LangHarness(t, lang, testGames)
		var s *scenes.ReplayScene
		at := func(k int) {
			t.Helper()
			s = h.A.Cur.(*scenes.ReplayScene)
			want := scenes.ReplayedTo(t, sabGame(), f.Record, k)
			if k == len(f.Record.Moves) {
				fs, ok := s.R.Scene().(*finalScene)
				if !ok {
					t.Fatalf("at the end the replay shows %T, not the final scoring", s.R.Scene())
				}
				if !slices.Equal(fs.view.Scores, f.Scores) {
					t.Fatalf("the final scoring shows %v, the record %v", fs.view.Scores, f.Scores)
				}
				return
			}
			b, ok := s.R.Scene().(*boardScene)
			if !ok {
				t.Fatalf("move %d: the replay shows %T, not the board", k, s.R.Scene())
			}
			pub, _ := want.View(-1).(saboteur.View)
			if !reflect.DeepEqual(b.view, pub) {
				t.Fatalf("move %d: the board shows round %d move %d, a replay of the record round %d move %d", k, b.view.Round, b.view.Moves, pub.Round, pub.Moves)
			}
			if owe := want.ToMove(); len(owe) > 0 {
				mine, _ := want.View(owe[0]).(saboteur.View)
				if b.me != owe[0] || !h.A.Shows(b.me) || !slices.Equal(b.mine.Hand, mine.Hand) || b.mine.Role != mine.Role {
					t.Fatalf("move %d: the hand shown is seat %d's (on screen %v), want seat %d's, face up", k, b.me, h.A.Shows(b.me), owe[0])
				}
				res := results[pub.Round-1]
				if !slices.Equal(b.mine.Peeked[:], res.Goals) {
					t.Fatalf("move %d: goals marked %v, the round's goals %v", k, b.mine.Peeked, res.Goals)
				}
				if open := s.R.Open(h.A); open != h.A.T("scene.replay.roles", "roles", rolesLine(h.A, f.Record, res.Roles)) {
					t.Fatalf("move %d: the bar says %q", k, open)
				}
			}
			if k%10 == 0 { // no play keys, no one "thinking"
				play := []string{h.A.T("scene.board.keys")}
				for _, st := range f.Record.Seats {
					play = append(play, h.A.T("scene.board.thinking", "name", scenes.LocalName(h.A, st.Name)))
				}
				scenes.ReplayKeysOnly(t, h, play...)
			}
			if k == 5 {
				h.Shot("replay-board-" + lang)
			}
		}
		scenes.StepReplay(t, h, f, at)
		h.Shot("replay-final-" + lang)
	}
}

// autosaveOf is the autosave of h's new table, once written: the table
// writes it after each move (game.Table), and the new game's first seat
// may be a computer player, whose move comes from its own goroutine
// whenever that gets a core; so the screen ticks until the file is there
// (at most 2,000 ticks of 5 ms: long enough on a loaded machine, and no
// timing asserted: the test fails only if no move is ever saved).
func autosaveOf(t *testing.T, h *scenes.Harness) *game.Saved {
	t.Helper()
	for range 2000 {
		saved, err := game.FileSaver{Path: h.A.Dirs.Autosave}.Load(sabGame())
		if err == nil {
			return saved
		}
		if !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
		h.Tick()
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("the new table saved no move")
	return nil
}

// rolesLine is the seats' roles as the bar lists them.
func rolesLine(a *scenes.App, rec *rules.Record, roles []saboteur.Role) string {
	s := ""
	for i, r := range roles {
		if i > 0 {
			s += " · "
		}
		s += rec.Seats[i].Name + " " + roleCaption(a, r)
	}
	return s
}

// TestPlayAgainSameTable: Play again on the final scoring deals a new game
// at the same table: the same seats with their names, kinds and levels,
// the same options, a new seed; so does the replay viewer's Play again.
func TestPlayAgainSameTable(t *testing.T) {
	f := finishedSab(t)
	for _, viewer := range []bool{false, true} {
		h := scenes.NewHarness(t, testGames)
		next := scenes.PlayAgain(t, h, Screens, f, viewer, func(fs scenes.Scene) scenes.Rect { return fs.(*finalScene).again.R })
		if n := next.Name(); n == "final" || n == "menu" || n == "replay" {
			t.Fatalf("Play again (viewer %v) stayed on %s", viewer, n)
		}
		scenes.SameTable(t, f.Record, autosaveOf(t, h).Record)
		h.A.GoTo(scenes.NewMenuScene(h.A)) // leave the table: its computer players stop with it
		h.Ticks(scenes.FadeTicks + 2)
	}
}
