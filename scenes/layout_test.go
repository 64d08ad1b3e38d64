package scenes

import (
	"fmt"
	"testing"
)

// TestSmallAndLargeWindows draws the new-game table and the board of a
// 10-player game in the smallest window (1024x640) and a large one, at
// UI scales 1 and 1.5, checking the board's regions do not overlap and
// stay on screen (SCENE_SHOTS saves the screens to look at).
func TestSmallAndLargeWindows(t *testing.T) {
	for _, tc := range []struct {
		w, h  float64
		scale float64
	}{{1024, 640, 1}, {1920, 1080, 1}, {1024, 640, 1.5}, {1600, 900, 1.5}} {
		name := fmt.Sprintf("%gx%g@%g", tc.w, tc.h, tc.scale)
		h, b := startBoard(t, oneHuman(10), 4)
		h.a.settings.UIScale = tc.scale
		h.a.LayoutF(tc.w, tc.h)
		h.screen = newScreen(h.a)
		h.ticks(3)
		L := b.L
		W, H := float64(h.a.w), float64(h.a.h)
		on := func(what string, r rect) {
			if r.x < -0.5 || r.y < -0.5 || r.x+r.w > W+0.5 || r.y+r.h > H+0.5 || r.w <= 0 || r.h <= 0 {
				t.Errorf("%s: %s %+v off the %gx%g screen", name, what, r, W, H)
			}
		}
		on("maze", L.maze)
		on("hand", L.handArea)
		on("log", L.log)
		for i, p := range L.panels {
			on(fmt.Sprintf("panel %d", i), p)
			if p.x+p.w > L.maze.x && p.x < L.maze.x+L.maze.w {
				t.Errorf("%s: panel %d overlaps the maze", name, i)
			}
		}
		for i := range b.hand {
			on(fmt.Sprintf("hand card %d", i), b.hand[i].r)
		}
		h.shot("board-" + name)
		ng := newAutoplayNewGame(h.a)
		ng.setup.Seats = oneHuman(10)
		h.a.cur = ng
		h.ticks(2)
		on("start button", ng.start.r)
		on("last seat", ng.rows[len(ng.rows)-1].r)
		h.shot("newgame-" + name)
	}
}
