//go:build !js

package relay

import (
	"crypto/tls"
	"errors"
	"net"
	"net/http"
	"time"
)

// maxRequestHeader bounds a request's header: a browser's is one or two
// KiB.
const maxRequestHeader = 16 << 10

// httpServer returns the http.Server the relay serves a listener with:
// header time-out and size bounded, idle keep-alives closed after a minute.
func (s *Server) httpServer(tc *tls.Config) (*http.Server, error) {
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: maxRequestHeader,
		IdleTimeout: time.Minute, TLSConfig: tc}
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
	return ignoreClosed(srv.Serve(l))
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
	return ignoreClosed(srv.ServeTLS(l, "", ""))
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
