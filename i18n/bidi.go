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
// the levels L2 needs are rebuilt here: with an RTL base every odd run is
// level 1 and every even run level 2; with an LTR base, numbers that follow
// right-to-left text (rules W2, W7, I1) sit at level 2 inside an even run.
// Explicit embeddings and isolates (U+202A-202E, U+2066-2069) count only
// one level deep.
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
	var segs []segment
	lastStrong := bidi.L // sos of an LTR paragraph; unused for RTL
	for i := 0; i < o.NumRuns(); i++ {
		r := o.Run(i)
		runes := []rune(r.String())
		start, _ := r.Pos()
		odd := r.Direction() == bidi.RightToLeft
		switch {
		case rtl && odd:
			segs = append(segs, segment{runes, 1, start})
		case rtl:
			segs = append(segs, segment{runes, 2, start})
		case odd:
			segs = append(segs, segment{runes, 1, start})
		default:
			segs = splitNumbers(segs, runes, start, lastStrong)
		}
		for _, c := range runes {
			if p, _ := bidi.LookupRune(c); p.Class() == bidi.L || p.Class() == bidi.R || p.Class() == bidi.AL {
				lastStrong = p.Class()
			}
		}
	}
	if !rtl {
		// Drop the LRM; it is the first rune of the first logical segment.
		segs[0].runes = segs[0].runes[1:]
		segs[0].start++
	}
	reorder(segs)
	out := make([]Run, 0, len(segs))
	end := -1 // logical end of the last LTR segment output
	for _, sg := range segs {
		if len(sg.runes) == 0 {
			continue
		}
		isRTL := sg.level%2 == 1
		if n := len(out); n > 0 && !isRTL && !out[n-1].RTL && sg.start == end {
			// A level-2 number and level-0 text that were neighbours in the
			// input and still are: one LTR run, shaped together.
			out[n-1].Text += string(sg.runes)
		} else {
			out = append(out, Run{Text: string(sg.runes), RTL: isRTL})
		}
		end = sg.start + len(sg.runes)
	}
	return out
}

// splitNumbers appends an even-parity run of an LTR paragraph to segs,
// giving level 2 to the numbers in it that resolve to EN or AN (UAX #9 W2,
// W4, W5, W7, I1): Arabic-Indic digits always, European and Persian digits
// when the last strong letter before them is right-to-left, together with
// the separators and terminators W4 and W5 join to them. Everything else in
// the run is level 0.
func splitNumbers(segs []segment, runes []rune, at int, lastStrong bidi.Class) []segment {
	lv := make([]int, len(runes))
	cls := make([]bidi.Class, len(runes))
	for i, c := range runes {
		p, _ := bidi.LookupRune(c)
		cls[i] = p.Class()
	}
	strong := lastStrong
	for i, k := range cls {
		switch k {
		case bidi.L, bidi.R, bidi.AL:
			strong = k
		case bidi.AN:
			lv[i] = 2
		case bidi.EN:
			if strong != bidi.L {
				lv[i] = 2
			}
		}
	}
	// W4: one separator between two numbers joins them; W5: terminators and
	// marks next to a number join it.
	for i, k := range cls {
		if lv[i] == 2 {
			continue
		}
		switch k {
		case bidi.CS, bidi.ES:
			if i > 0 && i+1 < len(cls) && lv[i-1] == 2 && lv[i+1] == 2 {
				lv[i] = 2
			}
		}
	}
	for pass := 0; pass < 2; pass++ { // forwards, then backwards
		for n := 0; n < len(cls); n++ {
			i, prev := n, n-1
			if pass == 1 {
				i, prev = len(cls)-1-n, len(cls)-n
			}
			if lv[i] == 2 || prev < 0 || prev >= len(cls) || lv[prev] != 2 {
				continue
			}
			if k := cls[i]; k == bidi.ET || k == bidi.NSM || k == bidi.BN {
				lv[i] = 2
			}
		}
	}
	start := 0
	for i := 1; i <= len(runes); i++ {
		if i == len(runes) || lv[i] != lv[start] {
			segs = append(segs, segment{runes[start:i], lv[start], at + start})
			start = i
		}
	}
	return segs
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
			return false
		case bidi.R, bidi.AL:
			return true
		}
	}
	return fallback
}
