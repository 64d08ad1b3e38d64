package browser

import (
	"testing"

	"github.com/goldvein/goldvein/lan"
)

// Outside a browser there is no page: nothing may pretend otherwise.
func TestOutsideBrowser(t *testing.T) {
	if InBrowser() || Query("join") != "" || HostWebSocket() != "" {
		t.Fatalf("InBrowser %v, Query %q, HostWebSocket %q: want false, \"\", \"\"", InBrowser(), Query("join"), HostWebSocket())
	}
}

// The path HostWebSocket builds in the browser is the host's.
func TestWebSocketPath(t *testing.T) {
	if lan.WebSocketPath != "/ws" {
		t.Fatalf("lan.WebSocketPath is %q; browser_js.go builds ws://HOST/ws", lan.WebSocketPath)
	}
}
