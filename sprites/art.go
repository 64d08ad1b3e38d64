// Package sprites gives the scenes the game's art as Ebitengine images: card
// faces and backs, role cards, gold cards and tool icons (RULES.md R2),
// drawn in code at start-up by package sprites/cardart with vector shapes
// rasterised on the CPU at exactly the pixel size asked for, so they are
// sharp at every zoom and on HiDPI screens and need no downloaded assets.
// The Render* functions give *image.RGBA and need no GPU (tests, the
// gallery, the app icon); Art wraps the same faces as *ebiten.Image,
// rendered once per size and palette. Fonts live in sprites/fonts.
//
// cardart holds everything that does not need Ebitengine, so its tests run
// headless; this package's own tests need a display (Xvfb), because
// importing Ebitengine opens one.
package sprites

import (
	"image"
	"runtime"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/sprites/cardart"
)

// CardW and CardH are the size of a card at scale 1, in pixels: portrait
// cards, long side vertical, because all cards lie the same way (R3.3).
const CardW, CardH = cardart.CardW, cardart.CardH

// Palette is the set of colours all art is drawn with; see cardart.Palette.
type Palette = cardart.Palette

// Classic returns the game's default palette: warm earth, rock and gold.
func Classic() Palette { return cardart.Classic() }

// ColorBlindSafe returns the palette whose meaningful colours stay apart
// for colour-blind players (tools and roles also differ by shape).
func ColorBlindSafe() Palette { return cardart.ColorBlindSafe() }

// CardHeight returns the pixel height of a card widthPx pixels wide.
func CardHeight(widthPx int) int { return cardart.CardHeight(widthPx) }

// RenderCard draws the face of card c as placed (R2.2), widthPx wide, on
// the CPU; see cardart.RenderCard.
func RenderCard(c rules.Card, widthPx int, p Palette) *image.RGBA {
	return cardart.RenderCard(c, widthPx, p)
}

// RenderBack draws the back of a draw-pile card on the CPU.
func RenderBack(widthPx int, p Palette) *image.RGBA { return cardart.RenderBack(widthPx, p) }

// RenderRole draws role card r (NoRole: the role back) on the CPU.
func RenderRole(r rules.Role, widthPx int, p Palette) *image.RGBA {
	return cardart.RenderRole(r, widthPx, p)
}

// RenderGoldCard draws a gold card worth value (1..3) on the CPU.
func RenderGoldCard(value, widthPx int, p Palette) *image.RGBA {
	return cardart.RenderGoldCard(value, widthPx, p)
}

// RenderTool draws a tool icon, whole or broken, sizePx square, on the CPU.
func RenderTool(t rules.Tool, broken bool, sizePx int, p Palette) *image.RGBA {
	return cardart.RenderTool(t, broken, sizePx, p)
}

// Art holds every card face for one card width in pixels and one palette,
// as *ebiten.Image, rendered once in NewArt; tool icons are rendered on
// first use for each size and kept. Ebitengine packs these small images
// into its own texture atlas, so drawing many of them batches well. An Art
// is for the UI goroutine only (it is not safe for concurrent use).
type Art struct {
	width, height int
	pal           Palette
	faces         map[rules.Card]*ebiten.Image
	unknown       *ebiten.Image
	back          *ebiten.Image
	roles         [3]*ebiten.Image // by rules.Role: the role back, gold-digger, saboteur
	gold          [3]*ebiten.Image // worth 1, 2, 3
	tools         map[toolKey]*ebiten.Image
}

type toolKey struct {
	t      rules.Tool
	broken bool
	size   int
}

// faceCards lists every card Art keeps a face for: every path card with any
// non-empty set of openings, tunnel or dead end (so any orientation R2.2 can
// name has a face), then the rest of AllCards.
func faceCards() []rules.Card {
	var out []rules.Card
	for _, dead := range []bool{false, true} {
		for open := rules.Side(1); open <= rules.AllSides; open++ {
			out = append(out, rules.Card{Kind: rules.Path, Open: open, DeadEnd: dead})
		}
	}
	for _, c := range cardart.AllCards() {
		if c.Kind != rules.Path {
			out = append(out, c)
		}
	}
	return out
}

// NewArt renders every face for cards widthPx pixels wide (at least 4;
// height CardHeight(widthPx)) in palette p. It takes a few tens of
// milliseconds at 96 px, spread over the CPU cores (see BenchmarkNewArt); make one per zoom level or
// UI scale and keep it.
func NewArt(widthPx int, p Palette) *Art {
	widthPx = max(widthPx, 4)
	a := &Art{
		width:  widthPx,
		height: CardHeight(widthPx),
		pal:    p,
		faces:  map[rules.Card]*ebiten.Image{},
		tools:  map[toolKey]*ebiten.Image{},
	}
	// Render on the CPU in parallel (each face has its own canvas), then
	// wrap on this goroutine.
	cards := faceCards()
	jobs := make([]func() *image.RGBA, 0, len(cards)+8)
	for _, c := range cards {
		jobs = append(jobs, func() *image.RGBA { return RenderCard(c, widthPx, p) })
	}
	jobs = append(jobs,
		func() *image.RGBA { return RenderCard(rules.Card{}, widthPx, p) },
		func() *image.RGBA { return RenderBack(widthPx, p) })
	for r := range a.roles {
		jobs = append(jobs, func() *image.RGBA { return RenderRole(rules.Role(r), widthPx, p) })
	}
	for v := range a.gold {
		jobs = append(jobs, func() *image.RGBA { return RenderGoldCard(v+1, widthPx, p) })
	}
	imgs := renderAll(jobs)
	wrap := func(i int) *ebiten.Image { return ebiten.NewImageFromImage(imgs[i]) }
	for i, c := range cards {
		a.faces[c] = wrap(i)
	}
	n := len(cards)
	a.unknown, a.back = wrap(n), wrap(n+1)
	for r := range a.roles {
		a.roles[r] = wrap(n + 2 + r)
	}
	for v := range a.gold {
		a.gold[v] = wrap(n + 2 + len(a.roles) + v)
	}
	return a
}

// renderAll runs the jobs on up to GOMAXPROCS goroutines and returns their
// images in job order.
func renderAll(jobs []func() *image.RGBA) []*image.RGBA {
	out := make([]*image.RGBA, len(jobs))
	next := make(chan int, len(jobs))
	for i := range jobs {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Go(func() {
			for i := range next {
				out[i] = jobs[i]()
			}
		})
	}
	wg.Wait()
	return out
}

// Width and Height return the card size in pixels this Art was made for.
func (a *Art) Width() int  { return a.width }
func (a *Art) Height() int { return a.height }

// Palette returns the palette this Art was drawn with.
func (a *Art) Palette() Palette { return a.pal }

// Card returns the face of c as placed: a path card in its orientation
// (R2.2, R3.3), the start, a goal face down (GOAL) or face up (GOLD,
// coal:XX), or an action card. A card with no face (Kind NoCard, a coal
// with other openings than a curve) gets the unknown face.
func (a *Art) Card(c rules.Card) *ebiten.Image {
	if img, ok := a.faces[c]; ok {
		return img
	}
	return a.unknown
}

// Back returns the back of a draw-pile card.
func (a *Art) Back() *ebiten.Image { return a.back }

// Role returns role card r (R1); NoRole gives the back of a role card.
func (a *Art) Role(r rules.Role) *ebiten.Image {
	if int(r) < len(a.roles) {
		return a.roles[r]
	}
	return a.roles[rules.NoRole]
}

// GoldCard returns a gold card worth value (R2.6: 1, 2 or 3); other values
// get the unknown face.
func (a *Art) GoldCard(value int) *ebiten.Image {
	if value < 1 || value > 3 {
		return a.unknown
	}
	return a.gold[value-1]
}

// Tool returns the round icon of one tool, whole or broken (R6.1), sizePx
// pixels square, rendered on the first call for that size and kept.
func (a *Art) Tool(t rules.Tool, broken bool, sizePx int) *ebiten.Image {
	k := toolKey{t, broken, max(sizePx, 4)}
	if img, ok := a.tools[k]; ok {
		return img
	}
	img := ebiten.NewImageFromImage(RenderTool(t, broken, k.size, a.pal))
	a.tools[k] = img
	return img
}
