// Package fonts embeds goldvein's fonts and draws translated text with
// them: Noto Sans for Latin and Cyrillic, Vazirmatn for Persian (Arabic
// script), both under the SIL Open Font License (OFL-*.txt beside the font
// files). The embedded files are the fonts in source/ cut down to the
// characters of subset.txt, without hinting, by scripts/fonts.sh (`make
// fonts`); TestSubset checks them against the sources. Text is given in logical order, as the i18n catalogues hold it;
// Draw splits it into bidirectional runs (i18n.Runs), shapes each run in
// its own direction with Ebitengine's text/v2 and lays the runs out left to
// right in visual order, so Persian is joined and right to left and a Latin
// name or a number inside it sits where a Persian reader expects it.
//
// Sizes are in pixels (the em size); positions are in pixels of the
// destination image.
package fonts

import (
	"bytes"
	_ "embed"
	"fmt"
	"sync"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/text/language"
)

var (
	//go:embed NotoSans-Regular.ttf
	notoRegular []byte
	//go:embed NotoSans-Bold.ttf
	notoBold []byte
	//go:embed Vazirmatn-Regular.ttf
	vazirRegular []byte
	//go:embed Vazirmatn-Bold.ttf
	vazirBold []byte
)

// Family is one of the two embedded type families.
type Family int

const (
	// Latin is Noto Sans: Latin, Cyrillic, Greek, and the symbols a UI needs.
	Latin Family = iota
	// Arabic is Vazirmatn: Arabic script with every Persian letter, Persian
	// and Arabic-Indic digits, and Latin punctuation.
	Arabic
)

// Weight is a font weight of both families.
type Weight int

const (
	// Regular is the weight of running text.
	Regular Weight = iota
	// Bold is the weight of titles, buttons and emphasis.
	Bold
)

// sources are the parsed fonts, [Family][Weight]. They are embedded
// assets, each parsed on its first use and never changed after: parsing is
// most of the text's start-up cost (a tenth of a second or more for Noto
// Sans in a browser tab), and English text never needs the Bold weight or
// Vazirmatn's Bold, so a face that is not used is never parsed.
var sources [2][2]struct {
	once sync.Once
	src  *text.GoTextFaceSource
	err  error
}

var files = [2][2][]byte{{notoRegular, notoBold}, {vazirRegular, vazirBold}}

// Source returns the parsed font of a family and weight. It panics if an
// embedded font does not parse, which the package tests rule out.
func Source(f Family, w Weight) *text.GoTextFaceSource {
	s := &sources[f][w]
	s.once.Do(func() {
		s.src, s.err = text.NewGoTextFaceSource(bytes.NewReader(files[f][w]))
		if s.err != nil {
			s.err = fmt.Errorf("fonts: parse family %d weight %d: %w", f, w, s.err)
		}
	})
	if s.err != nil {
		panic(s.err)
	}
	return s.src
}

// faceKey names one configured face; faces are cached because a
// GoTextFace is the key of Ebitengine's glyph cache and building one per
// frame would allocate.
type faceKey struct {
	family Family
	weight Weight
	size   float64
	rtl    bool
}

// faceCacheMax bounds the face caches: a window being resized can ask for
// a new size every frame. Past it a cache starts again empty.
const faceCacheMax = 512

var faces struct {
	sync.Mutex
	m map[faceKey]*text.GoTextFace
}

// goFace returns the cached text/v2 face of a family, weight, size and
// direction. Arabic faces are tagged Persian so the shaper uses Persian
// letter forms (OpenType locl).
func goFace(k faceKey) *text.GoTextFace {
	faces.Lock()
	defer faces.Unlock()
	if f, ok := faces.m[k]; ok {
		return f
	}
	if faces.m == nil || len(faces.m) >= faceCacheMax {
		faces.m = map[faceKey]*text.GoTextFace{}
	}
	f := &text.GoTextFace{Source: Source(k.family, k.weight), Size: k.size}
	if k.rtl {
		f.Direction = text.DirectionRightToLeft
	}
	if k.family == Arabic {
		f.Language = language.Persian
		f.Script = language.MustParseScript("Arab")
	}
	faces.m[k] = f
	return f
}

// Face returns a text/v2 face of sizePx pixels that covers Latin, Cyrillic
// and Arabic script: a MultiFace that takes each character from Noto Sans
// when it has it, else from Vazirmatn. It lays text out left to right only;
// text that may hold Persian goes through Draw, Measure and Wrap, which
// order the runs.
func Face(sizePx float64) text.Face {
	return FaceWeight(sizePx, Regular)
}

// FaceWeight is Face in the given weight.
func FaceWeight(sizePx float64, w Weight) text.Face {
	k := faceKey{Latin, w, sizePx, false}
	multis.Lock()
	defer multis.Unlock()
	if m, ok := multis.m[k]; ok {
		return m
	}
	m, err := text.NewMultiFace(goFace(k), goFace(faceKey{Arabic, w, sizePx, false}))
	if err != nil {
		panic(err) // both faces are left to right: cannot happen
	}
	if multis.m == nil || len(multis.m) >= faceCacheMax {
		multis.m = map[faceKey]*text.MultiFace{}
	}
	multis.m[k] = m
	return m
}

// multis caches Face's results so that a scene asking for a face every
// frame gets the same one, allocation free.
var multis struct {
	sync.Mutex
	m map[faceKey]*text.MultiFace
}

// familyOf says which family draws r: Arabic-script letters, marks and
// digits, ZWNJ/ZWJ and the Arabic comma, semicolon and question mark come
// from Vazirmatn; everything else from Noto Sans.
func familyOf(r rune) (Family, bool) {
	switch {
	case unicode.Is(unicode.Arabic, r):
		return Arabic, true
	case r == '\u200c' || r == '\u200d':
		return Arabic, true
	}
	return Latin, !unicode.In(r, unicode.Common, unicode.Inherited)
}
