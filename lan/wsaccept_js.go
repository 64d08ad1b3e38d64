//go:build js

package lan

import "github.com/coder/websocket"

// acceptOptions: in a browser (GOOS js) the WebSocket library has no
// control-frame hooks, and a page never hosts a table; lan compiles there
// for its guests.
func acceptOptions(origins []string, _ func() bool) *websocket.AcceptOptions {
	return &websocket.AcceptOptions{OriginPatterns: origins}
}
