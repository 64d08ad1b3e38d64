// Package incangold is Incan Gold's art as Ebitengine images: quest
// cards, temples, torch and camp (INCAN_GOLD.md I2), drawn by code
// (sprites/cardart) at the pixel size asked for.
package incangold

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/sprites"
	"github.com/goldvein/goldvein/sprites/cardart"
)

// Art is Incan Gold's card art (sprites/cardart/incangold.go) at one
// card width, as Ebitengine images made on first use and kept.
type Art struct {
	width, height int
	pal           sprites.Palette
	faces         map[[2]int]*ebiten.Image
}

// NewArt returns Incan Gold's art for cards widthPx wide in palette p.
func NewArt(widthPx int, p sprites.Palette) *Art {
	widthPx = max(widthPx, 4)
	return &Art{width: widthPx, height: cardart.CardHeight(widthPx), pal: p, faces: map[[2]int]*ebiten.Image{}}
}

// Width and Height are the card's size in pixels.
func (a *Art) Width() int  { return a.width }
func (a *Art) Height() int { return a.height }

func (a *Art) get(f cardart.IGFace, v int) *ebiten.Image {
	k := [2]int{int(f), v}
	if img, ok := a.faces[k]; ok {
		return img
	}
	img := ebiten.NewImageFromImage(cardart.RenderIG(f, v, a.width, a.pal))
	a.faces[k] = img
	return img
}

// Card is the face of quest card c (I1.3, I1.4); an invalid card gives the
// back.
func (a *Art) Card(c incangold.Card) *ebiten.Image {
	switch {
	case c.IsTreasure():
		return a.get(cardart.IGTreasure, c.Value())
	case c.IsHazard():
		return a.get(cardart.IGHazard, int(c.Kind()))
	case c.IsArtifact():
		return a.get(cardart.IGArtifact, 0)
	}
	return a.Back()
}

// Back is the quest deck's back.
func (a *Art) Back() *ebiten.Image { return a.get(cardart.IGBack, 0) }

// Temple is a temple card of the round track, lit for the round in play.
func (a *Art) Temple(lit bool) *ebiten.Image {
	v := 0
	if lit {
		v = 1
	}
	return a.get(cardart.IGTemple, v)
}

// Torch and Camp are the two choice cards (I1.6).
func (a *Art) Torch() *ebiten.Image { return a.get(cardart.IGTorch, 0) }
func (a *Art) Camp() *ebiten.Image  { return a.get(cardart.IGCamp, 0) }
