package lan

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// WebSocketPath is where a host accepts WebSocket guests (browsers); the
// binary messages carry the same byte stream as a TCP connection, Magic
// first (lan/PROTOCOL.md, Transports).
const WebSocketPath = "/ws"

// httpMethods are the first bytes of an HTTP/1.x request; a connection that
// starts with one of them is handed to the host's HTTP server.
var httpMethods = [][]byte{[]byte("GET "), []byte("HEAD"), []byte("POST"), []byte("PUT "),
	[]byte("OPTI"), []byte("DELE"), []byte("PATC"), []byte("CONN"), []byte("TRAC")}

// Serve accepts connections on l until Close: the first bytes of each one
// say what it is: Magic (the game protocol over TCP) or an HTTP request (the
// browser page, and WebSocket guests at WebSocketPath). Anything else is
// closed. It returns nil after Close.
func (h *Host) Serve(l net.Listener) error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		l.Close()
		return errors.New("lan: the host is closed")
	}
	h.ls = append(h.ls, l)
	if h.httpSrv == nil {
		h.httpSrv = &http.Server{Handler: h.httpHandler(), ReadHeaderTimeout: h.cfg.HandshakeTimeout}
		go h.httpSrv.Serve(&chanListener{ch: h.httpCh, done: h.done, addr: l.Addr()})
	}
	h.mu.Unlock()
	for {
		nc, err := l.Accept()
		if err != nil {
			select {
			case <-h.done:
				return nil
			default:
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				time.Sleep(50 * time.Millisecond)
				continue
			}
			return err
		}
		if tc, ok := nc.(*net.TCPConn); ok {
			// Go's default, said out loud: no Nagle delay, an update goes
			// out as soon as its writer flushes it (one write a batch).
			tc.SetNoDelay(true)
		}
		go h.route(nc)
	}
}

// Listen listens on addr (HOST:PORT; port 0 picks one) and serves it in a
// goroutine. It returns the address it listens on.
func (h *Host) Listen(addr string) (net.Addr, error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	go h.Serve(l)
	return l.Addr(), nil
}

func (h *Host) route(nc net.Conn) {
	nc.SetReadDeadline(time.Now().Add(h.cfg.HandshakeTimeout))
	br := bufio.NewReaderSize(nc, 4096)
	p, err := br.Peek(4)
	if err != nil {
		nc.Close()
		return
	}
	for _, m := range httpMethods {
		if bytes.Equal(p, m) {
			nc.SetReadDeadline(time.Time{})
			select {
			case h.httpCh <- &peekedConn{Conn: nc, r: br}:
			case <-h.done:
				nc.Close()
			}
			return
		}
	}
	if err := readMagic(br); err != nil {
		nc.Close()
		return
	}
	h.serveGame(nc, br)
}

func readMagic(br *bufio.Reader) error {
	p, err := br.Peek(len(Magic))
	if err != nil || string(p) != Magic {
		return ErrBadMagic
	}
	br.Discard(len(Magic))
	return nil
}

func (h *Host) httpHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc(WebSocketPath, h.serveWebSocket)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if h.cfg.Web != nil {
			h.cfg.Web.ServeHTTP(w, r)
			return
		}
		http.Error(w, "goldvein host: this binary has no browser build embedded; join with the goldvein app", http.StatusNotFound)
	})
	return mux
}

// serveWebSocket runs the game protocol over a WebSocket: the same bytes as
// over TCP, Magic first. The page's origin must be the host itself or one
// of HostConfig.Origins.
func (h *Host) serveWebSocket(w http.ResponseWriter, r *http.Request) {
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: h.cfg.Origins})
	if err != nil {
		return
	}
	// A WebSocket message may hold several frames (the client's writer
	// batches them); each frame is still held to MaxClientMessage.
	ws.SetReadLimit(64 << 10)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	nc := websocket.NetConn(ctx, ws, websocket.MessageBinary)
	nc = &wsConn{Conn: nc, remote: remoteAddr(r)}
	br := bufio.NewReaderSize(nc, 4096)
	nc.SetReadDeadline(time.Now().Add(h.cfg.HandshakeTimeout))
	if err := readMagic(br); err != nil {
		nc.Close()
		return
	}
	h.serveGame(nc, br)
}

// wsConn reports the HTTP client's address as its remote address, so the
// per-address limit counts browser guests too.
type wsConn struct {
	net.Conn
	remote net.Addr
}

func (c *wsConn) RemoteAddr() net.Addr { return c.remote }

func remoteAddr(r *http.Request) net.Addr {
	a, err := net.ResolveTCPAddr("tcp", r.RemoteAddr)
	if err != nil {
		return &net.TCPAddr{}
	}
	return a
}

// peekedConn is a connection whose first bytes sit in a bufio.Reader.
type peekedConn struct {
	net.Conn
	r *bufio.Reader
}

func (c *peekedConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// chanListener is a net.Listener fed by the sniffer.
type chanListener struct {
	ch   chan net.Conn
	done chan struct{}
	addr net.Addr
	once sync.Once
}

func (l *chanListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.ch:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *chanListener) Close() error { return nil }

func (l *chanListener) Addr() net.Addr { return l.addr }
