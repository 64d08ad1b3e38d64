package packaging

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWebTree: the browser download carries the build's files, the
// licences (the fonts' OFL and Go's ride in the wasm) and VERSION.txt
// naming the version; without goldvein.wasm it is an error (issue 23).
func TestWebTree(t *testing.T) {
	src := t.TempDir()
	for _, f := range []string{"index.html", "loader.js", "wasm_exec.js", "goldvein.wasm", "goldvein.wasm.gz"} {
		os.WriteFile(filepath.Join(src, f), []byte(f), 0o644)
	}
	lic := t.TempDir()
	os.MkdirAll(filepath.Join(lic, "fonts"), 0o755)
	os.WriteFile(filepath.Join(lic, "fonts", "OFL-NotoSans.txt"), []byte("OFL"), 0o644)
	dir := t.TempDir()
	if err := WebTree(dir, "v1.2.0", src, lic); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"index.html", "goldvein.wasm", "goldvein.wasm.gz", "licenses/fonts/OFL-NotoSans.txt"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	if v, _ := os.ReadFile(filepath.Join(dir, "VERSION.txt")); !strings.HasPrefix(string(v), "goldvein v1.2.0 ") {
		t.Errorf("VERSION.txt: %q", v)
	}
	os.Remove(filepath.Join(src, "goldvein.wasm"))
	if err := WebTree(t.TempDir(), "v1.2.0", src, lic); err == nil {
		t.Error("a browser download without goldvein.wasm")
	}
}
