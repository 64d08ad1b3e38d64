package saboteur

import (
	"fmt"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/i18n"
	"github.com/goldvein/goldvein/scenes"
)

// layoutSizes are the window sizes and interface sizes of the layout
// tests: the usual window, the smallest, and the usual one at 125%
// (issue 26, item 5).
var layoutSizes = []struct{ w, h, ui float64 }{{1280, 800, 1}, {1024, 640, 1}, {1280, 800, 1.25}}

// layoutHarness is a harness in language lang at window size w x h with
// the interface at ui (1.25: 125%).
func layoutHarness(t *testing.T, lang string, w, h, ui float64) *scenes.Harness {
	t.Helper()
	hs := scenes.NewHarness(t, testGames)
	if err := hs.A.SetLang(i18n.Lang(lang)); err != nil {
		t.Fatal(err)
	}
	hs.A.Settings.UIScale = ui
	hs.A.Settings.AnimSpeed = 8
	hs.SetSize(w, h)
	return hs
}

// onScreen reports what of r lies off the screen, or "".
func onScreen(h *scenes.Harness, r scenes.Rect) string {
	W, H := float64(h.A.W), float64(h.A.H)
	if r.X < -0.5 || r.Y < -0.5 || r.X+r.W > W+0.5 || r.Y+r.H > H+0.5 {
		return fmt.Sprintf("%v off the %gx%g screen", r, W, H)
	}
	return ""
}

// TestRoleRevealClearsItsButton: the role card, the lines under it and
// the role's goal, wrapped, all end above the "Hide my card and pass on"
// button, for a gold-digger and a saboteur, in en, ru and fa, at 1280x800,
// 1024x640 and 1280x800 at 125% (at 125% the goal's second line sat
// under the button; issue 26, item 5).
func TestRoleRevealClearsItsButton(t *testing.T) {
	for _, lang := range []string{"en", "ru", "fa"} {
		for _, sz := range layoutSizes {
			name := fmt.Sprintf("%s-%gx%g@%g", lang, sz.w, sz.h, sz.ui)
			h := layoutHarness(t, lang, sz.w, sz.h, sz.ui)
			seats := []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Human: true, Name: "Bob"}, {Human: true, Name: "Cy"}, {Human: true, Name: "Di"}}
			m, err := NewMatch(h.A, Setup{Seats: seats, Youngest: 0, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(m.Close)
			rv := newRevealScene(h.A, m, m.Table.View(-1))
			h.A.Cur = rv
			roles := map[string]bool{}
			for k := 0; k < 4 && rv.seat() >= 0; k++ {
				for i := 0; i < 600 && (rv.curtain || !rv.btn.Enabled || rv.t < 120); i++ {
					if rv.curtain {
						press(h, ebiten.KeyEnter)
						continue
					}
					h.Tick()
				}
				v, _ := m.viewOf(rv.seat(), rv.view.Moves)
				role := roleCaption(h.A, v.Role)
				lines := scenes.DrawnLines(h)
				for _, d := range lines {
					if d.S == rv.btn.Label {
						continue
					}
					if d.R.Y+d.R.H > rv.btn.R.Y {
						t.Errorf("%s, %s: %q ends at %.0f, under the button at %.0f", name, role, d.S, d.R.Y+d.R.H, rv.btn.R.Y)
					}
					if off := onScreen(h, d.R); off != "" {
						t.Errorf("%s: %q %s", name, d.S, off)
					}
				}
				if !roles[role] {
					roles[role] = true
					h.Shot(fmt.Sprintf("reveal-%s-%s", name, role))
				}
				if rv.at >= len(rv.order)-1 {
					break
				}
				press(h, ebiten.KeyEnter)
			}
		}
	}
}

// boardAt opens the board of the guided round (tutorial) or of one
// human against three computer players in h's language and size, with
// the human on turn.
func boardAt(t *testing.T, h *scenes.Harness, tutorial bool) *boardScene {
	t.Helper()
	var m *match
	var err error
	if tutorial {
		m, err = newTutorialMatch(h.A)
	} else {
		m, err = NewMatch(h.A, Setup{Seats: oneHuman(4), Youngest: 0, Seed: 5})
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	h.A.Cur = startScene(h.A, m)
	for i := 0; i < 3000; i++ {
		if b, ok := h.A.Cur.(*boardScene); ok && b.armed(h.A) && h.A.Fade == 0 {
			h.Arm()
			return b
		}
		if !passByKeys(h) {
			h.Tick()
		}
	}
	t.Fatalf("the human is not on turn (scene %s)", h.A.Cur.Name())
	return nil
}

// TestBoardClearsEdgesAndCoach: on the board the hand's cards, resting
// or lifted, end above the window's bottom edge with a margin; in the
// guided round the coach's text stays inside its box, and the box above
// the maze, whose every card (the top goal too) shows whole below it; in
// en, ru and fa at 1280x800, 1024x640 and 1280x800 at 125% (the hand was
// cut by the bottom edge, more at 125%, and the coach hid the top row of
// the maze; issue 26, item 5).
func TestBoardClearsEdgesAndCoach(t *testing.T) {
	for _, lang := range []string{"en", "ru", "fa"} {
		for _, sz := range layoutSizes {
			name := fmt.Sprintf("%s-%gx%g@%g", lang, sz.w, sz.h, sz.ui)
			h := layoutHarness(t, lang, sz.w, sz.h, sz.ui)
			b := boardAt(t, h, false)
			b.placeHand(h.A)
			art := cardArt(h.A, b.L.cardW)
			for i, hs := range b.hand {
				foot := hs.r.Y + float64(art.Height())
				if scenes.Overlaps(hs.r, b.L.role) {
					t.Errorf("%s: hand card %d at %v lies over the role card %v", name, i, hs.r, b.L.role)
				}
				if foot > float64(h.A.H)-h.A.U(6) {
					t.Errorf("%s: hand card %d ends at %.0f, the window at %d (a margin of %.0f wanted)", name, i, foot, h.A.H, h.A.U(6))
				}
			}
			for _, d := range scenes.DrawnLines(h) {
				if d.S != "" && scenes.Overlaps(d.R, b.L.handArea) && (d.R.X < b.L.handArea.X-0.5 || d.R.X+d.R.W > b.L.handArea.X+b.L.handArea.W+0.5) {
					t.Errorf("%s: %q at %v runs out of the hand's area %v", name, d.S, d.R, b.L.handArea)
				}
			}
			h.Shot("board-" + name)

			h = layoutHarness(t, lang, sz.w, sz.h, sz.ui)
			b = boardAt(t, h, true)
			h.Ticks(2)
			coach := b.coachRect(h.A)
			if coach.Y+coach.H > b.L.maze.Y {
				t.Errorf("%s: the coach %v runs into the maze %v", name, coach, b.L.maze)
			}
			text := 0
			for _, d := range scenes.DrawnLines(h) {
				if !scenes.Overlaps(d.R, coach) {
					continue
				}
				text++
				if d.R.Y < coach.Y || d.R.Y+d.R.H > coach.Y+coach.H {
					t.Errorf("%s: the coach's line %q at %v leaves its box %v", name, d.S, d.R, coach)
				}
			}
			if text < 2 {
				t.Errorf("%s: the coach says %d lines", name, text)
			}
			// Every lesson, and the coach's other words, fit its box.
			for _, key := range append(lessonKeys[:], "scene.tutorial.watch", "scene.tutorial.done") {
				need := h.A.U(26) + scenes.WrappedHeight(h.A, h.A.T(key), h.A.U(15), coach.W-h.A.U(24))
				if need > coach.H {
					t.Errorf("%s: %s needs %.0f pixels in the coach's box of %.0f", name, key, need, coach.H)
				}
			}
			mr := b.L.maze
			for _, tl := range b.tiles {
				r := b.cellRect(h.A, tl.At)
				if r.Y < mr.Y-0.5 || r.Y+r.H > mr.Y+mr.H+0.5 || scenes.Overlaps(r, coach) {
					t.Errorf("%s: the card at %v (%v) is not whole in the maze %v below the coach %v", name, tl.At, r, mr, coach)
				}
			}
			h.Shot("tutorial-" + name)
		}
	}
}
