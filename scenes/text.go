package scenes

import (
	"image/color"

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

func (al textAlign) fonts(rtl bool) fonts.Align {
	switch {
	case al == alignCenter:
		return fonts.Center
	case (al == alignStart) != rtl:
		return fonts.Start
	}
	return fonts.End
}

// lineBox returns the height of one line of text at size px, without
// extra spacing (ascent plus descent), cached per size.
func lineBox(size float64) float64 {
	return fonts.Style{Size: size, Spacing: 0.01}.LineHeight()
}

// drawText draws one line of s (already translated) at size px with its
// vertical middle at y, aligned against x, in the app's direction.
func drawText(a *App, dst *ebiten.Image, s string, size, x, y float64, al textAlign, clr color.Color) {
	if s == "" {
		return
	}
	rtl := a.RTL()
	fonts.Draw(dst, s, size, x, y-lineBox(size)/2, al.fonts(rtl), clr, rtl)
}

// drawWrapped draws s wrapped to width w with its first line's top at y;
// it returns the height used.
func drawWrapped(a *App, dst *ebiten.Image, s string, size, x, y, w float64, al textAlign, clr color.Color) float64 {
	rtl := a.RTL()
	st := fonts.Style{Size: size, Align: al.fonts(rtl), Color: clr, RTL: rtl}
	lines := fonts.WrapStyle(s, w, st)
	lh := st.LineHeight()
	for _, l := range lines {
		fonts.DrawStyle(dst, l, x, y, st)
		y += lh
	}
	return float64(len(lines)) * lh
}

// measureText returns the width of s at size px.
func measureText(a *App, s string, size float64) float64 {
	w, _ := fonts.Measure(s, size, a.RTL())
	return w
}
