package fonts

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/go-text/typesetting/font"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// runeRange is one line of subset.txt: the code points lo..hi, inclusive.
type runeRange struct{ lo, hi rune }

// readSubset parses subset.txt (the ranges scripts/fonts.sh cuts each font
// to) into each font name's ranges.
func readSubset(t *testing.T) map[string][]runeRange {
	t.Helper()
	b, err := os.ReadFile("subset.txt")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]runeRange{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) < 2 {
			t.Fatalf("subset.txt:%d: want a font name and a range", n)
		}
		r, err := parseRange(f[1])
		if err != nil {
			t.Fatalf("subset.txt:%d: %v", n, err)
		}
		out[f[0]] = append(out[f[0]], r)
	}
	return out
}

// parseRange reads U+XXXX or U+XXXX-YYYY, as pyftsubset's --unicodes does.
func parseRange(s string) (runeRange, error) {
	s, ok := strings.CutPrefix(s, "U+")
	if !ok {
		return runeRange{}, fmt.Errorf("range %q: no U+", s)
	}
	lo, hi, isRange := strings.Cut(s, "-")
	if !isRange {
		hi = lo
	}
	a, err1 := strconv.ParseUint(lo, 16, 32)
	b, err2 := strconv.ParseUint(hi, 16, 32)
	if err1 != nil || err2 != nil || a > b {
		return runeRange{}, fmt.Errorf("range %q: not hexadecimal code points, low to high", s)
	}
	return runeRange{rune(a), rune(b)}, nil
}

// parseFace reads a TrueType font the way Source does.
func parseFace(t *testing.T, b []byte, name string) *font.Face {
	t.Helper()
	src, err := text.NewGoTextFaceSource(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	f, ok := src.UnsafeInternal().(*font.Face)
	if !ok {
		t.Fatalf("%s: not a go-text face", name)
	}
	return f
}

// TestSubset: each embedded font is its source (source/) cut to the ranges
// of subset.txt and nothing else: every character of those ranges that the
// source has is kept, with the same advance and the same outline, and no
// character outside them is. So `make fonts` was run after the last change
// to subset.txt or a source, and text draws as it did with the whole font.
func TestSubset(t *testing.T) {
	ranges := readSubset(t)
	family := map[string]Family{"NotoSans": Latin, "Vazirmatn": Arabic}
	if len(ranges) != len(family) {
		t.Fatalf("subset.txt names fonts %v, want the %d embedded families", ranges, len(family))
	}
	for name, rs := range ranges {
		fam, ok := family[name]
		if !ok {
			t.Fatalf("subset.txt names %q, which is not embedded", name)
		}
		in := func(r rune) bool {
			for _, x := range rs {
				if x.lo <= r && r <= x.hi {
					return true
				}
			}
			return false
		}
		for w, weight := range []string{"Regular", "Bold"} {
			file := name + "-" + weight + ".ttf"
			srcBytes, err := os.ReadFile("source/" + file)
			if err != nil {
				t.Fatal(err)
			}
			src, emb := parseFace(t, srcBytes, "source/"+file), parseFace(t, files[fam][w], file)
			kept, dropped := 0, 0
			for it := src.Cmap.Iter(); it.Next(); {
				r, sg := it.Char()
				if sg == 0 {
					continue // a cmap's end marker (U+FFFF), mapped to .notdef
				}
				eg, has := emb.Cmap.Lookup(r)
				switch {
				case !in(r) && has && eg != 0:
					t.Errorf("%s keeps %U, outside subset.txt's ranges", file, r)
				case !in(r):
					dropped++
				case !has:
					t.Errorf("%s lacks %U, which its source has and subset.txt keeps", file, r)
				default:
					kept++
					if a, b := src.HorizontalAdvance(sg), emb.HorizontalAdvance(eg); a != b {
						t.Errorf("%s: %U advances %v, the source %v", file, r, b, a)
					}
					if a, b := src.GlyphData(sg), emb.GlyphData(eg); !reflect.DeepEqual(a, b) {
						t.Errorf("%s: %U's outline differs from the source's", file, r)
					}
				}
			}
			if kept == 0 || dropped == 0 {
				t.Errorf("%s: %d characters kept, %d dropped: want some of each", file, kept, dropped)
			}
			if len(files[fam][w]) >= len(srcBytes) {
				t.Errorf("%s is %d bytes, its source %d: not cut down", file, len(files[fam][w]), len(srcBytes))
			}
		}
	}
}
