package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestVersion: `goldvein version` and `goldvein --version` print the same
// four lines (version and commit, Go, Ebitengine, the box's games) and exit
// 0; an extra argument is refused with exit status 2.
func TestVersion(t *testing.T) {
	b := testBox()
	var first string
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		var out, errOut bytes.Buffer
		if c := Dispatch(b, args, strings.NewReader(""), &out, &errOut); c != 0 || errOut.Len() != 0 {
			t.Fatalf("goldvein %v: exit %d, stderr %q", args, c, errOut.String())
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(lines) != 4 || !strings.HasPrefix(lines[0], "goldvein ") || !strings.HasPrefix(lines[1], "go: go1.") ||
			!strings.HasPrefix(lines[2], "ebitengine: ") || lines[3] != "games: "+strings.Join(b.IDs(), ", ") {
			t.Errorf("goldvein %v printed:\n%s", args, out.String())
		}
		if first == "" {
			first = out.String()
		} else if out.String() != first {
			t.Errorf("goldvein %v printed %q, goldvein version %q", args, out.String(), first)
		}
	}
	var out, errOut bytes.Buffer
	if c := Dispatch(b, []string{"version", "extra"}, strings.NewReader(""), &out, &errOut); c != 2 || out.Len() != 0 || !strings.Contains(errOut.String(), `"extra"`) {
		t.Errorf("goldvein version extra: exit %d, stdout %q, stderr %q; want 2 and the argument named", c, out.String(), errOut.String())
	}
}
