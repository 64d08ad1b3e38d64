package underground

import (
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
)

// finishedUG is a whole Underground game of two people and a computer
// player, as the history keeps it.
func finishedUG(t *testing.T) game.Finished {
	t.Helper()
	seats := []rules.RecordSeat{{Name: "Ann", Kind: rules.Human}, {Name: "Борис", Kind: rules.Human},
		{Name: "Cy", Kind: rules.Computer, Level: "easy"}}
	f, err := scenes.PlayFinished(ugGame, seats, nil, 13, time.Date(2026, 11, 2, 18, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestReplayViewer: a finished game opened from the History steps through
// every small move forward (arrow key) and back (button) on Underground's
// own board: at each position the board shows the view a fresh replay of
// the record's moves so far has, and every seat's coins (hidden in play)
// show, as that seat's own view has them; at the end the final scoring
// with the recorded scores (U10). The board says the viewer's keys, not
// play's, and no "computer players only".
func TestReplayViewer(t *testing.T) {
	f := finishedUG(t)
	for _, lang := range []string{"fa"} { // right to left: Left steps forward
		h := scenes.LangHarness(t, lang, ugTestGames)
		at := func(k int) {
			t.Helper()
			s := h.A.Cur.(*scenes.ReplayScene)
			if k == len(f.Record.Moves) {
				fs, ok := s.R.Scene().(*ugEndScene)
				if !ok {
					t.Fatalf("at the end the replay shows %T, not the final scoring", s.R.Scene())
				}
				if !slices.Equal(fs.finals, f.Scores) {
					t.Fatalf("the final scoring shows %v, the record %v", fs.finals, f.Scores)
				}
				return
			}
			b, ok := s.R.Scene().(*ugPlayScene)
			if !ok {
				t.Fatalf("move %d: the replay shows %T, not the board", k, s.R.Scene())
			}
			m := scenes.ReplayedTo(t, ugGame, f.Record, k)
			if pub := m.View(-1).(underground.View); !reflect.DeepEqual(*b.shownV, pub) {
				t.Fatalf("move %d: the board shows another view than a replay of the record's moves", k)
			}
			for seat := range f.Record.Seats {
				own := m.View(seat).(underground.View)
				if c := own.Seats[seat].Coins; c == nil || b.m.st.coins[seat] != *c || !b.m.autoplay {
					t.Fatalf("move %d: seat %d's coins shown %v (%d); its own view %v", k, seat, b.m.autoplay, b.m.st.coins[seat], c)
				}
			}
			if k%10 == 0 { // no play keys, no "computer players only"
				scenes.ReplayKeysOnly(t, h, h.A.T("ug.hint.keys"), h.A.T("ug.hint.autoplay"))
			}
			if k == 40 {
				h.Shot("ug-replay-board-" + lang)
			}
		}
		scenes.StepReplay(t, h, f, at)
		h.Shot("ug-replay-final-" + lang)
	}
}

// TestPlayAgainSameTable: Play again on the final scoring deals a new game
// at the same table: the same seats with their names, kinds and levels, a
// new seed; so does the replay viewer's Play again.
func TestPlayAgainSameTable(t *testing.T) {
	f := finishedUG(t)
	for _, viewer := range []bool{false, true} {
		h := scenes.NewHarness(t, ugTestGames)
		next := scenes.PlayAgain(t, h, Screens, f, viewer, func(fs scenes.Scene) scenes.Rect { return fs.(*ugEndScene).again.R })
		p, ok := next.(*ugPlayScene)
		if !ok {
			t.Fatalf("Play again (viewer %v) opened %s", viewer, next.Name())
		}
		scenes.SameTable(t, f.Record, p.m.table.Record())
		h.A.GoTo(scenes.NewMenuScene(h.A)) // leave the table: its computer players stop with it
		h.Ticks(scenes.FadeTicks + 2)
	}
}
