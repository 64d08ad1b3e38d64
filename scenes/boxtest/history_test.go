package boxtest

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/scenes"
)

// historyStart is the end time of the history's first game.
var historyStart = time.Date(2026, 11, 2, 18, 30, 0, 0, time.UTC)

// finishedGames plays one game of each game of the box to the end (seat 0
// a person, the others computer players) and returns them, each ending an
// hour after the one before, with copies after them up to n games (so that
// the list scrolls).
func finishedGames(t *testing.T, n int) []game.Finished {
	t.Helper()
	names := []string{"Ann", "Борис", "سارا", "Dan"}
	var out []game.Finished
	for k, g := range games {
		seats := []rules.RecordSeat{{Name: names[0], Kind: rules.Human}}
		for i := 1; i < 3; i++ {
			seats = append(seats, rules.RecordSeat{Name: names[i], Kind: rules.Computer, Level: "easy"})
		}
		f, err := scenes.PlayFinished(g.Rules(), seats, nil, uint64(40+k), historyStart.Add(time.Duration(k)*time.Hour))
		if err != nil {
			t.Fatalf("%s: %v", g.Rules().ID(), err)
		}
		out = append(out, f)
	}
	for k := len(out); k < n; k++ {
		f := out[k%len(games)]
		f.Ended = historyStart.Add(time.Duration(k) * time.Hour)
		out = append(out, f)
	}
	return out
}

// writeHistory writes games (oldest first) as a's history file.
func writeHistory(t *testing.T, a *scenes.App, games []game.Finished) {
	t.Helper()
	for _, f := range games {
		if err := (game.History{Path: a.Dirs.History}).Add(f); err != nil {
			t.Fatal(err)
		}
	}
}

// historySizes are the window sizes the history is checked at (pixels).
var historySizes = [][2]float64{{1280, 800}, {1024, 640}}

// TestHistoryScreen: the menu's History lists the finished games newest
// first, each row with its game's name, its date and its seats with their
// scores best first, in every language at 1280x800 and 1024x640 (SCENE_SHOTS
// pictures them): no two texts overlap, all are on the screen, Back is
// whole; Down chooses a row and scrolls past the last, Enter replays the
// chosen game, Esc returns (issue 26 item 12).
func TestHistoryScreen(t *testing.T) {
	played := finishedGames(t, 13)
	for _, l := range i18n.Langs {
		for _, size := range historySizes {
			name := fmt.Sprintf("history-%s-%.0fx%.0f", l, size[0], size[1])
			t.Run(name, func(t *testing.T) {
				h := scenes.LangHarness(t, string(l), games)
				h.A.LayoutF(size[0], size[1])
				h.ScreenBig()
				writeHistory(t, h.A, played)
				h.Ticks(2)
				scenes.ClickMenu(t, h, scenes.MenuHistory)
				s, ok := h.A.Cur.(*scenes.HistoryScene)
				if !ok {
					t.Fatalf("History opened %s", h.A.Cur.Name())
				}
				h.Shot(name)
				if s.Err != nil || len(s.Games) != len(played) {
					t.Fatalf("%d games listed of %d, error %v", len(s.Games), len(played), s.Err)
				}
				for k := 1; k < len(s.Games); k++ {
					if !s.Games[k].Ended.Before(s.Games[k-1].Ended) {
						t.Fatalf("row %d ended %v, after row %d's %v: not newest first", k+1, s.Games[k].Ended, k, s.Games[k-1].Ended)
					}
				}
				rows := checkHistoryRows(t, h, s, 0)
				// Down chooses the rows in turn; past the last one shown
				// the list scrolls by a row.
				for k := 0; k <= rows; k++ {
					h.Key(ebiten.KeyArrowDown)
				}
				if s.Sel != rows {
					t.Fatalf("%d presses of Down chose row %d", rows+1, s.Sel+1)
				}
				checkHistoryRows(t, h, s, 1)
				h.Shot(name + "-chosen")
				// Enter replays the chosen game; Esc comes back.
				h.Key(ebiten.KeyEnter)
				h.Ticks(scenes.FadeTicks + 1)
				if r, ok := h.A.Cur.(*scenes.ReplayScene); !ok || r.R == nil {
					t.Fatalf("Enter on a row opened %s", h.A.Cur.Name())
				}
				h.Key(ebiten.KeyEscape)
				h.Ticks(scenes.FadeTicks + 1)
				if h.A.Cur != s {
					t.Fatalf("Esc from the replay opened %s", h.A.Cur.Name())
				}
				h.Key(ebiten.KeyEscape)
				h.Ticks(scenes.FadeTicks + 1)
				if n := h.A.Cur.Name(); n != "menu" {
					t.Errorf("Esc from the history opened %s", n)
				}
			})
		}
	}
}

// checkHistoryRows checks the history's drawn page: its rows show the
// games from top on, in order, each with its game's name and the line of
// its seats; no two texts overlap and all are on the screen. It returns
// how many rows are drawn.
func checkHistoryRows(t *testing.T, h *scenes.Harness, s *scenes.HistoryScene, top int) int {
	t.Helper()
	lines := scenes.DrawnLines(h)
	var rows []string // the game names and seat lines, top to bottom
	for _, d := range lines {
		if d.R.X < 0 || d.R.Y < 0 || d.R.X+d.R.W > float64(h.A.W)+1 || d.R.Y+d.R.H > float64(h.A.H)+1 {
			t.Errorf("%q at %+v is off the %dx%d screen", d.S, d.R, h.A.W, h.A.H)
		}
		for _, e := range lines {
			if d != e && d.S < e.S && scenes.Overlaps(d.R, e.R) {
				t.Errorf("%q at %+v overlaps %q at %+v", d.S, d.R, e.S, e.R)
			}
		}
		for _, g := range games {
			if d.S == h.A.T("game."+g.Rules().ID()+".name") {
				rows = append(rows, d.S)
			}
		}
		if strings.Contains(d.S, " · ") {
			rows = append(rows, d.S)
		}
	}
	if len(rows) < 2*4 {
		t.Fatalf("%d rows drawn at %dx%d, want at least 4", len(rows)/2, h.A.W, h.A.H)
	}
	for k := 0; k+1 < len(rows); k += 2 {
		g := s.Games[top+k/2]
		if want := h.A.T("game." + g.Record.Game + ".name"); rows[k] != want {
			t.Errorf("row %d names %q, want %q (game %d of the list)", k/2+1, rows[k], want, top+k/2+1)
		}
		if want := s.Line(h.A, g); rows[k+1] != want {
			t.Errorf("row %d's seats read %q, want %q", k/2+1, rows[k+1], want)
		}
	}
	if bad := h.NotDrawnWhole([]scenes.Button{s.Back}); len(bad) > 0 {
		t.Errorf("not drawn whole: %q", bad)
	}
	return len(rows) / 2
}

// TestHistorySeatsBestFirst: a row's seats are ordered by score, best
// first, each with its name and score.
func TestHistorySeatsBestFirst(t *testing.T) {
	h := scenes.NewHarness(t, games)
	f := game.Finished{Ended: historyStart, Scores: []int{3, 9, 5}, Record: rules.NewRecord("saboteur", nil, 1,
		[]rules.RecordSeat{{Name: "Ann", Kind: rules.Human}, {Name: "Bob", Kind: rules.Human}, {Name: "Cy", Kind: rules.Computer, Level: "easy"}})}
	if got, want := (&scenes.HistoryScene{}).Line(h.A, f), "Bob 9 · Cy 5 · Ann 3"; got != want {
		t.Errorf("seats read %q, want %q", got, want)
	}
}

// TestHistoryCorrupt: a history file that cannot be read is said so on the
// History page, in every language, and left exactly as it was, also after
// a game ends (the table's saver refuses to add to it).
func TestHistoryCorrupt(t *testing.T) {
	bad := []byte(`{"games":[{"ended":"2026-11-02T18:30:00Z","scores":[1,2,3]}`)
	f := finishedGames(t, 1)[0]
	for _, l := range i18n.Langs {
		h := scenes.LangHarness(t, string(l), games)
		h.ScreenBig()
		if err := os.WriteFile(h.A.Dirs.History, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		h.Ticks(2)
		scenes.ClickMenu(t, h, scenes.MenuHistory)
		h.Shot("history-corrupt-" + string(l))
		s := h.A.Cur.(*scenes.HistoryScene)
		if s.Err == nil || len(s.Games) != 0 {
			t.Fatalf("%s: a corrupt history read as %d games, error %v", l, len(s.Games), s.Err)
		}
		said := ""
		for _, d := range scenes.DrawnLines(h) {
			said += d.S + " "
		}
		head, _, _ := strings.Cut(h.A.T("scene.history.unreadable", "error", ""), ":")
		if !strings.Contains(said, strings.Fields(head)[0]) || !strings.Contains(said, game.HistoryFile) {
			t.Errorf("%s: the page does not say the history cannot be read: %q", l, said)
		}
		if err := (game.FileSaver{History: h.A.Dirs.History}).Ended(f.Record, f.Scores); err == nil {
			t.Errorf("%s: a finished game was added to a corrupt history", l)
		}
		h.Key(ebiten.KeyEscape)
		h.Ticks(scenes.FadeTicks + 1)
		if got, _ := os.ReadFile(h.A.Dirs.History); !bytes.Equal(got, bad) {
			t.Errorf("%s: the corrupt history changed to %s", l, got)
		}
	}
}

// TestReplayUnreadableRecord: a History row whose record cannot be
// replayed (a move its game refuses to read, a game this app does not
// hold) opens a replay page that says why, in every language, with no
// step offered; Esc returns to the History.
func TestReplayUnreadableRecord(t *testing.T) {
	f := finishedGames(t, 1)[0]
	bad := f
	bad.Record = f.Record.Clone()
	bad.Record.Moves[3].Move = []byte(`{"nonsense":1}`)
	other := f
	other.Record = f.Record.Clone()
	other.Record.Game = "chess"
	for _, l := range i18n.Langs {
		for _, c := range []struct {
			f    game.Finished
			says string
		}{{bad, "moves[3]"}, {other, "chess"}} {
			h := scenes.LangHarness(t, string(l), games)
			h.ScreenBig()
			writeHistory(t, h.A, []game.Finished{c.f})
			h.Ticks(2)
			scenes.ClickMenu(t, h, scenes.MenuHistory)
			hs := h.A.Cur.(*scenes.HistoryScene)
			h.Click(hs.Row(h.A, 0))
			h.Ticks(scenes.FadeTicks + 1)
			s, ok := h.A.Cur.(*scenes.ReplayScene)
			if !ok {
				t.Fatalf("%s: the row opened %s", l, h.A.Cur.Name())
			}
			h.Shot("replay-unreadable-" + c.says + "-" + string(l))
			if s.R != nil || s.Err == nil {
				t.Fatalf("%s: the record %s replays", l, c.says)
			}
			said := ""
			for _, d := range scenes.DrawnLines(h) {
				said += d.S + " "
			}
			head, _, _ := strings.Cut(h.A.T("scene.replay.unreadable", "error", ""), ":")
			if !strings.Contains(said, strings.Fields(head)[0]) || !strings.Contains(said, c.says) {
				t.Errorf("%s: the page does not say why the record %s cannot be replayed: %q", l, c.says, said)
			}
			if s.Next.Enabled || s.Last.Enabled {
				t.Errorf("%s: a step is offered without a replay", l)
			}
			h.Key(ebiten.KeyArrowRight)
			h.Key(ebiten.KeyEscape)
			h.Ticks(scenes.FadeTicks + 1)
			if h.A.Cur != scenes.Scene(hs) {
				t.Errorf("%s: Esc from the replay opened %s", l, h.A.Cur.Name())
			}
		}
	}
}
