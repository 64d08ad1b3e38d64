// Package sprites is the art all the box's games share: the palette every
// picture is drawn with (Classic, or ColorBlindSafe) and, in sprites/fonts,
// the fonts. Each game's own art is drawn by code in its folder:
// sprites/saboteur (cards, roles, gold, tools), sprites/incangold (quest
// cards, temples, torch and camp), sprites/underground (races, icons,
// terrain), the first two with the vector shapes of sprites/cardart,
// rasterised on the CPU at the pixel size asked for. This package needs no
// Ebitengine.
package sprites

import "image/color"

// Palette is the set of colours all art is drawn with (straight alpha,
// 8 bits per channel). Classic is the game's warm earth-and-gold look;
// ColorBlindSafe keeps it but moves the colours that carry meaning (broken
// versus repaired, gold-digger versus saboteur) to hues that stay apart for
// red-green colour blindness. Meaning never rests on colour alone: broken
// tools carry a cross, repairs a check mark, and the two roles are different
// figures.
type Palette struct {
	Rock       color.RGBA // the rock a tunnel is cut in
	RockDark   color.RGBA // cracks, strata and the rim of a tunnel
	RockLight  color.RGBA // highlights on rock
	Tunnel     color.RGBA // the floor of a tunnel (what marks an opening)
	TunnelDark color.RGBA // shading along tunnel walls
	Boulder    color.RGBA // the boulder that blocks a dead end
	Gold       color.RGBA // gold nuggets and gold accents
	GoldLight  color.RGBA // shine on gold
	GoldDark   color.RGBA // shadow on gold
	Coal       color.RGBA // coal lumps
	CoalLight  color.RGBA // sheen on coal
	Wood       color.RGBA // ladder, handles, cart boards
	WoodDark   color.RGBA // wood grain and shade
	Metal      color.RGBA // pickaxe head, lantern frame, wheels
	MetalDark  color.RGBA // shade on metal
	Flame      color.RGBA // lantern flame, fuse spark
	Ink        color.RGBA // outlines
	Paper      color.RGBA // face of action cards and icon badges
	PaperDark  color.RGBA // map lines, paper shade
	Accent     color.RGBA // frames and emblems of card backs
	Danger     color.RGBA // broken tools: the cross
	Safe       color.RGBA // repair: the check mark
	Digger     color.RGBA // the gold-digger role card
	Saboteur   color.RGBA // the saboteur role card
	Skin       color.RGBA // faces on the role cards
	Back       color.RGBA // the field of card backs
	Background color.RGBA // the table behind the cards
}

func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
}

// Classic returns the game's default palette: grey-brown rock, dark earth
// tunnels, warm wood and gold accents.
func Classic() Palette {
	return Palette{
		Rock:       rgb(0x8c7a66),
		RockDark:   rgb(0x5e4e40),
		RockLight:  rgb(0xab9a84),
		Tunnel:     rgb(0x2e2119),
		TunnelDark: rgb(0x1b130e),
		Boulder:    rgb(0x6f6a64),
		Gold:       rgb(0xf2b61f),
		GoldLight:  rgb(0xfff0a0),
		GoldDark:   rgb(0xa8700c),
		Coal:       rgb(0x17171a),
		CoalLight:  rgb(0x55586a),
		Wood:       rgb(0xb07a43),
		WoodDark:   rgb(0x6e4521),
		Metal:      rgb(0xb9c0c6),
		MetalDark:  rgb(0x5d666e),
		Flame:      rgb(0xffa42b),
		Ink:        rgb(0x20160f),
		Paper:      rgb(0xf1e3c2),
		PaperDark:  rgb(0xb49a6c),
		Accent:     rgb(0xd9a434),
		Danger:     rgb(0xd0342c),
		Safe:       rgb(0x3c9a3f),
		Digger:     rgb(0xe3a93a),
		Saboteur:   rgb(0x4b3a6b),
		Skin:       rgb(0xe9b68a),
		Back:       rgb(0x3b2618),
		Background: rgb(0x1f2a24),
	}
}

// ColorBlindSafe returns Classic with the meaningful colours moved to the
// Okabe-Ito set (vermilion for danger, blue for safe, sky blue against
// orange for the roles), which stay distinct under protanopia,
// deuteranopia and tritanopia.
func ColorBlindSafe() Palette {
	p := Classic()
	p.Danger = rgb(0xd55e00)
	p.Safe = rgb(0x0072b2)
	p.Digger = rgb(0xe69f00)
	p.Saboteur = rgb(0x1d4f7a)
	p.Gold = rgb(0xf0c419)
	p.Tunnel = rgb(0x241a14)
	return p
}
