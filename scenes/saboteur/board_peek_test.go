package saboteur

import (
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// drawnText reports whether a frame drawn now shows the text s, on one
// line or wrapped on lines one after another.
func drawnText(h *scenes.Harness, s string) bool {
	var all []string
	for _, d := range scenes.DrawnLines(h) {
		if d.S == s {
			return true
		}
		all = append(all, d.S)
	}
	return strings.Contains(strings.Join(all, " "), s)
}

// untilAnnArmed makes the deliberate inputs of the game (step) until Ann
// (seat 0) is on turn with the screen.
func untilAnnArmed(t *testing.T, h *scenes.Harness) *boardScene {
	t.Helper()
	deadline := time.Now().Add(120 * time.Second)
	for time.Now().Before(deadline) {
		if b, ok := h.A.Cur.(*boardScene); ok && b.me == 0 && b.armed(h.A) {
			h.Arm()
			return b
		}
		if !step(h) {
			h.Tick()
		}
	}
	t.Fatalf("Ann is not on turn (scene %s)", h.A.Cur.Name())
	return nil
}

// TestMapRevealAtSharedScreen: at one screen (Ann and Bob, two computer
// players), Ann plays a map by the keyboard: the goal turns over face up
// for her, with what it is, and stays while the screen stays hers and the
// table waits (no curtain, no next move shown), however long; Space turns
// it back and the screen goes to nobody; on her next turn the goal still
// wears her mark. At every frame only the holder's private things are
// drawn, and the screen is handed only to a seat the table waits for or
// to the map's viewer (CheckPrivacy; issue 26, item 1). Before the fix
// the screen went to nobody as the map was played, and the goal's face
// never showed at a shared screen.
func TestMapRevealAtSharedScreen(t *testing.T) {
	h, m := hotseatGame(t, seedWithCard(t, 4, saboteur.Map), 2)
	h.CheckPrivacy(owing(h, m))
	b := untilAnnArmed(t, h)
	for k := 0; k < len(b.hand) && (b.sel < 0 || b.hand[b.sel].card.Kind != saboteur.Map); k++ {
		h.Key(ebiten.KeyTab)
	}
	if b.sel < 0 || b.hand[b.sel].card.Kind != saboteur.Map || b.tsel < 0 {
		t.Fatalf("Tab does not pick Ann's map (hand %v)", b.hand)
	}
	goal := saboteur.GoalIndex(b.targets[b.tsel].cell.Y)
	h.Key(ebiten.KeyEnter)
	for i := 0; i < 200 && (!b.peek.on || b.peekTurned(h.A) < 1); i++ {
		h.Tick()
	}
	if !b.peek.on || b.peek.goal != goal || b.peekTurned(h.A) < 1 {
		t.Fatalf("no goal turned over after Ann's map (on %v, goal %d of %d, reason %q)", b.peek.on, b.peek.goal, goal, b.reason)
	}
	key := "scene.board.peek_coal"
	if b.peek.card == saboteur.Gold {
		key = "scene.board.peek_gold"
	}
	said := h.A.T(key, "goal", goalName(h.A, goal))
	moves := m.Table.View(-1).Moves
	for i := 0; i < 600; i++ {
		h.Tick()
		if !b.peek.on || h.A.Holder() != 0 || b.curtain {
			t.Fatalf("tick %d of the reveal: shown %v, the screen handed to %d, curtain %v", i, b.peek.on, h.A.Holder(), b.curtain)
		}
	}
	if !drawnText(h, said) {
		t.Fatalf("the reveal does not say %q", said)
	}
	if b.view.Moves != moves {
		t.Errorf("the screen went on to move %d while Ann's goal was face up (the map's move: %d)", b.view.Moves, moves)
	}
	h.Shot("board-peek-hotseat")
	press(h, ebiten.KeySpace)
	if b.peek.on || h.A.Holder() != -1 {
		t.Fatalf("Space: the goal still shows (%v), the screen is handed to %d", b.peek.on, h.A.Holder())
	}
	b = untilAnnArmed(t, h)
	h.Tick()
	if b.mine.Board.GoalFaceUp(goal) {
		return // a tunnel reached it meanwhile: no mark needed
	}
	if label := b.peekLabel(h.A, b.mine.Peeked[goal]); !drawnText(h, label) {
		t.Errorf("on Ann's next turn the goal she looked at wears no mark %q", label)
	}
}

// TestComputerMapShowsNothing: a computer player's map turns nothing over
// for anyone, not even for the computer player whose hand the screen
// follows (--autoplay) (issue 26, item 1).
func TestComputerMapShowsNothing(t *testing.T) {
	h, b := startBoard(t, oneHuman(3), 5)
	v := b.view
	v.Moves++
	b.apply(h.A, feedItem{ev: saboteur.Event{Type: saboteur.MapPlayed, Seat: 1, Goal: 0}, view: &v})
	if b.peek.on {
		t.Fatal("a computer player's map showed a goal")
	}
	b.m.autoplay, b.me = true, 1
	b.apply(h.A, feedItem{ev: saboteur.Event{Type: saboteur.MapPlayed, Seat: 1, Goal: 0}, view: &v})
	if b.peek.on {
		t.Fatal("a followed computer player's map showed a goal")
	}
}
