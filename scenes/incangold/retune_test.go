package incangold

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/scenes"
)

// TestIncanRetuneFollowsSettings: the computer players' wait after a
// human's choice (Settings.BotWaitMs, issue 22) changed while the in-game
// menu is open reaches the table when the menu gives the board back
// (Esc: scenes.Retuner).
func TestIncanRetuneFollowsSettings(t *testing.T) {
	h, b := igHarness(t, igSeats(1, 3), incangold.Options{StartPlayer: 0}, 3)
	h.A.Cfg.FastBots = false // tests run the computer players without waits
	gt := b.m.localTable()
	if gt == nil {
		t.Fatalf("a game at one screen has no game.Table: %T", b.m.table)
	}
	for _, ms := range []int{3000, 0, 800} {
		h.Arm()
		h.Click(scenes.MenuButtonRect(h.A))
		if h.A.Cur.Name() != "table-menu" {
			t.Fatalf("the menu button: scene %s", h.A.Cur.Name())
		}
		h.A.Settings.BotWaitMs = ms
		h.Key(ebiten.KeyEscape)
		if h.A.Cur != scenes.Scene(b) {
			t.Fatalf("Esc: scene %s, want the board", h.A.Cur.Name())
		}
		if got, want := gt.UndoWait(), time.Duration(ms)*time.Millisecond; got != want {
			t.Errorf("setting %d ms: the table waits %v, want %v", ms, got, want)
		}
	}
}
