package scenes

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/sprites/fonts"
)

// textAlign is where a line sits against its x: physical left edge, centre
// or right edge (the scenes mirror their layouts themselves for
// right-to-left languages; fonts.Align is relative to the reading
// direction, so it is converted here).
type textAlign uint8

const (
	AlignStart  textAlign = iota // left edge at x
	AlignCenter                  // centred on x
	AlignEnd                     // right edge at x
)

// textCache keeps every line drawn recently as an image (white, tinted
// when drawn), so a steady frame shapes no text and allocates nothing: a
// line is shaped once (sprites/fonts) when it first appears. Lines unused
// for a while are dropped.
type textCache struct {
	lines map[TextKey]*textLine
	wraps map[wrapKey][]string
	op    ebiten.DrawImageOptions
	tick  int

	// Lines live on one atlas image of their own, packed in shelves, so
	// that text drawn together is one draw call; when it is full it is
	// cleared and lines are drawn anew as they are asked for.
	atlas          *ebiten.Image
	shelfX, shelfY int
	shelfH         int

	// While deferring (the board's frame), drawText queues its lines and
	// flush draws them together, after the shapes beneath them.
	deferring bool
	queue     []queuedText
	target    *ebiten.Image // where the queue is drawn
	own       map[*ebiten.Image]struct{}

	// drawn, when not nil, collects every line drawText draws (the
	// gallery test checks them: on screen, not overlapping, translated).
	drawn *[]DrawnText
}

// DrawnText is a line as drawText placed it: the text and its box in
// screen pixels.
type DrawnText struct {
	S string
	R Rect
}

type queuedText struct {
	img  *ebiten.Image
	x, y float64
	c    color.RGBA
}

const textAtlasSize = 2048

type TextKey struct {
	S    string
	Size float32
	Rtl  bool
}

type wrapKey struct {
	s       string
	size, w float32
	rtl     bool
}

type textLine struct {
	img  *ebiten.Image
	W, h float64 // the text's size in pixels (the image has a margin)
	used int
}

const textMargin = 2

func (tc *textCache) Line(s string, size float64, rtl bool) *textLine {
	if tc.lines == nil {
		tc.lines = map[TextKey]*textLine{}
		tc.wraps = map[wrapKey][]string{}
	}
	k := TextKey{s, float32(size), rtl}
	if l, ok := tc.lines[k]; ok {
		l.used = tc.tick
		return l
	}
	w, _ := fonts.Measure(s, size, rtl)
	h := LineBox(size)
	iw, ih := int(math.Ceil(w))+2*textMargin, int(math.Ceil(h))+2*textMargin
	img := tc.place(iw, ih)
	b := img.Bounds()
	fonts.Draw(img, s, size, float64(b.Min.X)+float64(iw)/2, float64(b.Min.Y+textMargin), fonts.Center, color.White, rtl)
	l := &textLine{img: img, W: w, h: h, used: tc.tick}
	tc.lines[k] = l
	return l
}

// place returns a free iw x ih part of the atlas (or an image of its own
// for a line too long for it).
func (tc *textCache) place(iw, ih int) *ebiten.Image {
	if iw > textAtlasSize/2 || ih > textAtlasSize/8 {
		img := ebiten.NewImage(iw, ih)
		if tc.own == nil {
			tc.own = map[*ebiten.Image]struct{}{}
		}
		tc.own[img] = struct{}{}
		return img
	}
	if tc.atlas == nil {
		tc.atlas = ebiten.NewImageWithOptions(image.Rect(0, 0, textAtlasSize, textAtlasSize), &ebiten.NewImageOptions{Unmanaged: true})
	}
	if tc.shelfX+iw > textAtlasSize {
		tc.shelfX, tc.shelfY, tc.shelfH = 0, tc.shelfY+tc.shelfH, 0
	}
	if tc.shelfY+ih > textAtlasSize {
		// Full: start again. Queued lines are drawn first.
		tc.flushTo(tc.target)
		for img := range tc.own {
			img.Deallocate()
		}
		clear(tc.own)
		clear(tc.lines)
		tc.atlas.Clear()
		tc.shelfX, tc.shelfY, tc.shelfH = 0, 0, 0
	}
	r := image.Rect(tc.shelfX, tc.shelfY, tc.shelfX+iw, tc.shelfY+ih)
	tc.shelfX += iw + 1
	tc.shelfH = max(tc.shelfH, ih+1)
	return tc.atlas.SubImage(r).(*ebiten.Image)
}

// isAtlas reports whether img is a part of the atlas (not a line's own image).
func (tc *textCache) isAtlas(img *ebiten.Image) bool {
	_, own := tc.own[img]
	return !own
}

// sweep drops lines not drawn for a few seconds (called once a tick).
func (tc *textCache) sweep() {
	tc.tick++
	if tc.tick%300 != 0 || len(tc.lines) < 400 {
		return
	}
	for k, l := range tc.lines {
		if tc.tick-l.used > 300 && !tc.isAtlas(l.img) {
			l.img.Deallocate()
			delete(tc.lines, k)
		}
	}
	if len(tc.wraps) > 200 {
		clear(tc.wraps)
	}
}

// LineBox returns the height of one line of text at size px, without
// extra spacing (ascent plus descent).
func LineBox(size float64) float64 {
	return fonts.Style{Size: size, Spacing: 0.01}.LineHeight()
}

// DrawText draws one line of s (already translated) at size px with its
// vertical middle at y, aligned against x, in the app's direction.
func DrawText(a *App, dst *ebiten.Image, s string, size, x, y float64, al textAlign, clr color.RGBA) {
	DrawTextDir(a, dst, s, size, x, y, al, clr, a.RTL())
}

// DrawTextDir is drawText with the base direction given: rtl false for
// text that reads left to right in every language, such as a file path,
// an address or a Go function name, whose slashes and brackets would
// otherwise move to the wrong end in a right-to-left UI.
func DrawTextDir(a *App, dst *ebiten.Image, s string, size, x, y float64, al textAlign, clr color.RGBA, rtl bool) {
	if s == "" {
		return
	}
	l := a.Text.Line(s, size, rtl)
	left := x
	switch al {
	case AlignCenter:
		left = x - l.W/2
	case AlignEnd:
		left = x - l.W
	}
	if a.Text.drawn != nil {
		*a.Text.drawn = append(*a.Text.drawn, DrawnText{s, Rect{left, y - l.h/2, l.W, l.h}})
	}
	x, y = math.Round(left-textMargin), math.Round(y-l.h/2-textMargin)
	if a.Text.deferring {
		if a.Text.target != dst {
			a.Text.flushTo(a.Text.target)
			a.Text.target = dst
		}
		a.Text.queue = append(a.Text.queue, queuedText{l.img, x, y, clr})
		return
	}
	a.Text.draw(dst, l.img, x, y, clr)
}

func (tc *textCache) draw(dst, img *ebiten.Image, x, y float64, c color.RGBA) {
	op := &tc.op
	op.GeoM.Reset()
	op.GeoM.Translate(x, y)
	op.ColorScale.Reset()
	SetColor(&op.ColorScale, c)
	dst.DrawImage(img, op)
}

// flushTo draws the queued lines on dst (nil: drops them) and empties the
// queue.
func (tc *textCache) flushTo(dst *ebiten.Image) {
	if dst != nil {
		for _, q := range tc.queue {
			tc.draw(dst, q.img, q.x, q.y, q.c)
		}
	}
	clear(tc.queue)
	tc.queue = tc.queue[:0]
}

// BeginText starts queueing text for dst (see textCache); endText draws
// what is queued and stops. flushText draws the queue so far, before
// something that must cover the text.
func (a *App) BeginText(dst *ebiten.Image) {
	a.Text.flushTo(a.Text.target)
	a.Text.deferring, a.Text.target = true, dst
}

func (a *App) FlushText() { a.Text.flushTo(a.Text.target) }

func (a *App) EndText() {
	a.Text.flushTo(a.Text.target)
	a.Text.deferring, a.Text.target = false, nil
}

// DrawWrapped draws s wrapped to width w with its first line's top at y;
// it returns the height used.
func DrawWrapped(a *App, dst *ebiten.Image, s string, size, x, y, w float64, al textAlign, clr color.RGBA) float64 {
	return drawWrappedDir(a, dst, s, size, x, y, w, al, clr, a.RTL())
}

// WrappedHeight is the height drawWrapped would use for s at size px in
// width w, without drawing it.
func WrappedHeight(a *App, s string, size, w float64) float64 {
	return float64(len(WrapLines(a, s, size, w, a.RTL()))) * fonts.Style{Size: size}.LineHeight()
}

// WrapLines is s wrapped to width w at size px with base direction rtl,
// cached with the drawn lines.
func WrapLines(a *App, s string, size, w float64, rtl bool) []string {
	if a.Text.wraps == nil {
		a.Text.Line(" ", size, rtl)
	}
	k := wrapKey{s, float32(size), float32(w), rtl}
	lines, ok := a.Text.wraps[k]
	if !ok {
		lines = fonts.Wrap(s, size, w, rtl)
		a.Text.wraps[k] = lines
	}
	return lines
}

// drawWrappedDir is drawWrapped with the text's base direction given (see
// drawTextDir); the box still starts on the side the UI reads from.
func drawWrappedDir(a *App, dst *ebiten.Image, s string, size, x, y, w float64, al textAlign, clr color.RGBA, rtl bool) float64 {
	lines := WrapLines(a, s, size, w, rtl)
	lh := fonts.Style{Size: size}.LineHeight()
	if al == AlignStart && a.RTL() {
		// A right-to-left paragraph reads from the right edge of its box.
		x, al = x+w, AlignEnd
	}
	for _, l := range lines {
		DrawTextDir(a, dst, l, size, x, y+lh/2, al, clr, rtl)
		y += lh
	}
	return float64(len(lines)) * lh
}

// StartOf is where a line starts inside r, pad pixels in: the left edge,
// or the right edge in a right-to-left language.
func StartOf(a *App, r Rect, pad float64) (float64, textAlign) {
	if a.RTL() {
		return r.X + r.W - pad, AlignEnd
	}
	return r.X + pad, AlignStart
}

// SetColor scales by c, a straight-alpha colour.
func SetColor(cs *ebiten.ColorScale, c color.RGBA) {
	al := float32(c.A) / 255
	cs.Scale(float32(c.R)/255*al, float32(c.G)/255*al, float32(c.B)/255*al, al)
}
