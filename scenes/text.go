package scenes

import (
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
	alignStart  textAlign = iota // left edge at x
	alignCenter                  // centred on x
	alignEnd                     // right edge at x
)

// textCache keeps every line drawn recently as an image (white, tinted
// when drawn), so a steady frame shapes no text and allocates nothing: a
// line is shaped once (sprites/fonts) when it first appears. Lines unused
// for a while are dropped.
type textCache struct {
	lines map[textKey]*textLine
	wraps map[wrapKey][]string
	op    ebiten.DrawImageOptions
	tick  int
}

type textKey struct {
	s    string
	size float32
	rtl  bool
}

type wrapKey struct {
	s       string
	size, w float32
	rtl     bool
}

type textLine struct {
	img  *ebiten.Image
	w, h float64 // the text's size in pixels (the image has a margin)
	used int
}

const textMargin = 2

func (tc *textCache) line(s string, size float64, rtl bool) *textLine {
	if tc.lines == nil {
		tc.lines = map[textKey]*textLine{}
		tc.wraps = map[wrapKey][]string{}
	}
	k := textKey{s, float32(size), rtl}
	if l, ok := tc.lines[k]; ok {
		l.used = tc.tick
		return l
	}
	w, _ := fonts.Measure(s, size, rtl)
	h := lineBox(size)
	img := ebiten.NewImage(int(math.Ceil(w))+2*textMargin, int(math.Ceil(h))+2*textMargin)
	fonts.Draw(img, s, size, float64(img.Bounds().Dx())/2, textMargin, fonts.Center, color.White, rtl)
	l := &textLine{img: img, w: w, h: h, used: tc.tick}
	tc.lines[k] = l
	return l
}

// sweep drops lines not drawn for a few seconds (called once a tick).
func (tc *textCache) sweep() {
	tc.tick++
	if tc.tick%300 != 0 || len(tc.lines) < 400 {
		return
	}
	for k, l := range tc.lines {
		if tc.tick-l.used > 300 {
			l.img.Deallocate()
			delete(tc.lines, k)
		}
	}
	if len(tc.wraps) > 200 {
		clear(tc.wraps)
	}
}

// lineBox returns the height of one line of text at size px, without
// extra spacing (ascent plus descent).
func lineBox(size float64) float64 {
	return fonts.Style{Size: size, Spacing: 0.01}.LineHeight()
}

// drawText draws one line of s (already translated) at size px with its
// vertical middle at y, aligned against x, in the app's direction.
func drawText(a *App, dst *ebiten.Image, s string, size, x, y float64, al textAlign, clr color.RGBA) {
	if s == "" {
		return
	}
	l := a.text.line(s, size, a.RTL())
	left := x
	switch al {
	case alignCenter:
		left = x - l.w/2
	case alignEnd:
		left = x - l.w
	}
	op := &a.text.op
	op.GeoM.Reset()
	op.GeoM.Translate(math.Round(left-textMargin), math.Round(y-l.h/2-textMargin))
	op.ColorScale.Reset()
	setColor(&op.ColorScale, clr)
	dst.DrawImage(l.img, op)
}

// drawWrapped draws s wrapped to width w with its first line's top at y;
// it returns the height used.
func drawWrapped(a *App, dst *ebiten.Image, s string, size, x, y, w float64, al textAlign, clr color.RGBA) float64 {
	rtl := a.RTL()
	if a.text.wraps == nil {
		a.text.line(" ", size, rtl)
	}
	k := wrapKey{s, float32(size), float32(w), rtl}
	lines, ok := a.text.wraps[k]
	if !ok {
		lines = fonts.Wrap(s, size, w, rtl)
		a.text.wraps[k] = lines
	}
	lh := fonts.Style{Size: size}.LineHeight()
	if al == alignStart && rtl {
		// A right-to-left paragraph reads from the right edge of its box.
		x, al = x+w, alignEnd
	}
	for _, l := range lines {
		drawText(a, dst, l, size, x, y+lh/2, al, clr)
		y += lh
	}
	return float64(len(lines)) * lh
}

// setColor scales by c, a straight-alpha colour.
func setColor(cs *ebiten.ColorScale, c color.RGBA) {
	al := float32(c.A) / 255
	cs.Scale(float32(c.R)/255*al, float32(c.G)/255*al, float32(c.B)/255*al, al)
}
