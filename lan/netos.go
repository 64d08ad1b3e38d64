//go:build !js

package lan

import (
	"context"
	"net"
)

// The operating system's network, which a browser does not give a page
// (netos_js.go): TCP, UDP and the interfaces' addresses. Keeping these
// calls here keeps Go's fake network for GOOS js out of goldvein.wasm.

// dialTCP opens a TCP connection to addr (HOST:PORT) within ctx.
func dialTCP(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	nc, err := d.DialContext(ctx, "tcp", addr)
	return nc, localNetworkHint(err)
}

// listenUDP4 listens for UDP over IPv4 on addr (HOST:PORT; "" is any
// address and port).
func listenUDP4(addr string) (*net.UDPConn, error) {
	var ua *net.UDPAddr
	if addr != "" {
		var err error
		if ua, err = net.ResolveUDPAddr("udp4", addr); err != nil {
			return nil, err
		}
	}
	return net.ListenUDP("udp4", ua)
}

// interfaces are the machine's network interfaces.
func interfaces() ([]net.Interface, error) { return net.Interfaces() }
