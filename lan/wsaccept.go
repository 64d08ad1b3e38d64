//go:build !js

package lan

import (
	"context"

	"github.com/coder/websocket"
)

// acceptOptions are the host's WebSocket options: the page origins it
// accepts, and control, called for every ping and pong, which spends the
// connection's budget (false: a flood, closed).
func acceptOptions(origins []string, control func() bool) *websocket.AcceptOptions {
	return &websocket.AcceptOptions{OriginPatterns: origins,
		OnPingReceived: func(context.Context, []byte) bool { return control() },
		OnPongReceived: func(context.Context, []byte) { control() }}
}
