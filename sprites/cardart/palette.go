package cardart

import (
	"image/color"

	"github.com/goldvein/goldvein/sprites"
)

// Palette is the set of colours all art is drawn with (sprites.Palette).
type Palette = sprites.Palette

// Classic and ColorBlindSafe are the box's palettes (sprites).
func Classic() Palette        { return sprites.Classic() }
func ColorBlindSafe() Palette { return sprites.ColorBlindSafe() }

// rgb is the opaque colour 0xRRGGBB.
func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
}
