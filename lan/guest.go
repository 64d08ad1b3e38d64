package lan

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/rules"
)

// hostConn is one guest's connection on the host, whatever carries it
// (TCP, the host's WebSocket, a relay): its writer and, once welcomed, its
// seat.
type hostConn struct {
	h    *Host
	out  *outbox
	ip   string
	seat int // -1 until welcomed
}

func (c *hostConn) refuse(code, text string) {
	c.out.send(&Message{T: TRefused, Code: code, Error: text, Version: Version})
	c.out.finish()
}

func (c *hostConn) fail(code string, err error) {
	c.out.send(&Message{T: TError, Code: code, Error: err.Error()})
}

// serveGame runs the game protocol on a connection whose Magic preamble has
// been read: the handshake, then messages until it closes. The hello must
// arrive by deadline (HandshakeTimeout from the connection's start: the
// preamble, and over a WebSocket the HTTP request, do not restart it); the
// connection's messages spend bud.
func (h *Host) serveGame(nc net.Conn, br *bufio.Reader, deadline time.Time, bud *budget) {
	ip := addrIP(nc.RemoteAddr())
	c := &hostConn{h: h, ip: ip, seat: -1}
	c.out = newOutbox(nc, 10*time.Second, h.wire, h.cfg.onUpdateWritten)
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		c.out.close()
		return
	}
	busy := ""
	switch {
	case h.perAddr[ip] >= h.cfg.MaxPerAddr:
		busy = fmt.Sprintf("too many connections from %s (limit %d)", ip, h.cfg.MaxPerAddr)
	case len(h.conns) >= h.cfg.MaxConns && !h.makeRoomLocked(ip):
		busy = "the host has too many connections"
	}
	if busy == "" {
		h.conns[c] = true
		h.perAddr[ip]++
	}
	h.mu.Unlock()
	if busy != "" {
		c.refuse(CodeBusy, busy)
		return
	}
	defer h.dropped(c)

	nc.SetReadDeadline(deadline)
	buf := make([]byte, 0, 512)
	p, err := ReadFrame(br, buf, MaxClientMessage)
	if err != nil {
		if errors.Is(err, ErrTooLarge) {
			c.refuse(CodeSize, err.Error())
		} else {
			c.out.close()
		}
		return
	}
	hello, err := DecodeClient(p)
	if err == nil && hello.T != THello {
		err = fmt.Errorf("lan: the first message must be hello, not %q", hello.T)
	}
	if err != nil {
		c.refuse(CodeProtocol, err.Error())
		return
	}
	if !h.throttleHello(c) || !h.handshake(c, hello) {
		return
	}
	strikes := 0
	stopPing := make(chan struct{})
	defer close(stopPing)
	go c.pinger(h.cfg.PingInterval, stopPing)
	for {
		nc.SetReadDeadline(time.Now().Add(h.cfg.IdleTimeout))
		p, err := ReadFrame(br, buf, MaxClientMessage)
		if err != nil {
			if errors.Is(err, ErrTooLarge) {
				c.fail(CodeSize, err)
				c.out.finish()
			} else {
				c.out.close()
			}
			return
		}
		buf = p[:0]
		if !bud.allow(time.Now()) {
			strikes++
			c.fail(CodeRate, fmt.Errorf("lan: more than %g messages a second; message dropped", h.cfg.Rate))
		} else if m, err := h.decodeClient(p); err != nil {
			strikes++
			c.fail(CodeProtocol, err)
		} else if !h.handle(c, m) {
			return
		}
		if strikes > 100 {
			c.fail(CodeProtocol, errors.New("lan: too many refused messages; goodbye"))
			c.out.finish()
			return
		}
	}
}

func (c *hostConn) pinger(every time.Duration, stop chan struct{}) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			c.out.send(&Message{T: TPing})
		case <-stop:
			return
		case <-c.out.done:
			return
		}
	}
}

func addrIP(a net.Addr) string {
	if ta, ok := a.(*net.TCPAddr); ok {
		return ta.IP.String()
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}

// decodeClient is DecodeClient with the game's checks: a chat's quick
// phrase is one of the game's (rules.PhrasesOf) and a move reads as the
// game's move (rules.Game.DecodeMove, strictly), into m.decoded.
func (h *Host) decodeClient(p []byte) (Message, error) {
	m, err := DecodeClient(p)
	if err != nil {
		return Message{}, err
	}
	if m.Phrase != "" && rules.PhraseText(h.cfg.Game, m.Phrase) == "" {
		return Message{}, fmt.Errorf("lan: chat: %s has no quick phrase %q", h.cfg.Game.ID(), m.Phrase)
	}
	if m.T == TMove {
		mv, err := h.cfg.Game.DecodeMove(m.Move)
		if err != nil {
			return Message{}, fmt.Errorf("lan: move: %w", err)
		}
		m.decoded = mv
	}
	return m, nil
}

// handle acts on one message from a seated connection; false ends it.
func (h *Host) handle(c *hostConn, m Message) bool {
	switch m.T {
	case THello:
		c.fail(CodeProtocol, errors.New("lan: hello twice"))
	case TPong:
	case TBye:
		c.out.finish()
		h.left(c)
		return false
	case TChat:
		h.mu.Lock()
		if c.seat >= 0 {
			h.chatLocked(c.seat, m.Text, m.Phrase)
		}
		h.mu.Unlock()
	case TMove:
		if t, seat, ok := h.playing(c); ok {
			if h.cfg.onMoveRead != nil {
				h.cfg.onMoveRead(time.Now())
			}
			// A connection moves for its own seat only: the table plays the
			// move as seat's, and a move that names another seat is
			// refused by the match.
			if err := t.Submit(seat, m.decoded); err != nil {
				c.fail(CodeRule, err)
			}
		}
	case TUndo:
		if _, seat, ok := h.playing(c); ok {
			if err := h.Undo(seat); err != nil {
				c.fail(CodeUndo, err)
			}
		}
	}
	return true
}

// playing returns the table and c's seat when c holds a seat in a game
// that has started; else it answers c with a CodeState error.
func (h *Host) playing(c *hostConn) (*game.Table, int, bool) {
	h.mu.Lock()
	t, seat := h.table, c.seat
	h.mu.Unlock()
	switch {
	case seat < 0:
		c.fail(CodeState, errors.New("lan: this connection no longer holds a seat"))
	case t == nil:
		c.fail(CodeState, errors.New("lan: the game has not started"))
	default:
		return t, seat, true
	}
	return nil, -1, false
}

// makeRoomLocked frees a game connection's place for a newcomer from ip
// when the host has MaxConns: it refuses (busy) a connection that holds no
// seat yet, from the address with the most of them, as countSocket does
// with sockets; false when every connection holds a seat. h.mu is held.
func (h *Host) makeRoomLocked(ip string) bool {
	count := map[string]int{}
	var pick *hostConn
	most := 0
	for c := range h.conns {
		if c.seat >= 0 {
			continue
		}
		if count[c.ip]++; count[c.ip] > most {
			most, pick = count[c.ip], c
		}
	}
	if pick == nil {
		return false
	}
	delete(h.conns, pick)
	if h.perAddr[pick.ip]--; h.perAddr[pick.ip] <= 0 {
		delete(h.perAddr, pick.ip)
	}
	h.logf("connection limit: closed a connection from %s that held no seat, for one from %s", pick.ip, ip)
	pick.refuse(CodeBusy, "the host is full: this connection, which had no seat yet, made room for another")
	return true
}
