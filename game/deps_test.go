package game

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoEngine: game sits below the scenes and never pulls in Ebitengine
// (DESIGN.md, Layers and folders), so tables run headless (LAN hosts,
// goldvein serve). It asks the go command.
func TestNoEngine(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-test", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "github.com/hajimehoshi/ebiten") {
			t.Errorf("game depends on %s", p)
		}
	}
}
