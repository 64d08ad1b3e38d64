package i18n

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/bidi"
)

// Run is a piece of a line that has one writing direction. Text is in
// logical (reading) order, ready for a shaper that is told the direction:
// an RTL run is shaped right to left.
type Run struct {
	Text string
	RTL  bool
}

// String writes the run for logs and test failures: L"text" or R"text".
func (r Run) String() string {
	if r.RTL {
		return "R" + strconv.Quote(r.Text)
	}
	return "L" + strconv.Quote(r.Text)
}

// lrm is the left-to-right mark. x/text's bidi treats a left-to-right
// default direction as "detect from the first strong letter" (rule P2); a
// leading LRM makes that first strong letter left-to-right, which pins an
// LTR base direction without changing any other resolved level.
const lrm = '\u200e'

// Runs splits s (logical order) into directional runs and returns them in
// visual order, left to right, with the Unicode bidirectional algorithm
// (UAX #9): levels from golang.org/x/text/unicode/bidi, then rule L2's
// reversal. rtl is the base (paragraph) direction: true for a Persian UI,
// where a Latin name or a number keeps its own order and sits where a
// right-to-left reader expects it. Each "\n"-separated line is ordered on
// its own and the lines are joined by a Run{"\n", rtl}. Empty input gives
// no runs; bytes that are not UTF-8 come back as U+FFFD.
//
// x/text's Ordering reports runs in logical order and only by parity, so
// the levels L2 needs are rebuilt here: each character's embedding level
// from the explicit rules (X1-X8: embeddings, overrides and isolates,
// U+202A-202E, U+2066-2069, nested to any depth), one up where its
// direction differs (I1, I2), and two up for numbers after right-to-left
// text at an even level (W2, W7, I1). Nested levels matter: a value made
// of isolated values (a region "{terrain} {id}" in a Persian line) keeps
// the spaces between its words, which flattening its levels to 1 and 2
// would move to its edges.
func Runs(s string, rtl bool) []Run {
	if !utf8.ValidString(s) {
		// x/text counts bytes by re-encoding runes, so a stray byte would
		// shift every position after it: make each one a U+FFFD first.
		s = string([]rune(s))
	}
	var out []Run
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			out = append(out, Run{Text: "\n", RTL: rtl})
		}
		out = append(out, lineRuns(line, rtl)...)
	}
	return out
}

// segment is a run with its embedding level.
type segment struct {
	runes []rune
	level int
	start int // index of the first rune in the paragraph, logical order
}

func lineRuns(line string, rtl bool) []Run {
	if line == "" {
		return nil
	}
	var p bidi.Paragraph
	var err error
	var used int // bytes of line in this paragraph
	if rtl {
		used, err = p.SetString(line, bidi.DefaultDirection(bidi.RightToLeft))
	} else {
		used, err = p.SetString(string(lrm)+line, bidi.DefaultDirection(bidi.LeftToRight))
		used -= len(string(lrm))
	}
	if err == nil && used > 0 && used < len(line) {
		// A paragraph separator other than "\n" (U+2029, "\r", ...) ends
		// x/text's paragraph; order the rest as a paragraph of its own.
		return append(lineRuns(line[:used], rtl), lineRuns(line[used:], rtl)...)
	}
	var o bidi.Ordering
	if err == nil {
		o, err = p.Order()
	}
	if err != nil || o.NumRuns() == 0 {
		return []Run{{Text: line, RTL: rtl}}
	}
	para := []rune(line)
	base := 1
	if !rtl {
		para = append([]rune{lrm}, para...)
		base = 0
	}
	expl, prevStrong := explicitLevels(para, base)
	// I1, I2: a character whose direction (from x/text) differs from its
	// embedding level's goes one level up.
	lv := make([]int, len(para))
	seen := 0
	for i := 0; i < o.NumRuns(); i++ {
		r := o.Run(i)
		start, _ := r.Pos()
		n := utf8.RuneCountInString(r.String())
		if start < 0 || start+n > len(para) {
			return []Run{{Text: line, RTL: rtl}}
		}
		odd := r.Direction() == bidi.RightToLeft
		for k := start; k < start+n; k++ {
			lv[k] = expl[k]
			if (expl[k]%2 == 1) != odd {
				lv[k]++
			}
		}
		seen += n
	}
	if seen != len(para) {
		return []Run{{Text: line, RTL: rtl}}
	}
	raiseNumbers(para, expl, prevStrong, lv)
	var segs []segment
	first := 0
	if !rtl {
		first = 1 // the LRM
	}
	for i := first + 1; i <= len(para); i++ {
		if i == len(para) || lv[i] != lv[first] {
			segs = append(segs, segment{para[first:i], lv[first], first})
			first = i
		}
	}
	reorder(segs)
	out := make([]Run, 0, len(segs))
	lo, hi := -1, -1 // logical span of the last run output
	for _, sg := range segs {
		isRTL := sg.level%2 == 1
		n := len(out)
		switch {
		case n > 0 && !isRTL && !out[n-1].RTL && sg.start == hi:
			// Neighbours in the input and still neighbours, left to right
			// (a level-2 number and level-0 text, say): one LTR run, shaped
			// together.
			out[n-1].Text += string(sg.runes)
			hi = sg.start + len(sg.runes)
		case n > 0 && isRTL && out[n-1].RTL && sg.start+len(sg.runes) == lo:
			// The same right to left: a Persian name isolated in a Persian
			// line stays one run with its neighbours.
			out[n-1].Text = string(sg.runes) + out[n-1].Text
			lo = sg.start
		default:
			out = append(out, Run{Text: string(sg.runes), RTL: isRTL})
			lo, hi = sg.start, sg.start+len(sg.runes)
		}
	}
	return out
}

// maxDepth is UAX #9's deepest explicit embedding level (BD2).
const maxDepth = 125

// explicitLevels applies UAX #9's explicit rules X1-X8 to para, a
// paragraph at level base (0 or 1): the embedding level of each rune, and
// the class of the last strong letter before it in its own isolating run
// sequence (sos for the first), which W2 and W7 need. Isolate initiators
// and PDIs get the level outside them; embedding and override controls
// (removed by X9) the level they open or close. An FSI takes the direction
// of the first strong letter up to its matching PDI, nested isolates
// skipped (X5c, P2, P3).
func explicitLevels(para []rune, base int) (expl []int, prevStrong []bidi.Class) {
	type entry struct {
		level   int
		isolate bool
		strong  bidi.Class // last strong letter in this entry's sequence
	}
	sosOf := func(level int) bidi.Class {
		if level%2 == 1 {
			return bidi.R
		}
		return bidi.L
	}
	stack := []entry{{base, false, sosOf(base)}}
	overIsolates, overEmbeds, isolates := 0, 0, 0
	expl = make([]int, len(para))
	prevStrong = make([]bidi.Class, len(para))
	for i, c := range para {
		top := &stack[len(stack)-1]
		expl[i], prevStrong[i] = top.level, top.strong
		p, _ := bidi.LookupRune(c)
		switch cls := p.Class(); cls {
		case bidi.L, bidi.R, bidi.AL:
			top.strong = cls
		case bidi.RLE, bidi.LRE, bidi.RLO, bidi.LRO, bidi.RLI, bidi.LRI, bidi.FSI:
			isolate := cls == bidi.RLI || cls == bidi.LRI || cls == bidi.FSI
			odd := cls == bidi.RLE || cls == bidi.RLO || cls == bidi.RLI ||
				cls == bidi.FSI && firstStrongIsRTL(para[i+1:])
			next := (top.level + 2) &^ 1
			if odd {
				next = (top.level + 1) | 1
			}
			switch {
			case next <= maxDepth && overIsolates == 0 && overEmbeds == 0:
				if isolate {
					isolates++
				} else {
					expl[i] = next
				}
				stack = append(stack, entry{next, isolate, sosOf(next)})
			case isolate:
				overIsolates++
			case overIsolates == 0:
				overEmbeds++
			}
		case bidi.PDI:
			switch {
			case overIsolates > 0:
				overIsolates--
			case isolates > 0:
				overEmbeds = 0
				for !stack[len(stack)-1].isolate {
					stack = stack[:len(stack)-1]
				}
				stack = stack[:len(stack)-1]
				isolates--
			}
			top = &stack[len(stack)-1]
			expl[i], prevStrong[i] = top.level, top.strong
		case bidi.PDF:
			switch {
			case overIsolates > 0:
			case overEmbeds > 0:
				overEmbeds--
			case !top.isolate && len(stack) > 1:
				stack = stack[:len(stack)-1]
			}
		}
	}
	return expl, prevStrong
}

// firstStrongIsRTL reports whether the first strong letter of s before
// the PDI that closes s's isolate, nested isolates skipped, is right to
// left (P2, P3 for an FSI).
func firstStrongIsRTL(s []rune) bool {
	depth := 0
	for _, r := range s {
		p, _ := bidi.LookupRune(r)
		switch p.Class() {
		case bidi.RLI, bidi.LRI, bidi.FSI:
			depth++
		case bidi.PDI:
			if depth == 0 {
				return false
			}
			depth--
		case bidi.L:
			if depth == 0 {
				return false
			}
		case bidi.R, bidi.AL:
			if depth == 0 {
				return true
			}
		}
	}
	return false
}

// raiseNumbers gives the numbers of a left-to-right stretch at an even
// embedding level e the level e+2 (UAX #9 W2, W4, W5, W7, I1): Arabic-Indic
// digits always, European and Persian digits when the last strong letter
// before them in their isolating run sequence is right to left, together
// with the separators and terminators W4 and W5 join to them. At an odd
// level numbers are already one up (I2).
func raiseNumbers(para []rune, expl []int, prevStrong []bidi.Class, lv []int) {
	even := func(i int) bool { return lv[i] == expl[i] && expl[i]%2 == 0 }
	cls := make([]bidi.Class, len(para))
	raised := make([]bool, len(para))
	for i, c := range para {
		p, _ := bidi.LookupRune(c)
		cls[i] = p.Class()
		if !even(i) {
			continue
		}
		switch cls[i] {
		case bidi.AN:
			raised[i] = true
		case bidi.EN:
			raised[i] = prevStrong[i] != bidi.L
		}
	}
	same := func(i, j int) bool { return j >= 0 && j < len(para) && raised[j] && expl[j] == expl[i] }
	// W4: one separator between two numbers joins them; W5: terminators
	// and marks next to a number join it.
	for i, k := range cls {
		if !raised[i] && even(i) && (k == bidi.CS || k == bidi.ES) && same(i, i-1) && same(i, i+1) {
			raised[i] = true
		}
	}
	for pass := 0; pass < 2; pass++ { // forwards, then backwards
		for n := range cls {
			i, prev := n, n-1
			if pass == 1 {
				i, prev = len(cls)-1-n, len(cls)-n
			}
			if k := cls[i]; !raised[i] && even(i) && (k == bidi.ET || k == bidi.NSM || k == bidi.BN) && same(i, prev) {
				raised[i] = true
			}
		}
	}
	for i := range lv {
		if raised[i] {
			lv[i] += 2
		}
	}
}

// reorder applies UAX #9 rule L2 at segment granularity: from the highest
// level down to the lowest odd level, reverse every maximal sequence of
// segments at that level or higher. The text inside a segment is not
// reversed here: the shaper lays out an RTL run right to left itself.
func reorder(segs []segment) {
	hi, loOdd := 0, 1<<30
	for _, s := range segs {
		hi = max(hi, s.level)
		if s.level%2 == 1 {
			loOdd = min(loOdd, s.level)
		}
	}
	if loOdd > hi {
		return // all even: nothing right to left
	}
	for lv := hi; lv >= loOdd; lv-- {
		for i := 0; i < len(segs); {
			if segs[i].level < lv {
				i++
				continue
			}
			j := i
			for j < len(segs) && segs[j].level >= lv {
				j++
			}
			for a, b := i, j-1; a < b; a, b = a+1, b-1 {
				segs[a], segs[b] = segs[b], segs[a]
			}
			i = j
		}
	}
}

// FirstStrongRTL reports the direction of text typed by a person (a chat
// line, a table's name), which the UI's language does not decide: right to
// left when its first strong letter is right to left (UAX #9 P2 and P3,
// as a browser's dir="auto" does), left to right when it is left to right,
// and fallback when it has no strong letter (digits, punctuation, emoji).
// Text inside isolates (U+2066-2069) is skipped, as P2 requires.
func FirstStrongRTL(s string, fallback bool) bool {
	if rtl, ok := firstStrong(s); ok {
		return rtl
	}
	return fallback
}

// firstStrong returns the direction of the first strong letter of s
// outside isolates (UAX #9 P2, P3) and whether there is one.
func firstStrong(s string) (rtl, ok bool) {
	depth := 0
	for _, r := range s {
		switch r {
		case '\u2066', '\u2067', '\u2068':
			depth++
			continue
		case '\u2069':
			depth = max(depth-1, 0)
			continue
		}
		if depth > 0 {
			continue
		}
		p, _ := bidi.LookupRune(r)
		switch p.Class() {
		case bidi.L:
			return false, true
		case bidi.R, bidi.AL:
			return true, true
		}
	}
	return false, false
}
