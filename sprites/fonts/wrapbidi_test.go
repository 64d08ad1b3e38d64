package fonts

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/text/unicode/bidi"
)

// visual returns line as drawn, left to right: each glyph as the
// character the reader sees. ASCII stays itself, a bracket in a
// right-to-left piece becomes its mirror (UAX #9 L4: the shaper draws the
// mirrored glyph, checked here by glyph id), and any other character (a
// Persian letter) is "·".
func visual(t *testing.T, line string, st Style) string {
	t.Helper()
	var b strings.Builder
	for _, p := range layout(line, st).pieces {
		var op text.LayoutOptions
		rtl := p.face.Direction == text.DirectionRightToLeft
		if rtl {
			op.PrimaryAlign = text.AlignEnd
		}
		gs := text.AppendGlyphs(nil, p.text, p.face, &op)
		slices.SortFunc(gs, func(a, b text.Glyph) int {
			switch {
			case a.X < b.X:
				return -1
			case a.X > b.X:
				return 1
			}
			return 0
		})
		for _, g := range gs {
			cl := p.text[g.StartIndexInBytes:g.EndIndexInBytes]
			r, _ := utf8.DecodeRuneInString(cl)
			if prop, _ := bidi.LookupRune(r); rtl && prop.IsBracket() {
				// Drawn right to left, a bracket shows its counterpart
				// when the shaper mirrored it: the same glyph as the
				// counterpart's.
				m := bidi.ReverseString(string(r))
				ltr := *p.face
				ltr.Direction = text.DirectionLeftToRight
				if mg := text.AppendGlyphs(nil, m, &ltr, nil); len(mg) == 1 && mg[0].GID == g.GID {
					r, _ = utf8.DecodeRuneInString(m)
				}
			}
			if r < utf8.RuneSelf {
				b.WriteRune(r)
			} else {
				b.WriteRune('·')
			}
		}
	}
	return b.String()
}

// TestWrappedBracketsVisualOrder: a Persian paragraph with rule numbers in
// brackets and digits, wrapped at many widths, draws every line with the
// bidi algorithm run on that line alone, with the paragraph's direction:
// a bracket pair on one line reads "(R5.2)" left to right around its
// number, a full stop after it sits at the line's left end, and the
// digits keep their order (issue 7: wrapped help text misplaced the
// brackets).
func TestWrappedBracketsVisualOrder(t *testing.T) {
	para := "هر کارت مسیر تازه باید به کارتی در معدن وصل شود (R5.2) و هیچ دو لبه‌ای نباید با هم ناجور باشند (R5.3). " +
		"در دور ۲ از ۳ یا 2 از 3 بازیکن Ann با 12 طلا جلوست (R9.1)."
	st := Style{Size: 16, RTL: true}
	pairs := map[string]bool{}
	for w := 120.0; w <= 700; w += 20 {
		for _, line := range WrapStyle(para, w, st) {
			vis := visual(t, line, st)
			for _, rule := range []string{"R5.2", "R5.3", "R9.1"} {
				if !strings.Contains(line, "("+rule+")") {
					continue
				}
				pairs[rule] = true
				if !strings.Contains(vis, "("+rule+")") {
					t.Errorf("width %g: %q draws as %q, want (%s) left to right", w, line, vis, rule)
				}
				if strings.HasSuffix(line, "("+rule+").") && !strings.HasPrefix(vis, ".("+rule+")") {
					t.Errorf("width %g: %q draws as %q, want it to begin .(%s)", w, line, vis, rule)
				}
			}
			if strings.Contains(line, "2 از 3") && !strings.Contains(vis, "3 · 2") && !strings.Contains(vis, "3 ·· 2") {
				t.Errorf("width %g: %q draws as %q, want 3 left of از left of 2", w, line, vis)
			}
			if strings.Contains(line, "Ann با 12") && !strings.Contains(vis, "12 ") {
				t.Errorf("width %g: %q draws as %q", w, line, vis)
			}
		}
	}
	if len(pairs) != 3 {
		t.Errorf("only %v had both brackets on one line at some width", pairs)
	}
	// A line that is only the rule number, as a narrow wrap leaves it.
	if vis := visual(t, "(R8.1a).", st); vis != ".(R8.1a)" {
		t.Errorf("(R8.1a). alone in a Persian paragraph draws as %q, want .(R8.1a)", vis)
	}
}
