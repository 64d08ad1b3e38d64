//go:build js

package lan

import (
	"context"
	"errors"
	"net"
)

// errBrowserHost is what a host's listeners say in a browser.
var errBrowserHost = errors.New("lan: a browser cannot host a table: a page accepts no connections (host from the goldvein app or goldvein serve)")

// WebHandler is what serves a host's web page (HostConfig.Web). A host in
// a browser serves none: no value has its method, so Web stays nil.
type WebHandler interface{ browserServesNoPage() }

// listening is empty in a browser: a host there has no listeners.
type listening struct{}

func (h *Host) initListening()  {}
func (h *Host) closeListening() {}

// markSeated: a browser's host counts no sockets.
func markSeated(net.Conn) {}

// Serve fails in a browser (errBrowserHost); l is closed.
func (h *Host) Serve(l net.Listener) error {
	l.Close()
	return errBrowserHost
}

// Listen fails in a browser (errBrowserHost).
func (h *Host) Listen(string) (net.Addr, error) { return nil, errBrowserHost }

// ServeRelay fails in a browser (errBrowserHost): the relay link, though
// a WebSocket a page could open, serves guests as a host does.
func (h *Host) ServeRelay(context.Context, func(Invite)) error { return errBrowserHost }
