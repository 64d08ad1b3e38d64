package underground

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
)

// ugTutorialStep is the move a pupil makes in view v: the lesson asked
// for (its first legal move), else the end of the step, else the step's
// first legal move.
func ugTutorialStep(t *ugTutor, v *underground.View) underground.Move {
	if l := t.asked(v); l >= 0 {
		var lead *underground.Move
		for _, mv := range v.Legal {
			if ugLessonOf(v, mv) == l {
				return mv
			}
			if lead == nil && t.allows(v, mv) {
				lead = &mv
			}
		}
		if lead != nil {
			return *lead // a conquest on towards the die
		}
	}
	for _, mv := range v.Legal {
		if mv.End {
			return mv
		}
	}
	return v.Legal[0]
}

// ugTutorialRun plays match m's coached seat by ugTutorialStep against its
// computer player until every lesson is done or the game is over; it
// returns the game turn then.
func ugTutorialRun(t *testing.T, m *ugMatch) int {
	tu := m.tutor
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		v, _ := m.table.View(tu.seat).(underground.View)
		if tu.left() == 0 || v.Over {
			return v.Turn
		}
		if len(v.Legal) == 0 {
			time.Sleep(time.Millisecond)
			continue
		}
		if err := m.submit(tu.seat, ugTutorialStep(tu, &v)); err != nil {
			t.Fatalf("turn %d step %s: %v", v.Turn, v.Step, err)
		}
	}
	t.Fatal("the guided game did not go on")
	return 0
}

// TestUGTutorialSetUp: the guided game's fixed seed seats the player
// first, and every lesson can be played by the end of the second turn
// against the real computer player (the coach asks them in order).
func TestUGTutorialSetUp(t *testing.T) {
	h := scenes.NewHarness(t, ugTestGames)
	m, err := newUGTutorialMatch(h.A)
	if err != nil {
		t.Fatal(err)
	}
	defer m.close()
	v, _ := m.table.View(0).(underground.View)
	if v.Active != 0 || len(v.Legal) == 0 {
		t.Fatalf("seat %d starts, want the player", v.Active)
	}
	if turn := ugTutorialRun(t, m); m.tutor.left() != 0 || turn > 2 {
		t.Fatalf("by turn %d, lessons done %v", turn, m.tutor.done)
	}
}

// ugOpenLearn opens "Learn to play" with Underground picked, from the
// menu, by the mouse or by the keyboard.
func ugOpenLearn(t *testing.T, h *scenes.Harness, byKeys bool) *ugPlayScene {
	h.Ticks(2)
	menu := h.A.Cur.(*scenes.MenuScene)
	menu.Layout(h.A)
	card := slices.IndexFunc(h.A.Games(), func(g scenes.Game) bool { return g.Rules().ID() == ugGameID }) // the cards' order
	if card < 0 {
		t.Fatal("no Underground card in the menu")
	}
	learn := len(menu.Pick.Games) + scenes.MenuLearn
	if byKeys {
		for k := 0; k < 20 && menu.Focus != card; k++ {
			h.Key(ebiten.KeyArrowDown)
		}
		h.Key(ebiten.KeyEnter) // picks the game
		for k := 0; k < 20 && menu.Focus != learn; k++ {
			h.Key(ebiten.KeyArrowDown)
		}
		if menu.Focus != learn {
			t.Fatal("the keys never reach Learn to play")
		}
		h.Key(ebiten.KeyEnter)
	} else {
		h.Click(menu.Pick.Cards[card])
		menu.Layout(h.A)
		if !menu.Buttons[scenes.MenuLearn].Enabled {
			t.Fatal("Learn to play is off with Underground picked")
		}
		h.Arm()
		h.Click(menu.Buttons[scenes.MenuLearn].R)
	}
	h.Ticks(scenes.FadeTicks + 2)
	s, ok := h.A.Cur.(*ugPlayScene)
	if !ok || s.m.tutor == nil {
		t.Fatalf("Learn to play opened %s, want the guided game", h.A.Cur.Name())
	}
	t.Cleanup(s.m.close)
	return s
}

// ugTutorialAct makes move mv (legal now) as the player would: a combo
// clicked or its digit pressed, a region clicked or reached with Tab and
// Enter, a token dragged or moved with ] and [, Done clicked or Space,
// the decline button or D.
func ugTutorialAct(t *testing.T, h *scenes.Harness, s *ugPlayScene, mv underground.Move, byKeys bool) {
	c := ugChoice{pick: -1, region: -1}
	switch k := mv.Kind(); k {
	case "pick":
		c.pick = *mv.Pick
	case "conquer", "final":
		c.region = s.m.mp.Index(mv.Conquer + mv.Final)
	case "end":
		c.end = true
	case "decline":
		c.decl = true
	case "deploy", "lift":
		if from, to, ok := ugOwnPair(s); ok && !byKeys {
			fx, fy, _ := s.board.RegionCenter(from)
			tx, ty, _ := s.board.RegionCenter(to)
			h.Drag(fx, fy, tx, ty)
			return
		}
		i := s.m.mp.Index(mv.Deploy + mv.Lift)
		key, label := ebiten.KeyBracketRight, "ug.btn.deploy"
		if k == "lift" {
			key, label = ebiten.KeyBracketLeft, "ug.btn.lift"
		}
		ugAct(h, t, s, ugChoice{pick: -1, region: i}, byKeys) // selects the stack
		h.Arm()
		if byKeys {
			h.Key(key)
		} else {
			s.buildButtons(h.A)
			h.Click(s.ugButton(h.A, label))
		}
		return
	default:
		c = ugScript(s, 0)
	}
	ugAct(h, t, s, c, byKeys)
}

// playUGTutorial goes from the menu through the guided game by the mouse
// alone or the keyboard alone until every lesson is done, trying a move
// other than the one asked for at each lesson that allows one (refused,
// with the lesson as the reason).
func playUGTutorial(t *testing.T, byKeys bool) {
	h := scenes.NewHarness(t, ugTestGames)
	h.A.Settings.AnimSpeed = 16
	s := ugOpenLearn(t, h, byKeys)
	tu := s.m.tutor
	var shown [ugLessonCount]bool
	for n := 0; n < 400; n++ {
		var ok bool
		s, ok = ugWait(h, nil)
		if !ok {
			t.Fatalf("the game ended with lessons %v undone", tu.done)
		}
		if tu.left() == 0 {
			h.Arm()
			want := h.A.T("ug.tutorial.done")
			if !slices.ContainsFunc(scenes.DrawnLines(h), func(d scenes.DrawnText) bool { return strings.HasPrefix(want, d.S) && len(d.S) > 8 }) {
				t.Error("the coach does not say every move was tried")
			}
			h.Shot("ug-tutorial-done")
			return
		}
		h.Arm()
		asked := tu.asked(&s.mine)
		if asked >= 0 && !shown[asked] {
			shown[asked] = true
			h.Shot(fmt.Sprintf("ug-tutorial-%d", asked+1))
		}
		moves := len(s.m.table.Record().Moves)
		if asked >= 0 {
			// Another move than the one asked for is refused, the lesson
			// its reason.
			wrong := ugChoice{pick: -1, region: -1}
			switch {
			case asked == ugLessonPick:
				wrong.pick = 1
			case asked != ugLessonScore && s.moves.end != nil:
				wrong.end = true
			}
			if wrong.pick >= 0 || wrong.end {
				ugAct(h, t, s, wrong, byKeys)
				h.Tick()
				if len(s.m.table.Record().Moves) != moves || !strings.Contains(s.refusal, h.A.T("ug.tutorial.short."+ugLessonNames[asked])) {
					t.Fatalf("lesson %d: the wrong move %+v was not refused (refusal %q)", asked, wrong, s.refusal)
				}
				if asked == ugLessonMonster {
					h.Shot("ug-tutorial-refused")
				}
				h.Arm()
			}
		}
		before := tu.left()
		ugTutorialAct(t, h, s, ugTutorialStep(tu, &s.mine), byKeys)
		h.Tick()
		if len(s.m.table.Record().Moves) == moves {
			t.Fatalf("lesson %d, step %s: no move made (refusal %q)", asked, s.moves.step, s.refusal)
		}
		if asked >= 0 && tu.done[asked] && tu.left() != before-1 {
			t.Fatalf("lesson %d done, %d left (was %d)", asked, tu.left(), before)
		}
	}
	t.Fatalf("the guided game did not finish its lessons: %v", tu.done)
}

// TestUGTutorialByMouse: a new player finishes the guided game's lessons
// with the mouse alone (issue 25, item 9).
func TestUGTutorialByMouse(t *testing.T) { playUGTutorial(t, false) }

// TestUGTutorialByKeyboard: and with the keyboard alone.
func TestUGTutorialByKeyboard(t *testing.T) { playUGTutorial(t, true) }

// TestUGTutorialCoachFits: in English, Russian and Persian, at 1280x800
// and 1024x640, the coach's box sits between the market and the log, on
// the screen, and holds its title and every prompt whole. With
// SCENE_SHOTS=DIR it saves the first prompt (ug-tutorial-coach-<lang>-<width>.png).
func TestUGTutorialCoachFits(t *testing.T) {
	for _, lang := range []string{"en", "ru", "fa"} {
		for _, size := range [][2]float64{{1280, 800}, {1024, 640}} {
			h := scenes.LangHarness(t, lang, ugTestGames)
			h.A.LayoutF(size[0], size[1])
			h.Screen = scenes.NewScreen(h.A)
			sc, err := ugLearn(h.A)
			if err != nil {
				t.Fatal(err)
			}
			s := sc.(*ugPlayScene)
			h.A.Cur = s
			h.Ticks(2)
			r, u := s.coachRect(h.A), h.A.U
			if r.Y < s.l.market.Y+s.l.market.H || r.Y+r.H > s.l.log.Y || r.X < 0 || r.X+r.W > size[0]+0.5 || s.l.log.H < u(120) {
				t.Errorf("%s %v: coach %+v between market %+v and log %+v", lang, size, r, s.l.market, s.l.log)
			}
			head := h.A.T("ug.tutorial.title", "done", 7, "total", 7)
			if w := h.A.Text.Line(head, u(13), h.A.RTL()).W; w > r.W-u(8) {
				t.Errorf("%s %v: the title is %.0f wide in %.0f", lang, size, w, r.W)
			}
			keys := []string{"other", "watch", "done"}
			for _, n := range ugLessonNames {
				keys = append(keys, n)
			}
			for _, k := range keys {
				text := h.A.T("ug.tutorial." + k)
				if need := u(26) + scenes.WrappedHeight(h.A, text, u(15), r.W-u(20)); need > r.H {
					t.Errorf("%s %v: %s needs %.0f of the box's %.0f", lang, size, k, need, r.H)
				}
			}
			h.Shot(fmt.Sprintf("ug-tutorial-coach-%s-%.0f", lang, size[0]))
			s.m.close()
		}
	}
}

// TestUGTutorialUndoTakesLessonBack: a lesson whose move Undo takes back
// (through the in-game menu) is to do again: the coach counts it undone
// and asks for it, while the lessons before it stay done.
func TestUGTutorialUndoTakesLessonBack(t *testing.T) {
	h := scenes.NewHarness(t, ugTestGames)
	h.A.Settings.AnimSpeed = 16
	s := ugOpenLearn(t, h, false)
	tu := s.m.tutor
	for n := 0; n < 40 && !tu.done[ugLessonConquer]; n++ {
		var ok bool
		if s, ok = ugWait(h, nil); !ok {
			t.Fatal("the game ended")
		}
		h.Arm()
		ugTutorialAct(t, h, s, ugTutorialStep(tu, &s.mine), false)
		h.Tick()
	}
	if !tu.done[ugLessonPick] || !tu.done[ugLessonConquer] {
		t.Fatalf("lessons done %v, want the pick and the conquest", tu.done)
	}
	s, _ = ugWait(h, nil)
	if ok, why := s.CanUndo(h.A); !ok {
		t.Fatalf("the lesson's conquest cannot be taken back: %s", why)
	}
	left := tu.left()
	ugMenuUndo(t, h, true)
	s, ok := ugWait(h, nil)
	if !ok {
		t.Fatal("no move after the Undo")
	}
	if tu.done[ugLessonConquer] || !tu.done[ugLessonPick] || tu.left() != left+1 {
		t.Fatalf("after Undo lessons done %v (%d left, was %d): want the conquest to do again, the pick done", tu.done, tu.left(), left)
	}
	if got := tu.asked(&s.mine); got != ugLessonConquer {
		t.Fatalf("after Undo the coach asks lesson %d, want the conquest", got)
	}
}
