//go:build js

package webdist

import (
	"net"

	"github.com/goldvein/goldvein/lan"
)

// Handler is nil in a browser: a page hosts no table, so it serves no
// page either (and goldvein.wasm links no HTTP server).
func Handler() lan.WebHandler { return nil }

// interfaceAddrs: a page sees no network interfaces.
func interfaceAddrs() []net.Addr { return nil }
