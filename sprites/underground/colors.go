package underground

import (
	"image/color"

	"github.com/goldvein/goldvein/rules/underground"
)

// RaceColors are the races' token colours, in the order of
// underground.Race (U1.8): 15 hues and lightnesses far apart; the emblem
// on each token tells them apart without colour.
var RaceColors = [underground.NumRaces]color.RGBA{
	{0x9c, 0x2a, 0x7a, 0xff}, // Cultists: magenta
	{0x5a, 0x46, 0xc8, 0xff}, // Drow: indigo
	{0xf0, 0x5a, 0x1e, 0xff}, // Flames: orange
	{0x1c, 0xa0, 0x8c, 0xff}, // Gnomes: teal
	{0x3c, 0x6c, 0xc0, 0xff}, // Iron Dwarves: steel blue
	{0x2c, 0xc4, 0xe8, 0xff}, // Kraken: cyan
	{0xb4, 0xe0, 0x8c, 0xff}, // Liches: pale green
	{0x3c, 0x9c, 0x2c, 0xff}, // Lizardmen: green
	{0x8c, 0x5a, 0x2c, 0xff}, // Mudmen: brown
	{0xea, 0xd2, 0x96, 0xff}, // Mummies: sand
	{0xd8, 0x98, 0x10, 0xff}, // Ogres: ochre
	{0xf0, 0x9c, 0xe4, 0xff}, // Shadow Mimes: pink
	{0xdc, 0x32, 0x3c, 0xff}, // Shrooms: red
	{0x6a, 0x1c, 0x28, 0xff}, // Spiderines: maroon
	{0xf0, 0xf0, 0x5a, 0xff}, // Will-o'-Wisps: yellow
}

// RaceColorsSafe are the races' token colours in colour-blind mode
// (Settings, "colour-blind"), in the order of underground.Race: chosen so
// that every two stay far apart (at least 0.10 in OKLab) in normal vision
// and as protanopes, deuteranopes and tritanopes see them (Machado 2009's
// simulations; TestRaceColorsDistinct measures it).
var RaceColorsSafe = [underground.NumRaces]color.RGBA{
	{0x89, 0x44, 0x4a, 0xff}, // Cultists: rose brown
	{0x64, 0x00, 0x9b, 0xff}, // Drow: violet
	{0x1a, 0x16, 0xeb, 0xff}, // Flames: deep blue
	{0x35, 0xc3, 0x95, 0xff}, // Gnomes: jade
	{0x46, 0x76, 0xea, 0xff}, // Iron Dwarves: blue
	{0xbb, 0xc8, 0xfe, 0xff}, // Kraken: ice
	{0x17, 0xf6, 0xa7, 0xff}, // Liches: mint
	{0x29, 0x2b, 0x52, 0xff}, // Lizardmen: navy
	{0x97, 0x76, 0x40, 0xff}, // Mudmen: khaki
	{0xff, 0xff, 0xff, 0xff}, // Mummies: white
	{0xee, 0x92, 0x1d, 0xff}, // Ogres: orange
	{0xa8, 0x97, 0xea, 0xff}, // Shadow Mimes: lavender
	{0xc7, 0x37, 0xa5, 0xff}, // Shrooms: magenta
	{0x6b, 0x1b, 0x00, 0xff}, // Spiderines: rust
	{0xff, 0xc9, 0x0f, 0xff}, // Will-o'-Wisps: gold
}

// SeatColors are the seats' colours (panels, log lines, the rings under
// the stacks, the final chart), seat 0 first.
var SeatColors = [5]color.RGBA{
	{0xe0, 0x6c, 0x4a, 0xff}, {0x5a, 0xa8, 0xe0, 0xff}, {0x7c, 0xc4, 0x6a, 0xff}, {0xe0, 0xb8, 0x3a, 0xff}, {0xb0, 0x78, 0xd8, 0xff},
}

// SeatColorsSafe are the seats' colours in colour-blind mode: every two
// stay far apart (at least 0.15 in OKLab) in normal vision and as
// protanopes, deuteranopes and tritanopes see them (Machado 2009), and
// each is light enough to read as text on a panel (TestSeatColorsDistinct).
var SeatColorsSafe = [5]color.RGBA{
	{0xcc, 0x66, 0x00, 0xff}, // orange
	{0x22, 0xcc, 0xff, 0xff}, // sky
	{0xff, 0xff, 0xdd, 0xff}, // cream
	{0xee, 0xbb, 0x00, 0xff}, // gold
	{0x88, 0x66, 0xff, 0xff}, // violet
}

// Seats is the seats' colours, the colour-blind ones when safe.
func Seats(safe bool) *[5]color.RGBA {
	if safe {
		return &SeatColorsSafe
	}
	return &SeatColors
}

// Races is the race colours of the classic palette, or of the colour-blind
// one when safe.
func Races(safe bool) *[underground.NumRaces]color.RGBA {
	if safe {
		return &RaceColorsSafe
	}
	return &RaceColors
}

// RaceColor is the token colour of a race by its code ("ogres") in the
// classic palette or, when safe, the colour-blind one, and a neutral grey
// for an unknown code.
func RaceColor(code string, safe bool) color.RGBA {
	if r, ok := underground.ParseRace(code); ok {
		return Races(safe)[r]
	}
	return color.RGBA{0x90, 0x90, 0x90, 0xff}
}

// Ink is the emblem colour that reads on a token of colour c.
func Ink(c color.RGBA) color.RGBA {
	if 0.299*float64(c.R)+0.587*float64(c.G)+0.114*float64(c.B) > 150 {
		return color.RGBA{0x22, 0x1a, 0x14, 0xff}
	}
	return color.RGBA{0xfa, 0xf4, 0xe8, 0xff}
}
