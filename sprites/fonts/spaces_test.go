package fonts

import (
	"math"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/goldvein/goldvein/i18n"
)

// inkGlyph is one glyph of a drawn line: the character it shows ('·' for a
// Persian letter, ' ' for a space) and the columns of its ink, from the
// line's left edge as DrawStyle places it (empty for a space).
type inkGlyph struct {
	r      rune
	x0, x1 int // ink columns x0..x1-1
}

// inkGlyphs lays out line as DrawStyle does and returns its glyphs left to
// right with their ink columns, measured on each glyph image's pixels.
// Characters that draw nothing by design (isolates, ZWNJ: Unicode Cf) are
// left out.
func inkGlyphs(t *testing.T, line string, st Style) []inkGlyph {
	t.Helper()
	var out []inkGlyph
	l := layout(line, st)
	l.glyphsOnce.Do(l.makeGlyphs)
	for _, p := range l.pieces {
		ox := math.Round(p.x)
		for _, g := range p.glyphs {
			cl := []rune(p.text[g.StartIndexInBytes:g.EndIndexInBytes])
			if len(cl) == 0 || unicode.Is(unicode.Cf, cl[0]) {
				continue
			}
			c := cl[0]
			if c >= 0x80 {
				c = '·'
			}
			ig := inkGlyph{r: c}
			if g.Image != nil {
				b := inkBox(g.Image)
				if !b.Empty() {
					ig.x0 = int(ox+g.X) + b.Min.X - g.Image.Bounds().Min.X
					ig.x1 = ig.x0 + b.Dx()
				}
			}
			if ig.x1 == ig.x0 {
				ig.x0, ig.x1 = int(ox+g.X), int(ox+g.X) // an empty glyph: where its pen is
			}
			out = append(out, ig)
		}
	}
	slices.SortStableFunc(out, func(a, b inkGlyph) int { return a.x0 - b.x0 })
	return out
}

// TestSpacesAroundLatinInPersian: a Latin word (a region id, a player's
// name) inside a Persian line keeps one space on each side between it and
// the Persian words around it, read right to left in the order of the
// text. The lines are written as the catalogue fills them: values wrapped
// in isolates (U+2068…U+2069), a region "{terrain} {id}" being a value
// made of two values (UAX #9 X5c, X6a, BD13, L2). The gap between the ink
// of the Latin word and its neighbours' ink, read back from the drawn
// pixels, is one space wide: not two, not none.
func TestSpacesAroundLatinInPersian(t *testing.T) {
	tests := []struct {
		line string
		want string // visual, left to right: '·' a Persian letter
	}{
		{"متن C7 متن", "··· C7 ···"},
		{"Ann بازی کرد", "··· ···· Ann"},
		{"نوبت Ann است", "··· Ann ····"},
		{"متن \u2068C7\u2069 متن", "··· C7 ···"},
		{"\u2068Ann\u2069 بازی کرد", "··· ···· Ann"},
		// Underground's log (ug.ev.conquer): the region value holds the
		// isolated terrain and id, and has no strong letter of its own, so
		// it is a left-to-right isolate (P2, P3): terrain, space, id, left
		// to right.
		{"\u2068Bot 3\u2069 \u2068\u2068جنگل قارچ\u2069 \u2068r30\u2069\u2069 را با 2 مهره فتح می\u200cکند",
			"····· ··· ···· 2 ·· ·· ···· ···· r30 Bot 3"},
		// The same region isolated right to left: terrain first, then id,
		// read from the right.
		{"\u2068Bot 3\u2069 \u2067\u2068جنگل قارچ\u2069 \u2068r30\u2069\u2069 را با 2 مهره فتح می\u200cکند",
			"····· ··· ···· 2 ·· ·· r30 ···· ···· Bot 3"},
		{"\u2068Ann\u2069 \u2067\u2068غار\u2069 \u2068C7\u2069\u2069 را رها می\u200cکند",
			"····· ··· ·· C7 ··· Ann"},
	}
	// And as the Persian catalogue writes it (its rule number left off:
	// this test does not read mirrored brackets).
	fa, err := i18n.Load(i18n.Persian)
	if err != nil {
		t.Fatal(err)
	}
	region := fa.T("ug.region", "terrain", fa.T("ug.terrain.forest"), "id", "r30")
	line, ok := strings.CutSuffix(fa.T("ug.ev.conquer", "name", "Bot 3", "region", region, "cost", 2), " (U5)")
	if !ok {
		t.Fatalf("ug.ev.conquer no longer ends with its rule: %q", line)
	}
	tests = append(tests, struct{ line, want string }{line, "····· ··· ···· 2 ·· ·· r30 ···· ···· Bot 3"})
	for _, wt := range []Weight{Regular, Bold} {
		st := Style{Size: 32, RTL: true, Weight: wt, Align: End} // End in RTL: left edge at x
		space := text.Advance(" ", goFace(faceKey{Arabic, wt, st.size(), true}))
		for _, tt := range tests {
			gs := inkGlyphs(t, tt.line, st)
			var vis strings.Builder
			for _, g := range gs {
				vis.WriteRune(g.r)
			}
			if vis.String() != tt.want {
				t.Errorf("weight %d: %q draws as %q, want %q", wt, tt.line, vis.String(), tt.want)
				continue
			}
			// The drawn pixels: one column per x, inked or not.
			const x0, w, h = 10, 1000, 60
			img := ebiten.NewImage(w, h)
			DrawStyle(img, tt.line, x0, 0, st)
			inked := inkColumns(img)
			img.Deallocate()
			// Each Latin word: its ink, and the nearest ink on either side.
			for i := 0; i < len(gs); {
				if !isLatin(gs[i].r) {
					i++
					continue
				}
				j := i
				for j < len(gs) && isLatin(gs[j].r) {
					j++
				}
				word := string(runesOf(gs[i:j]))
				a, b := x0+gs[i].x0, x0+gs[j-1].x1
				if i > 0 {
					gap := a - lastInk(inked, a)
					if float64(gap) < 0.5*space || float64(gap) > 1.7*space {
						t.Errorf("weight %d: %q: %.0f px of blank left of %q, want one space (%.1f px)", wt, tt.line, float64(gap), word, space)
					}
				}
				if j < len(gs) {
					gap := firstInk(inked, b) - b
					if float64(gap) < 0.5*space || float64(gap) > 1.7*space {
						t.Errorf("weight %d: %q: %.0f px of blank right of %q, want one space (%.1f px)", wt, tt.line, float64(gap), word, space)
					}
				}
				i = j
			}
		}
	}
}

func isLatin(r rune) bool { return r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.') }

func runesOf(gs []inkGlyph) []rune {
	var rs []rune
	for _, g := range gs {
		rs = append(rs, g.r)
	}
	return rs
}

// inkColumns reports for each column of img whether any pixel in it has
// alpha.
func inkColumns(img *ebiten.Image) []bool {
	b := img.Bounds()
	pix := make([]byte, 4*b.Dx()*b.Dy())
	img.ReadPixels(pix)
	cols := make([]bool, b.Dx())
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			if pix[4*(y*b.Dx()+x)+3] > 0 {
				cols[x] = true
			}
		}
	}
	return cols
}

// lastInk is the last inked column before x, or -1.
func lastInk(cols []bool, x int) int {
	for x--; x >= 0 && !cols[x]; x-- {
	}
	return x
}

// firstInk is the first inked column at or after x, or len(cols).
func firstInk(cols []bool, x int) int {
	for ; x < len(cols) && !cols[x]; x++ {
	}
	return x
}
