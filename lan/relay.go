package lan

import (
	"context"
	"fmt"
	"net"
	"time"

	"github.com/goldvein/goldvein/lan/seal"
)

// The relay's link framing (docs/LAN.md, Relay): each WebSocket message
// between the relay and a host is a 4-byte big-endian connection id, a
// type byte and a payload. The relay reads only these headers.
const (
	relayData  = 1 // one guest message, opaque
	relayOpen  = 2 // relay to host: a new guest connection (no payload)
	relayClose = 3 // either way: the connection ended (payload: a UTF-8 reason)

	relayHeader = 5
	// MaxRelayPayload is the most bytes one relayed message carries.
	MaxRelayPayload = 1 << 20
)

// Relay link timings.
const (
	relayWriteTimeout = 15 * time.Second    // one message onto the link
	relayPing         = 15 * time.Second    // WebSocket ping on a quiet link
	relayRedialMax    = 5 * time.Second     // longest pause between redials
	relayConnBuffer   = 2 * MaxRelayPayload // a guest's unread bytes on the host before it is closed
)

// RelayError says why the table's relay room is not open now (the relay
// did not answer, refused the room, or the link broke; ServeRelay keeps
// trying); nil while it is open, and before ServeRelay's first try.
func (h *Host) RelayError() error {
	h.relayMu.Lock()
	defer h.relayMu.Unlock()
	return h.relayErr
}

func (h *Host) setRelayError(err error) {
	h.relayMu.Lock()
	h.relayErr = err
	h.relayMu.Unlock()
}

// DialRelay opens a guest's sealed connection to the table of inv through
// its relay (ClientConfig.Dial: lan.Join(ctx, inv.Link(), cfg) with Dial
// set to it): a WebSocket to the relay's room, sealed with the invite's
// key, within ctx. A host with another key gives seal.ErrWrongKey.
func DialRelay(ctx context.Context, inv Invite) (net.Conn, error) {
	nc, err := dialWebSocket(ctx, wsURL(inv.Relay, "/r/"+inv.Room), MaxRelayPayload)
	if err != nil {
		return nil, fmt.Errorf("relay %s: room %s: %w", inv.Relay, inv.Room, err)
	}
	if dl, ok := ctx.Deadline(); ok {
		nc.SetDeadline(dl)
	}
	sc, err := seal.Client(nc, seal.Config{Key: inv.Key, Cipher: inv.Cipher})
	if err != nil {
		return nil, err
	}
	nc.SetDeadline(time.Time{})
	return sc, nil
}

// RelayDialer returns a ClientConfig.Dial that joins through the relay of
// inv whatever address it is given (the client's reconnects use it too).
func RelayDialer(inv Invite) func(ctx context.Context, addr string) (net.Conn, error) {
	return func(ctx context.Context, _ string) (net.Conn, error) { return DialRelay(ctx, inv) }
}
