// Package saboteur is Saboteur's art as Ebitengine images: card faces and
// backs, role cards, gold cards and tool icons (SABOTEUR.md R2), drawn in
// code at start-up by package sprites/cardart with vector shapes rasterised
// on the CPU at exactly the pixel size asked for, so they are sharp at
// every zoom and on HiDPI screens and need no downloaded assets. The
// Render* functions give *image.RGBA and need no GPU (tests, the gallery,
// the app icon); Art wraps the same faces as *ebiten.Image, rendered once
// per size and palette (sprites.Palette).
//
// cardart holds everything that does not need Ebitengine, so its tests run
// headless; this package's own tests need a display (Xvfb), because
// importing Ebitengine opens one.
package saboteur

import (
	"image"
	"runtime"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/sprites"
	"github.com/goldvein/goldvein/sprites/cardart"
)

// CardW and CardH are the size of a card at scale 1, in pixels: portrait
// cards, long side vertical, because all cards lie the same way (R3.3).
const CardW, CardH = cardart.CardW, cardart.CardH

// Palette is the set of colours all art is drawn with (sprites.Palette).
type Palette = sprites.Palette

// CardHeight returns the pixel height of a card widthPx pixels wide.
func CardHeight(widthPx int) int { return cardart.CardHeight(widthPx) }

// RenderCard draws the face of card c as placed (R2.2), widthPx wide, on
// the CPU; see cardart.RenderCard.
func RenderCard(c saboteur.Card, widthPx int, p Palette) *image.RGBA {
	return cardart.RenderCard(c, widthPx, p)
}

// RenderBack draws the back of a draw-pile card on the CPU.
func RenderBack(widthPx int, p Palette) *image.RGBA { return cardart.RenderBack(widthPx, p) }

// RenderRole draws role card r (NoRole: the role back) on the CPU.
func RenderRole(r saboteur.Role, widthPx int, p Palette) *image.RGBA {
	return cardart.RenderRole(r, widthPx, p)
}

// RenderGoldCard draws a gold card worth value (1..3) on the CPU.
func RenderGoldCard(value, widthPx int, p Palette) *image.RGBA {
	return cardart.RenderGoldCard(value, widthPx, p)
}

// RenderTool draws a tool icon, whole or broken, sizePx square, on the CPU.
func RenderTool(t saboteur.Tool, broken bool, sizePx int, p Palette) *image.RGBA {
	return cardart.RenderTool(t, broken, sizePx, p)
}

// Art holds the card faces for one card width in pixels and one palette,
// as *ebiten.Image. Each face is rendered the first time it is asked for
// (about a millisecond or two at 96 px) and kept; Preload renders them all
// at once, in parallel. Ebitengine packs these small images into its own
// texture atlas, so drawing many of them batches well. An Art is for the UI
// goroutine only (it is not safe for concurrent use).
type Art struct {
	width, height int
	pal           Palette
	cards         [numCardFaces]*ebiten.Image // by cardIndex, nil until made
	faces         map[face]*ebiten.Image      // everything else
}

// face names one image of an Art: a card face, the deck back, a role card,
// a gold card or a tool icon.
type face struct {
	what   faceKind
	card   saboteur.Card // faceCard
	n      int           // faceRole: the role; faceGold: the value; faceTool: the size
	tool   saboteur.Tool // faceTool
	broken bool          // faceTool
}

type faceKind uint8

const (
	faceCard faceKind = iota
	faceUnknown
	faceBack
	faceRole
	faceGold
	faceTool
)

// numCardFaces is the number of card faces: 30 path faces (any non-empty
// set of openings, tunnel or dead end, so any orientation R2.2 can name),
// the start, a face-down goal, the gold, the two coals in both
// orientations, 3 broken tools, 6 repairs, rockfall and map.
const numCardFaces = 48

// cardIndex returns the slot of c's face, 0 to numCardFaces-1, or false
// for a card with no face of its own.
func cardIndex(c saboteur.Card) (int, bool) {
	switch c.Kind {
	case saboteur.Path:
		if c.Open == 0 || c.Open > saboteur.AllSides {
			return 0, false
		}
		i := int(c.Open) - 1
		if c.DeadEnd {
			i += 15
		}
		return i, true
	case saboteur.Start:
		return 30, true
	case saboteur.Goal:
		switch {
		case c.Goal == saboteur.NoGoal:
			return 31, true
		case c.Goal == saboteur.Gold:
			return 32, true
		case c.Goal == saboteur.CoalNE && c.Open == saboteur.N|saboteur.E:
			return 33, true
		case c.Goal == saboteur.CoalNE && c.Open == saboteur.S|saboteur.W:
			return 34, true
		case c.Goal == saboteur.CoalNW && c.Open == saboteur.N|saboteur.W:
			return 35, true
		case c.Goal == saboteur.CoalNW && c.Open == saboteur.E|saboteur.S:
			return 36, true
		}
	case saboteur.Broken:
		switch c.Tools {
		case saboteur.Pickaxe:
			return 37, true
		case saboteur.Lantern:
			return 38, true
		case saboteur.Cart:
			return 39, true
		}
	case saboteur.Repair:
		if c.Tools > 0 && c.Tools < saboteur.AllTools {
			return 40 + int(c.Tools) - 1, true
		}
	case saboteur.Rockfall:
		return 46, true
	case saboteur.Map:
		return 47, true
	}
	return 0, false
}

// faceCards holds, for each slot, the card drawn there; built once and
// never changed.
var faceCards = func() (out [numCardFaces]saboteur.Card) {
	var n int
	add := func(c saboteur.Card) {
		if i, ok := cardIndex(c); ok && out[i] == (saboteur.Card{}) {
			out[i] = c
			n++
		}
	}
	for _, dead := range []bool{false, true} {
		for open := saboteur.Side(1); open <= saboteur.AllSides; open++ {
			add(saboteur.Card{Kind: saboteur.Path, Open: open, DeadEnd: dead})
		}
	}
	for _, c := range cardart.AllCards() {
		add(c)
	}
	if n != numCardFaces {
		panic("sprites: card face table is incomplete")
	}
	return out
}()

// allFaces lists every face Preload renders (tool icons are made per size
// on demand and are not among them).
func allFaces() []face {
	var out []face
	for _, c := range faceCards {
		out = append(out, face{what: faceCard, card: c})
	}
	out = append(out, face{what: faceUnknown}, face{what: faceBack})
	for r := saboteur.NoRole; r <= saboteur.Saboteur; r++ {
		out = append(out, face{what: faceRole, n: int(r)})
	}
	for v := 1; v <= 3; v++ {
		out = append(out, face{what: faceGold, n: v})
	}
	return out
}

// NewArt returns the art for cards widthPx pixels wide (at least 4; height
// CardHeight(widthPx)) in palette p. It renders nothing yet: faces are made
// on first use, or all at once by Preload. Keep one per size: zooming
// through many widths makes as many Arts.
func NewArt(widthPx int, p Palette) *Art {
	widthPx = max(widthPx, 4)
	return &Art{
		width:  widthPx,
		height: CardHeight(widthPx),
		pal:    p,
		faces:  map[face]*ebiten.Image{},
	}
}

// Preload renders every card face, back, role card and gold card not made
// yet, spread over the CPU cores: a few tens of milliseconds at 96 px
// (BenchmarkNewArt). Call it at start-up or behind a transition so the
// first frames that show many cards do not stall.
func (a *Art) Preload() {
	var todo []face
	for _, f := range allFaces() {
		if a.made(f) == nil {
			todo = append(todo, f)
		}
	}
	jobs := make([]func() *image.RGBA, len(todo))
	for i, f := range todo {
		jobs[i] = func() *image.RGBA { return a.render(f) }
	}
	// Render on the CPU in parallel (each face has its own canvas), then
	// wrap on this goroutine.
	for i, img := range renderAll(jobs) {
		a.keep(todo[i], ebiten.NewImageFromImage(img))
	}
}

// render draws face f on the CPU.
func (a *Art) render(f face) *image.RGBA {
	switch f.what {
	case faceCard:
		return RenderCard(f.card, a.width, a.pal)
	case faceBack:
		return RenderBack(a.width, a.pal)
	case faceRole:
		return RenderRole(saboteur.Role(f.n), a.width, a.pal)
	case faceGold:
		return RenderGoldCard(f.n, a.width, a.pal)
	case faceTool:
		return RenderTool(f.tool, f.broken, f.n, a.pal)
	}
	return RenderCard(saboteur.Card{}, a.width, a.pal)
}

// get returns face f, rendering it on first use.
func (a *Art) get(f face) *ebiten.Image {
	if img := a.made(f); img != nil {
		return img
	}
	img := ebiten.NewImageFromImage(a.render(f))
	a.keep(f, img)
	return img
}

// made returns face f if it has been rendered, else nil.
func (a *Art) made(f face) *ebiten.Image {
	if f.what == faceCard {
		i, _ := cardIndex(f.card)
		return a.cards[i]
	}
	return a.faces[f]
}

func (a *Art) keep(f face, img *ebiten.Image) {
	if f.what == faceCard {
		i, _ := cardIndex(f.card)
		a.cards[i] = img
		return
	}
	a.faces[f] = img
}

// Icons returns the app's icon at 16, 32, 48, 64, 128 and 256 pixels, for
// ebiten.SetWindowIcon (which picks the size that fits best).
func Icons(p Palette) []image.Image {
	var out []image.Image
	for _, s := range []int{16, 32, 48, 64, 128, 256} {
		out = append(out, cardart.RenderIcon(s, p))
	}
	return out
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

// Width returns the card width in pixels this Art was made for.
func (a *Art) Width() int { return a.width }

// Height returns the card height in pixels this Art was made for
// (Width*CardH/CardW).
func (a *Art) Height() int { return a.height }

// Palette returns the palette this Art was drawn with.
func (a *Art) Palette() Palette { return a.pal }

// Card returns the face of c as placed: a path card in its orientation
// (R2.2, R3.3), the start, a goal face down (GOAL) or face up (GOLD,
// coal:XX), or an action card. A card with no face (Kind NoCard, a coal
// with other openings than a curve) gets the unknown face.
func (a *Art) Card(c saboteur.Card) *ebiten.Image {
	i, ok := cardIndex(c)
	if !ok {
		return a.get(face{what: faceUnknown})
	}
	if img := a.cards[i]; img != nil {
		return img
	}
	// Draw the slot's own card: c may carry fields its kind ignores.
	return a.get(face{what: faceCard, card: faceCards[i]})
}

// Back returns the back of a draw-pile card.
func (a *Art) Back() *ebiten.Image { return a.get(face{what: faceBack}) }

// Role returns role card r (R1); NoRole, or any other value, gives the
// back of a role card.
func (a *Art) Role(r saboteur.Role) *ebiten.Image {
	if r != saboteur.GoldDigger && r != saboteur.Saboteur {
		r = saboteur.NoRole
	}
	return a.get(face{what: faceRole, n: int(r)})
}

// GoldCard returns a gold card worth value (R2.6: 1, 2 or 3); other values
// get the unknown face.
func (a *Art) GoldCard(value int) *ebiten.Image {
	if value < 1 || value > 3 {
		return a.get(face{what: faceUnknown})
	}
	return a.get(face{what: faceGold, n: value})
}

// Tool returns the round icon of one tool, whole or broken (R6.1), sizePx
// pixels square (at least 4), rendered on the first call for that size and
// kept. t should be one tool; a set of several draws nothing inside the
// badge.
func (a *Art) Tool(t saboteur.Tool, broken bool, sizePx int) *ebiten.Image {
	return a.get(face{what: faceTool, tool: t, broken: broken, n: max(sizePx, 4)})
}
