package i18n

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"unicode"

	"golang.org/x/text/feature/plural"
)

// required lists the plural categories each language needs for whole
// numbers, from CLDR (checked against x/text in TestPluralCategoriesFromCLDR).
var required = map[Lang][]plural.Form{
	English: {plural.One, plural.Other},
	Russian: {plural.One, plural.Few, plural.Many, plural.Other},
	Persian: {plural.One, plural.Other},
}

func loadAll(t *testing.T) map[Lang]*Catalog {
	t.Helper()
	cs := map[Lang]*Catalog{}
	for _, l := range Langs {
		c, err := Load(l)
		if err != nil {
			t.Fatalf("Load(%s): %v", l, err)
		}
		if c.Lang() != l {
			t.Fatalf("Load(%s).Lang() = %s", l, c.Lang())
		}
		cs[l] = c
	}
	return cs
}

// TestPluralCategoriesFromCLDR proves the table above is what CLDR says:
// every category x/text picks for 0..200 is listed, and every listed one
// is picked at least once (other is always required by the format).
func TestPluralCategoriesFromCLDR(t *testing.T) {
	for _, l := range Langs {
		seen := map[plural.Form]bool{plural.Other: true}
		for n := 0; n <= 200; n++ {
			seen[plural.Cardinal.MatchPlural(l.Tag(), n, 0, 0, 0, 0)] = true
		}
		var got []plural.Form
		for f := range seen {
			got = append(got, f)
		}
		slices.Sort(got)
		want := slices.Clone(required[l])
		slices.Sort(want)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: CLDR categories %v, table says %v", l, got, want)
		}
	}
}

// TestEveryKeyInEveryLanguage is the completeness check of issue 7: every
// key of every catalogue file (terms, common, the scenes' own) exists in
// all three languages, with the same placeholders, as a plural entry in all
// or none, with every plural category its language needs, and no empty
// text.
func TestEveryKeyInEveryLanguage(t *testing.T) {
	cs := loadAll(t)
	all := map[string]bool{}
	for _, c := range cs {
		for _, k := range c.Keys() {
			all[k] = true
		}
	}
	if len(all) < 100 {
		t.Fatalf("only %d keys in all: catalogues not loaded?", len(all))
	}
	for k := range all {
		en, ok := cs[English].msgs[k]
		if !ok {
			t.Errorf("key %q missing in en", k)
			continue
		}
		for _, l := range Langs {
			m, ok := cs[l].msgs[k]
			if !ok {
				t.Errorf("key %q missing in %s", k, l)
				continue
			}
			if (m.forms == nil) != (en.forms == nil) {
				t.Errorf("key %q: plural in one language, plain in another (%s)", k, l)
			}
			if m.forms != nil {
				for _, f := range required[l] {
					if _, ok := m.forms[f]; !ok {
						t.Errorf("key %q in %s lacks plural category %v", k, l, f)
					}
				}
			}
			want := placeholders(en)
			if got := placeholders(m); !reflect.DeepEqual(got, want) {
				t.Errorf("key %q in %s has placeholders %v, en has %v", k, l, got, want)
			}
			for _, text := range texts(m) {
				if strings.TrimSpace(text) == "" {
					t.Errorf("key %q in %s has an empty text", k, l)
				}
			}
		}
	}
}

// placeholders collects the names used in every form of m; a plural entry
// must also use {n} in every form.
func placeholders(m message) []string {
	var out []string
	for _, text := range texts(m) {
		for _, p := range Placeholders(text) {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	slices.Sort(out)
	return out
}

func texts(m message) []string {
	if m.forms == nil {
		return []string{m.text}
	}
	var out []string
	for _, t := range m.forms {
		out = append(out, t)
	}
	return out
}

// TestPersianLetters keeps Arabic letters that look alike out of the
// Persian catalogue: Persian writes yeh U+06CC and keheh U+06A9, not Arabic
// yeh U+064A and kaf U+0643, and joins compound words with ZWNJ, never with
// a hyphen, so no "-" may sit next to an Arabic-script letter.
func TestPersianLetters(t *testing.T) {
	c := loadAll(t)[Persian]
	for _, k := range c.Keys() {
		for _, text := range texts(c.msgs[k]) {
			if strings.ContainsAny(text, "\u064a\u0643") {
				t.Errorf("fa %q uses an Arabic yeh or kaf: %q", k, text)
			}
			rs := []rune(text)
			for i, r := range rs {
				if r == '-' && (i > 0 && arabic(rs[i-1]) || i+1 < len(rs) && arabic(rs[i+1])) {
					t.Errorf("fa %q joins words with a hyphen: %q", k, text)
				}
			}
		}
	}
}

func arabic(r rune) bool { return unicode.Is(unicode.Arabic, r) }

func TestT(t *testing.T) {
	cs := loadAll(t)
	tests := []struct {
		lang Lang
		key  string
		args []any
		want string
	}{
		{English, "turn.of", []any{"name", "Ann"}, "Ann's turn"},
		{Russian, "turn.of", []any{"name", "Аня"}, "Ходит Аня"},
		{Persian, "turn.of", []any{"name", "Ann"}, "نوبت \u2068Ann\u2069"},
		{English, "turn.of", []any{"name", "علی"}, "\u2068علی\u2069's turn"},
		{Russian, "turn.of", []any{"name", ""}, "Ходит "},
		{English, "round.number", []any{"n", 2, "total", 3}, "Round 2 of 3"},
		{English, "tool.pickaxe", nil, "Pickaxe"},
		{Russian, "tool.cart", nil, "Вагонетка"},
		{Persian, "tool.lantern", nil, "فانوس"},
		{English, "turn.of", nil, "{name}'s turn"},           // missing value shows
		{English, "turn.of", []any{"name"}, "{name}'s turn"}, // odd pair ignored
		{English, "turn.of", []any{"nick", "x", "name", "Bo"}, "Bo's turn"},
		{English, "no.such.key", nil, "no.such.key"},
	}
	for _, tt := range tests {
		if got := cs[tt.lang].T(tt.key, tt.args...); got != tt.want {
			t.Errorf("%s T(%q, %v) = %q, want %q", tt.lang, tt.key, tt.args, got, tt.want)
		}
	}
}

func TestN(t *testing.T) {
	cs := loadAll(t)
	tests := []struct {
		lang Lang
		n    int
		want string
	}{
		{English, 0, "0 cards"},
		{English, 1, "1 card"},
		{English, 2, "2 cards"},
		{Russian, 1, "1 карта"},
		{Russian, 2, "2 карты"},
		{Russian, 4, "4 карты"},
		{Russian, 5, "5 карт"},
		{Russian, 11, "11 карт"},
		{Russian, 12, "12 карт"},
		{Russian, 21, "21 карта"},
		{Russian, 22, "22 карты"},
		{Russian, 25, "25 карт"},
		{Russian, 0, "0 карт"},
		{Russian, -1, "-1 карта"},
		{Persian, 1, "1 کارت"},
		{Persian, 7, "7 کارت"},
	}
	for _, tt := range tests {
		if got := cs[tt.lang].N("card.count", tt.n); got != tt.want {
			t.Errorf("%s N(card.count, %d) = %q, want %q", tt.lang, tt.n, got, tt.want)
		}
	}
	// N on a plain entry uses it as it is; extra args still fill.
	if got := cs[English].N("turn.of", 3, "name", "Ann"); got != "Ann's turn" {
		t.Errorf("N on a plain entry = %q", got)
	}
}

func TestPersianDigits(t *testing.T) {
	cs := loadAll(t)
	fa := cs[Persian]
	if got := fa.N("card.count", 25); got != "25 کارت" {
		t.Errorf("digits off: %q", got)
	}
	fa.SetPersianDigits(true)
	defer fa.SetPersianDigits(false)
	if got := fa.N("card.count", 25); got != "۲۵ کارت" {
		t.Errorf("digits on: %q", got)
	}
	if got := fa.T("round.number", "n", 1, "total", int64(3)); got != "دور ۱ از ۳" {
		t.Errorf("digits on, T: %q", got)
	}
	// A player's name keeps its own digits.
	if got := fa.T("turn.of", "name", "Ann2"); got != "نوبت \u2068Ann2\u2069" {
		t.Errorf("name digits changed: %q", got)
	}
	if got := fa.Num(1403); got != "۱۴۰۳" {
		t.Errorf("Num = %q", got)
	}
	ru := cs[Russian]
	ru.SetPersianDigits(true)
	if got := ru.Num(12); got != "12" || ru.PersianDigits() {
		t.Errorf("Persian digits leaked into Russian: %q", got)
	}
}

func TestFallbackToEnglish(t *testing.T) {
	fsys := fstest.MapFS{
		"locales/en/a.json": {Data: []byte(`{"x": "X", "y": {"one": "{n} y", "other": "{n} ys"}}`)},
		"locales/ru/a.json": {Data: []byte(`{"x": "Икс"}`)},
	}
	c, err := load(fsys, Russian)
	if err != nil {
		t.Fatal(err)
	}
	if c.T("x") != "Икс" || !c.Has("x") {
		t.Errorf("own key: %q", c.T("x"))
	}
	if c.Has("y") {
		t.Error("Has reports a key only English has")
	}
	// English plural rules pick the English form of the fallback text.
	if got := c.N("y", 3); got != "3 ys" {
		t.Errorf("fallback N = %q", got)
	}
	if got := c.Keys(); !reflect.DeepEqual(got, []string{"x"}) {
		t.Errorf("Keys = %v", got)
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"no files", map[string]string{"locales/en/x.txt": "{}"}, "no catalogue files"},
		{"not an object", map[string]string{"locales/en/a.json": `["x"]`}, "not a JSON object"},
		{"bad json", map[string]string{"locales/en/a.json": `{"x": }`}, "invalid character"},
		{"number", map[string]string{"locales/en/a.json": `{"x": 3}`}, "want a string"},
		{"dup in file", map[string]string{"locales/en/a.json": `{"x": "1", "x": "2"}`}, "defined twice"},
		{"dup across files", map[string]string{"locales/en/a.json": `{"x": "1"}`, "locales/en/b.json": `{"x": "2"}`}, "already defined"},
		{"unknown category", map[string]string{"locales/en/a.json": `{"x": {"one": "a", "lots": "b", "other": "c"}}`}, "unknown plural category"},
		{"no other", map[string]string{"locales/en/a.json": `{"x": {"one": "a"}}`}, `lack "other"`},
		{"trailing", map[string]string{"locales/en/a.json": `{"x": "a"} {}`}, "after the JSON object"},
		{"empty key", map[string]string{"locales/en/a.json": `{"": "a"}`}, "empty key"},
	}
	for _, tt := range tests {
		fsys := fstest.MapFS{}
		for n, d := range tt.files {
			fsys[n] = &fstest.MapFile{Data: []byte(d)}
		}
		_, err := load(fsys, English)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want it to mention %q", tt.name, err, tt.want)
		}
	}
	if _, err := Load("de"); err == nil {
		t.Error("Load(de) succeeded")
	}
}

func TestPlaceholders(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"{name} has {n} gold, {name}!", []string{"n", "name"}},
		{"no braces", nil},
		{"{Name} {a b} {} {x", nil},
		{"{{name}}", []string{"name"}},
		{"{a {b}", []string{"b"}},
	}
	for _, tt := range tests {
		if got := Placeholders(tt.text); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Placeholders(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
	c := &Catalog{lang: English, msgs: map[string]message{"k": {text: "{{name}} {a {b}"}}}
	if got := c.T("k", "name", "N", "b", "B"); got != "{N} {a B" {
		t.Errorf("fill = %q", got)
	}
}

// FuzzParseFile: a catalogue file is outside input to the loader; it must
// never panic, and what it accepts has non-empty keys and an "other" text.
func FuzzParseFile(f *testing.F) {
	f.Add([]byte(`{"x": "X", "y": {"one": "{n} y", "other": "{n} ys"}}`))
	f.Add([]byte(`{"x": {"few": 1}}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`{"a":"b"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		msgs, err := parseFile(data)
		if err != nil {
			return
		}
		for _, m := range msgs {
			if m.key == "" {
				t.Fatal("empty key accepted")
			}
			if m.forms != nil && m.forms[plural.Other] != m.text {
				t.Fatal("plural entry without its other text")
			}
		}
	})
}

// TestIsolateValueWithoutStrongLetter: a value made of isolated values,
// with no strong letter of its own outside them, takes the catalogue's
// direction, not FSI's left-to-right default (UAX #9 P3), so a Persian
// region "{terrain} {id}" placed in a Persian sentence reads terrain then
// id, right to left, with one space between each word and the next. A
// value with no letter at all keeps FSI.
func TestIsolateValueWithoutStrongLetter(t *testing.T) {
	cs := loadAll(t)
	fa, en := cs[Persian], cs[English]
	if got := fa.T("turn.of", "name", "-12"); got != "نوبت \u2068-12\u2069" {
		t.Errorf("a value with no letter in Persian: %q", got)
	}
	region := fa.T("ug.region", "terrain", "غار", "id", "C7")
	if region != "\u2068غار\u2069 \u2068C7\u2069" {
		t.Fatalf("ug.region = %q", region)
	}
	line := fa.T("turn.of", "name", region)
	if line != "نوبت \u2067"+region+"\u2069" {
		t.Errorf("region in a Persian line: %q", line)
	}
	// Left to right: C7, then one right-to-left run that reads نوبت,
	// غار and the space before C7.
	if got, want := Runs(line, true), []Run{{"\u2069\u2069", true}, {"C7", false}, {"نوبت \u2067\u2068غار\u2069 \u2068", true}}; !reflect.DeepEqual(got, want) {
		t.Errorf("Runs(%q) = %v, want %v", line, got, want)
	}
	// English keeps FSI for a value with letters, LRI for one without.
	if got := en.T("turn.of", "name", "\u2068علی\u2069 \u2068علی\u2069"); got != "\u2066\u2068علی\u2069 \u2068علی\u2069\u2069's turn" {
		t.Errorf("composite Persian name in English: %q", got)
	}
}
