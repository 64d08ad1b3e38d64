package i18n

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestRuleReasons: every rule number the rules engine refuses a move with
// (a string literal like "R5.4" in rules/saboteur/*.go) has a short reason in the
// catalogue, "rule.R5.4", so a refused drop can say why in every language.
func TestRuleReasons(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "rules", "saboteur", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no rules sources found: %v", err)
	}
	lit := regexp.MustCompile(`"(R\d+(?:\.\d+[a-z]?)?)"`)
	c := MustLoad(English)
	seen := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range lit.FindAllStringSubmatch(string(src), -1) {
			seen++
			if !c.Has("rule." + m[1]) {
				t.Errorf("%s refuses with %s, but the catalogue has no rule.%s", filepath.Base(f), m[1], m[1])
			}
		}
	}
	if seen < 10 {
		t.Fatalf("found only %d rule numbers in rules/saboteur/: pattern out of date?", seen)
	}
}

// TestNoEngine: i18n sits below the scenes and must never pull in
// Ebitengine (DESIGN.md, Layers and folders). It asks the go command.
func TestNoEngine(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-test", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "github.com/hajimehoshi/ebiten") {
			t.Errorf("i18n depends on %s", p)
		}
	}
}
