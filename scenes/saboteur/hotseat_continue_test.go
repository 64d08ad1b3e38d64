package saboteur

import (
	"os"
	"testing"
	"time"

	"github.com/goldvein/goldvein/scenes"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// TestHotseatContinuedAfterCrash (issue 17, item 1): a hotseat table of
// Ann and Ben (and one computer player) is left without a clean exit after
// a few moves, as a crash leaves it; Continue brings back the same table:
// the curtain for Ann, her turn, then the curtain names Ben and his turn
// follows, with the computer player moving in between. With SCENE_SHOTS
// set it saves a picture of each step (hotseat-continued-*.png).
func TestHotseatContinuedAfterCrash(t *testing.T) {
	dir := t.TempDir()
	h := scenes.NewHarnessIn(t, dir, testGames)
	seats := []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Human: true, Name: "Ben"}, {Name: "Bot 3", Level: "easy"}}
	m, err := NewMatch(h.A, Setup{Seats: seats, Youngest: 0, Seed: 77})
	if err != nil {
		t.Fatal(err)
	}
	for seat := 0; seat < 2; seat++ {
		v := m.Table.View(seat)
		if err := m.Submit(seat, saboteur.Move{Type: saboteur.Discard, Card: v.Hand[0]}); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; m.Table.View(-1).Turn != 0 && i < 2000; i++ {
		time.Sleep(time.Millisecond)
	}
	m.Close() // no goodbye: only the autosave of every move is left
	if err := os.Remove(setupPath(h.A)); err != nil {
		t.Fatal(err)
	}
	h2 := scenes.ContinueGame(t, dir, testGames)
	h2.ScreenBig()
	rv, ok := h2.A.Cur.(*revealScene)
	if !ok || !rv.curtain {
		t.Fatalf("after Continue: scene %s, want the reveal behind a curtain", h2.A.Cur.Name())
	}
	t.Cleanup(rv.m.Close)
	h2.Ticks(scenes.FadeTicks + 2)
	h2.Shot("hotseat-continued-1-curtain-ann")
	// Through Ann's curtain and her role card to the board.
	var b *boardScene
	for i := 0; i < 600 && b == nil; i++ {
		if !passByKeys(h2) {
			h2.Tick()
		}
		if s, ok := h2.A.Cur.(*boardScene); ok && h2.A.Fade == 0 && s.dealt && s.dealing == 0 {
			b = s
		}
	}
	if b == nil {
		t.Fatalf("no board after the reveal (scene %s)", h2.A.Cur.Name())
	}
	if b.curtain {
		liftCurtain(t, h2, b)
	}
	if b.me != 0 || b.view.Turn != 0 {
		t.Fatalf("board for seat %d with seat %d on turn, want Ann's turn", b.me, b.view.Turn)
	}
	h2.Ticks(10)
	h2.Shot("hotseat-continued-2-ann-turn")
	// Ann passes: a card picked by Tab, D discards it.
	h2.Arm()
	h2.Key(ebiten.KeyTab)
	h2.Key(ebiten.KeyD)
	// Ben's turn comes once Ann's play has landed; the curtain names him.
	for i := 0; i < 3000 && !(b.curtain && b.me == 1); i++ {
		h2.Tick()
	}
	if !b.curtain || b.me != 1 {
		t.Fatalf("after Ann's pass: curtain %v for seat %d, want the curtain for Ben", b.curtain, b.me)
	}
	h2.Shot("hotseat-continued-3-curtain-ben")
	liftCurtain(t, h2, b)
	h2.Ticks(10)
	if b.curtain || b.view.Turn != 1 {
		t.Fatalf("Ben's turn: curtain %v, seat %d on turn", b.curtain, b.view.Turn)
	}
	h2.Shot("hotseat-continued-4-ben-turn")
}
