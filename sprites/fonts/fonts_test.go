package fonts

import (
	"flag"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/goldvein/goldvein/i18n"
)

var sheetPath = flag.String("sheet", "", "write the sample sheet PNG here (TestSampleSheet)")

// glyphIDs shapes line as Draw would and returns the glyph ids, left to
// right. Glyph 0 is .notdef, the tofu box a font draws for a character it
// does not have.
func glyphIDs(line string, st Style) []uint32 {
	var ids []uint32
	for _, p := range layout(line, st).pieces {
		for _, g := range text.AppendGlyphs(nil, p.text, p.face, nil) {
			if r := []rune(p.text[g.StartIndexInBytes:g.EndIndexInBytes]); len(r) == 1 && unicode.Is(unicode.Cf, r[0]) {
				continue // ZWNJ and marks like it draw nothing by design
			}
			ids = append(ids, g.GID)
		}
	}
	return ids
}

// catalogueTexts returns every text of a language as the app shows it:
// each key through T with a Latin name and numbers filled in, and through
// N with counts that pick every plural form.
func catalogueTexts(t *testing.T, l i18n.Lang) []string {
	t.Helper()
	c, err := i18n.Load(l)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, k := range c.Keys() {
		args := []any{"name", "Ann", "total", 3, "rule", "R5.4"}
		out = append(out, c.T(k, args...))
		for _, n := range []int{0, 1, 2, 5, 21} {
			out = append(out, c.N(k, n, args...))
		}
	}
	return out
}

// TestNoTofu: every text of every catalogue (terms, common and the
// scenes' own), in both weights, shapes to real glyphs: no glyph id 0.
func TestNoTofu(t *testing.T) {
	for _, l := range i18n.Langs {
		texts := catalogueTexts(t, l)
		if len(texts) < 100 {
			t.Fatalf("%s: only %d texts", l, len(texts))
		}
		c := i18n.MustLoad(l)
		c.SetPersianDigits(true)
		texts = append(texts, c.N("card.count", 1234567890), i18n.Lang(l).Native())
		for _, w := range []Weight{Regular, Bold} {
			st := Style{Size: 18, Weight: w, RTL: l == i18n.Persian}
			for _, s := range texts {
				for _, line := range strings.Split(s, "\n") {
					if slices.Contains(glyphIDs(line, st), 0) {
						t.Errorf("%s weight %d: tofu in %q", l, w, line)
					}
				}
			}
		}
	}
}

// TestTofuIsSeen proves the check above can fail: a character neither
// family has shapes to glyph 0.
func TestTofuIsSeen(t *testing.T) {
	if ids := glyphIDs("a\u4e2db", Style{}); !slices.Contains(ids, 0) {
		t.Fatalf("CJK ideograph did not come out as .notdef: %v", ids)
	}
}

// TestFamilies: Persian letters come from Vazirmatn, Latin and Cyrillic
// from Noto Sans, and a Persian phrase is shaped as one piece (so its
// letters join across spaces) with a Latin name as its own piece.
func TestFamilies(t *testing.T) {
	st := Style{Size: 20, RTL: true}
	l := layout("نوبت Ann است", st)
	var got []string
	for _, p := range l.pieces {
		fam := "latin"
		if p.face.Source == Source(Arabic, Regular) {
			fam = "arabic"
		}
		dir := "ltr"
		if p.face.Direction == text.DirectionRightToLeft {
			dir = "rtl"
		}
		got = append(got, fam+"/"+dir+":"+p.text)
	}
	want := []string{"arabic/rtl: است", "latin/ltr:Ann", "arabic/rtl:نوبت "}
	if !slices.Equal(got, want) {
		t.Errorf("pieces = %q, want %q", got, want)
	}
	l = layout("Ходит Ann", Style{Size: 20})
	if len(l.pieces) != 1 || l.pieces[0].face.Source != Source(Latin, Regular) {
		t.Errorf("Cyrillic and Latin should be one Noto Sans piece: %+v", l.pieces)
	}
	// Persian joining: the shaped word is narrower than its letters set
	// apart (isolated forms), because joined forms connect.
	f := goFace(faceKey{Arabic, Regular, 40, true})
	joined := text.Advance("کلنگ", f)
	var apart float64
	for _, r := range "کلنگ" {
		apart += text.Advance(string(r), f)
	}
	if joined >= apart {
		t.Errorf("کلنگ is %.1f px joined, %.1f px apart: not joined", joined, apart)
	}
}

func TestMeasureAndWrap(t *testing.T) {
	for _, rtl := range []bool{false, true} {
		w1, h1 := Measure("Gold", 20, rtl)
		w2, h2 := Measure("Gold\nGold-digger", 20, rtl)
		if w1 <= 0 || w2 <= w1 || h2 != 2*h1 || h1 < 20 {
			t.Errorf("rtl=%v: Measure %v×%v then %v×%v", rtl, w1, h1, w2, h2)
		}
	}
	s := "معدنچیان تونل را تا کارت هدف ادامه می\u200cدهند و Ann طلا را پیدا می\u200cکند"
	for _, maxW := range []float64{60, 120, 250, 1000} {
		lines := Wrap(s, 18, maxW, true)
		// Words too long for a line are cut, so compare without spaces.
		noSpace := func(s string) string { return strings.ReplaceAll(s, " ", "") }
		if noSpace(strings.Join(lines, "")) != noSpace(s) {
			t.Errorf("maxW %v: lines %q lose or add text", maxW, lines)
		}
		for _, ln := range lines {
			if w, _ := Measure(ln, 18, true); w > maxW && strings.Contains(ln, " ") {
				t.Errorf("maxW %v: line %q is %.1f px", maxW, ln, w)
			}
		}
	}
	if got := Wrap("a\n\nb", 18, 100, false); !slices.Equal(got, []string{"a", "", "b"}) {
		t.Errorf("Wrap keeps lines: %q", got)
	}
	// A word wider than the line is cut, and nothing is lost.
	long := strings.Repeat("Ж", 40)
	lines := Wrap(long, 18, 100, false)
	if len(lines) < 2 || strings.Join(lines, "") != long {
		t.Errorf("long word: %q", lines)
	}
	for _, ln := range lines {
		if w, _ := Measure(ln, 18, false); w > 100 {
			t.Errorf("cut piece %q is %.1f px", ln, w)
		}
	}
}

// inkBox returns the bounding box of pixels with any alpha.
func inkBox(img *ebiten.Image) image.Rectangle {
	b := img.Bounds()
	pix := make([]byte, 4*b.Dx()*b.Dy())
	img.ReadPixels(pix)
	box := image.Rectangle{}
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			if pix[4*(y*b.Dx()+x)+3] > 0 {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

// TestDrawPlacesInk draws one string per language with each alignment and
// reads the pixels back: ink is there, where the alignment says, about as
// wide as Measure says.
func TestDrawPlacesInk(t *testing.T) {
	samples := []struct {
		s   string
		rtl bool
	}{
		{"Gold-digger Ann", false},
		{"Гном-вредитель Аня", false},
		{"خرابکار Ann با 3 کلنگ شکسته", true},
	}
	const x, y, size = 500.0, 10.0, 24.0
	for _, sm := range samples {
		w, h := Measure(sm.s, size, sm.rtl)
		for _, al := range []Align{Start, Center, End} {
			img := ebiten.NewImage(1000, 60)
			Draw(img, sm.s, size, x, y, al, color.White, sm.rtl)
			box := inkBox(img)
			if box.Empty() {
				t.Fatalf("%q align %d: no ink", sm.s, al)
			}
			left := x - w*anchor(al, sm.rtl)
			if math.Abs(float64(box.Min.X)-left) > 4 || math.Abs(float64(box.Max.X)-(left+w)) > 4 {
				t.Errorf("%q rtl=%v align %d: ink x %d..%d, want about %.0f..%.0f",
					sm.s, sm.rtl, al, box.Min.X, box.Max.X, left, left+w)
			}
			if box.Min.Y < int(y) || float64(box.Max.Y) > y+h {
				t.Errorf("%q align %d: ink y %d..%d outside the line %v..%v", sm.s, al, box.Min.Y, box.Max.Y, y, y+h)
			}
			img.Deallocate()
		}
	}
}

// TestLatinNameSitsInPersian: in "نوبت Ann است" drawn right to left, the
// name's ink lies between the two Persian words: "نوبت" (first in reading
// order) at the right, "است" at the left.
func TestLatinNameSitsInPersian(t *testing.T) {
	st := Style{Size: 32, RTL: true}
	full := layout("نوبت Ann است", st)
	img := ebiten.NewImage(400, 60)
	DrawStyle(img, "Ann", 0, 0, Style{Size: 32})
	annW := float64(inkBox(img).Dx())
	img.Clear()
	DrawStyle(img, "نوبت Ann است", 0, 0, Style{Size: 32, Align: End, RTL: true}) // End in RTL: left edge at 0
	box := inkBox(img)
	var annX float64 = -1
	for _, p := range full.pieces {
		if p.text == "Ann" {
			annX = p.x
		}
	}
	if annX < 0 {
		t.Fatal("no Ann piece")
	}
	if annX < 20 || annX+annW > float64(box.Max.X)-20 {
		t.Errorf("Ann at %.0f..%.0f is not inside the line's ink %v", annX, annX+annW, box)
	}
	// Ink on both sides of the name: the two Persian words.
	pix := make([]byte, 4*400*60)
	img.ReadPixels(pix)
	inkIn := func(x0, x1 int) bool {
		for y := 0; y < 60; y++ {
			for x := max(x0, 0); x < min(x1, 400); x++ {
				if pix[4*(y*400+x)+3] > 0 {
					return true
				}
			}
		}
		return false
	}
	if !inkIn(0, int(annX)-2) || !inkIn(int(annX+annW)+2, 400) {
		t.Errorf("missing Persian ink beside the name")
	}
	img.Deallocate()
}

// TestSampleSheet renders every language on one image; with -sheet PATH it
// saves it for a person to look at.
func TestSampleSheet(t *testing.T) {
	img := sampleSheet()
	if inkBox(img).Empty() {
		t.Fatal("empty sheet")
	}
	if *sheetPath == "" {
		return
	}
	pix := make([]byte, 4*img.Bounds().Dx()*img.Bounds().Dy())
	img.ReadPixels(pix)
	rgba := &image.RGBA{Pix: pix, Stride: 4 * img.Bounds().Dx(), Rect: img.Bounds()}
	f, err := os.Create(*sheetPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, rgba); err != nil {
		t.Fatal(err)
	}
}

func sampleSheet() *ebiten.Image {
	const W, H = 900, 1240
	img := ebiten.NewImage(W, H)
	img.Fill(color.RGBA{0x2a, 0x22, 0x1c, 0xff})
	gold := color.RGBA{0xf2, 0xc1, 0x4e, 0xff}
	light := color.RGBA{0xee, 0xe6, 0xd8, 0xff}
	y := 12.0
	for _, l := range i18n.Langs {
		c := i18n.MustLoad(l)
		rtl := c.RTL()
		x := 20.0
		if rtl {
			x = W - 20
		}
		head := Style{Size: 28, Weight: Bold, Color: gold, RTL: rtl}
		DrawStyle(img, l.Native()+" — "+c.T("role.saboteur")+" / "+c.T("role.gold_digger"), x, y, head)
		y += head.LineHeight()
		body := Style{Size: 20, Color: light, RTL: rtl}
		comma := ", "
		if rtl {
			comma = "، " // the Arabic comma
		}
		lines := []string{
			c.T("turn.of", "name", "Ann") + " · " + c.T("round.number", "n", 2, "total", 3),
			c.T("tool.pickaxe") + comma + c.T("tool.lantern") + comma + c.T("tool.cart") + " · " + c.T("card.rockfall") + " · " + c.T("card.map"),
			c.N("card.count", 1) + comma + c.N("card.count", 3) + comma + c.N("card.count", 5) + " · " + c.N("gold.amount", 21),
			c.T("rule.R5.4") + " (R5.4)",
		}
		if rtl {
			c.SetPersianDigits(true)
			lines = append(lines, c.T("round.number", "n", 2, "total", 3)+" · "+c.N("pile.draw.count", 37))
		}
		for _, s := range lines {
			DrawStyle(img, s, x, y, body)
			y += body.LineHeight()
		}
		wrapped := WrapStyle(c.T("option.one_nugget_each.help")+" "+c.T("gold.hidden"), 420, body)
		for _, s := range wrapped {
			DrawStyle(img, s, x, y, body)
			y += body.LineHeight()
		}
		y += 14
	}
	// Large Persian: joining, brackets mirrored around a rule number, a
	// Latin name and digits in the right places.
	big := Style{Size: 34, Color: light, RTL: true}
	fa := i18n.MustLoad(i18n.Persian)
	for _, s := range []string{
		fa.T("option.connect_to_start.help"),
		fa.T("turn.of", "name", "Ann Lee") + " — " + fa.N("hand.size", 4),
	} {
		for _, line := range WrapStyle(s, W-40, big) {
			DrawStyle(img, line, W-20, y, big)
			y += big.LineHeight()
		}
	}
	y += 10
	// Alignment guides: Start, Center, End against the middle line.
	mid := float64(W) / 2
	for i, al := range []Align{Start, Center, End} {
		DrawStyle(img, "نوبت Ann است", mid, y+float64(i)*30, Style{Size: 20, Align: al, RTL: true, Color: light})
	}
	for yy := int(y); yy < int(y)+90; yy++ {
		img.Set(int(mid), yy, color.RGBA{0xff, 0x40, 0x40, 0xff})
	}
	return img
}

func BenchmarkDrawCached(b *testing.B) {
	img := ebiten.NewImage(400, 60)
	s := "نوبت Ann است: دور 2 از 3"
	Draw(img, s, 20, 390, 10, Start, color.White, true)
	b.ReportAllocs()
	for b.Loop() {
		Draw(img, s, 20, 390, 10, Start, color.White, true)
	}
}

func BenchmarkLayoutUncached(b *testing.B) {
	s := "نوبت Ann است: دور 2 از 3"
	st := Style{Size: 20, RTL: true}
	b.ReportAllocs()
	for b.Loop() {
		newLayout(s, st)
	}
}

// TestCachesStayBounded: a window resized through many sizes must not grow
// the caches without end.
func TestCachesStayBounded(t *testing.T) {
	for i := 0; i < faceCacheMax+100; i++ {
		size := 10 + float64(i)/16
		Measure("Ann", size, false)
		Face(size)
	}
	faces.Lock()
	n := len(faces.m)
	faces.Unlock()
	multis.Lock()
	m := len(multis.m)
	multis.Unlock()
	if n > faceCacheMax || m > faceCacheMax {
		t.Errorf("caches hold %d faces and %d multi-faces, limit %d", n, m, faceCacheMax)
	}
}
