//go:build !js

package relay

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoGameNoEngine: the relay (and its tests) knows no game and no
// engine: among its dependencies is none of the box's packages but its own
// and none of Ebitengine's (go list -deps, so the go tool must be on PATH).
func TestNoGameNoEngine(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-test", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	const own = "github.com/goldvein/goldvein/"
	for _, p := range strings.Fields(string(out)) {
		switch {
		case strings.Contains(p, "ebiten"), strings.Contains(p, "ebitengine"):
			t.Errorf("relay depends on the engine: %s", p)
		case strings.HasPrefix(p, own) && !strings.HasPrefix(p, own+"relay"):
			t.Errorf("relay depends on %s: it may know no game, table or transport of the app", p)
		}
	}
}
