package saboteur

import (
	"testing"
	"time"

	"github.com/goldvein/goldvein/scenes"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// TestTutorialDeal: the guided round's fixed deal makes seat 0 a
// gold-digger holding a card for every lesson.
func TestTutorialDeal(t *testing.T) {
	g, _, err := saboteur.New(saboteur.Options{Players: 3, FirstPlayer: 0}, tutorialSeed)
	if err != nil {
		t.Fatal(err)
	}
	// The computer player after the player holds a broken tool the
	// player's repair card mends (the repair lesson, tutorBreaker).
	v := g.View(0)
	var mends saboteur.Tool
	for _, c := range v.Hand {
		if c.Kind == saboteur.Repair {
			mends |= c.Tools
		}
	}
	breaks := false
	for _, c := range g.View(tutorBreaker).Hand {
		breaks = breaks || c.Kind == saboteur.Broken && c.Tools&mends != 0
	}
	if !breaks {
		t.Fatalf("seat %d holds no broken tool that the player's repair (%v) mends: %v", tutorBreaker, mends, g.View(tutorBreaker).Hand)
	}
	kinds := map[saboteur.Kind]int{}
	for _, c := range v.Hand {
		kinds[c.Kind]++
	}
	if v.Role != saboteur.GoldDigger || kinds[saboteur.Path] < 2 || kinds[saboteur.Broken] == 0 || kinds[saboteur.Repair] == 0 ||
		kinds[saboteur.Map] == 0 || kinds[saboteur.Rockfall] == 0 || v.Turn != 0 {
		t.Fatalf("role %v, hand %v, first %d", v.Role, v.Hand, v.Turn)
	}
}

// lessonCard is the hand card that makes lesson l's move, or -1.
func lessonCard(s *boardScene, l lesson) int {
	for i, h := range s.hand {
		c := h.card
		switch l {
		case lessonPass:
			return i
		case lessonPath, lessonTurn:
			if c.Kind != saboteur.Path || l == lessonTurn && c.Rotated() == c {
				continue
			}
			for _, p := range s.mine.Board.Placements(nil, c, false) {
				if l == lessonPath && p.Card == c || l == lessonTurn && p.Card == c.Rotated() {
					return i
				}
			}
		case lessonBreak, lessonRepair, lessonMap, lessonRockfall:
			want := map[lesson]saboteur.Kind{lessonBreak: saboteur.Broken, lessonRepair: saboteur.Repair, lessonMap: saboteur.Map, lessonRockfall: saboteur.Rockfall}[l]
			if c.Kind == want {
				return i
			}
		}
	}
	return -1
}

// tutorialMove makes the lesson asked for (or, with none, a pass) by the
// mouse alone or by the keyboard alone.
func tutorialMove(t *testing.T, h *scenes.Harness, s *boardScene, byKeys bool) {
	l := s.m.tutor.cur
	if l < 0 {
		l = lessonPass
	}
	idx := lessonCard(s, l)
	if idx < 0 {
		t.Fatalf("lesson %d asked for with no card for it in %v", l, s.hand)
	}
	if byKeys {
		for k := 0; k <= len(s.hand) && s.sel != idx; k++ {
			h.Key(ebiten.KeyTab)
		}
		if l == lessonTurn {
			h.Key(ebiten.KeyR)
		}
		if l == lessonPass {
			h.Key(ebiten.KeyD)
		} else {
			h.Key(ebiten.KeyEnter)
		}
		if s.chooser.on {
			h.Arm()
			h.Key(ebiten.Key1)
		}
		return
	}
	s.placeHand(h.A)
	card := s.hand[idx].r
	if l == lessonTurn {
		h.In.X, h.In.Y, h.In.Right = int(card.Cx()), int(card.Cy()), true
		h.Tick()
	}
	var to scenes.Rect
	if l == lessonPass {
		to = s.L.discard
	} else {
		s.sel = idx
		s.computeTargets()
		s.sel = -1
		if len(s.targets) == 0 {
			t.Fatalf("lesson %d: card %v has nowhere to go", l, s.hand[idx].placed())
		}
		tg := s.targets[0]
		for _, x := range s.targets {
			if x.isSeat && (x.seat != s.me) == (l == lessonBreak) {
				tg = x // break another player's tool; mend the player's own
				break
			}
		}
		if tg.isSeat {
			to = s.L.panels[tg.seat]
		} else {
			to = s.cellRect(h.A, tg.cell)
		}
	}
	h.Drag(card.Cx(), card.Cy(), to.Cx(), to.Cy())
	if s.chooser.on {
		h.Arm()
		h.Click(s.chooser.r[0])
	}
}

// playTutorial goes from the menu through the guided round by the mouse
// alone or the keyboard alone, until every lesson is done.
func playTutorial(t *testing.T, byKeys bool) {
	h := scenes.NewHarness(t, testGames)
	h.Ticks(2)
	menu := h.A.Cur.(*scenes.MenuScene)
	if byKeys {
		// Up from the end of the menu, button by button, to Learn to play
		// (the game cards come first; History is the last button now).
		learn := len(menu.Pick.Games) + scenes.MenuLearn
		for k := 0; k < 4 && menu.Focus != learn; k++ {
			h.Key(ebiten.KeyArrowUp)
		}
		if menu.Focus != learn {
			t.Fatalf("Up focuses button %d, want Learn to play (%d)", menu.Focus, learn)
		}
		h.Key(ebiten.KeyEnter)
	} else {
		menu.Layout(h.A)
		h.Click(menu.Buttons[scenes.MenuLearn].R)
	}
	h.Ticks(scenes.FadeTicks + 2)
	deadline := time.Now().Add(120 * time.Second)
	lessons := 0
	for time.Now().Before(deadline) {
		switch s := h.A.Cur.(type) {
		case *revealScene:
			if s.btn.Enabled && h.A.Fade == 0 {
				h.Arm()
				if byKeys {
					h.Key(ebiten.KeyEnter)
				} else {
					s.layout(h.A)
					h.Click(s.btn.R)
				}
				continue
			}
		case *boardScene:
			tu := s.m.tutor
			if tu == nil {
				t.Fatal("the guided round has no coach")
			}
			if tu.left() == 0 {
				found := false
				for _, d := range scenes.DrawnLines(h) {
					found = found || d.S == h.A.T("scene.tutorial.done") || len(d.S) > 10 && h.A.T("scene.tutorial.done")[:10] == d.S[:10]
				}
				if !found {
					t.Error("the coach does not say every move was tried")
				}
				h.Shot("tutorial-done")
				return
			}
			if s.armed(h.A) && h.A.Fade == 0 {
				h.Arm()
				asked, before := tu.cur, tu.left()
				if asked >= 0 && lessons == 0 {
					h.Shot("tutorial-first")
				}
				if asked >= 0 {
					// Another move than the one asked for is refused.
					moves := len(s.m.Table.Record().Moves)
					if asked != lessonPass {
						if byKeys {
							for k := 0; k <= len(s.hand) && s.sel < 0; k++ {
								h.Key(ebiten.KeyTab)
							}
							h.Key(ebiten.KeyD)
						} else {
							r := s.hand[0].r
							h.Drag(r.Cx(), r.Cy(), s.L.discard.Cx(), s.L.discard.Cy())
						}
						if len(s.m.Table.Record().Moves) != moves || s.reasonT == 0 {
							t.Fatalf("lesson %d: a pass was taken instead", asked)
						}
						s.sel, s.tsel = -1, -1
						s.refresh(h.A)
					}
				}
				if asked == lessonRepair && s.mine.Broken[s.me] == 0 {
					// Issue 26 item 4: it asked to mend the tool the player
					// had just broken; it mends the player's own, broken by
					// a computer player.
					t.Fatalf("the repair lesson with the player's tools whole (broken: %v)", s.mine.Broken)
				}
				moves := len(s.m.Table.Record().Moves)
				tutorialMove(t, h, s, byKeys)
				if len(s.m.Table.Record().Moves) == moves {
					t.Fatalf("lesson %d: the move was not made (reason %q)", asked, s.reason)
				}
				if asked >= 0 {
					if tu.left() != before-1 || !tu.done[asked] {
						t.Fatalf("lesson %d made, %d left (was %d)", asked, tu.left(), before)
					}
					lessons++
				}
				continue
			}
			if s.ended != nil {
				t.Fatalf("the round ended with lessons %v undone", tu.done)
			}
		case *roundEndScene:
			t.Fatal("the round ended before every lesson was tried")
		}
		h.Tick()
	}
	t.Fatalf("the guided round did not finish its lessons (scene %s)", h.A.Cur.Name())
}

// TestTutorialByMouse: a new player finishes the guided round's lessons
// with the mouse alone (issue 17, item 12).
func TestTutorialByMouse(t *testing.T) { playTutorial(t, false) }

// TestTutorialByKeyboard: and with the keyboard alone.
func TestTutorialByKeyboard(t *testing.T) { playTutorial(t, true) }
