package scenes

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestDiscardKeyWithoutCardSaysWhatToDo: D with no card picked plays
// nothing and says how to pick the card to discard (issue 17, item 9).
func TestDiscardKeyWithoutCardSaysWhatToDo(t *testing.T) {
	h, b := startBoard(t, oneHuman(3), 5)
	if b.sel >= 0 {
		t.Fatalf("card %d picked at the start", b.sel)
	}
	h.key(ebiten.KeyD)
	if n := len(b.m.table.Record().Moves); n != 0 {
		t.Fatalf("%d moves after D with no card picked, want none", n)
	}
	if want := h.a.T("scene.board.discard_pick"); b.reason != want || b.reasonT == 0 {
		t.Fatalf("D with no card says %q (shown %v), want %q", b.reason, b.reasonT > 0, want)
	}
	// Shown on the screen, not only kept.
	found := false
	for _, d := range drawnLines(h) {
		if d.s == b.reason {
			found = true
		}
	}
	if !found {
		t.Error("the answer to D is not drawn")
	}
}

// toNewGame goes from the menu to New game by the N key.
func toNewGame(t *testing.T, h *harness) *newGameScene {
	t.Helper()
	h.ticks(2)
	h.key(ebiten.KeyN)
	h.ticks(fadeTicks + 2)
	ng, ok := h.a.cur.(*newGameScene)
	if !ok {
		t.Fatalf("scene %s after N in the menu", h.a.cur.Name())
	}
	return ng
}

// TestNewGameEnterLeavesField: Enter in a name field leaves the field and
// starts nothing; Enter with no field active starts the game; a new game
// over an unfinished saved one asks first, Esc keeps the saved game and
// the button starts the new one (issue 17, item 6).
func TestNewGameEnterLeavesField(t *testing.T) {
	h := newHarness(t)
	ng := toNewGame(t, h)
	h.click(ng.rows[0].name)
	if ng.focus != 0 {
		t.Fatalf("a click on the name field focuses %d", ng.focus)
	}
	h.in.chars = []rune("Zed")
	h.tick()
	h.key(ebiten.KeyEnter)
	h.ticks(fadeTicks + 2)
	if h.a.cur != Scene(ng) || ng.focus != -1 {
		t.Fatalf("Enter in the name field: scene %s, focus %d; want New game with no field active", h.a.cur.Name(), ng.focus)
	}
	if got := ng.setup.Seats[0].Name; got[len(got)-3:] != "Zed" {
		t.Fatalf("name %q after typing Zed", got)
	}
	h.key(ebiten.KeyEnter)
	h.ticks(fadeTicks + 2)
	if h.a.cur.Name() != "reveal" {
		t.Fatalf("Enter with no field active: scene %s, want the game", h.a.cur.Name())
	}
	first := h.a.cur.(*revealScene).m.setup.Seed
	// Into the game and one move (a discard), then to the menu, the game
	// unfinished.
	h.ticks(40)
	h.key(ebiten.KeyEnter)
	h.ticks(fadeTicks + 2)
	b, ok := h.a.cur.(*boardScene)
	for i := 0; ok && !b.myTurn() && i < 2000; i++ {
		h.tick()
	}
	if !ok || !b.myTurn() {
		t.Fatalf("scene %s: the human never gets a turn", h.a.cur.Name())
	}
	h.key(ebiten.KeyTab)
	h.key(ebiten.KeyD)
	h.ticks(10)
	h.key(ebiten.KeyEscape)
	h.ticks(fadeTicks + 2)
	if !canContinue(h.a) {
		t.Fatal("no unfinished game saved")
	}
	ng = toNewGame(t, h)
	h.key(ebiten.KeyEnter)
	if !ng.ask.on || h.a.cur != Scene(ng) {
		t.Fatalf("a new game over an unfinished one did not ask (scene %s)", h.a.cur.Name())
	}
	found := false
	for _, d := range drawnLines(h) {
		found = found || d.s == h.a.T("scene.newgame.replace_title")
	}
	if !found {
		t.Error("the question is not drawn")
	}
	h.key(ebiten.KeyEscape)
	h.ticks(fadeTicks + 2)
	if ng.ask.on || h.a.cur != Scene(ng) || !canContinue(h.a) {
		t.Fatalf("Esc: asking %v, scene %s, saved game kept %v", ng.ask.on, h.a.cur.Name(), canContinue(h.a))
	}
	h.key(ebiten.KeyEnter)
	h.click(ng.ask.yes.r)
	h.ticks(fadeTicks + 2)
	rs, ok := h.a.cur.(*revealScene)
	if !ok || rs.m.setup.Seed == first {
		t.Fatalf("after the answer: scene %s, want a new game", h.a.cur.Name())
	}
	t.Cleanup(rs.m.close)
}
