//go:build !js

package lan

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// httpMethods are the first bytes of an HTTP/1.x request; a connection that
// starts with one of them is handed to the host's HTTP server.
var httpMethods = [][]byte{[]byte("GET "), []byte("HEAD"), []byte("POST"), []byte("PUT "),
	[]byte("OPTI"), []byte("DELE"), []byte("PATC"), []byte("CONN"), []byte("TRAC")}

// WebHandler is what serves a host's web page (HostConfig.Web).
type WebHandler = http.Handler

// listening is the host's state for its listeners (Serve): the HTTP
// server that the connections sniffed as HTTP go to, and the socket
// counts (limits.go). In a browser (listen_js.go) it is empty.
type listening struct {
	httpCh  chan net.Conn
	httpSrv *http.Server

	sockMu    sync.Mutex                // guards the socket counts (Serve); taken alone
	sockPer   map[string][]*countedConn // accepted connections open, by IP address, oldest first
	sockTotal int                       // accepted connections open
}

func (h *Host) initListening() { h.httpCh = make(chan net.Conn) }

func (h *Host) closeListening() {
	if h.httpSrv != nil {
		h.httpSrv.Close()
	}
}

// Serve accepts connections on l until Close: the first bytes of each one
// say what it is: Magic (the game protocol over TCP) or an HTTP request (the
// browser page, and WebSocket guests at WebSocketPath). Anything else is
// closed. An accept error (too many open files, a connection reset before
// it was accepted) is logged and retried after a pause that starts at 5 ms
// and doubles to 1 s, like net/http's Server; Serve returns only when the
// listener is closed: nil after the host's Close, net.ErrClosed (wrapped)
// when someone else closed l.
//
// Every accepted connection counts against the socket limits before its
// first byte is read: at most MaxPerAddr+SocketSlack from one IP address and
// 2*MaxConns+SocketSlack in all (game, page, WebSocket and not yet sniffed
// connections alike); one over its address's limit is closed at once, and
// at the limit in all a stranger's socket makes room for it (countSocket),
// so idle HTTP keep-alive connections cannot use up the host's file
// descriptors nor keep a seated guest from coming back.
func (h *Host) Serve(l net.Listener) error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		l.Close()
		return errors.New("lan: the host is closed")
	}
	h.ls = append(h.ls, l)
	if h.httpSrv == nil {
		h.httpSrv = &http.Server{Handler: refuseBodies(h.httpHandler()), ReadHeaderTimeout: h.cfg.HandshakeTimeout,
			// The whole request too (limits.go): a request has no body.
			ReadTimeout: h.cfg.HandshakeTimeout, MaxHeaderBytes: maxRequestHeader, ConnContext: withConn,
			// A keep-alive connection waiting for its next request; the
			// wasm download's writes get their own deadlines (webdist).
			IdleTimeout: httpIdleTimeout}
		go h.httpSrv.Serve(&chanListener{ch: h.httpCh, done: h.done, addr: l.Addr()})
	}
	h.mu.Unlock()
	var delay time.Duration
	for {
		nc, err := l.Accept()
		if err != nil {
			select {
			case <-h.done:
				return nil
			default:
			}
			if errors.Is(err, net.ErrClosed) {
				return fmt.Errorf("lan: serve: %w", err)
			}
			if delay == 0 {
				delay = 5 * time.Millisecond
			} else if delay *= 2; delay > time.Second {
				delay = time.Second
			}
			h.logf("accept: %v; retrying in %v", err, delay)
			t := time.NewTimer(delay)
			select {
			case <-t.C:
			case <-h.done:
				t.Stop()
				return nil
			}
			continue
		}
		delay = 0
		if tc, ok := nc.(*net.TCPConn); ok {
			// Go's default, said out loud: no Nagle delay, an update goes
			// out as soon as its writer flushes it (one write a batch).
			tc.SetNoDelay(true)
		}
		cc, ok := h.countSocket(nc)
		if !ok {
			nc.Close()
			continue
		}
		go h.route(cc)
	}
}

// SocketSlack is how many connections from one address the socket limit
// allows beyond HostConfig.MaxPerAddr (a browser fetches the page over up
// to six connections beside its WebSocket), and beyond twice MaxConns in all.
const SocketSlack = 8

// httpIdleTimeout closes an HTTP keep-alive connection idle this long.
const httpIdleTimeout = 30 * time.Second

// Listen listens on addr (HOST:PORT; port 0 picks one) and serves it in a
// goroutine. It returns the address it listens on.
func (h *Host) Listen(addr string) (net.Addr, error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	go func() {
		if err := h.Serve(l); err != nil {
			h.logf("%v", err)
		}
	}()
	return l.Addr(), nil
}

func (h *Host) route(nc net.Conn) {
	deadline := time.Now().Add(h.cfg.HandshakeTimeout)
	nc.SetReadDeadline(deadline)
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
	h.serveGame(nc, br, deadline, newBudget(h.cfg.Rate, h.cfg.Burst))
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
	// A page download earlier on this keep-alive connection may have left
	// a write deadline (webdist); the game sets its own.
	http.NewResponseController(w).SetWriteDeadline(time.Time{})
	if !h.ownHost(r.Host) {
		// The origin check compares Origin with Host; a DNS rebinding
		// page (Host: evil.example, Origin: http://evil.example) would
		// pass it, so the Host must name this machine.
		http.Error(w, "goldvein host: the WebSocket needs the host's address (an IP address, localhost, its name or a name given with goldvein serve --host-name), not "+strconv.Quote(r.Host), http.StatusForbidden)
		return
	}
	counted := countedOf(r)
	deadline := time.Now().Add(h.cfg.HandshakeTimeout)
	if counted != nil {
		deadline = counted.requestStart().Add(h.cfg.HandshakeTimeout)
	}
	bud := newBudget(h.cfg.Rate, h.cfg.Burst)
	var ws *websocket.Conn
	var flood sync.Once
	control := func() bool {
		if bud.allow(time.Now()) {
			return true
		}
		flood.Do(func() { h.closeFlood(ws, counted, remoteAddr(r)) })
		return false
	}
	ws, err := websocket.Accept(w, r, acceptOptions(h.cfg.Origins, control))
	if err != nil {
		return
	}
	// A WebSocket message may hold several frames (the client's writer
	// batches them); each frame is still held to MaxClientMessage.
	ws.SetReadLimit(64 << 10)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	nc := websocket.NetConn(ctx, ws, websocket.MessageBinary)
	nc = &wsConn{Conn: nc, remote: remoteAddr(r), counted: counted}
	br := bufio.NewReaderSize(nc, 4096)
	nc.SetReadDeadline(deadline)
	if err := readMagic(br); err != nil {
		nc.Close()
		return
	}
	h.serveGame(nc, br, deadline, bud)
}

// floodReason is the close reason a WebSocket gets when its control frames
// overspend its budget (WebSocket close code 1008, policy violation).
const floodReason = "goldvein host: too many WebSocket control frames (pings); goodbye"

// closeFlood closes a WebSocket whose control frames overspent its budget:
// a close frame with floodReason, then its socket a second later whether
// or not the peer answered (it runs in the WebSocket's reader, which must
// not wait for the close handshake). The flood's frames are not answered.
func (h *Host) closeFlood(ws *websocket.Conn, counted *countedConn, from net.Addr) {
	h.logf("closed a WebSocket from %s: more than %g control frames a second (limit %d at once)", addrIP(from), h.cfg.Rate, h.cfg.Burst)
	go ws.Close(websocket.StatusPolicyViolation, floodReason)
	time.AfterFunc(time.Second, func() {
		if counted != nil {
			counted.Close()
		}
		ws.CloseNow()
	})
}

// ownHost reports whether hostport (a request's Host header) names this
// host: an IP address, localhost (or NAME.localhost), the machine's name
// (os.Hostname, also with ".local" or ".lan"), or one of
// HostConfig.HostNames; case is ignored, a port may follow.
func (h *Host) ownHost(hostport string) bool {
	name := hostport
	if hn, _, err := net.SplitHostPort(hostport); err == nil {
		name = hn
	}
	name = strings.TrimSuffix(strings.ToLower(strings.Trim(name, "[]")), ".")
	if name == "" {
		return false
	}
	if _, err := netip.ParseAddr(name); err == nil {
		return true
	}
	if name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return true
	}
	names := slices.Clone(h.cfg.HostNames)
	if hn, err := os.Hostname(); err == nil && hn != "" {
		hn = strings.ToLower(hn)
		names = append(names, hn, hn+".local", hn+".lan")
	}
	for _, n := range names {
		if strings.EqualFold(strings.TrimSuffix(n, "."), name) {
			return true
		}
	}
	return false
}

// wsConn reports the HTTP client's address as its remote address, so the
// per-address limit counts browser guests too.
type wsConn struct {
	net.Conn
	remote  net.Addr
	counted *countedConn // the socket under it (markSeated)
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
