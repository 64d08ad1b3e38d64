package i18n

import (
	"strings"

	"golang.org/x/text/language"
)

// Lang is a language the app ships, named by its BCP 47 base code.
type Lang string

// The languages goldvein ships. English is the fallback for everything.
const (
	English Lang = "en"
	Russian Lang = "ru"
	Persian Lang = "fa"
)

// Langs lists the shipped languages in the order Settings offers them.
var Langs = []Lang{English, Russian, Persian}

// Valid reports whether l is one of Langs.
func (l Lang) Valid() bool {
	for _, k := range Langs {
		if l == k {
			return true
		}
	}
	return false
}

// RTL reports whether l is written right to left (Persian).
func (l Lang) RTL() bool { return l == Persian }

// Native returns the language's name in itself ("English", "Русский",
// "فارسی"), as a language picker shows it; "" for an unknown Lang.
func (l Lang) Native() string {
	switch l {
	case English:
		return "English"
	case Russian:
		return "Русский"
	case Persian:
		return "فارسی"
	}
	return ""
}

// Tag returns l as a golang.org/x/text language tag (language.Und for an
// unknown Lang).
func (l Lang) Tag() language.Tag {
	t, err := language.Parse(string(l))
	if err != nil {
		return language.Und
	}
	return t
}

// FromLocale maps a POSIX locale ("ru_RU.UTF-8", "fa_IR@calendar"), a BCP 47
// tag ("fa-IR", "en-GB") or a bare language code ("ru") to a shipped
// language. Only the language part counts. Dari (prs, fa-AF) and Iranian
// Persian (pes) read as Persian. Anything else, "C", "POSIX" and "" give
// English.
func FromLocale(s string) Lang {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, ".@"); i >= 0 {
		s = s[:i]
	}
	s = strings.ReplaceAll(s, "_", "-")
	if s == "" || s == "C" || s == "POSIX" {
		return English
	}
	t, err := language.Parse(s)
	if err != nil {
		// A malformed region or variant must not hide a good language code.
		if i := strings.IndexByte(s, '-'); i > 0 {
			if t, err = language.Parse(s[:i]); err != nil {
				return English
			}
		} else {
			return English
		}
	}
	base, _ := t.Base()
	switch base.String() {
	case "ru":
		return Russian
	case "fa", "prs", "pes":
		return Persian
	}
	return English
}

// FromEnv picks the language from the environment the way gettext does:
// the first entry of LANGUAGE (a colon-separated list), then LC_ALL,
// LC_MESSAGES, LANG; the first one set decides (FromLocale). getenv is
// os.Getenv in the app and a map lookup in tests.
func FromEnv(getenv func(string) string) Lang {
	if v := getenv("LANGUAGE"); v != "" {
		first, _, _ := strings.Cut(v, ":")
		// gettext ignores LANGUAGE when the locale is "C".
		if lc := firstSet(getenv, "LC_ALL", "LC_MESSAGES", "LANG"); lc != "C" && lc != "POSIX" {
			return FromLocale(first)
		}
	}
	return FromLocale(firstSet(getenv, "LC_ALL", "LC_MESSAGES", "LANG"))
}

func firstSet(getenv func(string) string, names ...string) string {
	for _, n := range names {
		if v := getenv(n); v != "" {
			return v
		}
	}
	return ""
}
