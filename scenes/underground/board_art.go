package underground

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/underground/maps"
	"github.com/goldvein/goldvein/scenes"
	ugart "github.com/goldvein/goldvein/sprites/underground"
)

// The map layer is painted off the frame (issue 28, docs/TOOLS.md Frame
// stalls): painting the 5-player map at a board's scale took 0.1 to 0.5 s
// of one core (BenchmarkUGBoardRender), all of it on the first frame of
// every board and of every new zoom step. Now a goroutine paints it while
// the frames go on, drawing the nearest layer already made scaled to the
// new one, or the bare rock until the first is ready (a few frames, under
// the cross-fade into the board); the painted pixels are uploaded on the
// game goroutine. With scenes.Config.ArtOnFrame (tests, the gallery) the
// frame that needs a layer paints it, as before.

// ugArt holds a map's pre-rendered layers (the last few zoom steps), what
// painting them needs, and the layer being painted. The boards of one
// built-in map share it within an app (App.Cached), so a board made anew
// (Undo, Play again, a replay) paints nothing it had.
type ugArt struct {
	layers []ugLayer
	ink    *ugInk
	paint  *ugPaint // the layer being painted off the frame; nil none
}

// ugArtKey keys a built-in map's ugArt in App.Cached.
type ugArtKey struct{ name string }

// ugInk is what painting a layer reads besides the map: the terrain
// patterns and the icon sheet's pixels with each icon's place on it. It
// is made on the game goroutine (the sheet is an Ebitengine image too)
// and only read afterwards, by any goroutine.
type ugInk struct {
	patterns map[maps.Terrain]*image.RGBA
	sheet    *image.RGBA
	icons    [ugart.IconCount]image.Rectangle
}

// ugPaint is a layer at scale s being painted; rgba is set when done is
// closed.
type ugPaint struct {
	s    float64
	done chan struct{}
	rgba *image.RGBA
}

// newUGArt makes map m's art holder with its ink.
func newUGArt(m *maps.Map) *ugArt {
	ink := &ugInk{patterns: map[maps.Terrain]*image.RGBA{}}
	for _, r := range m.Regions {
		if ink.patterns[r.Terrain] == nil {
			ink.patterns[r.Terrain] = ugart.Pattern(r.Terrain)
		}
	}
	sh := ugart.Sprites()
	ink.sheet = sh.Rgba
	for k := range sh.Icons {
		ink.icons[k] = sh.Icons[k].Bounds()
	}
	return &ugArt{ink: ink}
}

// artFor returns the board's art, taking a built-in map's shared one
// from a (nil: the board's own).
func (b *ugBoard) artFor(a *scenes.App) *ugArt {
	if b.art == nil {
		if a != nil && b.m.Name != "" {
			b.art = a.Cached(ugArtKey{b.m.Name}, func() any { return newUGArt(b.m) }).(*ugArt)
		} else {
			b.art = newUGArt(b.m)
		}
	}
	return b.art
}

// layer returns the map rendered at the current scale. When this scale
// is new it is painted off the frame (ugArt.start) and layer returns the
// nearest layer made so far, of another scale (Draw scales it), or nil
// when there is none yet; with a nil a or a.Cfg.ArtOnFrame it is painted
// now. The oldest of four layers is dropped.
func (b *ugBoard) layer(a *scenes.App) *ugLayer {
	art := b.artFor(a)
	s := b.scale()
	if l := art.find(s); l != nil {
		return l
	}
	if a == nil || a.Cfg.ArtOnFrame {
		return art.add(s, b.render(s))
	}
	if p := art.paint; p != nil {
		select {
		case <-p.done:
			art.paint = nil
			if l := art.add(p.s, ebiten.NewImageFromImage(p.rgba)); sameScale(l.s, s) {
				return l
			}
		default:
			return art.nearest(s)
		}
	}
	art.start(b.m, b.g, s)
	return art.nearest(s)
}

// painting reports whether a layer is being painted for the board (its
// frames show a stand-in: not settled, for screenshots).
func (b *ugBoard) painting() bool { return b.art != nil && b.art.paint != nil }

// start paints map m's layer at scale s in a goroutine of its own.
func (art *ugArt) start(m *maps.Map, g *ugGeom, s float64) {
	p := &ugPaint{s: s, done: make(chan struct{})}
	art.paint = p
	ink := art.ink
	go func() {
		p.rgba = paintUGLayer(m, g, ink, s)
		close(p.done)
	}()
}

// find returns the layer at scale s, nil when there is none.
func (art *ugArt) find(s float64) *ugLayer {
	for k := range art.layers {
		if l := &art.layers[k]; sameScale(l.s, s) {
			return l
		}
	}
	return nil
}

// nearest returns the layer whose scale is nearest s, nil when there is
// none.
func (art *ugArt) nearest(s float64) *ugLayer {
	var best *ugLayer
	for k := range art.layers {
		if l := &art.layers[k]; best == nil || math.Abs(math.Log(l.s/s)) < math.Abs(math.Log(best.s/s)) {
			best = l
		}
	}
	return best
}

// add keeps img as the layer at scale s, dropping the oldest of four.
func (art *ugArt) add(s float64, img *ebiten.Image) *ugLayer {
	if len(art.layers) >= 4 {
		art.layers[0].img.Deallocate()
		art.layers = append(art.layers[:0], art.layers[1:]...)
	}
	art.layers = append(art.layers, ugLayer{s: s, img: img, pad: ugLayerPad})
	return &art.layers[len(art.layers)-1]
}

// sameScale reports whether two layer scales are the same.
func sameScale(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// A board's geometry (newUGGeom: the regions triangulated, the marker
// spots placed) took 30 to 130 ms of one core for the 5-player map on the
// frame that made the play scene. It is made ahead, off the frame, when
// the new-game screen shows the player count (warmUGGeom), and kept for
// the app (App.Cached), so the play scene, and every board made anew,
// finds it made.

// ugGeomKey keys a built-in map's geometry in App.Cached.
type ugGeomKey struct{ name string }

// ugGeomAhead is a map's geometry being made, or made when done is
// closed.
type ugGeomAhead struct {
	done chan struct{}
	g    *ugGeom
}

// warmUGGeom starts making, off the frame, the geometry of the built-in
// map for players players, unless it is made or under way; a count
// without a map does nothing.
func warmUGGeom(a *scenes.App, players int) {
	if m, err := maps.ForPlayers(players); err == nil {
		ugGeomOf(a, m)
	}
}

// ugGeomOf returns the geometry of built-in map m as a's cache holds it,
// starting it off the frame when it is not there.
func ugGeomOf(a *scenes.App, m *maps.Map) *ugGeomAhead {
	return a.Cached(ugGeomKey{m.Name}, func() any {
		ga := &ugGeomAhead{done: make(chan struct{})}
		go func() {
			ga.g = newUGGeom(m)
			close(ga.done)
		}()
		return ga
	}).(*ugGeomAhead)
}

// ugGeomFor returns map m's geometry: a built-in map's from a's cache
// (waiting for it when it is being made), another map's made now.
func ugGeomFor(a *scenes.App, m *maps.Map) *ugGeom {
	if m.Name == "" {
		return newUGGeom(m)
	}
	ga := ugGeomOf(a, m)
	<-ga.done
	return ga.g
}
