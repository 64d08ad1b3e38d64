package underground

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/scenes"
)

// TestUGRetuneFollowsSettings: the computer players' wait after a human's
// move (Settings.BotWaitMs, issue 22) changed while the in-game menu is
// open reaches the table when the menu gives the board back (Esc:
// scenes.Retuner).
func TestUGRetuneFollowsSettings(t *testing.T) {
	h, s := ugHarness(t, []scenes.SeatSetup{{Human: true, Name: "Ann"}, {Name: "Bot 2", Level: "easy"}}, 5)
	h.A.Cfg.FastBots = false // tests run the computer players without waits
	gt := ugGameTable(t, s.m)
	for _, ms := range []int{3000, 0, 800} {
		h.Arm()
		h.Click(scenes.MenuButtonRect(h.A))
		if h.A.Cur.Name() != "table-menu" {
			t.Fatalf("the menu button: scene %s", h.A.Cur.Name())
		}
		h.A.Settings.BotWaitMs = ms
		h.Key(ebiten.KeyEscape)
		if h.A.Cur.Name() == "table-menu" {
			t.Fatal("Esc left the in-game menu open")
		}
		if got, want := gt.UndoWait(), time.Duration(ms)*time.Millisecond; got != want {
			t.Errorf("setting %d ms: the table waits %v, want %v", ms, got, want)
		}
	}
}
