package saboteur

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/scenes"
)

// TestLoadSettingsCutsSetupNames: a corrupt settings.json's last_setup
// names (1500 characters, a bidi override, an escape) are cut to names the
// game can draw; the game still starts with the rest of the setup.
func TestLoadSettingsCutsSetupNames(t *testing.T) {
	long := strings.Repeat("W", 1500)
	data := `{"music":0.5,"last_setup":{"seats":[` +
		`{"human":true,"name":"` + long + `"},` +
		`{"human":true,"name":"An\u202en"},` +
		`{"human":true,"name":"\u001b[2J"},` +
		`{"human":true,"name":"Bo"}],"youngest":-1}}`
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	s := lastSetup(scenes.LoadSettings(path))
	if s == nil {
		t.Fatal("last_setup dropped; want its names cut")
	}
	want := []string{strings.Repeat("W", saboteur.MaxName), "Ann", "[2J", "Bo"}
	for i, w := range want {
		if got := s.Seats[i].Name; got != w {
			t.Errorf("seat %d: name %q, want %q", i, got, w)
		}
	}
}
