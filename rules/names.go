package rules

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxName is the longest player or table name, in runes: the one limit a
// LAN guest's name (lan.CheckName), a game record's seats (of every game) and a saved
// setup's names are held to.
const MaxName = 24

// CheckName checks a player or table name: 1 to MaxName runes, valid
// UTF-8, printable (unicode.IsPrint: no control character, no bidi
// override such as U+202E), not only spaces. The game draws names as they
// are; one that fails here never reaches the screen.
func CheckName(s string) error {
	if !utf8.ValidString(s) {
		return errors.New("name is not valid UTF-8")
	}
	n, blank := 0, true
	for _, r := range s {
		n++
		if !unicode.IsPrint(r) {
			return fmt.Errorf("name has an unprintable character %U", r)
		}
		if !unicode.IsSpace(r) {
			blank = false
		}
	}
	if blank {
		return errors.New("name is empty")
	}
	if n > MaxName {
		return fmt.Errorf("name is longer than %d characters", MaxName)
	}
	return nil
}

// CutName makes a name pass CheckName when it can: it drops invalid UTF-8
// and unprintable runes, trims spaces and keeps the first MaxName runes.
// It returns "" when nothing printable is left.
func CutName(s string) string {
	var b strings.Builder
	n := 0
	for _, r := range strings.ToValidUTF8(s, "") {
		if !unicode.IsPrint(r) {
			continue
		}
		if n == MaxName {
			break
		}
		b.WriteRune(r)
		n++
	}
	out := strings.TrimSpace(b.String())
	if CheckName(out) != nil {
		return ""
	}
	return out
}

// CheckNames checks the record's seat names: each is "" (an unnamed seat,
// as tests write) or passes CheckName. The app calls it on an autosave
// before it draws the names (a 1500-character name crashed its text atlas);
// the error names the seat, e.g. "record: seats[2]: name: name is longer
// than 24 characters".
func (r *Record) CheckNames() error {
	for i, s := range r.Seats {
		if s.Name == "" {
			continue
		}
		if err := CheckName(s.Name); err != nil {
			return fmt.Errorf("record: seats[%d]: name: %w", i, err)
		}
	}
	return nil
}
