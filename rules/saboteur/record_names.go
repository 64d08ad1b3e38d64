package saboteur

import (
	"fmt"

	"github.com/goldvein/goldvein/rules"
)

// MaxName is the longest player or table name, in runes (rules.MaxName).
const MaxName = rules.MaxName

// CheckName checks a player or table name (rules.CheckName).
func CheckName(s string) error { return rules.CheckName(s) }

// CutName makes a name pass CheckName when it can (rules.CutName).
func CutName(s string) string { return rules.CutName(s) }

// CheckNames checks the record's seat names: each is "" (an unnamed seat,
// as tests write) or passes CheckName. The app calls it on an autosave
// before it draws the names (a 1500-character name crashed its text atlas);
// the error names the seat, e.g. "record: seats[2]: name: name is longer
// than 24 characters".
func (r *Record) CheckNames() error {
	for i, s := range r.Seats {
		if s == "" {
			continue
		}
		if err := CheckName(s); err != nil {
			return fmt.Errorf("record: seats[%d]: name: %w", i, err)
		}
	}
	return nil
}
