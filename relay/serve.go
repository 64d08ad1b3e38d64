//go:build !js

package relay

import (
	"context"
	"crypto/tls"
	"errors"
	"net"
	"net/http"
	"sync"
	"time"
)

// maxRequestHeader bounds a request's header: a browser's is one or two
// KiB.
const maxRequestHeader = 16 << 10

// httpServer returns the http.Server the relay serves a listener with:
// header time-out and size bounded, idle keep-alives closed after a minute.
func (s *Server) httpServer(tc *tls.Config) (*http.Server, error) {
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: maxRequestHeader,
		IdleTimeout: time.Minute, TLSConfig: tc, ConnContext: withWire}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, errors.New("relay: the server is closed")
	}
	s.servers = append(s.servers, srv)
	return srv, nil
}

// Serve serves the relay as plain HTTP (ws://) on l until Close; then it
// returns nil. Use it on a loopback address or behind a reverse proxy that
// ends TLS (docs/LAN.md, "Run a relay").
func (s *Server) Serve(l net.Listener) error {
	srv, err := s.httpServer(nil)
	if err != nil {
		l.Close()
		return err
	}
	return ignoreClosed(srv.Serve(wireListener{l}))
}

// ServeTLS serves the relay as HTTPS (wss://) on l with tc (certificates
// or an autocert manager's GetCertificate) until Close; then it returns
// nil.
func (s *Server) ServeTLS(l net.Listener, tc *tls.Config) error {
	srv, err := s.httpServer(tc)
	if err != nil {
		l.Close()
		return err
	}
	return ignoreClosed(srv.ServeTLS(wireListener{l}, "", ""))
}

func ignoreClosed(err error) error {
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// Close stops serving: listeners close, every connection is closed with
// "relay shutting down" (a close handshake takes at most 10 s) and Close
// returns when every goroutine of the relay has ended.
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.done)
	servers := s.servers
	peers := make([]*peer, 0, len(s.peers))
	for p := range s.peers {
		peers = append(peers, p)
	}
	s.mu.Unlock()
	for _, srv := range servers {
		srv.Close()
	}
	for _, p := range peers {
		p.kill(ReasonShutdown)
	}
	s.handlers.Wait()
	s.janitor.Wait()
	return nil
}

// Wire bytes. A WebSocket's messages are counted when they are whole, but
// its frames arrive one by one: a message of endless empty fragments would
// never be counted. Serve and ServeTLS therefore count every byte read off
// each socket too, against a bucket twice the connection's byte bucket
// (peer.countWire): over it, the connection is closed "too fast".

// wireListener hands out wireConns.
type wireListener struct{ net.Listener }

func (l wireListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &wireConn{Conn: c}, nil
}

// wireConn counts the bytes read off a socket once its WebSocket's peer
// is known (watch); before, the HTTP request is bounded by the server.
type wireConn struct {
	net.Conn
	mu    sync.Mutex
	count func(n int) bool
	over  bool
}

// errWire is a socket's read error once it has read too much too fast.
var errWire = errors.New("relay: too many bytes too fast")

func (c *wireConn) Read(b []byte) (int, error) {
	c.mu.Lock()
	over, count := c.over, c.count
	c.mu.Unlock()
	if over {
		return 0, errWire
	}
	n, err := c.Conn.Read(b)
	if n > 0 && count != nil && !count(n) {
		c.mu.Lock()
		c.over = true
		c.mu.Unlock()
		return 0, errWire
	}
	return n, err
}

// watch makes c count its reads with count.
func (c *wireConn) watch(count func(n int) bool) {
	c.mu.Lock()
	c.count = count
	c.mu.Unlock()
}

type wireKey struct{}

// withWire keeps a request's socket in its context (http.Server.ConnContext).
func withWire(ctx context.Context, c net.Conn) context.Context {
	if tc, ok := c.(*tls.Conn); ok {
		c = tc.NetConn()
	}
	if wc, ok := c.(*wireConn); ok {
		return context.WithValue(ctx, wireKey{}, wc)
	}
	return ctx
}

// wireOf returns the wireConn under a request, or nil (a handler mounted
// on another server).
func wireOf(r *http.Request) *wireConn {
	wc, _ := r.Context().Value(wireKey{}).(*wireConn)
	return wc
}
