package underground

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"testing"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
)

// ugPlayTo plays the scripted human (by mouse) until stop holds at one of
// its steps; false when the game ended first.
func ugPlayTo(h *scenes.Harness, t *testing.T, stop func(s *ugPlayScene) bool) (*ugPlayScene, bool) {
	t.Helper()
	conquests := map[int]int{}
	for n := 0; n < 3000; n++ {
		s, ok := ugWait(h, nil)
		if !ok {
			return nil, false
		}
		if stop(s) {
			return s, true
		}
		c := ugScript(s, conquests[s.mine.Turn*8+s.me])
		if ugAct(h, t, s, c, false) {
			conquests[s.mine.Turn*8+s.me]++
		}
		h.Tick()
	}
	t.Fatal("the step never came")
	return nil, false
}

// ugOwnPair finds, in the acting seat's redeployment, a region tokens may
// be lifted from and another own region that takes them.
func ugOwnPair(s *ugPlayScene) (from, to int, ok bool) {
	for f := range s.moves.lift {
		for d := range s.moves.deploy {
			if d != f {
				return f, d, true
			}
		}
	}
	return -1, -1, false
}

// TestPlayDragRedeploy (issue 25 item 1): on the play screen as the app
// runs it, a real press on an own stack, a move and a release on another
// own region carry a token there (U7.5); a drag that starts on a region
// that is not the player's pans the map and moves nothing.
func TestPlayDragRedeploy(t *testing.T) {
	h, _ := ugHarness(t, []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Name: "Bot 2", Level: "easy"}}, 5)
	s, ok := ugPlayTo(h, t, func(s *ugPlayScene) bool {
		_, _, ok := ugOwnPair(s)
		return s.moves.step == "redeploy" && ok
	})
	if !ok {
		t.Fatal("the game ended without a redeployment with two own regions")
	}
	from, to, _ := ugOwnPair(s)
	tokens := func(i int) int {
		v, _ := s.m.table.View(s.me).(underground.View)
		return v.Regions[i].Tokens
	}
	f0, t0 := tokens(from), tokens(to)
	fx, fy, _ := s.board.RegionCenter(from)
	tx, ty, _ := s.board.RegionCenter(to)
	h.Drag(fx, fy, tx, ty)
	h.Ticks(2)
	if f1, t1 := tokens(from), tokens(to); f1 != f0-1 || t1 != t0+1 {
		t.Fatalf("drag r%d -> r%d: tokens %d,%d -> %d,%d, want one moved", from, to, f0, t0, f1, t1)
	}
	// A drag from a region that is not an own stack pans.
	other := -1
	for i := range s.mine.Regions {
		if rv := s.mine.Regions[i]; rv.Seat != s.me && s.board.m.IsLand(i) {
			if x, y, ok := s.board.RegionCenter(i); ok && s.l.board.Inset(60).In(int(x), int(y)) {
				other = i
				break
			}
		}
	}
	if other < 0 {
		t.Fatal("no other region on screen")
	}
	ox, oy, _ := s.board.RegionCenter(other)
	rec := len(s.m.table.Record().Moves)
	h.Drag(ox, oy, ox+40, oy+30)
	h.Ticks(2)
	if nx, ny, _ := s.board.RegionCenter(other); math.Hypot(nx-ox-40, ny-oy-30) > 2 {
		t.Errorf("a drag from r%d did not pan: centre %.0f,%.0f -> %.0f,%.0f", other, ox, oy, nx, ny)
	}
	if n := len(s.m.table.Record().Moves); n != rec {
		t.Errorf("a pan made %d moves", n-rec)
	}
}

// TestUGChartAfterContinue (issue 25 item 5): a game left in its third
// game turn and continued from the menu ends with a chart point for every
// game turn from the first (the first turns' points the same as before
// the break), not only the turns since the resume.
func TestUGChartAfterContinue(t *testing.T) {
	dir := t.TempDir()
	h := scenes.NewHarnessIn(t, dir, ugTestGames)
	h.A.Settings.AnimSpeed = 16
	m, err := newUGMatch(h.A, ugSetup{Seats: []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Name: "Bot 2", Level: "easy"}}, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	h.A.Cur = newUGPlayScene(h.A, m)
	if _, ok := ugPlayTo(h, t, func(s *ugPlayScene) bool { return s.mine.Turn >= 3 }); !ok {
		t.Fatal("the game ended before game turn 3")
	}
	before := slices.Clone(m.st.byTurn)
	m.close()
	h2 := scenes.ContinueGame(t, dir, ugTestGames)
	h2.A.Settings.AnimSpeed = 16
	s, ok := h2.A.Cur.(*ugPlayScene)
	if !ok {
		t.Fatalf("after Continue: scene %s", h2.A.Cur.Name())
	}
	t.Cleanup(s.m.close)
	if len(s.m.st.byTurn) != len(before) {
		t.Fatalf("after Continue the chart has %d game turns, before %d", len(s.m.st.byTurn), len(before))
	}
	for k := range before {
		if !slices.Equal(before[k], s.m.st.byTurn[k]) {
			t.Fatalf("game turn %d: coins %v after Continue, %v before", k+1, s.m.st.byTurn[k], before[k])
		}
	}
	ugPlay(h2, t, false)
	ugCheckEnd(t, h2, s.m)
}

// TestUGChartTicks: the chart's grid lines fall on round numbers.
func TestUGChartTicks(t *testing.T) {
	for _, c := range []struct{ top, step int }{{4, 1}, {9, 2}, {20, 5}, {48, 10}, {106, 25}, {120, 25}, {130, 50}, {240, 50}, {600, 250}} {
		if got := ugTickStep(c.top); got != c.step {
			t.Errorf("top %d: step %d, want %d", c.top, got, c.step)
		}
	}
}

// TestUGAskBeforeIrreversible (issue 25 items 7 and 8, issue 22): going
// into decline and a final conquest's die ask first; Space or a second D
// does not answer, Back (N) drops the question, and only Enter or the
// question's button plays the move.
func TestUGAskBeforeIrreversible(t *testing.T) {
	h, _ := ugHarness(t, []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Name: "Bot 2", Level: "easy"}}, 5)
	s, ok := ugPlayTo(h, t, func(s *ugPlayScene) bool { return s.moves.decline != nil })
	if !ok {
		t.Fatal("no decline was offered")
	}
	n := len(s.m.table.Record().Moves)
	h.Key(ebiten.KeyD)
	if s.ask == nil || len(s.m.table.Record().Moves) != n {
		t.Fatalf("D: question %v, %d moves made; want a question and none", s.ask, len(s.m.table.Record().Moves)-n)
	}
	h.Key(ebiten.KeySpace)
	h.Key(ebiten.KeyD)
	if len(s.m.table.Record().Moves) != n {
		t.Fatal("Space or D answered the question")
	}
	h.Key(ebiten.KeyN)
	if s.ask != nil {
		t.Fatal("N left the question open")
	}
	// The die: a region a roll would take asks "roll for rNN?".
	s, ok = ugPlayTo(h, t, func(s *ugPlayScene) bool {
		if md := s.moves.mode("conquer"); md != nil && s.moves.step == "conquer" {
			for _, mv := range md.regions {
				if mv.Final != "" {
					return true
				}
			}
		}
		return false
	})
	if !ok {
		t.Skip("the game ended before a die roll was offered")
	}
	md := s.moves.mode("conquer")
	final := -1
	for i, mv := range md.regions {
		if mv.Final != "" {
			final = i
		}
	}
	x, y, _ := s.board.RegionCenter(final)
	n = len(s.m.table.Record().Moves)
	h.Click(scenes.R(x-1, y-1, 2, 2))
	if s.ask == nil || len(s.m.table.Record().Moves) != n {
		t.Fatal("a click on a die region rolled at once")
	}
	if want := s.mine.Regions[final].ID; !strings.Contains(s.ask.yes, want) {
		t.Errorf("the roll's button %q does not name %s", s.ask.yes, want)
	}
	h.Key(ebiten.KeyEnter)
	if len(s.m.table.Record().Moves) != n+1 {
		t.Fatal("Enter did not roll")
	}
}

// TestUGSpreadSaysWhere: ending a redeployment with tokens in hand says
// where the rules' default puts them (UR43: the thinnest region held, one
// at a time, the first in map order on a tie).
func TestUGSpreadSaysWhere(t *testing.T) {
	h, s := ugHarness(t, []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Name: "Bot 2", Level: "easy"}}, 5)
	s.me = 0
	s.mine = underground.View{Step: "redeploy", Regions: []underground.RegionView{
		{ID: "r1", Seat: 0, Tokens: 3}, {ID: "r2", Seat: 0, Tokens: 1}, {ID: "r3", Seat: 1, Tokens: 1}, {ID: "r4", Seat: 0, Tokens: 2}, {ID: "r5", Seat: 0, Tokens: 2, Decline: true},
	}}
	where, n := s.spreadText(h.A, underground.SeatView{Active: &underground.SlotView{Hand: 3}})
	if n != 3 || where != "r2 +2, r4 +1" {
		t.Errorf("3 tokens go to %q (%d), want r2 +2, r4 +1", where, n)
	}
}

// TestUGLaneLayout (issue 25 item 8, issue 22): at 1280x800 and 1024x640,
// in English, Russian and Persian, the message lane (question, refusal, tip,
// banner) and the controls' bar lie outside the map and apart, and nothing
// lies under the menu button, on the board and on a hotseat curtain.
func TestUGLaneLayout(t *testing.T) {
	for _, lang := range []string{"en", "ru", "fa"} {
		for _, sz := range [][2]float64{{1280, 800}, {1024, 640}} {
			h := scenes.LangHarness(t, lang, ugTestGames)
			h.SetSize(sz[0], sz[1])
			m, err := newUGMatch(h.A, ugSetup{Seats: []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Human: true, Name: "Bob"}, {Name: "Bot 3", Level: "easy"}}, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			s := newUGPlayScene(h.A, m)
			h.A.Cur = s
			h.Ticks(3)
			// Two humans at one screen: the first thing shown is Ann's
			// curtain, with the menu button on it (issue 22).
			for i := 0; i < 400 && !s.cur.Covering(); i++ {
				h.Tick()
			}
			if !s.cur.Covering() {
				t.Fatalf("%s %vx%v: no curtain before the first human's turn", lang, sz[0], sz[1])
			}
			h.Arm()
			h.Shot(fmt.Sprintf("ug-curtain-%s-%v", lang, sz[0]))
			if bad := h.CheckMenuButton(); len(bad) > 0 {
				t.Errorf("%s %vx%v, the curtain: %v", lang, sz[0], sz[1], bad)
			}
			h.Lift(&s.cur)
			l := s.l
			for _, p := range [][2]scenes.Rect{{l.lane, l.board}, {l.bar, l.board}, {l.lane, l.bar}} {
				if scenes.Overlaps(p[0], p[1]) {
					t.Errorf("%s %vx%v: %+v overlaps %+v", lang, sz[0], sz[1], p[0], p[1])
				}
			}
			h.Ticks(60)
			h.Shot(fmt.Sprintf("ug-layout-%s-%v", lang, sz[0]))
			if bad := h.CheckMenuButton(); len(bad) > 0 {
				t.Errorf("%s %vx%v, the board: %v", lang, sz[0], sz[1], bad)
			}
			for _, pn := range l.panels {
				if scenes.Overlaps(pn, l.bar) || scenes.Overlaps(pn, l.lane) {
					t.Errorf("%s %vx%v: a panel %+v under the bar or lane", lang, sz[0], sz[1], pn)
				}
			}
			m.close()
		}
	}
}
