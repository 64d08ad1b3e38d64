package game

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// TestLoadRefusesBadSeatNames: Continue draws the autosave's seat names; a
// name the game would never give a seat (1500 characters crashed the text
// atlas, a bidi override or a control character garbles the table) makes
// Load an error naming the seat, never a game.
func TestLoadRefusesBadSeatNames(t *testing.T) {
	for _, tc := range []struct {
		name, seat, err string
	}{
		{"good", "Ann", ""},
		{"1500 characters", strings.Repeat("W", 1500), "seats[1]: name: name is longer than 24 characters"},
		{"bidi override", "\u202eAnn", "seats[1]: name: name has an unprintable character U+202E"},
		{"escape", "\x1b[2J", "seats[1]: name: name has an unprintable character U+001B"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := saboteur.NewRecord(saboteur.Options{Players: 3}, 5, []string{"Bo", tc.seat, "Cy"})
			data, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), AutosaveFile)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			got, _, err := FileSaver{Path: path}.Load()
			if tc.err == "" {
				if err != nil || got == nil || got.Seats[1] != tc.seat {
					t.Fatalf("Load: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("Load: error %v, want one with %q", err, tc.err)
			}
			if got != nil {
				t.Error("Load returned a record with its error")
			}
		})
	}
}
