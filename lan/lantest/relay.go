package lantest

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// Relay is a small relay for lan's tests, speaking the relay's wire
// (docs/LAN.md, Relay) on loopback: hosts claim a room at
// /r/host?room=ROOM&proof=PROOF (the room must be the proof's), guests
// dial /r/ROOM, and every guest message goes to the host as a data frame
// and back. It records every payload it forwards (Bytes) and lets a test
// change what it forwards (Tamper). The real relay is package relay's.
type Relay struct {
	// Tamper, when set, may change what the relay forwards from a guest
	// (toHost true) or to one: it returns the messages to send in place
	// of p (none drops it, several replay or reorder).
	Tamper func(toHost bool, id uint32, p []byte) [][]byte

	addr string
	l    net.Listener
	srv  *http.Server

	mu      sync.Mutex
	rooms   map[string]*relayRoom
	nextID  uint32
	seen    []byte
	stopped bool
}

type relayRoom struct {
	host   *websocket.Conn
	guests map[uint32]*websocket.Conn
}

// NewRelay starts a relay on 127.0.0.1 (a free port); t's cleanup stops
// it.
func NewRelay(t testing.TB) *Relay {
	t.Helper()
	r := &Relay{}
	r.start(t, "127.0.0.1:0")
	t.Cleanup(r.Stop)
	return r
}

// URL is the relay's base address, http://127.0.0.1:PORT.
func (r *Relay) URL() string { return "http://" + r.addr }

func (r *Relay) start(t testing.TB, addr string) {
	t.Helper()
	l, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/r/host", r.serveHost)
	mux.HandleFunc("/r/{room}", r.serveGuest)
	r.mu.Lock()
	r.addr, r.l, r.srv = l.Addr().String(), l, &http.Server{Handler: mux}
	r.rooms = map[string]*relayRoom{}
	r.stopped = false
	r.mu.Unlock()
	go r.srv.Serve(l)
}

// Stop kills the relay: its listener and every WebSocket close at once,
// as when its process dies.
func (r *Relay) Stop() {
	r.mu.Lock()
	r.stopped = true
	srv := r.srv
	var conns []*websocket.Conn
	for _, rm := range r.rooms {
		conns = append(conns, rm.host)
		for _, g := range rm.guests {
			conns = append(conns, g)
		}
	}
	r.rooms = map[string]*relayRoom{}
	r.mu.Unlock()
	srv.Close()
	for _, c := range conns {
		c.CloseNow()
	}
}

// Restart kills the relay and starts a new one, with no rooms, on the
// same address.
func (r *Relay) Restart(t testing.TB) {
	r.Stop()
	r.start(t, r.addr)
}

// Bytes returns every payload the relay has forwarded, both ways, one
// after another.
func (r *Relay) Bytes() []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]byte(nil), r.seen...)
}

// Rooms returns the rooms with a host.
func (r *Relay) Rooms() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.rooms)
}

func roomOf(secret []byte) string {
	sum := sha256.Sum256(secret)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:]))[:16]
}

func (r *Relay) forward(ws *websocket.Conn, toHost bool, id uint32, p []byte, frame func([]byte) []byte) {
	msgs := [][]byte{p}
	if r.Tamper != nil {
		msgs = r.Tamper(toHost, id, p)
	}
	for _, m := range msgs {
		r.mu.Lock()
		r.seen = append(r.seen, m...)
		r.mu.Unlock()
		ws.Write(context.Background(), websocket.MessageBinary, frame(m))
	}
}

func header(id uint32, typ byte, p []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, id)
	return append(append(b, typ), p...)
}

func (r *Relay) serveHost(w http.ResponseWriter, req *http.Request) {
	room, proof := req.URL.Query().Get("room"), req.URL.Query().Get("proof")
	s, err := base64.RawURLEncoding.DecodeString(proof)
	if err != nil || len(s) != 32 || roomOf(s) != room {
		http.Error(w, "relay: the proof does not name the room", http.StatusForbidden)
		return
	}
	// The room is registered before the host can read the 101 (the lock
	// is held through Accept): a host that has its answer has its room.
	r.mu.Lock()
	ws, err := websocket.Accept(w, req, nil)
	if err != nil {
		r.mu.Unlock()
		return
	}
	ws.SetReadLimit(5 + 1<<20)
	old := r.rooms[room]
	rm := &relayRoom{host: ws, guests: map[uint32]*websocket.Conn{}}
	r.rooms[room] = rm
	r.mu.Unlock()
	if old != nil {
		old.host.CloseNow()
	}
	for {
		_, p, err := ws.Read(context.Background())
		if err != nil || len(p) < 5 {
			break
		}
		id := binary.BigEndian.Uint32(p)
		r.mu.Lock()
		g := rm.guests[id]
		r.mu.Unlock()
		if g == nil {
			continue
		}
		switch p[4] {
		case 1:
			r.forward(g, false, id, p[5:], func(m []byte) []byte { return m })
		case 3:
			g.Close(websocket.StatusNormalClosure, string(p[5:]))
		}
	}
	r.mu.Lock()
	if r.rooms[room] == rm {
		delete(r.rooms, room)
	}
	var guests []*websocket.Conn
	for _, g := range rm.guests {
		guests = append(guests, g)
	}
	r.mu.Unlock()
	for _, g := range guests {
		g.Close(websocket.StatusGoingAway, "the host left")
	}
}

func (r *Relay) serveGuest(w http.ResponseWriter, req *http.Request) {
	room := req.PathValue("room")
	// A guest waits a little for a host to claim the room (after a relay
	// restart), as the real relay does (relay.Config.HostWait).
	var rm *relayRoom
	var id uint32
	for wait := 0; wait < 500; wait++ {
		r.mu.Lock()
		rm = r.rooms[room]
		r.nextID++
		id = r.nextID
		r.mu.Unlock()
		if rm != nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if rm == nil {
		http.Error(w, "relay: no such room", http.StatusNotFound)
		return
	}
	ws, err := websocket.Accept(w, req, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return
	}
	ws.SetReadLimit(1 << 20)
	r.mu.Lock()
	rm.guests[id] = ws
	r.mu.Unlock()
	rm.host.Write(context.Background(), websocket.MessageBinary, header(id, 2, nil))
	for {
		_, p, err := ws.Read(context.Background())
		if err != nil {
			break
		}
		r.forward(rm.host, true, id, p, func(m []byte) []byte { return header(id, 1, m) })
	}
	r.mu.Lock()
	delete(rm.guests, id)
	r.mu.Unlock()
	rm.host.Write(context.Background(), websocket.MessageBinary, header(id, 3, []byte("the guest left")))
}
