//go:build !js

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
	*inbox
	link *relayLink
	id   uint32

	wmu  sync.Mutex
	wdl  time.Time // the write deadline
	once sync.Once
}

func newRelayConn(l *relayLink, id uint32) *relayConn {
	return &relayConn{inbox: newInbox(), link: l, id: id}
}

// received appends a data message; a guest that sends faster than the host
// reads, beyond relayConnBuffer, is closed.
func (c *relayConn) received(p []byte) {
	if !c.inbox.received(p, relayConnBuffer) {
		c.Close()
	}
}

// Read reads the guest's stream, honouring the read deadline.
func (c *relayConn) Read(p []byte) (int, error) { return c.read(p) }

// Write sends p to the guest in messages of at most MaxRelayPayload bytes.
func (c *relayConn) Write(p []byte) (int, error) {
	if err := c.writable(); err != nil {
		return 0, err
	}
	c.wmu.Lock()
	dl := c.wdl
	c.wmu.Unlock()
	if !dl.IsZero() && time.Now().After(dl) {
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
		told := c.inbox.close()
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
	c.setReadDeadline(t)
	return nil
}

func (c *relayConn) SetWriteDeadline(t time.Time) error {
	c.wmu.Lock()
	c.wdl = t
	c.wmu.Unlock()
	return nil
}
