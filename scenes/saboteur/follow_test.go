package saboteur

import (
	"testing"
	"time"

	"github.com/goldvein/goldvein/scenes"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// TestScreenshotsSettled: --screenshots saves each scene and the board
// every 12 moves only when nothing is in motion (no card dealt, flying or
// turning over, the role card face up), in an autoplay game whose computer
// players are far ahead of the screen. It is the package's first test: the
// first to read pixels back makes Ebitengine run every draw command the
// tests before it queued (see newScreen).
func TestScreenshotsSettled(t *testing.T) {
	h := scenes.NewHarness(t, testGames)
	dir := t.TempDir()
	h.A.Cfg.Autoplay, h.A.Cfg.Players, h.A.Cfg.Seed, h.A.Cfg.ScreenshotDir = true, 6, 3, dir
	m, err := newAutoplayMatch(h.A)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	h.A.Cur = startScene(h.A, m)
	shots, boards := 0, 0
	for tick := 0; tick < 4000; tick++ {
		h.Tick()
		if len(h.A.Shots) == shots {
			continue
		}
		shots = len(h.A.Shots)
		switch s := h.A.Cur.(type) {
		case *boardScene:
			boards++
			if !s.Settled() {
				t.Fatalf("board shot at move %d in motion: %d motions, dealing %d, mid-move %v", s.view.Moves, len(s.anims), s.dealing, s.midMove)
			}
			if boards == 3 {
				h.A.WaitScreenshots()
				return // the first and two taken every 12 moves
			}
		case *revealScene:
			if !s.Settled() {
				t.Fatalf("reveal shot with the role card turning (tick %d)", s.t)
			}
		case *roundEndScene:
			t.Fatalf("round 1 ended with %d board shots, want the first and one every 12 moves: %v", boards, h.A.Shots)
		}
	}
	t.Fatalf("no third board shot in 4000 ticks: %v", h.A.Shots)
}

// TestAutoplayHandInStep: in --autoplay the screen shows the followed
// computer player's hand, which must always be the hand of the moment the
// board shows (the table runs far ahead of the motion).
func TestAutoplayHandInStep(t *testing.T) {
	h := scenes.NewHarness(t, testGames)
	h.A.Cfg.Autoplay, h.A.Cfg.Players = true, 5
	m, err := newAutoplayMatch(h.A)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	h.A.Cur = startScene(h.A, m)
	deadline := time.Now().Add(60 * time.Second)
	checked := 0
	for time.Now().Before(deadline) {
		h.Tick()
		if _, ok := h.A.Cur.(*finalScene); ok {
			break
		}
		b, ok := h.A.Cur.(*boardScene)
		if !ok || b.dealing > 0 || b.ended != nil || h.A.Fade > 0 {
			continue
		}
		if b.mine.Moves != b.view.Moves {
			t.Fatalf("the hand is of move %d, the board of move %d", b.mine.Moves, b.view.Moves)
		}
		if got, want := len(b.hand), b.view.HandSizes[b.me]; got != want {
			t.Fatalf("round %d move %d: hand shows %d cards, the seat holds %d (mine at move %d)", b.view.Round, b.view.Moves, got, want, b.mine.Moves)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("never checked")
	}
}

// TestAutoplayLogsEveryMove: the --autoplay board shows round 1 from the
// deal and every move in order, one log line each (the computer players
// start before the screen watches; those moves must not be skipped), plus
// a line per goal turned up (R7.1) and the round's end.
func TestAutoplayLogsEveryMove(t *testing.T) {
	h := scenes.NewHarness(t, testGames)
	h.A.Cfg.Autoplay, h.A.Cfg.Players, h.A.Cfg.Seed = true, 10, 5
	m, err := newAutoplayMatch(h.A)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	// Let the computer players get well ahead of the screen.
	for i := 0; m.Table.View(-1).Moves < 5 && i < 2000; i++ {
		time.Sleep(time.Millisecond)
	}
	h.A.Cur = startScene(h.A, m)
	deadline := time.Now().Add(60 * time.Second)
	var b *boardScene
	last := -1
	for time.Now().Before(deadline) {
		h.Tick()
		s, ok := h.A.Cur.(*boardScene)
		if !ok {
			if b != nil {
				break // round 1 is over
			}
			continue
		}
		b = s
		if last < 0 && s.view.Moves != 0 {
			t.Fatalf("the board opens at move %d, want the deal (0)", s.view.Moves)
		}
		if last >= 0 && s.view.Moves != last && s.view.Moves != last+1 {
			t.Fatalf("the board went from move %d to %d", last, s.view.Moves)
		}
		last = s.view.Moves
	}
	if b == nil || b.ended == nil {
		t.Fatal("round 1 did not end on the board")
	}
	rec := typedRecord(t, m.Table.Record())
	g, _, err := saboteur.New(rec.Options, rec.Seed)
	if err != nil {
		t.Fatal(err)
	}
	lines, moves := 0, 0
	for _, mv := range rec.Moves {
		evs, err := g.Apply(mv)
		if err != nil {
			t.Fatal(err)
		}
		moves++
		lines++
		ended := false
		for _, e := range evs {
			switch e.Type {
			case saboteur.GoalRevealed, saboteur.RoundEnded:
				lines++
			}
			ended = ended || e.Type == saboteur.RoundEnded
		}
		if ended {
			break
		}
	}
	// The round ends inside its last move, whose view the round end
	// scene takes over: the board's last view is of the move before.
	if last != moves-1 {
		t.Errorf("the board showed %d moves before the last, round 1 had %d", last, moves)
	}
	// And the round's separator first (gamelog.go).
	lines++
	if got := logStrings(h.A, b.m); len(got) != lines {
		t.Errorf("the log has %d lines, want %d (the round, one a move, one a goal turned up, one for the end): %q", len(got), lines, got)
	}
}
