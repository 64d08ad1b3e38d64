package saboteur

import (
	"testing"
	"time"
)

// TestRetuneFollowsSettings: the computer players' wait after a human's
// move (Settings.BotWaitMs, issue 22) changed mid-game reaches the table
// when the in-game menu gives the board back (scenes.Retuner).
func TestRetuneFollowsSettings(t *testing.T) {
	h, b := startBoard(t, oneHuman(3), 5)
	lt, ok := b.m.Table.(localTable)
	if !ok {
		t.Fatalf("a local game's table is %T", b.m.Table)
	}
	h.A.Cfg.FastBots = false // tests run the computer players without waits
	for _, ms := range []int{3000, 0, 800} {
		h.A.Settings.BotWaitMs = ms
		b.Retune(h.A)
		if got, want := lt.UndoWait(), time.Duration(ms)*time.Millisecond; got != want {
			t.Errorf("setting %d ms: the table waits %v, want %v", ms, got, want)
		}
	}
}
