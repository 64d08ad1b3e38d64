package saboteur

import (
	"testing"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/sprites"
	"github.com/goldvein/goldvein/sprites/cardart"
)

// These tests import Ebitengine, which needs a display: run them under Xvfb
// (make test does). The pixel tests of the art itself are in cardart.

// TestArtFaces checks that Art has a face of the right size for every card
// of R2.2 as placed, distinct images for distinct cards, and the unknown
// face only for cards that have none.
func TestArtFaces(t *testing.T) {
	a := NewArt(48, sprites.Classic())
	a.Preload()
	preloaded := len(a.faces)
	for i, img := range a.cards {
		if img == nil {
			t.Errorf("Preload left card face %d (%s) unmade", i, faceCards[i])
		}
	}
	if a.Width() != 48 || a.Height() != 72 {
		t.Fatalf("Art size %dx%d, want 48x72", a.Width(), a.Height())
	}
	unknown := a.Card(saboteur.Card{})
	seen := map[any]string{}
	for _, c := range cardart.AllCards() {
		img := a.Card(c)
		if b := img.Bounds(); b.Dx() != 48 || b.Dy() != 72 {
			t.Errorf("%s: size %v", c, b.Size())
		}
		if img == unknown {
			t.Errorf("%s got the unknown face", c)
		}
		if other, dup := seen[img]; dup {
			t.Errorf("%s shares its image with %s", c, other)
		}
		seen[img] = c.String()
	}
	for _, img := range []any{a.Back(), a.Role(saboteur.NoRole), a.Role(saboteur.GoldDigger), a.Role(saboteur.Saboteur), a.GoldCard(1), a.GoldCard(2), a.GoldCard(3)} {
		if other, dup := seen[img]; dup {
			t.Errorf("a back, role or gold card shares its image with %s", other)
		}
		seen[img] = "other"
	}
	if a.GoldCard(0) != unknown || a.GoldCard(4) != unknown || a.Role(saboteur.Role(9)) != a.Role(saboteur.NoRole) {
		t.Errorf("out-of-range gold value or role did not fall back")
	}
	if len(a.faces) != preloaded {
		t.Errorf("Preload left %d faces to make later", len(a.faces)-preloaded)
	}
	// Lazily made faces are the same images on the next call.
	b := NewArt(48, sprites.Classic())
	if b.Card(saboteur.MustCard("xNE")) != b.Card(saboteur.MustCard("xNE")) || b.Back() != b.Back() {
		t.Errorf("a face was made twice")
	}
	if a.Card(saboteur.Card{Kind: saboteur.Map, Open: saboteur.N}) != a.Card(saboteur.MustCard("map")) {
		t.Errorf("a map card with stray openings got another face")
	}
	for _, c := range []saboteur.Card{
		{Kind: saboteur.Goal, Goal: saboteur.CoalNE, Open: saboteur.N | saboteur.S},
		{Kind: saboteur.Broken, Tools: saboteur.Pickaxe | saboteur.Cart},
		{Kind: saboteur.Repair, Tools: saboteur.AllTools},
		{Kind: saboteur.Path},
		{Kind: 99},
	} {
		if a.Card(c) != unknown {
			t.Errorf("%+v has no face but did not get the unknown one", c)
		}
	}
	// Rotating a card gives its other orientation's face (R3.3).
	if a.Card(saboteur.MustCard("NE")) == a.Card(saboteur.MustCard("NE").Rotated()) {
		t.Errorf("NE and its 180-degree turn share a face")
	}
}

// TestArtToolCache checks tool icons are made once per size and kept.
func TestArtToolCache(t *testing.T) {
	a := NewArt(32, sprites.ColorBlindSafe())
	i1 := a.Tool(saboteur.Cart, true, 24)
	if i2 := a.Tool(saboteur.Cart, true, 24); i1 != i2 {
		t.Errorf("second call made a new icon")
	}
	if a.Tool(saboteur.Cart, false, 24) == i1 || a.Tool(saboteur.Cart, true, 25) == i1 {
		t.Errorf("different icons share one image")
	}
	if b := i1.Bounds(); b.Dx() != 24 || b.Dy() != 24 {
		t.Errorf("icon size %v, want 24x24", b.Size())
	}
}

// BenchmarkCardFirstUse renders one face on first use at 96 px: the cost
// of a card not preloaded.
func BenchmarkCardFirstUse(b *testing.B) {
	p, c := sprites.Classic(), saboteur.MustCard("NESW")
	b.ReportAllocs()
	for b.Loop() {
		NewArt(96, p).Card(c)
	}
}

// BenchmarkNewArt renders the full set of faces at 96 px (30 path faces,
// start, goals, action cards, backs, roles, gold cards) and wraps them.
func BenchmarkNewArt(b *testing.B) {
	p := sprites.Classic()
	b.ReportAllocs()
	for b.Loop() {
		NewArt(96, p).Preload()
	}
}

// BenchmarkArtCard looks up a face already made: what the board does for
// every card every frame (it should not allocate).
func BenchmarkArtCard(b *testing.B) {
	a := NewArt(64, sprites.Classic())
	cards := cardart.AllCards()
	for _, c := range cards {
		a.Card(c)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		a.Card(cards[i%len(cards)])
		i++
	}
}
