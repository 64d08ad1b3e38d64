package fonts

import (
	"image/color"
	"math"
	"strings"
	"sync"

	"github.com/go-text/typesetting/font"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/goldvein/goldvein/i18n"
)

// Align places text against its anchor x.
type Align int

const (
	// Start puts the line's reading start at x: its left edge for left to
	// right text, its right edge for right to left text.
	Start Align = iota
	// Center centres the line on x.
	Center
	// End puts the line's reading end at x: its right edge for left to
	// right text, its left edge for right to left text.
	End
)

// Style is how a piece of text is drawn. The zero Style is 16 px regular,
// aligned at the start, in white, left to right, with lines 1.25 em apart.
type Style struct {
	Size    float64     // em size in pixels; 0 means 16
	Weight  Weight      // Regular or Bold
	Align   Align       // against x
	Color   color.Color // nil means white
	RTL     bool        // base direction: true for a right-to-left UI (Persian)
	Spacing float64     // distance between lines in ems; 0 means 1.25
}

func (st Style) size() float64 {
	if st.Size <= 0 {
		return 16
	}
	return st.Size
}

// LineHeight returns the distance in pixels from one line's top to the
// next: Spacing ems, but never less than the taller family's ascent plus
// descent, so Persian marks above and below never touch the next line.
func (st Style) LineHeight() float64 {
	sp := st.Spacing
	if sp <= 0 {
		sp = 1.25
	}
	asc, desc := st.extents()
	return math.Max(sp*st.size(), asc+desc)
}

// extents returns the largest ascent and descent in pixels of the two
// families at this size and weight: the baseline of a line sits asc below
// its top whatever fonts the line uses.
func (st Style) extents() (asc, desc float64) {
	k := faceKey{Latin, st.Weight, st.size(), false}
	extentsCache.Lock()
	defer extentsCache.Unlock()
	if e, ok := extentsCache.m[k]; ok {
		return e[0], e[1]
	}
	for _, fam := range [...]Family{Latin, Arabic} {
		m := goFace(faceKey{fam, st.Weight, st.size(), false}).Metrics()
		asc = math.Max(asc, m.HAscent)
		desc = math.Max(desc, m.HDescent)
	}
	if extentsCache.m == nil || len(extentsCache.m) >= faceCacheMax {
		extentsCache.m = map[faceKey][2]float64{}
	}
	extentsCache.m[k] = [2]float64{asc, desc}
	return asc, desc
}

var extentsCache struct {
	sync.Mutex
	m map[faceKey][2]float64
}

// Draw draws s (logical order, already translated; "\n" breaks lines) in
// the regular weight with its first line's top at y, aligned against x (see
// Align), in clr, with rtl as the base direction. It splits bidi runs
// (i18n.Runs), shapes each with its own direction and lays them out in
// visual order.
func Draw(dst *ebiten.Image, s string, sizePx float64, x, y float64, align Align, clr color.Color, rtl bool) {
	DrawStyle(dst, s, x, y, Style{Size: sizePx, Align: align, Color: clr, RTL: rtl})
}

// Measure returns the width of the widest line of s and the height of all
// its lines (lines × LineHeight), in pixels, in the regular weight.
func Measure(s string, sizePx float64, rtl bool) (w, h float64) {
	return MeasureStyle(s, Style{Size: sizePx, RTL: rtl})
}

// Wrap breaks s into lines no wider than maxW pixels in the regular
// weight: at spaces, or inside a word too long for a line by itself. The
// lines of s ("\n") stay lines. Spaces at a break are dropped.
func Wrap(s string, sizePx float64, maxW float64, rtl bool) []string {
	return WrapStyle(s, maxW, Style{Size: sizePx, RTL: rtl})
}

// DrawStyle is Draw with every option of Style.
func DrawStyle(dst *ebiten.Image, s string, x, y float64, st Style) {
	clr := st.Color
	if clr == nil {
		clr = color.White
	}
	asc, _ := st.extents()
	lh := st.LineHeight()
	var op ebiten.DrawImageOptions
	op.ColorScale.ScaleWithColor(clr)
	for more := true; more; {
		var line string
		line, s, more = strings.Cut(s, "\n")
		l := layout(line, st)
		l.glyphsOnce.Do(l.makeGlyphs)
		px := x - l.width*anchor(st.Align, st.RTL)
		for _, p := range l.pieces {
			// Each family has its own ascent: put every baseline on one line.
			ox, oy := math.Round(px+p.x), math.Round(y+asc-p.ascent)
			for _, g := range p.glyphs {
				if g.Image == nil {
					continue
				}
				op.GeoM.Reset()
				op.GeoM.Translate(ox+g.X, oy+g.Y)
				dst.DrawImage(g.Image, &op)
			}
		}
		y += lh
	}
}

// MeasureStyle is Measure with every option of Style.
func MeasureStyle(s string, st Style) (w, h float64) {
	n := 0
	forLines(s, func(line string) {
		w = math.Max(w, layout(line, st).width)
		n++
	})
	return w, float64(n) * st.LineHeight()
}

// WrapStyle is Wrap with every option of Style. Results are cached, so a
// scene may wrap the same text every frame; the returned slice is shared
// and must not be modified.
func WrapStyle(s string, maxW float64, st Style) []string {
	k := wrapKey{layoutKey{s, st.size(), st.Weight, st.RTL}, maxW}
	wraps.Lock()
	lines, ok := wraps.m[k]
	wraps.Unlock()
	if ok {
		return lines
	}
	forLines(s, func(line string) {
		lines = append(lines, wrapLine(line, maxW, st)...)
	})
	wraps.Lock()
	if wraps.m == nil || len(wraps.m) >= layoutCacheMax {
		wraps.m = map[wrapKey][]string{}
	}
	wraps.m[k] = lines
	wraps.Unlock()
	return lines
}

type wrapKey struct {
	layoutKey
	maxW float64
}

// wraps caches WrapStyle's results, emptied like layouts.
var wraps struct {
	sync.Mutex
	m map[wrapKey][]string
}

func forLines(s string, f func(string)) {
	for {
		line, rest, more := strings.Cut(s, "\n")
		f(line)
		if !more {
			return
		}
		s = rest
	}
}

// anchor is the share of a line's width that lies before x, left of it.
func anchor(a Align, rtl bool) float64 {
	switch {
	case a == Center:
		return 0.5
	case (a == Start) == rtl: // Start in RTL, End in LTR: right edge at x
		return 1
	}
	return 0
}

// wrapLine breaks one line greedily at spaces (never at a no-break space
// or a ZWNJ). Candidate lines are measured without entering the layout
// cache: only the lines it returns get drawn.
func wrapLine(line string, maxW float64, st Style) []string {
	width := func(s string) float64 { return newLayout(s, st).width }
	if width(line) <= maxW {
		return []string{line}
	}
	var out []string
	cur := ""
	for _, word := range strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' }) {
		try := word
		if cur != "" {
			try = cur + " " + word
		}
		if width(try) <= maxW {
			cur = try
			continue
		}
		if cur != "" {
			out = append(out, cur)
		}
		cur = word
		// A word wider than a whole line is cut where it must be.
		for width(cur) > maxW {
			rs := []rune(cur)
			n := len(rs) - 1
			for n > 1 && width(string(rs[:n])) > maxW {
				n--
			}
			out = append(out, string(rs[:n]))
			cur = string(rs[n:])
		}
	}
	if cur != "" || len(out) == 0 {
		out = append(out, cur)
	}
	return out
}

// piece is a shaped chunk of a line: one direction, one font.
type piece struct {
	text   string
	face   *text.GoTextFace
	x      float64 // left edge, from the line's left edge, pixels
	ascent float64
	glyphs []text.Glyph // positioned from the piece's top left; set by makeGlyphs
}

// lineLayout is a laid-out line: pieces left to right.
type lineLayout struct {
	pieces     []piece
	width      float64
	glyphsOnce sync.Once
}

// makeGlyphs renders the glyph images of every piece, once per cached
// line, the first time it is drawn (measuring needs no images). Holding
// them keeps Ebitengine's glyph images alive for as long as the line stays
// in the cache, and drawing allocates nothing.
func (l *lineLayout) makeGlyphs() {
	for i := range l.pieces {
		p := &l.pieces[i]
		var op text.LayoutOptions
		if p.face.Direction == text.DirectionRightToLeft {
			// text/v2 anchors a right-to-left line at its right end unless
			// told to align its end, which for RTL is the left.
			op.PrimaryAlign = text.AlignEnd
		}
		p.glyphs = text.AppendGlyphs(nil, p.text, p.face, &op)
	}
}

type layoutKey struct {
	line   string
	size   float64
	weight Weight
	rtl    bool
}

// layouts caches laid-out lines so that a UI drawing the same labels every
// frame runs the bidi algorithm and the shaper once per label, not once per
// frame. It is emptied when it grows past layoutCacheMax.
var layouts struct {
	sync.Mutex
	m map[layoutKey]*lineLayout
}

const layoutCacheMax = 4096

func layout(line string, st Style) *lineLayout {
	k := layoutKey{line, st.size(), st.Weight, st.RTL}
	layouts.Lock()
	l, ok := layouts.m[k]
	layouts.Unlock()
	if ok {
		return l
	}
	l = newLayout(line, st)
	layouts.Lock()
	if layouts.m == nil || len(layouts.m) >= layoutCacheMax {
		layouts.m = map[layoutKey]*lineLayout{}
	}
	layouts.m[k] = l
	layouts.Unlock()
	return l
}

func newLayout(line string, st Style) *lineLayout {
	l := &lineLayout{}
	for _, run := range i18n.Runs(line, st.RTL) {
		chunks := splitFamilies(run)
		if run.RTL {
			// Chunks are in logical order; right to left they run backwards.
			for i, j := 0, len(chunks)-1; i < j; i, j = i+1, j-1 {
				chunks[i], chunks[j] = chunks[j], chunks[i]
			}
		}
		for _, c := range chunks {
			f := goFace(faceKey{c.family, st.Weight, st.size(), run.RTL})
			w := text.Advance(c.text, f)
			l.pieces = append(l.pieces, piece{text: c.text, face: f, x: l.width, ascent: f.Metrics().HAscent})
			l.width += w
		}
	}
	return l
}

type chunk struct {
	text   string
	family Family
}

// splitFamilies cuts a run into chunks of one font family, in logical
// order. Letters go to their script's family; spaces, punctuation and marks
// stay with the run's own family (Vazirmatn for a run with any Arabic
// letter) when it has the glyph, so a Persian phrase is shaped in one piece
// and joins across its spaces.
func splitFamilies(run i18n.Run) []chunk {
	own := Latin
	if run.RTL {
		own = Arabic
	}
	for _, r := range run.Text {
		if f, strong := familyOf(r); strong && f == Arabic {
			own = Arabic
			break
		}
	}
	var out []chunk
	start := 0
	cur := Family(-1)
	for i, r := range run.Text {
		f, strong := familyOf(r)
		if !strong {
			f = own
		}
		if !has(f, r) && has(1-f, r) {
			f = 1 - f
		}
		if f != cur {
			if i > start {
				out = append(out, chunk{run.Text[start:i], cur})
			}
			start, cur = i, f
		}
	}
	if start < len(run.Text) {
		out = append(out, chunk{run.Text[start:], cur})
	}
	return out
}

// has reports whether family f has a glyph for r (regular weight; both
// weights of a family cover the same characters).
func has(f Family, r rune) bool {
	face, ok := Source(f, Regular).UnsafeInternal().(*font.Face)
	if !ok {
		return false
	}
	_, ok = face.Cmap.Lookup(r)
	return ok
}

// Covers reports whether one of the embedded families has a glyph for r:
// text drawn with a rune it does not cover shows a missing-glyph box.
func Covers(r rune) bool { return has(Latin, r) || has(Arabic, r) }
