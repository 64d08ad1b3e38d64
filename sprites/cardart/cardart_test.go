package cardart

import (
	"crypto/sha256"
	"image"
	"image/color"
	"math"
	"testing"

	"pgregory.net/rapid"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// palettes are the two palettes every pixel test runs with.
var palettes = []struct {
	name string
	p    Palette
}{{"classic", Classic()}, {"colorblind", ColorBlindSafe()}}

func dist(a, b color.RGBA) float64 {
	dr, dg, db := float64(a.R)-float64(b.R), float64(a.G)-float64(b.G), float64(a.B)-float64(b.B)
	return math.Sqrt(dr*dr + dg*dg + db*db)
}

// isTunnel reports whether the pixel at (x, y) is tunnel floor rather than
// rock: nearer to the palette's Tunnel colour than to its Rock colour.
func isTunnel(img *image.RGBA, x, y int, p Palette) bool {
	c := img.RGBAAt(x, y)
	return dist(c, p.Tunnel) < dist(c, p.Rock)
}

// unitPx maps a point in card units to a pixel of a card widthPx wide.
func unitPx(widthPx int, ux, uy float64) (int, int) {
	s := float64(widthPx) / CardW
	return int(ux * s), int(uy * s)
}

// edgeMid returns the pixel 3.5 units inside the midpoint of side s.
func edgeMid(img *image.RGBA, s saboteur.Side) (int, int) {
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	in := int(math.Ceil(3.5 * float64(w) / CardW))
	switch s {
	case saboteur.N:
		return w / 2, in
	case saboteur.S:
		return w / 2, h - 1 - in
	case saboteur.E:
		return w - 1 - in, h / 2
	}
	return in, h / 2
}

var sides = []saboteur.Side{saboteur.N, saboteur.E, saboteur.S, saboteur.W}

// mazeCards are the cards that lie in the maze with tunnels: every path
// card of R2.2 in both orientations, the start, the gold and the coals.
func mazeCards() []saboteur.Card {
	var out []saboteur.Card
	for _, c := range AllCards() {
		if c.Kind == saboteur.Path || c.Kind == saboteur.Start || (c.Kind == saboteur.Goal && c.Goal != saboteur.NoGoal) {
			out = append(out, c)
		}
	}
	return out
}

// TestEveryFaceRendersDistinct renders every card code of R2.2 (both
// orientations), the backs, the roles, the gold cards and the tool icons:
// each is the right size, mostly opaque, and unlike every other face.
func TestEveryFaceRendersDistinct(t *testing.T) {
	for _, pal := range palettes {
		t.Run(pal.name, func(t *testing.T) {
			const w = 48
			seen := map[[32]byte]string{}
			check := func(name string, img *image.RGBA, wantW, wantH int) {
				t.Helper()
				if b := img.Bounds(); b.Dx() != wantW || b.Dy() != wantH {
					t.Errorf("%s: size %v, want %dx%d", name, b.Size(), wantW, wantH)
				}
				opaque := 0
				for i := 3; i < len(img.Pix); i += 4 {
					if img.Pix[i] == 255 {
						opaque++
					}
				}
				if frac := float64(opaque) / float64(wantW*wantH); frac < 0.7 {
					t.Errorf("%s: only %.0f%% opaque", name, 100*frac)
				}
				sum := sha256.Sum256(img.Pix)
				if other, dup := seen[sum]; dup {
					t.Errorf("%s looks exactly like %s", name, other)
				}
				seen[sum] = name
			}
			for _, c := range AllCards() {
				check(c.String(), RenderCard(c, w, pal.p), w, 72)
			}
			check("unknown", RenderCard(saboteur.Card{}, w, pal.p), w, 72)
			check("back", RenderBack(w, pal.p), w, 72)
			for _, r := range []saboteur.Role{saboteur.NoRole, saboteur.GoldDigger, saboteur.Saboteur} {
				check("role "+r.String(), RenderRole(r, w, pal.p), w, 72)
			}
			for v := 1; v <= 3; v++ {
				check("gold card", RenderGoldCard(v, w, pal.p), w, 72)
			}
			for _, broken := range []bool{false, true} {
				for _, tool := range []saboteur.Tool{saboteur.Pickaxe, saboteur.Lantern, saboteur.Cart} {
					// A round icon: the corners are clear, so a lower bar.
					img := RenderTool(tool, broken, 32, pal.p)
					sum := sha256.Sum256(img.Pix)
					if other, dup := seen[sum]; dup {
						t.Errorf("tool %v broken=%v looks like %s", tool, broken, other)
					}
					seen[sum] = tool.String()
				}
			}
			if n := len(AllCards()); n != 44 {
				t.Errorf("AllCards has %d cards, want 44 (26 path orientations, start, 5 goal faces, 11 action cards)", n)
			}
		})
	}
}

// TestOpeningsShowTunnel samples the middle of each side of every maze
// card: an opening shows tunnel floor at the edge, a wall shows rock
// (R2.1). This is what lets players match sides by eye (R5.4).
func TestOpeningsShowTunnel(t *testing.T) {
	for _, pal := range palettes {
		for _, w := range []int{48, 96, 192} {
			for _, c := range mazeCards() {
				img := RenderCard(c, w, pal.p)
				for _, s := range sides {
					x, y := edgeMid(img, s)
					if got, want := isTunnel(img, x, y, pal.p), c.Open&s != 0; got != want {
						t.Errorf("%s %s@%dpx side %v: tunnel=%v, want %v (pixel %v)", pal.name, c, w, s, got, want, img.RGBAAt(x, y))
					}
				}
			}
		}
	}
}

// TestTunnelsJoinDeadEndsBlock walks from each opening to the card centre:
// on a tunnel card every step is tunnel floor (the openings join through
// the centre); on a dead end the way is blocked before the centre, and the
// centre itself is not tunnel (R2.1).
func TestTunnelsJoinDeadEndsBlock(t *testing.T) {
	for _, pal := range palettes {
		for _, w := range []int{48, 96, 192} {
			for _, c := range AllCards() {
				if c.Kind != saboteur.Path {
					continue
				}
				img := RenderCard(c, w, pal.p)
				cx, cy := img.Bounds().Dx()/2, img.Bounds().Dy()/2
				if got := isTunnel(img, cx, cy, pal.p); got == c.DeadEnd {
					t.Errorf("%s %s@%dpx: centre is tunnel=%v, want %v", pal.name, c, w, got, !c.DeadEnd)
				}
				for _, s := range sides {
					if c.Open&s == 0 {
						continue
					}
					x0, y0 := edgeMid(img, s)
					blocked := false
					const steps = 64
					for i := 0; i <= steps; i++ {
						x := x0 + (cx-x0)*i/steps
						y := y0 + (cy-y0)*i/steps
						if !isTunnel(img, x, y, pal.p) {
							blocked = true
							break
						}
					}
					if blocked != c.DeadEnd {
						t.Errorf("%s %s@%dpx: way from %v to the centre blocked=%v", pal.name, c, w, s, blocked)
					}
				}
			}
		}
	}
}

// TestOpeningsAtAnySize is the openings check as a property: any path card
// at any width from 8 to 300 pixels.
func TestOpeningsAtAnySize(t *testing.T) {
	cards := mazeCards()
	p := Classic()
	rapid.Check(t, func(t *rapid.T) {
		c := rapid.SampledFrom(cards).Draw(t, "card")
		w := rapid.IntRange(8, 300).Draw(t, "width")
		img := RenderCard(c, w, p)
		if got := img.Bounds().Dy(); got != w*CardH/CardW {
			t.Fatalf("height %d, want %d", got, w*CardH/CardW)
		}
		for _, s := range sides {
			x, y := edgeMid(img, s)
			if got, want := isTunnel(img, x, y, p), c.Open&s != 0; got != want {
				t.Fatalf("%s@%dpx side %v: tunnel=%v, want %v", c, w, s, got, want)
			}
		}
	})
}

// grey returns the luminance of every pixel, composited on mid grey: what
// a viewer who tells no hues apart sees.
func grey(img *image.RGBA) []float64 {
	out := make([]float64, 0, len(img.Pix)/4)
	for i := 0; i < len(img.Pix); i += 4 {
		a := float64(img.Pix[i+3]) / 255
		l := 0.2126*float64(img.Pix[i]) + 0.7152*float64(img.Pix[i+1]) + 0.0722*float64(img.Pix[i+2])
		out = append(out, l+(1-a)*128)
	}
	return out
}

func meanAbsDiff(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += math.Abs(a[i] - b[i])
	}
	return s / float64(len(a))
}

// TestShapesNotOnlyColour checks, in greyscale, that the three tools, whole
// and broken, and the two roles still differ clearly: they differ by shape
// and not only by hue.
func TestShapesNotOnlyColour(t *testing.T) {
	p := ColorBlindSafe()
	type face struct {
		name string
		g    []float64
	}
	var icons []face
	for _, broken := range []bool{false, true} {
		for _, tool := range []saboteur.Tool{saboteur.Pickaxe, saboteur.Lantern, saboteur.Cart} {
			icons = append(icons, face{tool.String() + map[bool]string{true: " broken"}[broken], grey(RenderTool(tool, broken, 48, p))})
		}
	}
	cards := []face{
		{"gold-digger", grey(RenderRole(saboteur.GoldDigger, 64, p))},
		{"saboteur", grey(RenderRole(saboteur.Saboteur, 64, p))},
	}
	for _, c := range []string{"broken:pickaxe", "repair:pickaxe", "broken:lantern", "repair:lantern"} {
		cards = append(cards, face{c, grey(RenderCard(saboteur.MustCard(c), 64, p))})
	}
	for _, set := range [][]face{icons, cards} {
		for i := range set {
			for j := i + 1; j < len(set); j++ {
				if d := meanAbsDiff(set[i].g, set[j].g); d < 4 {
					t.Errorf("%s and %s differ by only %.1f grey levels on average", set[i].name, set[j].name, d)
				}
			}
		}
	}
}

// TestUnknownAndClamped covers input with no face: odd cards and values get
// the unknown face, tiny sizes are clamped, nothing panics.
func TestUnknownAndClamped(t *testing.T) {
	p := Classic()
	unknown := RenderCard(saboteur.Card{}, 32, p)
	for _, img := range []*image.RGBA{
		RenderCard(saboteur.Card{Kind: saboteur.Path}, 32, p),
		RenderCard(saboteur.Card{Kind: saboteur.Path, Open: 0xf0}, 32, p),
		RenderCard(saboteur.Card{Kind: 200}, 32, p),
		RenderGoldCard(0, 32, p),
		RenderGoldCard(4, 32, p),
	} {
		if sha256.Sum256(img.Pix) != sha256.Sum256(unknown.Pix) {
			t.Errorf("a card with no face did not get the unknown face")
		}
	}
	if b := RenderCard(saboteur.MustCard("NS"), -5, p).Bounds(); b.Dx() != 4 || b.Dy() != 6 {
		t.Errorf("width -5 gave %v, want 4x6", b.Size())
	}
	if b := RenderTool(saboteur.Cart, true, 0, p).Bounds(); b.Dx() != 4 {
		t.Errorf("icon size 0 gave %v, want 4x4", b.Size())
	}
}

// TestIcon checks the app icon: square, opaque in the middle, clear at the
// very corners (it is a rounded tile).
func TestIcon(t *testing.T) {
	for _, n := range []int{16, 64, 256} {
		img := RenderIcon(n, Classic())
		if b := img.Bounds(); b.Dx() != n || b.Dy() != n {
			t.Errorf("icon %d: size %v", n, b.Size())
		}
		if a := img.RGBAAt(n/2, n/2).A; a != 255 {
			t.Errorf("icon %d: centre alpha %d", n, a)
		}
		if a := img.RGBAAt(0, 0).A; a != 0 {
			t.Errorf("icon %d: corner alpha %d, want clear", n, a)
		}
	}
}

// TestSheet checks the gallery sheet holds five rows of cards.
func TestSheet(t *testing.T) {
	img := Sheet(48, Classic())
	if b := img.Bounds(); b.Dx() < 15*48 || b.Dy() < 5*72 {
		t.Errorf("sheet %v is too small for 15 columns and 5 rows of 48x72 cards", b.Size())
	}
}

// BenchmarkRenderAll renders every face NewArt keeps (30 path faces, the
// other cards, backs, roles, gold cards) at 96 px on the CPU.
func BenchmarkRenderAll(b *testing.B) {
	p := Classic()
	var cards []saboteur.Card
	for _, dead := range []bool{false, true} {
		for open := saboteur.Side(1); open <= saboteur.AllSides; open++ {
			cards = append(cards, saboteur.Card{Kind: saboteur.Path, Open: open, DeadEnd: dead})
		}
	}
	for _, c := range AllCards() {
		if c.Kind != saboteur.Path {
			cards = append(cards, c)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range cards {
			RenderCard(c, 96, p)
		}
		RenderBack(96, p)
		for r := saboteur.Role(0); r <= saboteur.Saboteur; r++ {
			RenderRole(r, 96, p)
		}
		for v := 1; v <= 3; v++ {
			RenderGoldCard(v, 96, p)
		}
	}
}

// BenchmarkRenderCard renders one busy face (the start) at 192 px.
func BenchmarkRenderCard(b *testing.B) {
	p, c := Classic(), saboteur.MustCard("START")
	b.ReportAllocs()
	for b.Loop() {
		RenderCard(c, 192, p)
	}
}
