//go:build !js

package relay

import (
	"context"
	"encoding/binary"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// Server is a relay: an http.Handler that pairs host links with guest
// connections by room and forwards their frames (package doc, "The wire").
// It keeps no game state and reads no payload. Make one with NewServer;
// Close ends every connection and its goroutines.
type Server struct {
	cfg Config

	mu       sync.Mutex
	rooms    map[string]*room
	roomsPer map[string]int     // rooms held per host address
	connsPer map[string]int     // WebSockets per address
	conns    int                // WebSockets in all
	peers    map[*peer]struct{} // every open WebSocket
	waiting  map[string]*waiter // guests waiting for a room's host
	closed   bool
	servers  []*http.Server

	done     chan struct{} // closed by Close
	handlers sync.WaitGroup
	janitor  sync.WaitGroup

	stats struct {
		received, sent, bytes, tooFast, tooSlow atomic.Int64
	}
}

// room is a claimed room: its host link and guest connections.
type room struct {
	name    string
	ip      string // the host's address
	created time.Time

	mu      sync.Mutex
	host    *peer
	guests  map[uint32]*peer
	next    uint32 // the next guest's id
	ended   bool
	reclaim bool // a claim is checking whether host is alive
}

// NewServer returns a relay with cfg's limits (zero fields take their
// defaults); an error names a limit that makes no sense.
func NewServer(cfg Config) (*Server, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, rooms: map[string]*room{}, roomsPer: map[string]int{}, connsPer: map[string]int{},
		peers: map[*peer]struct{}{}, waiting: map[string]*waiter{}, done: make(chan struct{})}
	s.janitor.Add(1)
	go s.sweep()
	return s, nil
}

// Stats are a relay's counts (Server.Stats).
type Stats struct {
	Rooms, Conns     int   // claimed rooms, open WebSockets
	Received, Sent   int64 // binary messages read and written
	Bytes            int64 // payload bytes read
	TooFast, TooSlow int64 // connections closed for their rate or for lagging
}

// Stats returns the relay's counts now.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	st := Stats{Rooms: len(s.rooms), Conns: s.conns}
	s.mu.Unlock()
	st.Received, st.Sent, st.Bytes = s.stats.received.Load(), s.stats.sent.Load(), s.stats.bytes.Load()
	st.TooFast, st.TooSlow = s.stats.tooFast.Load(), s.stats.tooSlow.Load()
	return st
}

func (s *Server) logf(format string, args ...any) {
	if s.cfg.Logf != nil {
		s.cfg.Logf(format, args...)
	}
}

// ServeHTTP serves HostPath (host links), GuestPrefix+ROOM (guests),
// JoinPrefix+ROOM and / (the browser build, Config.Web).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == HostPath:
		s.serveWS(w, r, true)
	case strings.HasPrefix(r.URL.Path, GuestPrefix):
		s.serveWS(w, r, false)
	default:
		s.serveWeb(w, r)
	}
}

// serveWeb serves the browser build. An invite's page /j/ROOM is the build's
// index.html; the files it loads by relative address (/j/loader.js, ...)
// are the build's.
func (s *Server) serveWeb(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Web == nil {
		http.Error(w, "goldvein relay: this binary has no browser build embedded; join with the goldvein app (goldvein join LINK)", http.StatusNotFound)
		return
	}
	if rest, ok := strings.CutPrefix(r.URL.Path, JoinPrefix); ok {
		r2 := r.Clone(r.Context())
		if ValidRoom(rest) {
			r2.URL.Path = "/"
		} else {
			r2.URL.Path = "/" + rest
		}
		r2.URL.RawPath = ""
		r = r2
	}
	s.cfg.Web.ServeHTTP(w, r)
}

// loopbackOrigins are the origins always allowed: a page served from the
// machine itself (a developer's build).
var loopbackOrigins = []string{"localhost", "localhost:*", "127.0.0.1", "127.0.0.1:*", "[::1]", "[::1]:*"}

// serveWS runs a WebSocket as a host link or a guest. The connection is
// counted and its room claimed or joined before the upgrade, so that when
// a client's dial returns, its place is held (a guest's open frame is on
// its way to the host); every refusal comes after the upgrade, as a close
// with its reason, so that a browser can read it.
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request, host bool) {
	p := newPeer(s, s.clientIP(r), host)
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		http.Error(w, "goldvein relay: "+ReasonShutdown, http.StatusServiceUnavailable)
		return
	}
	s.handlers.Add(1) // before Close's Wait: Close sets closed under s.mu
	s.mu.Unlock()
	defer s.handlers.Done()

	reason := s.admit(p)
	admitted := reason == ""
	var rm *room
	if admitted && host {
		q := r.URL.Query()
		rm, reason = s.claim(p, q.Get("room"), q.Get("proof"))
	} else if admitted {
		rm, reason = s.join(p, strings.TrimPrefix(r.URL.Path, GuestPrefix))
	}
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{
		OriginPatterns: append(append([]string(nil), loopbackOrigins...), s.cfg.Origins...),
		OnPingReceived: func(_ context.Context, b []byte) bool { return p.count(len(b)) },
		OnPongReceived: func(_ context.Context, b []byte) { p.count(len(b)) },
	})
	if err == nil {
		ws.SetReadLimit(-1) // read checks MaxPayload, to close with its own reason
		if wc := wireOf(r); wc != nil {
			wc.watch(p.countWire)
		}
		p.start(ws)
		if reason != "" {
			s.logf("relay: refused a %s from %s: %s", kind(host), p.ip, reason)
			p.kill(reason)
		} else if host {
			s.runHost(p, rm)
		} else {
			s.runGuest(p, rm)
		}
	} else {
		p.kill(ReasonGuestLeft) // the upgrade failed (origin): no writer runs
	}
	if rm != nil {
		s.leave(p, rm)
	}
	if err == nil {
		p.closeAfter(websocket.StatusNormalClosure, ReasonGuestLeft) // if nothing closed it yet
		p.wait()
	}
	if admitted {
		s.release(p)
	}
}

func kind(host bool) string {
	if host {
		return "host link"
	}
	return "guest"
}

// admit counts p's connection against the relay's and its address's
// limits; it returns the refusal's reason, or "".
func (s *Server) admit(p *peer) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closed:
		return ReasonShutdown
	case s.conns >= s.cfg.MaxConns:
		return ReasonRelayFull
	case s.connsPer[p.ip] >= s.cfg.ConnsPerAddr:
		return ReasonTooManyConns
	}
	s.conns++
	s.connsPer[p.ip]++
	s.peers[p] = struct{}{}
	return ""
}

// release uncounts p (admit).
func (s *Server) release(p *peer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.peers[p]; !ok {
		return
	}
	delete(s.peers, p)
	s.conns--
	if s.connsPer[p.ip]--; s.connsPer[p.ip] <= 0 {
		delete(s.connsPer, p.ip)
	}
}

// clientIP is the request's client address: the TCP peer's, or when that
// is one of TrustedProxies the last X-Forwarded-For entry.
func (s *Server) clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if len(s.cfg.TrustedProxies) > 0 {
		if a, err := netip.ParseAddr(host); err == nil && trusted(s.cfg.TrustedProxies, a.Unmap()) {
			if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
				parts := strings.Split(xff[len(xff)-1], ",")
				if c, err := netip.ParseAddr(strings.TrimSpace(parts[len(parts)-1])); err == nil {
					return c.String()
				}
			}
		}
	}
	return host
}

func trusted(proxies []netip.Prefix, a netip.Addr) bool {
	for _, p := range proxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// runHost forwards the host link's frames to rm's guests until it ends.
func (s *Server) runHost(p *peer, rm *room) {
	for {
		b, err := p.read(0, HeaderSize)
		if err != nil {
			return
		}
		if reason := rm.fromHost(b); reason != "" {
			p.kill(reason)
			return
		}
	}
}

// leave takes p off rm: a host link's end ends the room (its guests are
// closed "host left", or with the host link's own close reason when that
// is the room's: "room expired"); a guest's end goes to the host as a
// close frame with the guest's reason (the relay's, else the one in the
// guest's close frame, else "guest left").
func (s *Server) leave(p *peer, rm *room) {
	reason := p.closeReason()
	if p.host {
		if reason != ReasonRoomExpired {
			reason = ReasonHostLeft
		}
		s.endRoom(rm, reason)
		return
	}
	rm.mu.Lock()
	mine := rm.guests[p.id] == p
	if mine {
		delete(rm.guests, p.id)
	}
	host := rm.host
	rm.mu.Unlock()
	if !mine {
		return // the host closed it, or the room ended
	}
	if reason == "" || reason == ReasonGuestLeft {
		p.mu.Lock()
		reason = p.peerReason
		p.mu.Unlock()
	}
	b, err := AppendFrame(nil, Frame{Conn: p.id, Type: TypeClose, Payload: []byte(reason)})
	if reason == "" || err != nil {
		b, _ = AppendFrame(nil, Frame{Conn: p.id, Type: TypeClose, Payload: []byte(ReasonGuestLeft)})
	}
	host.send(b)
}

// fromHost handles one message of rm's host link: data goes to the guest
// it names, a close closes that guest with its reason after what is queued
// for it; a frame for a guest gone meanwhile is dropped (its close is on
// the way to the host). It returns the reason to close the host link
// with, or "".
func (rm *room) fromHost(b []byte) string {
	f, err := ParseFrame(b)
	if errors.Is(err, ErrFrameTooLarge) {
		return ReasonFrameTooLarge
	}
	if err != nil || f.Type == TypeOpen {
		return ReasonBadFrame
	}
	rm.mu.Lock()
	g := rm.guests[f.Conn]
	if f.Type == TypeClose && g != nil {
		delete(rm.guests, f.Conn)
	}
	rm.mu.Unlock()
	switch {
	case g == nil:
	case f.Type == TypeData:
		g.send(f.Payload)
	default:
		g.closeAfter(websocket.StatusNormalClosure, string(f.Payload))
	}
	return ""
}

// claim makes p the host of the room name when proof is its host's: a live
// host link keeps it ("room taken"), one that answers no ping within
// ReclaimWait loses it. It returns the refusal's reason, or the room.
func (s *Server) claim(p *peer, name, proof string) (*room, string) {
	if got, err := ProofRoom(proof); err != nil || got != name {
		return nil, ReasonBadProof
	}
	s.mu.Lock()
	old := s.rooms[name]
	if old != nil {
		old.mu.Lock()
		busy := old.reclaim
		old.reclaim = true
		oldHost := old.host
		old.mu.Unlock()
		s.mu.Unlock()
		if busy || oldHost.alive(s.cfg.ReclaimWait) {
			old.mu.Lock()
			old.reclaim = busy
			old.mu.Unlock()
			return nil, ReasonRoomTaken
		}
		s.logf("relay: room %s: its host link from %s answered no ping; a new claim from %s takes it", name, old.ip, p.ip)
		oldHost.kill(ReasonIdle)
		s.endRoom(old, ReasonHostLeft)
		s.mu.Lock()
	}
	defer s.mu.Unlock()
	switch {
	case s.closed:
		return nil, ReasonShutdown
	case s.rooms[name] != nil:
		return nil, ReasonRoomTaken
	case s.roomsPer[p.ip] >= s.cfg.RoomsPerAddr:
		return nil, ReasonTooManyRooms
	case len(s.rooms) >= s.cfg.MaxRooms:
		return nil, ReasonRelayFull
	}
	rm := &room{name: name, ip: p.ip, created: time.Now(), host: p, guests: map[uint32]*peer{}, next: 1}
	s.rooms[name] = rm
	s.roomsPer[p.ip]++
	if w := s.waiting[name]; w != nil {
		close(w.ch)
		delete(s.waiting, name)
	}
	return rm, ""
}

// endRoom takes rm off the relay and closes its
// guests with reason, after what is queued for them.
func (s *Server) endRoom(rm *room, reason string) {
	s.mu.Lock()
	if s.rooms[rm.name] == rm {
		delete(s.rooms, rm.name)
		if s.roomsPer[rm.ip]--; s.roomsPer[rm.ip] <= 0 {
			delete(s.roomsPer, rm.ip)
		}
	}
	s.mu.Unlock()
	rm.mu.Lock()
	rm.ended = true
	guests := rm.guests
	rm.guests = map[uint32]*peer{}
	rm.mu.Unlock()
	for _, g := range guests {
		g.closeAfter(reasonCode(reason), reason)
	}
}

// join seats the guest p in the room name, waiting up to HostWait for a
// host, and queues its open frame for the host. It returns the refusal's
// reason, or the room.
func (s *Server) join(p *peer, name string) (*room, string) {
	rm := s.findRoom(name)
	if rm == nil {
		return nil, ReasonNoSuchRoom
	}
	rm.mu.Lock()
	defer rm.mu.Unlock()
	switch {
	case rm.ended:
		return nil, ReasonHostLeft
	case len(rm.guests) >= s.cfg.GuestsPerRoom:
		return nil, ReasonRoomFull
	}
	p.id = rm.next
	rm.next++
	rm.guests[p.id] = p
	open, _ := AppendFrame(nil, Frame{Conn: p.id, Type: TypeOpen})
	rm.host.send(open) // under rm.mu: the open goes before any of p's data
	return rm, ""
}

// runGuest forwards the guest's messages to its room's host until it ends.
func (s *Server) runGuest(p *peer, rm *room) {
	for {
		b, err := p.read(HeaderSize, 0)
		if err != nil {
			return
		}
		binary.BigEndian.PutUint32(b, p.id)
		b[4] = TypeData
		rm.host.send(b)
	}
}

// findRoom returns the room name once it has a host, waiting up to
// HostWait; nil when none claims it (or name is no room name).
func (s *Server) findRoom(name string) *room {
	if !ValidRoom(name) {
		return nil
	}
	s.mu.Lock()
	if rm := s.rooms[name]; rm != nil {
		s.mu.Unlock()
		return rm
	}
	w := s.waiting[name]
	if w == nil {
		w = &waiter{ch: make(chan struct{})}
		s.waiting[name] = w
	}
	w.n++
	s.mu.Unlock()
	t := time.NewTimer(s.cfg.HostWait)
	defer t.Stop()
	select {
	case <-w.ch:
	case <-t.C:
	case <-s.done:
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if w.n--; w.n == 0 && s.waiting[name] == w {
		delete(s.waiting, name)
	}
	return s.rooms[name]
}

// waiter is the guests waiting for a room's host: ch is closed when a
// host claims it; n guests wait on it.
type waiter struct {
	ch chan struct{}
	n  int
}

// sweep closes idle connections and expired rooms until Close.
func (s *Server) sweep() {
	defer s.janitor.Done()
	every := min(time.Second, s.cfg.IdleTimeout/4)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-s.done:
			return
		case <-t.C:
		}
		now := time.Now()
		var idle []*peer
		var expired []*room
		s.mu.Lock()
		for p := range s.peers {
			if now.Sub(time.Unix(0, p.heard.Load())) > s.cfg.IdleTimeout {
				idle = append(idle, p)
			}
		}
		for _, rm := range s.rooms {
			if now.Sub(rm.created) > s.cfg.RoomLifetime {
				expired = append(expired, rm)
			}
		}
		s.mu.Unlock()
		for _, p := range idle {
			p.kill(ReasonIdle)
		}
		for _, rm := range expired {
			rm.mu.Lock()
			h := rm.host
			rm.mu.Unlock()
			h.kill(ReasonRoomExpired)
			s.endRoom(rm, ReasonRoomExpired)
		}
	}
}
