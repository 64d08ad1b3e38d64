//go:build js

package lan

import (
	"context"
	"errors"
	"net"
)

// errBrowserNet is what a page gets for the operating system's network:
// a browser opens WebSockets (dialWebSocket) and nothing else.
var errBrowserNet = errors.New("lan: a browser opens no TCP or UDP sockets: join a LAN host at ws://HOST:PORT" + WebSocketPath + " or through a relay")

func dialTCP(context.Context, string) (net.Conn, error) { return nil, errBrowserNet }

func listenUDP4(string) (*net.UDPConn, error) { return nil, errBrowserNet }

func interfaces() ([]net.Interface, error) { return nil, errBrowserNet }
