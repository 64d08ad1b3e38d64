//go:build !js

package lan

import (
	"context"
	"net"

	"github.com/coder/websocket"
)

// dialWebSocket opens a WebSocket to url (ws:// or wss://) within ctx and
// returns it as a byte stream of binary messages, each message at most
// readLimit bytes (a longer one ends the connection). In a browser
// (websocket_js.go) it is the browser's own WebSocket.
func dialWebSocket(ctx context.Context, url string, readLimit int64) (net.Conn, error) {
	ws, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(readLimit)
	return websocket.NetConn(context.Background(), ws, websocket.MessageBinary), nil
}

// acceptOptions are the host's WebSocket options: the page origins it
// accepts, and control, called for every ping and pong, which spends the
// connection's budget (false: a flood, closed).
func acceptOptions(origins []string, control func() bool) *websocket.AcceptOptions {
	return &websocket.AcceptOptions{OriginPatterns: origins,
		OnPingReceived: func(context.Context, []byte) bool { return control() },
		OnPongReceived: func(context.Context, []byte) { control() }}
}
