package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHeadlessBuild builds goldvein with the "headless" tag, which leaves
// out the game window, and checks that the command-line tools then run on a
// machine with no display: Ebitengine connects to the display while it
// loads, so a binary that links it cannot even start there.
func TestHeadlessBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	out, err := exec.Command("go", "list", "-deps", "-tags", "headless", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "hajimehoshi/ebiten") {
		t.Fatal("the headless build depends on Ebitengine")
	}
	bin := filepath.Join(t.TempDir(), "goldvein")
	if out, err := exec.Command("go", "build", "-tags", "headless", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build -tags headless: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "check")
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			env = append(env, kv)
		}
	}
	cmd.Env = env
	cmd.Stdin = strings.NewReader(`{"players": 4, "goals": {"-2": "COAL_NE", "0": "GOLD", "2": "COAL_NW"},
		"moves": [{"play": "EW", "x": 1, "y": 0}]}`)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("headless check without a display: %v\n%s", err, stderr.String())
	}
	if got, want := strings.TrimSpace(stdout.String()), `{"legal": true, "revealed": [], "round_over": false}`; got != want {
		t.Fatalf("headless check printed %q, want %q", got, want)
	}
	// Without the tag there is a window, and no subcommand for it is missing
	// from the headless build but the window's own and the gallery.
	help, err := exec.Command(bin, "help").Output()
	if err != nil {
		t.Fatalf("help: %v", err)
	}
	for _, name := range []string{"check", "replay", "sim", "serve", "join"} {
		if !strings.Contains(string(help), "  "+name+" ") {
			t.Errorf("headless build lacks %q:\n%s", name, help)
		}
	}
}
