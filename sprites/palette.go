// Package sprites is the art all the box's games share: the palette every
// picture is drawn with (Classic, or ColorBlindSafe) and, in sprites/fonts,
// the fonts. Each game's own art is drawn by code in its folder:
// sprites/saboteur (cards, roles, gold, tools), sprites/incangold (quest
// cards, temples, torch and camp), with the vector shapes of
// sprites/cardart, rasterised on the CPU at the pixel size asked for.
package sprites

import "github.com/goldvein/goldvein/sprites/cardart"

// Palette is the set of colours all art is drawn with; see cardart.Palette.
type Palette = cardart.Palette

// Classic returns the box's default palette: warm earth, rock and gold.
func Classic() Palette { return cardart.Classic() }

// ColorBlindSafe returns the palette whose meaningful colours stay apart
// for colour-blind players (tools and roles also differ by shape).
func ColorBlindSafe() Palette { return cardart.ColorBlindSafe() }
