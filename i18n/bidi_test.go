package i18n

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// The expected orders below follow UAX #9 by hand; the comment on each case
// names the rules that decide it. Visual order is left to right; an RTL
// run's Text stays in logical order (the shaper reverses it).
func TestRuns(t *testing.T) {
	L := func(s string) Run { return Run{s, false} }
	R := func(s string) Run { return Run{s, true} }
	tests := []struct {
		name string
		in   string
		rtl  bool
		want []Run
	}{
		{"empty", "", true, nil},
		{"latin, LTR", "Score: 12", false, []Run{L("Score: 12")}},
		{"latin alone in RTL", "Ann", true, []Run{L("Ann")}},
		{"persian alone", "سلام", true, []Run{R("سلام")}},
		// I1: Ann is level 2 in a level-1 paragraph; N1 puts the spaces
		// between R and L at the embedding level (R). L2 reverses the line.
		{"latin name inside persian", "نوبت Ann است", true,
			[]Run{R(" است"), L("Ann"), R("نوبت ")}},
		{"name with a space", "نوبت Ann Lee است", true,
			[]Run{R(" است"), L("Ann Lee"), R("نوبت ")}},
		// W2: European digits after Arabic letters are AN: level 2 each.
		{"latin digits inside persian", "دور 2 از 3", true,
			[]Run{L("3"), R(" از "), L("2"), R("دور ")}},
		{"persian digits inside persian", "دور ۲ از ۳", true,
			[]Run{L("۳"), R(" از "), L("۲"), R("دور ")}},
		// N1: ": " between L and R takes e (R); the name sits at the right.
		{"name first, then persian and a number", "Ann: سلام 123 دنیا", true,
			[]Run{R(" دنیا"), L("123"), R(": سلام "), L("Ann")}},
		// N0: the brackets take R from the context before them, so they
		// stay with the Persian text and mirror when shaped.
		{"rule number in brackets", "ادامه دهد (R5.5).", true,
			[]Run{R(")."), L("R5.5"), R("ادامه دهد (")}},
		// W7: a Persian digit after a Latin letter becomes L and joins it.
		{"persian digit after a latin name", "Ann ۳ طلا", true,
			[]Run{R(" طلا"), L("Ann ۳")}},
		// LTR base: the Persian phrase is one reversed block.
		{"persian inside english", "Hello سلام دنیا world", false,
			[]Run{L("Hello "), R("سلام دنیا"), L(" world")}},
		// W2 + I1 in an LTR paragraph: the number is level 2, so L2 moves
		// it inside the reversed Persian block.
		{"number inside persian inside english", "Hello سلام 123 دنیا", false,
			[]Run{L("Hello "), R(" دنیا"), L("123"), R("سلام ")}},
		{"number then latin after persian", "سلام 123abc", false,
			[]Run{L("123"), R("سلام "), L("abc")}},
		// The base direction is the caller's, not the first letter's (P2).
		{"LTR base starting with persian", "سلام Ann", false,
			[]Run{R("سلام"), L(" Ann")}},
		// N2: the space between L and R takes the paragraph's R.
		{"RTL base starting with latin", "Ann سلام", true,
			[]Run{R(" سلام"), L("Ann")}},
		// W7 joins the 4 to the name: the reason names are isolated.
		{"name then number, not isolated", "نوبت Ann Lee — 4 کارت", true,
			[]Run{R(" کارت"), L("Ann Lee — 4"), R("نوبت ")}},
		// X5c/X6a: inside FSI…PDI the name is its own world, and outside
		// it counts as a neutral: the 4 follows نوبت (W2, AN).
		{"isolated name then number", "نوبت \u2068Ann Lee\u2069 — 4 کارت", true,
			[]Run{R(" کارت"), L("4"), R("\u2069 — "), L("Ann Lee"), R("نوبت \u2068")}},
		{"persian name isolated in english", "\u2068علی\u2069's turn", false,
			[]Run{L("\u2068"), R("علی"), L("\u2069's turn")}},
		// X5c, P2: a value made of two isolated values (Underground's
		// region, "{terrain} {id}") has no strong letter of its own: a
		// left-to-right isolate at level 2, the terrain at 3, the id at 4.
		// L2 keeps the space between them, and each space between a word
		// and the next stays between the two.
		{"nested isolates in persian", "\u2068Bot 3\u2069 \u2068\u2068جنگل قارچ\u2069 \u2068r30\u2069\u2069 را با 2 مهره", true,
			[]Run{R(" مهره"), L("2"), R("\u2069 را با "), L("\u2068"), R("جنگل قارچ"), L("\u2069 \u2068r30\u2069"), R("\u2069 \u2068"), L("Bot 3"), R("\u2068")}},
		// The same value isolated right to left (RLI): the terrain and its
		// space at level 3, the id at 4.
		{"nested isolates, RLI outside", "\u2068Bot 3\u2069 \u2067\u2068جنگل قارچ\u2069 \u2068r30\u2069\u2069 را", true,
			[]Run{R("\u2069\u2069 را"), L("r30"), R("\u2069 \u2067\u2068جنگل قارچ\u2069 \u2068"), L("Bot 3"), R("\u2068")}},
		{"nested isolates in english", "See \u2068\u2068جنگل\u2069 \u2068r3\u2069\u2069 now", false,
			[]Run{L("See \u2068\u2068"), R("جنگل"), L("\u2069 \u2068r3\u2069\u2069 now")}},
		// A Persian name isolated in a Persian line: level 3 inside level
		// 1, one run with its neighbours.
		{"persian name isolated in persian", "نوبت \u2068علی\u2069 است", true,
			[]Run{R("نوبت \u2068علی\u2069 است")}},
		// I2 at level 1 inside an LTR paragraph: the number after Hebrew is
		// level 2, the space after it level 1 (N1), cd level 2.
		{"number inside an RLI in english", "abc \u2067שלום 12 cd\u2069", false,
			[]Run{L("abc \u2067"), L("cd"), R(" "), L("12"), R("שלום "), L("\u2069")}},
		{"lines", "a\nب", false, []Run{L("a"), L("\n"), R("ب")}},
		{"paragraph separator", "ب\u2029a", true, []Run{R("ب\u2029"), L("a")}},
	}
	for _, tt := range tests {
		if got := Runs(tt.in, tt.rtl); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Runs(%q, %v) =\n  %v\nwant\n  %v", tt.name, tt.in, tt.rtl, got, tt.want)
		}
	}
}

// TestRunsKeepText: whatever the mix, the runs hold exactly the input's
// runes, each once, and each run's text is a piece of the input as written.
func TestRunsKeepText(t *testing.T) {
	alphabet := []rune("abc ABC 123 ۱۲۳ ١٢٣ سلام دنیا ,.:-+%()[]\u200c\u200f\u200e")
	rapid.Check(t, func(t *rapid.T) {
		s := string(rapid.SliceOfN(rapid.SampledFrom(alphabet), 0, 40).Draw(t, "s"))
		rtl := rapid.Bool().Draw(t, "rtl")
		runs := Runs(s, rtl)
		var got []rune
		for _, r := range runs {
			if r.Text == "" {
				t.Fatalf("empty run in %v", runs)
			}
			if !strings.Contains(s, r.Text) {
				t.Fatalf("run %q is not a piece of %q", r.Text, s)
			}
			got = append(got, []rune(r.Text)...)
		}
		want := []rune(s)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("Runs(%q, %v) = %v: runes differ", s, rtl, runs)
		}
	})
}

// TestRunsLTROnly: text with no right-to-left letter in an LTR paragraph
// is one run, unchanged.
func TestRunsLTROnly(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringMatching(`[a-zA-Zа-яА-ЯёЁ0-9 ,.:!?()-]{1,30}`).Draw(t, "s")
		if got := Runs(s, false); !reflect.DeepEqual(got, []Run{{s, false}}) {
			t.Fatalf("Runs(%q) = %v", s, got)
		}
	})
}

// FuzzRuns: player names reach Runs from outside; it must not panic nor
// lose or invent text.
func FuzzRuns(f *testing.F) {
	for _, s := range []string{"نوبت Ann است", "\u202eevil\u202c", "\u2067x\u2069", "a\r\nb", "", "(([[", "\xff",
		"\u2068\u2068جنگل\u2069 \u2068r3\u2069\u2069 را", "\u202bab \u202aשלום\u202c cd\u202c", "\u2069\u2069\u202c\u2066\u202e1"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, s string, rtl bool) {
		var got []rune
		for _, r := range Runs(s, rtl) {
			got = append(got, []rune(r.Text)...)
		}
		want := []rune(s)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("Runs(%q, %v): runes differ", s, rtl)
		}
	})
}

func BenchmarkRuns(b *testing.B) {
	s := "نوبت Ann است: دور 2 از 3، 12 کارت در دسته"
	for b.Loop() {
		Runs(s, true)
	}
}

func TestFirstStrongRTL(t *testing.T) {
	for _, tt := range []struct {
		in       string
		fallback bool
		want     bool
	}{
		{"سلام! Hello 123", false, true},
		{"Hello سلام", true, false},
		{"123 !? سلام", false, true},
		{"123 !?", true, true},
		{"123 !?", false, false},
		{"", true, true},
		{"\u2068Ann\u2069 سلام", false, true}, // P2 skips the isolate
		{"«Привет»", true, false},
	} {
		if got := FirstStrongRTL(tt.in, tt.fallback); got != tt.want {
			t.Errorf("FirstStrongRTL(%q, %v) = %v, want %v", tt.in, tt.fallback, got, tt.want)
		}
	}
}
