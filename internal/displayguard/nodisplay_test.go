//go:build linux && !android

package displayguard

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// build compiles the goldvein binary (the root package) into dir/name with
// the given build tags.
func build(t *testing.T, dir, name, tags string) string {
	t.Helper()
	bin := filepath.Join(dir, name)
	args := []string{"build", "-o", bin}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	cmd := exec.Command("go", append(args, "github.com/goldvein/goldvein")...)
	if tags == "headless" {
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", name, err, out)
	}
	return bin
}

// noDisplay is this process's environment without DISPLAY and WAYLAND_DISPLAY.
func noDisplay() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") && !strings.HasPrefix(kv, reexecVar+"=") {
			env = append(env, kv)
		}
	}
	return env
}

// run runs bin with args and stdin and no display, for at most a minute.
func run(t *testing.T, bin, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = noDisplay()
	cmd.Stdin = strings.NewReader(stdin)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return o.String(), e.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %q: %v", bin, args, err)
	}
	return o.String(), e.String(), 0
}

// TestGameBinaryWithoutDisplay builds the game binary and goldvein-server
// side by side, as the Linux release lays them out, and runs every tool of
// the game binary with DISPLAY and WAYLAND_DISPLAY unset: none panics, the
// tools answer, and the window says in one line that it needs a display.
// Then, without goldvein-server beside it, a tool names that binary in one
// line and exits 2.
func TestGameBinaryWithoutDisplay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binaries")
	}
	dir := t.TempDir()
	game := build(t, dir, "goldvein", "")
	build(t, dir, ServerName, "headless")

	position := `{"players": 4, "goals": {"-2": "COAL_NE", "0": "GOLD", "2": "COAL_NW"}, "moves": [{"play": "EW", "x": 1, "y": 0}]}`
	if out, errOut, code := run(t, game, position, "check"); code != 0 || strings.TrimSpace(out) != `{"legal": true, "revealed": [], "round_over": false}` {
		t.Errorf("check: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	record := `{"format":1,"game":"goldvein","options":{"players":3},"seed":7,"seats":["Ann","Bo","Cy"],"moves":[]}`
	if out, errOut, code := run(t, game, record, "replay", "-"); code != 0 || !strings.Contains(out, "Ann") {
		t.Errorf("replay -: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if out, errOut, code := run(t, game, "", "sim", "--games", "1", "--players", "3", "--workers", "1"); code != 0 || out == "" {
		t.Errorf("sim: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	for _, args := range [][]string{{"serve", "--help"}, {"join", "--help"}, {"help"}, {"--help"}} {
		if out, errOut, code := run(t, game, "", args...); code != 0 || !strings.HasPrefix(out, "usage: goldvein") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	if out, errOut, code := run(t, game, "", "--version"); code != 0 || !strings.HasPrefix(out, "goldvein ") || !strings.Contains(out, "games: ") {
		t.Errorf("--version: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	serveStarts(t, game)

	out, errOut, code := run(t, game, "", "--players", "3")
	if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "needs a display") {
		t.Errorf("the window without a display: exit %d, stdout %q, stderr %q; want 2 and one line", code, out, errOut)
	}

	// A copy of the game binary in goldvein-server's place is not called
	// round and round.
	data, err := os.ReadFile(game)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ServerName), data, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, errOut, code := run(t, game, position, "check"); code != 2 || out != "" || !strings.Contains(errOut, "holds the window too") {
		t.Errorf("check with the game binary as %s: exit %d, stdout %q, stderr %q", ServerName, code, out, errOut)
	}

	if err := os.Remove(filepath.Join(dir, ServerName)); err != nil {
		t.Fatal(err)
	}
	out, errOut, code = run(t, game, "", "sim", "--games", "1")
	if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, ServerName) || strings.Contains(errOut, "panic") {
		t.Errorf("sim without %s: exit %d, stdout %q, stderr %q; want 2 and one line naming it", ServerName, code, out, errOut)
	}
}

// serveStarts starts `goldvein serve` on a loopback port with no display and
// waits for it to say it is listening, then stops it.
func serveStarts(t *testing.T, game string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, game, "serve", "--addr", "127.0.0.1:0", "--beacon", "", "--save", filepath.Join(t.TempDir(), "lan.json"))
	cmd.Env = noDisplay()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line := make([]byte, 64)
	n, _ := io.ReadAtLeast(stdout, line, len("listening on 127.0.0.1:"))
	cmd.Process.Kill()
	cmd.Wait()
	if !strings.HasPrefix(string(line[:n]), "listening on 127.0.0.1:") {
		t.Errorf("serve: printed %q, stderr %q; want it listening", line[:n], errOut.String())
	}
}
