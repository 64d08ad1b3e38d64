package packaging

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCollectLicenses gathers the licences of the Windows build: goldvein's,
// the fonts', Go's and every linked module's, Ebitengine's among them.
func TestCollectLicenses(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	dst := t.TempDir()
	if err := CollectLicenses(dst, "..", Build{GOOS: "windows", GOARCH: "amd64"}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"goldvein/LICENSE", "fonts/OFL-NotoSans.txt", "go/LICENSE",
		"github.com/hajimehoshi/ebiten/v2/LICENSE", "golang.org/x/image/PATENTS", "github.com/coder/websocket/LICENSE.txt"} {
		if _, err := os.Stat(filepath.Join(dst, filepath.FromSlash(p))); err != nil {
			t.Error(err)
		}
	}
}

func TestLicenseFile(t *testing.T) {
	for name, want := range map[string]bool{"LICENSE": true, "LICENSE.txt": true, "License.md": true, "COPYING": true, "PATENTS": true, "NOTICE": true, "README.md": false, "go.mod": false} {
		if licenseFile(name) != want {
			t.Errorf("licenseFile(%q) = %v", name, !want)
		}
	}
}
