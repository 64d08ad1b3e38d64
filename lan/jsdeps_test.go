//go:build !js

package lan

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestBrowserBuildHasNoServer: the browser build (GOOS js, the whole
// app: the module's root package) links no HTTP server, TLS nor the
// desktop's WebSocket library: a page dials with the browser's WebSocket
// (websocket_js.go) and hosts nothing (docs/LAN.md, Browser). go list
// -deps, so the go tool must be on PATH.
func TestBrowserBuildHasNoServer(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "..")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	banned := []string{"net/http", "crypto/tls", "crypto/x509", "github.com/coder/websocket"}
	for _, p := range strings.Fields(string(out)) {
		for _, b := range banned {
			if p == b || strings.HasPrefix(p, b+"/") {
				t.Errorf("the browser build links %s", p)
			}
		}
	}
}
