package sprites

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/incangold"
	"github.com/goldvein/goldvein/sprites/cardart"
)

// IGArt is Incan Gold's card art (sprites/cardart/incangold.go) at one
// card width, as Ebitengine images made on first use and kept.
type IGArt struct {
	width, height int
	pal           Palette
	faces         map[[2]int]*ebiten.Image
}

// NewIGArt returns Incan Gold's art for cards widthPx wide in palette p.
func NewIGArt(widthPx int, p Palette) *IGArt {
	widthPx = max(widthPx, 4)
	return &IGArt{width: widthPx, height: CardHeight(widthPx), pal: p, faces: map[[2]int]*ebiten.Image{}}
}

// Width and Height are the card's size in pixels.
func (a *IGArt) Width() int  { return a.width }
func (a *IGArt) Height() int { return a.height }

func (a *IGArt) get(f cardart.IGFace, v int) *ebiten.Image {
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
func (a *IGArt) Card(c incangold.Card) *ebiten.Image {
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
func (a *IGArt) Back() *ebiten.Image { return a.get(cardart.IGBack, 0) }

// Temple is a temple card of the round track, lit for the round in play.
func (a *IGArt) Temple(lit bool) *ebiten.Image {
	v := 0
	if lit {
		v = 1
	}
	return a.get(cardart.IGTemple, v)
}

// Torch and Camp are the two choice cards (I1.6).
func (a *IGArt) Torch() *ebiten.Image { return a.get(cardart.IGTorch, 0) }
func (a *IGArt) Camp() *ebiten.Image  { return a.get(cardart.IGCamp, 0) }
