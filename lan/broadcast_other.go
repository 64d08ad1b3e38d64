//go:build !unix && !windows

package lan

import "net"

// setBroadcast does nothing where sockets have no broadcast option (the
// browser build cannot send UDP at all).
func setBroadcast(c *net.UDPConn) error { return nil }
