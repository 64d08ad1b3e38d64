package i18n

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/unicode/bidi"
)

//go:embed locales
var locales embed.FS

// Catalog is one language's messages, with English behind it for any key
// the language lacks. Its methods are safe for concurrent use.
type Catalog struct {
	lang     Lang
	tag      language.Tag
	msgs     map[string]message
	fallback *Catalog // English, nil for English itself
	persian  atomic.Bool
}

// message is one catalogue entry: a plain text, or texts per plural form.
type message struct {
	text  string
	forms map[plural.Form]string // nil for a plain text
}

// categories maps the CLDR category names used in the files to x/text forms.
var categories = map[string]plural.Form{
	"zero":  plural.Zero,
	"one":   plural.One,
	"two":   plural.Two,
	"few":   plural.Few,
	"many":  plural.Many,
	"other": plural.Other,
}

// Load reads the embedded catalogue of l (every locales/<l>/*.json file,
// merged) and, for any language but English, the English one as its
// fallback. It fails for a language not in Langs, a malformed file, a key
// defined twice, or a plural entry with an unknown category or no "other".
func Load(l Lang) (*Catalog, error) {
	return load(locales, l)
}

// MustLoad is Load for the embedded catalogues, which the tests prove
// load; it panics on error.
func MustLoad(l Lang) *Catalog {
	c, err := Load(l)
	if err != nil {
		panic(err)
	}
	return c
}

func load(fsys fs.FS, l Lang) (*Catalog, error) {
	if !l.Valid() {
		return nil, fmt.Errorf("i18n: unknown language %q", l)
	}
	c, err := loadOne(fsys, l)
	if err != nil {
		return nil, err
	}
	if l != English {
		if c.fallback, err = loadOne(fsys, English); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func loadOne(fsys fs.FS, l Lang) (*Catalog, error) {
	dir := path.Join("locales", string(l))
	names, err := fs.Glob(fsys, dir+"/*.json")
	if err != nil {
		return nil, fmt.Errorf("i18n: %s: %w", dir, err)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("i18n: no catalogue files in %s", dir)
	}
	c := &Catalog{lang: l, tag: l.Tag(), msgs: map[string]message{}}
	from := map[string]string{}
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("i18n: %w", err)
		}
		msgs, err := parseFile(data)
		if err != nil {
			return nil, fmt.Errorf("i18n: %s: %w", name, err)
		}
		for _, m := range msgs {
			if prev, dup := from[m.key]; dup {
				return nil, fmt.Errorf("i18n: %s: key %q already defined in %s", name, m.key, prev)
			}
			from[m.key] = name
			c.msgs[m.key] = m.message
		}
	}
	return c, nil
}

type keyed struct {
	key string
	message
}

// parseFile reads one catalogue file (the format of the package doc), in
// file order, rejecting duplicate keys that encoding/json would silently
// merge.
func parseFile(data []byte) ([]keyed, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("not a JSON object")
	}
	var out []keyed
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key := tok.(string) // object keys are always strings
		if key == "" {
			return nil, errors.New("empty key")
		}
		if seen[key] {
			return nil, fmt.Errorf("key %q defined twice", key)
		}
		seen[key] = true
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("key %q: %w", key, err)
		}
		m, err := parseMessage(raw)
		if err != nil {
			return nil, fmt.Errorf("key %q: %w", key, err)
		}
		out = append(out, keyed{key, m})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err == nil {
		return nil, errors.New("data after the JSON object")
	}
	return out, nil
}

func parseMessage(raw json.RawMessage) (message, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return message{text: s}, nil
	}
	var forms map[string]string
	if err := json.Unmarshal(raw, &forms); err != nil {
		return message{}, errors.New("want a string or an object of plural forms")
	}
	m := message{forms: map[plural.Form]string{}}
	for cat, text := range forms {
		f, ok := categories[cat]
		if !ok {
			return message{}, fmt.Errorf("unknown plural category %q (want zero, one, two, few, many, other)", cat)
		}
		m.forms[f] = text
	}
	other, ok := m.forms[plural.Other]
	if !ok {
		return message{}, errors.New(`plural forms lack "other"`)
	}
	m.text = other
	return m, nil
}

// Lang returns the catalogue's language.
func (c *Catalog) Lang() Lang { return c.lang }

// RTL reports whether the catalogue's language is written right to left:
// text is drawn with a right-to-left base direction and layouts mirror.
func (c *Catalog) RTL() bool { return c.lang.RTL() }

// Has reports whether key is defined in this language itself (not only in
// the English fallback).
func (c *Catalog) Has(key string) bool {
	_, ok := c.msgs[key]
	return ok
}

// Keys returns this language's keys, sorted.
func (c *Catalog) Keys() []string {
	keys := make([]string, 0, len(c.msgs))
	for k := range c.msgs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// SetPersianDigits chooses Persian digits (۰۱۲۳۴۵۶۷۸۹) for numbers that T
// and N fill in, and for Num and Digits, when the language is Persian. It
// does nothing in other languages. Off by default (Latin digits). Digits
// written in a catalogue text stay as the translator wrote them.
func (c *Catalog) SetPersianDigits(on bool) { c.persian.Store(on) }

// PersianDigits reports whether Persian digits are in use (the setting is
// on and the language is Persian).
func (c *Catalog) PersianDigits() bool { return c.lang == Persian && c.persian.Load() }

// T returns the text of key with its placeholders filled from args, which
// are name/value pairs: T("log.turn", "name", "Ann") for "{name}'s turn".
// Integer values are written with the catalogue's digits; strings are used
// as given (a player's name keeps its own digits), wrapped in Unicode
// isolates (U+2068…U+2069) when the language is right to left or the
// string holds right-to-left letters, so a name never reorders its
// neighbours. The isolates draw nothing. A key the language lacks
// comes from English; a key nobody has comes back as the key itself, so it
// shows on screen. For a plural entry T uses its "other" text.
func (c *Catalog) T(key string, args ...any) string {
	m, ok := c.lookup(key)
	if !ok {
		return key
	}
	return c.fill(m.text, args)
}

// N returns the text of key for the count n: the CLDR plural category of n
// in the catalogue's language picks the form (Russian 1 "one", 3 "few",
// 5 "many"), {n} becomes n and the other placeholders come from args as in
// T. A plain (non-plural) entry is used as it is; a missing category falls
// back to "other".
func (c *Catalog) N(key string, n int, args ...any) string {
	m, ok := c.lookup(key)
	if !ok {
		return key
	}
	text := m.text
	if m.forms != nil {
		abs := n
		if abs < 0 {
			abs = -abs
		}
		lang := c.tag
		if _, own := c.msgs[key]; !own {
			lang = English.Tag()
		}
		if t, ok := m.forms[plural.Cardinal.MatchPlural(lang, abs, 0, 0, 0, 0)]; ok {
			text = t
		}
	}
	return c.fill(text, append([]any{"n", n}, args...))
}

// Num writes n with the catalogue's digits.
func (c *Catalog) Num(n int) string { return c.Digits(strconv.Itoa(n)) }

// Digits replaces the ASCII digits of s with Persian ones when Persian
// digits are in use; otherwise it returns s unchanged.
func (c *Catalog) Digits(s string) string {
	if !c.PersianDigits() {
		return s
	}
	return toPersianDigits(s)
}

func toPersianDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return '۰' + (r - '0')
		}
		return r
	}, s)
}

func (c *Catalog) lookup(key string) (message, bool) {
	if m, ok := c.msgs[key]; ok {
		return m, true
	}
	if c.fallback != nil {
		m, ok := c.fallback.msgs[key]
		return m, ok
	}
	return message{}, false
}

// fill replaces each {name} placeholder in text with its value from args
// (name/value pairs; the first pair with a name wins). Placeholders without
// a value, and braces around anything that is not a name, stay as written.
func (c *Catalog) fill(text string, args []any) string {
	if !strings.Contains(text, "{") {
		return text
	}
	var b strings.Builder
	for {
		i, j, name := nextPlaceholder(text)
		if i < 0 {
			break
		}
		b.WriteString(text[:i])
		if v, ok := c.value(name, args); ok {
			b.WriteString(v)
		} else {
			b.WriteString(text[i:j])
		}
		text = text[j:]
	}
	b.WriteString(text)
	return b.String()
}

// nextPlaceholder finds the first {name} in text: it starts at byte i and
// ends before byte j. i is -1 when there is none.
func nextPlaceholder(text string) (i, j int, name string) {
	off := 0
	for {
		k := strings.IndexByte(text[off:], '{')
		if k < 0 {
			return -1, -1, ""
		}
		k += off
		e := k + 1
		for e < len(text) && isNameByte(text[e]) {
			e++
		}
		if e > k+1 && e < len(text) && text[e] == '}' {
			return k, e + 1, text[k+1 : e]
		}
		off = k + 1
	}
}

// value finds name among the name/value pairs of args and writes it.
func (c *Catalog) value(name string, args []any) (string, bool) {
	for i := 0; i+1 < len(args); i += 2 {
		if k, ok := args[i].(string); ok && k == name {
			return c.format(args[i+1]), true
		}
	}
	return "", false
}

// format writes a placeholder's value: integers with the catalogue's
// digits, strings as given, anything else with fmt's %v.
func (c *Catalog) format(v any) string {
	switch v := v.(type) {
	case string:
		return c.isolate(v)
	case int:
		return c.Num(v)
	case int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return c.Digits(fmt.Sprint(v))
	case fmt.Stringer:
		return v.String()
	}
	return fmt.Sprint(v)
}

// Isolates: first strong, right to left, left to right, and the pop
// (UAX #9, X5a-X5c, X6a).
const (
	fsi = "\u2068"
	rli = "\u2067"
	lri = "\u2066"
	pdi = "\u2069"
)

// isolate wraps a string value in FSI…PDI when the catalogue is right to
// left or the value holds right-to-left letters, so that a name takes its
// direction from its own first letter and neither bends nor is bent by the
// text around it: "نوبت Ann Lee — 4 کارت" keeps the 4 with the Persian
// words instead of the name (UAX #9 W7 would otherwise join them).
// Left-to-right text with left-to-right names is left as it is.
//
// A value that T made of other values (Underground's region "{terrain}
// {id}", a combo "{race} {power}") has no strong letter of its own outside
// their isolates, so under FSI it would be a left-to-right isolate (P3)
// and its parts would read in the wrong order in a Persian line; it gets
// the catalogue's direction instead (RLI or LRI). A value with no letter
// at all ("-2", an address) keeps FSI, left to right, as before.
func (c *Catalog) isolate(v string) string {
	if v == "" || !c.RTL() && !hasRTL(v) {
		return v
	}
	open := fsi
	if _, ok := firstStrong(v); !ok && strings.ContainsAny(v, lri+rli+fsi) {
		open = lri
		if c.RTL() {
			open = rli
		}
	}
	return open + v + pdi
}

// hasRTL reports whether s holds a right-to-left letter (bidi class R or AL).
func hasRTL(s string) bool {
	for _, r := range s {
		if p, _ := bidi.LookupRune(r); p.Class() == bidi.R || p.Class() == bidi.AL {
			return true
		}
	}
	return false
}

// isNameByte reports whether b may appear in a placeholder name: a-z, 0-9, _.
func isNameByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '_'
}

// Placeholders returns the placeholder names used in text, sorted and
// without repeats ("{name} has {n} gold" gives [n name]).
func Placeholders(text string) []string {
	var out []string
	for {
		i, j, name := nextPlaceholder(text)
		if i < 0 {
			break
		}
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
		text = text[j:]
	}
	slices.Sort(out)
	return out
}
