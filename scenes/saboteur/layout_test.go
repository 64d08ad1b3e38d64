package saboteur

import (
	"fmt"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
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
		h.A.Settings.UIScale = tc.scale
		h.A.LayoutF(tc.w, tc.h)
		h.Screen = scenes.NewScreen(h.A)
		h.Ticks(3)
		L := b.L
		W, H := float64(h.A.W), float64(h.A.H)
		on := func(what string, r scenes.Rect) {
			if r.X < -0.5 || r.Y < -0.5 || r.X+r.W > W+0.5 || r.Y+r.H > H+0.5 || r.W <= 0 || r.H <= 0 {
				t.Errorf("%s: %s %+v off the %gx%g screen", name, what, r, W, H)
			}
		}
		on("maze", L.maze)
		on("hand", L.handArea)
		on("log", L.log)
		for i, p := range L.panels {
			on(fmt.Sprintf("panel %d", i), p)
			if p.X+p.W > L.maze.X && p.X < L.maze.X+L.maze.W {
				t.Errorf("%s: panel %d overlaps the maze", name, i)
			}
		}
		for i := range b.hand {
			on(fmt.Sprintf("hand card %d", i), b.hand[i].r)
		}
		h.Shot("board-" + name)
		ng := newAutoplayNewGame(h.A)
		ng.Seats = oneHuman(10)
		h.A.Cur = ng
		h.Ticks(2)
		on("start button", ng.Start.R)
		on("last seat", ng.Rows[len(ng.Rows)-1].R)
		h.Shot("newgame-" + name)
	}
}

// TestMazeStaysInView grows the maze far to the north, then to the south
// and east, in the smallest and a large window: every card stays inside the
// maze viewport (the view refits by itself), and once the player has taken
// the camera (pan, zoom) Home fits the whole maze again.
func TestMazeStaysInView(t *testing.T) {
	ns := saboteur.MustCard("NS")
	ew := saboteur.MustCard("EW")
	for _, size := range [][2]float64{{1024, 640}, {1920, 1080}} {
		name := fmt.Sprintf("%gx%g", size[0], size[1])
		h, b := startBoard(t, oneHuman(4), 4)
		h.A.LayoutF(size[0], size[1])
		h.Screen = scenes.NewScreen(h.A)
		h.Ticks(2)
		inView := func(when string) {
			t.Helper()
			mr := b.L.maze
			for _, tl := range b.tiles {
				r := b.cellRect(h.A, tl.At)
				if r.X < mr.X-0.5 || r.Y < mr.Y-0.5 || r.X+r.W > mr.X+mr.W+0.5 || r.Y+r.H > mr.Y+mr.H+0.5 {
					t.Fatalf("%s, %s: the card at %v lies at %+v, outside the maze view %+v", name, when, tl.At, r, mr)
				}
			}
		}
		place := func(c saboteur.Card, x, y int) {
			b.apply(h.A, feedItem{ev: saboteur.Event{Type: saboteur.Placed, Seat: 1, At: saboteur.Cell{X: x, Y: y}, Card: c}})
			h.Ticks(2)
		}
		inView("at the start")
		for y := -1; y >= -8; y-- {
			place(ns, 0, y)
			inView(fmt.Sprintf("north to y=%d", y))
		}
		for y := 1; y <= 6; y++ {
			place(ns, 0, y)
			inView(fmt.Sprintf("south to y=%d", y))
		}
		for x := 1; x <= 12; x++ {
			place(ew, x, 6)
			inView(fmt.Sprintf("east to x=%d", x))
		}
		h.Shot("maze-fit-" + name)
		// The player pans far away and zooms in: the view is theirs.
		for i := 0; i < 6; i++ {
			h.Key(ebiten.KeyArrowUp)
		}
		for i := 0; i < 4; i++ {
			h.Key(ebiten.KeyEqual)
		}
		place(ns, 0, -9)
		if b.mazeInView(h.A) {
			t.Fatalf("%s: the view moved although the player had panned and zoomed", name)
		}
		h.Key(ebiten.KeyHome)
		inView("after Home")
	}
}
