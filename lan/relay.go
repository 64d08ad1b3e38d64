package lan

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
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

// ServeRelay opens the room on its relay and serves the guests who come
// through it, as Serve serves those of a listener: each guest's
// connection is sealed with the room's table key (package seal) and then
// speaks the same protocol as over TCP. opened, when not nil, is called
// each time the room is open (again, after the link to the relay broke
// and came back). When the link breaks (a relay restart), ServeRelay
// redials with a pause that starts at 100 ms and doubles to 5 s and
// claims the same room with the secret, so the invite stays good; the
// guests' connections broke with it and they come back with their tokens.
// It returns when ctx ends or the host closes (nil), or at once for a
// room that does not check.
func (h *Host) ServeRelay(ctx context.Context, opened func(Invite)) error {
	if h.cfg.Relay == nil {
		return errors.New("lan: serve relay: the host has no relay room (HostConfig.Relay)")
	}
	room := *h.cfg.Relay
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-h.done:
			cancel()
		case <-ctx.Done():
		}
	}()
	key, _ := seal.ParseKey(room.Key)
	wait := 100 * time.Millisecond
	for ctx.Err() == nil {
		l, err := dialRelayHost(ctx, room)
		h.setRelayError(err)
		if err == nil {
			wait = 100 * time.Millisecond
			if opened != nil {
				opened(room.Invite())
			}
			h.logf("relay: room %s open at %s", room.Room(), room.Relay)
			err = l.serve(ctx, h, key)
		}
		if ctx.Err() != nil {
			return nil
		}
		h.setRelayError(err)
		h.logf("relay: %v; again in %v", err, wait)
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return nil
		}
		wait = min(2*wait, relayRedialMax)
	}
	return nil
}

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

func dialRelayHost(ctx context.Context, room RelayRoom) (*relayLink, error) {
	dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	u := wsURL(room.Relay, "/r/host?room="+room.Room()+"&proof="+room.Secret)
	ws, _, err := websocket.Dial(dctx, u, nil)
	if err != nil {
		// The dial's error may quote the URL: never the proof (whoever
		// has it may claim the room).
		msg := strings.ReplaceAll(err.Error(), room.Secret, "PROOF")
		return nil, fmt.Errorf("relay %s: open room %s: %s", room.Relay, room.Room(), msg)
	}
	ws.SetReadLimit(relayHeader + MaxRelayPayload)
	return &relayLink{ws: ws, room: room.Room(), conns: map[uint32]*relayConn{}}, nil
}

// relayLink is the host's WebSocket to the relay, carrying all of its
// guests' connections.
type relayLink struct {
	ws   *websocket.Conn
	room string

	mu     sync.Mutex
	conns  map[uint32]*relayConn
	broken error
}

// serve reads the link until it breaks, opening a connection for each
// guest the relay announces.
func (l *relayLink) serve(ctx context.Context, h *Host, key seal.Key) error {
	defer l.ws.CloseNow()
	stop := make(chan struct{})
	defer close(stop)
	go l.pinger(ctx, stop)
	var err error
	for {
		var typ websocket.MessageType
		var p []byte
		typ, p, err = l.ws.Read(ctx)
		if err != nil {
			break
		}
		if typ != websocket.MessageBinary || len(p) < relayHeader {
			err = errors.New("the relay sent a malformed message")
			break
		}
		id := binary.BigEndian.Uint32(p)
		switch p[4] {
		case relayOpen:
			c := newRelayConn(l, id)
			l.mu.Lock()
			old := l.conns[id]
			l.conns[id] = c
			l.mu.Unlock()
			if old != nil {
				old.ended(io.EOF)
			}
			go h.serveRelayed(c, key)
		case relayData:
			l.mu.Lock()
			c := l.conns[id]
			l.mu.Unlock()
			if c != nil {
				c.received(p[relayHeader:])
			}
		case relayClose:
			l.mu.Lock()
			c := l.conns[id]
			delete(l.conns, id)
			l.mu.Unlock()
			if c != nil {
				c.ended(io.EOF)
			}
		default:
			err = fmt.Errorf("the relay sent a message of type %d", p[4])
		}
		if err != nil {
			break
		}
	}
	l.mu.Lock()
	l.broken = fmt.Errorf("lan: the link to the relay broke: %w", err)
	conns := l.conns
	l.conns = map[uint32]*relayConn{}
	l.mu.Unlock()
	for _, c := range conns {
		c.ended(l.broken)
	}
	return fmt.Errorf("relay: room %s: %w", l.room, err)
}

func (l *relayLink) pinger(ctx context.Context, stop chan struct{}) {
	t := time.NewTicker(relayPing)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			pctx, cancel := context.WithTimeout(ctx, relayWriteTimeout)
			l.ws.Ping(pctx)
			cancel()
		case <-stop:
			return
		}
	}
}

// send writes one message onto the link.
func (l *relayLink) send(id uint32, typ byte, payload []byte) error {
	msg := make([]byte, relayHeader, relayHeader+len(payload))
	binary.BigEndian.PutUint32(msg, id)
	msg[4] = typ
	msg = append(msg, payload...)
	ctx, cancel := context.WithTimeout(context.Background(), relayWriteTimeout)
	defer cancel()
	return l.ws.Write(ctx, websocket.MessageBinary, msg)
}

// serveRelayed seals a relayed guest's connection and serves the game on
// it, as route does for a TCP connection.
func (h *Host) serveRelayed(c *relayConn, key seal.Key) {
	deadline := time.Now().Add(h.cfg.HandshakeTimeout) // one deadline to the hello, as route's
	c.SetDeadline(deadline)
	sc, err := seal.Server(c, seal.Config{Key: key, Cipher: h.cfg.RelayCipher})
	if err != nil {
		h.logf("relay: guest %d: %v", c.id, err)
		return
	}
	c.SetWriteDeadline(time.Time{})
	br := bufio.NewReaderSize(sc, 4096)
	if err := readMagic(br); err != nil {
		sc.Close()
		return
	}
	h.serveGame(sc, br, deadline, newBudget(h.cfg.Rate, h.cfg.Burst))
}

// relayAddr is a relayed guest's address: the relay cannot tell the host
// where a guest is, so each connection counts as an address of its own
// (HostConfig.MaxPerAddr and the password backoff see it so; the relay's
// own limits bound how many a stranger opens).
type relayAddr struct {
	room string
	id   uint32
}

func (a relayAddr) Network() string { return "relay" }
func (a relayAddr) String() string {
	return "relay-" + a.room + "-" + strconv.FormatUint(uint64(a.id), 10) + ":0"
}

// relayConn is one guest's connection through the relay link: a byte
// stream of the relay's data messages for its id.
type relayConn struct {
	link *relayLink
	id   uint32

	mu     sync.Mutex
	buf    []byte
	end    error // the guest or the link ended it: Read returns it after buf
	closed bool
	rdl    time.Time
	wdl    time.Time
	wake   chan struct{}
	once   sync.Once
}

func newRelayConn(l *relayLink, id uint32) *relayConn {
	return &relayConn{link: l, id: id, wake: make(chan struct{}, 1)}
}

func (c *relayConn) signal() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// received appends a data message; a guest that sends faster than the host
// reads, beyond relayConnBuffer, is closed.
func (c *relayConn) received(p []byte) {
	c.mu.Lock()
	if c.end != nil || c.closed {
		c.mu.Unlock()
		return
	}
	if len(c.buf)+len(p) > relayConnBuffer {
		c.mu.Unlock()
		c.Close()
		return
	}
	c.buf = append(c.buf, p...)
	c.mu.Unlock()
	c.signal()
}

// ended marks the connection's end (the guest closed, or the link broke).
func (c *relayConn) ended(err error) {
	c.mu.Lock()
	if c.end == nil {
		c.end = err
	}
	c.mu.Unlock()
	c.signal()
}

// Read reads the guest's stream, honouring the read deadline.
func (c *relayConn) Read(p []byte) (int, error) {
	for {
		c.mu.Lock()
		switch {
		case c.closed:
			c.mu.Unlock()
			return 0, net.ErrClosed
		case len(c.buf) > 0:
			n := copy(p, c.buf)
			c.buf = c.buf[n:]
			if len(c.buf) == 0 {
				c.buf = nil
			}
			c.mu.Unlock()
			return n, nil
		case c.end != nil:
			err := c.end
			c.mu.Unlock()
			return 0, err
		}
		dl := c.rdl
		c.mu.Unlock()
		var timeout <-chan time.Time
		if !dl.IsZero() {
			d := time.Until(dl)
			if d <= 0 {
				return 0, os.ErrDeadlineExceeded
			}
			t := time.NewTimer(d)
			defer t.Stop()
			timeout = t.C
		}
		select {
		case <-c.wake:
		case <-timeout:
		}
	}
}

// Write sends p to the guest in messages of at most MaxRelayPayload bytes.
func (c *relayConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	closed, end, dl := c.closed, c.end, c.wdl
	c.mu.Unlock()
	switch {
	case closed:
		return 0, net.ErrClosed
	case end != nil:
		return 0, end
	case !dl.IsZero() && time.Now().After(dl):
		return 0, os.ErrDeadlineExceeded
	}
	done := 0
	for done < len(p) {
		n := min(len(p)-done, MaxRelayPayload)
		if err := c.link.send(c.id, relayData, p[done:done+n]); err != nil {
			return done, err
		}
		done += n
	}
	return done, nil
}

// Close ends the connection and tells the relay to close the guest's.
func (c *relayConn) Close() error {
	c.once.Do(func() {
		c.mu.Lock()
		c.closed = true
		c.buf = nil
		told := c.end != nil
		c.mu.Unlock()
		c.signal()
		c.link.mu.Lock()
		if c.link.conns[c.id] == c {
			delete(c.link.conns, c.id)
		}
		c.link.mu.Unlock()
		if !told {
			go c.link.send(c.id, relayClose, []byte("closed by the host"))
		}
	})
	return nil
}

func (c *relayConn) LocalAddr() net.Addr  { return relayAddr{room: c.link.room} }
func (c *relayConn) RemoteAddr() net.Addr { return relayAddr{room: c.link.room, id: c.id} }

func (c *relayConn) SetDeadline(t time.Time) error {
	c.SetReadDeadline(t)
	return c.SetWriteDeadline(t)
}

func (c *relayConn) SetReadDeadline(t time.Time) error {
	c.mu.Lock()
	c.rdl = t
	c.mu.Unlock()
	c.signal()
	return nil
}

func (c *relayConn) SetWriteDeadline(t time.Time) error {
	c.mu.Lock()
	c.wdl = t
	c.mu.Unlock()
	return nil
}

// DialRelay opens a guest's sealed connection to the table of inv through
// its relay (ClientConfig.Dial: lan.Join(ctx, inv.Link(), cfg) with Dial
// set to it): a WebSocket to the relay's room, sealed with the invite's
// key, within ctx. A host with another key gives seal.ErrWrongKey.
func DialRelay(ctx context.Context, inv Invite) (net.Conn, error) {
	ws, _, err := websocket.Dial(ctx, wsURL(inv.Relay, "/r/"+inv.Room), nil)
	if err != nil {
		return nil, fmt.Errorf("relay %s: room %s: %w", inv.Relay, inv.Room, err)
	}
	ws.SetReadLimit(MaxRelayPayload)
	nc := websocket.NetConn(context.Background(), ws, websocket.MessageBinary)
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
