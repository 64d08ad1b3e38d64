package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// engineFree are the packages that must build and test anywhere, headless:
// no Ebitengine and no cgo (DESIGN.md, Layers and folders).
var engineFree = []string{"rules", "game", "lan"}

// TestNoEngineNoCgo fails when rules (every game and its bots), game or lan (with their tests)
// import Ebitengine, directly or not, or when any of our own packages
// among them or their dependencies has cgo files; and it builds them with
// CGO_ENABLED=0. It asks the go command (go list -deps), so it needs the
// go tool on PATH, as `go test` does.
func TestNoEngineNoCgo(t *testing.T) {
	var pkgs []string
	for _, dir := range engineFree {
		files, _ := filepath.Glob(filepath.Join("..", dir, "*.go"))
		if len(files) > 0 {
			pkgs = append(pkgs, "./"+dir+"/...")
		}
	}
	if len(pkgs) == 0 || pkgs[0] != "./rules/..." {
		t.Fatalf("no rules package found from %s", must(os.Getwd()))
	}
	for _, cgo := range []string{"0", "1"} {
		engine, withCgo := depsCheck(t, cgo, pkgs...)
		for _, p := range engine {
			t.Errorf("CGO_ENABLED=%s: %s imports the game engine (%s): only scenes, sprites, sounds and main may", cgo, strings.Join(pkgs, " "), p)
		}
		for _, p := range withCgo {
			t.Errorf("CGO_ENABLED=%s: %s", cgo, p)
		}
	}
	goCmd(t, "0", append([]string{"build"}, pkgs...)...)
}

// TestNoEngineCheckCanFail: the same check finds Ebitengine among the
// dependencies of the main package, which opens the game window.
func TestNoEngineCheckCanFail(t *testing.T) {
	if engine, _ := depsCheck(t, "1", "."); len(engine) == 0 {
		t.Fatal("the check finds no engine in the main package's dependencies")
	}
}

// depsCheck lists the dependencies of pkgs, tests included, with cgo on or
// off, and returns the engine packages among them and our own packages
// that have cgo files.
func depsCheck(t *testing.T, cgo string, pkgs ...string) (engine, withCgo []string) {
	t.Helper()
	args := append([]string{"list", "-deps", "-test", "-json=ImportPath,CgoFiles,Error"}, pkgs...)
	dec := json.NewDecoder(bytes.NewReader(goCmd(t, cgo, args...)))
	n := 0
	for {
		var p struct {
			ImportPath string
			CgoFiles   []string
			Error      *struct{ Err string }
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		n++
		if p.Error != nil {
			t.Errorf("CGO_ENABLED=%s: %s: %s", cgo, p.ImportPath, p.Error.Err)
		}
		if strings.HasPrefix(p.ImportPath, "github.com/hajimehoshi/ebiten") || strings.HasPrefix(p.ImportPath, "github.com/ebitengine/") {
			engine = append(engine, p.ImportPath)
		}
		if strings.HasPrefix(p.ImportPath, "github.com/goldvein/goldvein") && len(p.CgoFiles) > 0 {
			withCgo = append(withCgo, p.ImportPath+" uses cgo: "+strings.Join(p.CgoFiles, " "))
		}
	}
	if n < len(pkgs) {
		t.Fatalf("go list listed %d packages", n)
	}
	return engine, withCgo
}

func goCmd(t *testing.T, cgo string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "CGO_ENABLED="+cgo)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("CGO_ENABLED=%s go %s: %v\n%s", cgo, strings.Join(args, " "), err, stderr.String())
	}
	return out
}

func must[T any](v T, _ error) T { return v }

// gameFree are the layers that know games only through the contract
// (DESIGN.md, Layers and folders): the table and the network. gameFreeTests
// are those whose tests, too, play only the toy game of rules/ruletest
// (checked as go test builds them, without tags: lan's benchmarks play
// Saboteur only with -tags benchsaboteur).
var (
	gameFree      = []string{"./game", "./lan"}
	gameFreeTests = []string{"./game", "./lan"}
)

// TestLayersNameNoGame fails when game or lan depends on a game package
// (rules/<id>, its bots), on the box's list of games, or on the shell,
// directly or not: they know games only through package rules. It asks
// the go command (go list -deps); a second pass (go list -deps -test)
// checks the same of their tests, which may use the contract's test
// helpers (rules/ruletest and its toy game, lan/lantest) but no game.
func TestLayersNameNoGame(t *testing.T) {
	for _, p := range gameNames(t, false, "", gameFree...) {
		t.Errorf("%s depend on %s: only the contract (package rules) may be named there", strings.Join(gameFree, " and "), p)
	}
	for _, p := range gameNames(t, true, "", gameFreeTests...) {
		t.Errorf("the tests of %s depend on %s: they play the toy game of rules/ruletest", strings.Join(gameFreeTests, " and "), p)
	}
}

// TestLayersCheckCanFail: the same check finds the games among the
// dependencies of the box, and, with a test file that plays Saboteur laid
// over package game (go list -overlay: nothing is written in the tree),
// among those of game's tests, though not of game itself.
func TestLayersCheckCanFail(t *testing.T) {
	if got := gameNames(t, false, "", "./box"); !slices.Contains(got, mod+"/rules/saboteur") || !slices.Contains(got, mod+"/rules/incangold") {
		t.Fatalf("the check finds %v in the box's dependencies", got)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "sab_test.go")
	if err := os.WriteFile(src, []byte("package game\n\nimport _ \""+mod+"/rules/saboteur\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(filepath.Join("..", "game", "zz_overlay_sab_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {abs: src}})
	if err != nil {
		t.Fatal(err)
	}
	ov := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(ov, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := gameNames(t, true, ov, "./game"); !slices.Contains(got, mod+"/rules/saboteur") {
		t.Fatalf("the check finds %v in the dependencies of game's tests with a test playing Saboteur", got)
	}
	if got := gameNames(t, false, ov, "./game"); len(got) != 0 {
		t.Fatalf("a test file counted as game's own dependency: %v", got)
	}
}

const mod = "github.com/goldvein/goldvein"

// testHelpers are the packages under rules/ and lan/ that tests of the
// game-free layers may use: they are on the contract only (their own
// dependencies are checked with them).
var testHelpers = []string{mod + "/rules/ruletest", mod + "/lan/lantest"}

// gameNames lists the game packages, the box and the shell among the
// dependencies of pkgs, with their tests' when tests is set, through the
// go list overlay file overlay when it is not "".
func gameNames(t *testing.T, tests bool, overlay string, pkgs ...string) []string {
	t.Helper()
	args := []string{"list", "-deps"}
	if tests {
		args = append(args, "-test")
	}
	if overlay != "" {
		args = append(args, "-overlay="+overlay)
	}
	out := goCmd(t, "0", append(args, pkgs...)...)
	var bad []string
	for _, line := range strings.Split(string(out), "\n") {
		// go list -test names a package built for a test "p [q.test]".
		p, _, _ := strings.Cut(strings.TrimSpace(line), " ")
		if slices.Contains(testHelpers, p) || slices.Contains(bad, p) {
			continue
		}
		if strings.HasPrefix(p, mod+"/rules/") || p == mod+"/box" || strings.HasPrefix(p, mod+"/scenes") || p == mod+"/cli" {
			bad = append(bad, p)
		}
	}
	return bad
}
