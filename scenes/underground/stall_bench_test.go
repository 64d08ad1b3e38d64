package underground

import (
	"image"
	"testing"

	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
	ugart "github.com/goldvein/goldvein/sprites/underground"
)

// The costs that fell on single frames of an autoplay game (issue 28,
// docs/TOOLS.md Frame stalls): the map layer painted at a new scale, and
// a sheet of icons drawn at a new size.

// BenchmarkUGBoardRender paints the 5-player map's layer at the scale a
// 1240x720 board fits it to (ugBoard.render: what the first frame of a
// board, or of a new zoom step, had to do).
func BenchmarkUGBoardRender(b *testing.B) {
	m, err := maps.Builtin("caves-5p")
	if err != nil {
		b.Fatal(err)
	}
	bd := newUGBoard(m)
	bd.setRect(image.Rect(20, 60, 1260, 780))
	bd.layer(nil) // the terrain patterns, kept by the board
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bd.render(bd.scale()).Deallocate()
	}
}

// BenchmarkUGBoardGeom makes the board's geometry of the 5-player map
// (newUGGeom: the regions' polygons triangulated, the slots placed).
func BenchmarkUGBoardGeom(b *testing.B) {
	m, err := maps.Builtin("caves-5p")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		newUGGeom(m)
	}
}

// BenchmarkUGSpriteSheet draws the sheet of every icon at a token's size
// (ugart.SpritesAt at a size not drawn before).
func BenchmarkUGSpriteSheet(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ugart.SpritesAt(20+i%40, false)
	}
}

// BenchmarkUGFirstBoardFrame is the first frame (Update + Draw) of a new
// board of the 5-player map: on-frame paints the map layer on it, as
// every board did before issue 28 (Config.ArtOnFrame); off-frame starts
// the paint in a goroutine and draws the bare rock (the window's way).
func BenchmarkUGFirstBoardFrame(b *testing.B) {
	m, err := maps.Builtin("caves-5p")
	if err != nil {
		b.Fatal(err)
	}
	g := newUGGeom(m)
	for _, on := range []bool{true, false} {
		name := "off-frame"
		if on {
			name = "on-frame"
		}
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				h := scenes.NewHarness(b, ugTestGames) // a fresh app: no layer kept
				h.A.Cfg.ArtOnFrame = on
				s := &ugBoardScene{b: newUGBoardWith(m, g), r: image.Rect(20, 60, 1260, 780)}
				h.A.Cur = s
				b.StartTimer()
				h.Tick()
				b.StopTimer()
				if p := s.b.art.paint; p != nil {
					<-p.done // not to pile paints up
				}
				b.StartTimer()
			}
		})
	}
}
