//go:build !js

package lan

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"testing"
	"time"
)

// dialFrom connects to addr from local, an address on loopback.
func dialFrom(t *testing.T, addr, local string) (net.Conn, error) {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 2 * time.Second}
	nc, err := d.Dial("tcp", addr)
	if err == nil {
		t.Cleanup(func() { nc.Close() })
	}
	return nc, err
}

// closedWithin reports whether the host closes nc within d (whatever it
// answers first is read and ignored).
func closedWithin(nc net.Conn, d time.Duration) bool {
	nc.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, nc)
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}

// TestStalledRequestBodyIsClosed: a request announcing a body that never
// comes (a Content-Length, or chunked) is answered and closed at once;
// before issue 18 it held its socket forever.
func TestStalledRequestBodyIsClosed(t *testing.T) {
	cfg := testConfig(3, 0)
	cfg.AutoStart = false
	cfg.HandshakeTimeout = 500 * time.Millisecond
	_, addr := startHost(t, cfg)
	for _, head := range []string{
		"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nab",
		"PUT /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n",
		"GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\nConnection: keep-alive\r\n\r\n",
	} {
		nc, err := dialFrom(t, addr, "127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(nc, head)
		if !closedWithin(nc, 5*time.Second) {
			t.Errorf("%q: the host still holds the socket after 5 s", head)
		}
	}
}

// TestReconnectWhileStrangersHoldSockets: strangers hold every socket the
// host allows; a seated guest that dropped still takes its seat back with
// its token, and the seated guest's socket is never the one closed for a
// newcomer.
func TestReconnectWhileStrangersHoldSockets(t *testing.T) {
	cfg := testConfig(3, 1)
	cfg.MaxConns, cfg.MaxPerAddr = 2, 2 // sockets: 2+8 per address, 2*2+8 = 12 in all
	cfg.HandshakeTimeout = 5 * time.Second
	cfg.Grace = time.Minute
	h, addr := startHost(t, cfg)
	ann := join(t, addr, "Ann", nil)
	join(t, addr, "Bo", nil)
	<-h.Started()
	token := ann.Token()
	// Strangers from two addresses take every place left: sockets that
	// never say a word.
	fill := func(local string, n int) {
		for i := 0; i < n; i++ {
			if _, err := dialFrom(t, addr, local); err != nil {
				t.Fatal(err)
			}
		}
	}
	fill("127.0.8.1", 10)
	fill("127.0.8.2", 10)
	time.Sleep(100 * time.Millisecond)
	ann.Close()
	waitFor(t, "Ann's drop", func() bool { return !h.Lobby().Seats[0].Connected })
	fill("127.0.8.3", 3) // the place Ann left, and more
	time.Sleep(100 * time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	back, err := Join(ctx, addr, ClientConfig{Game: toy, Name: "Ann", Token: token, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatalf("Ann's reconnect while strangers hold every socket: %v", err)
	}
	defer back.Close()
	// Newcomers from many addresses, one socket each: once the strangers'
	// addresses hold one socket each too, the seated guests' address holds
	// the most, but seated sockets are never closed for a newcomer.
	for i := 1; i <= 24; i++ {
		fill(fmt.Sprintf("127.0.9.%d", i), 1)
	}
	time.Sleep(200 * time.Millisecond)
	for i, s := range h.Lobby().Seats[:2] {
		if !s.Connected {
			t.Errorf("seat %d (%s) lost its connection to strangers", i, s.Name)
		}
	}
	h.sockMu.Lock()
	total := h.sockTotal
	h.sockMu.Unlock()
	if max := 2*cfg.MaxConns + SocketSlack; total > max {
		t.Errorf("%d sockets open, limit %d", total, max)
	}
}

// TestReconnectWhileStrangersHoldGameConnections: strangers hold every
// game connection the host allows (MaxConns) without a hello; a dropped
// guest still takes its seat back with its token, in place of one of them.
func TestReconnectWhileStrangersHoldGameConnections(t *testing.T) {
	cfg := testConfig(3, 1)
	cfg.MaxConns, cfg.MaxPerAddr = 3, 2
	cfg.HandshakeTimeout = 5 * time.Second
	cfg.Grace = time.Minute
	h, addr := startHost(t, cfg)
	ann := join(t, addr, "Ann", nil)
	join(t, addr, "Bo", nil)
	<-h.Started()
	token := ann.Token()
	ann.Close()
	waitFor(t, "Ann's drop", func() bool { return !h.Lobby().Seats[0].Connected })
	for _, local := range []string{"127.0.11.1", "127.0.11.1", "127.0.11.2"} {
		nc, err := dialFrom(t, addr, local)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(nc, Magic) // and no hello
	}
	waitFor(t, "the strangers counted", func() bool {
		h.mu.Lock()
		defer h.mu.Unlock()
		return len(h.conns) == cfg.MaxConns
	})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	back, err := Join(ctx, addr, ClientConfig{Game: toy, Name: "Ann", Token: token, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatalf("Ann's reconnect while strangers hold every game connection: %v", err)
	}
	back.Close()
}

// TestWebSocketGuestsAreNeverStrangers: the sockets under WebSocket guests
// count as seated too: strangers from many addresses (one socket each)
// fill the host, and the two browser guests' address, holding the most
// sockets, keeps them.
func TestWebSocketGuestsAreNeverStrangers(t *testing.T) {
	cfg := testConfig(3, 1)
	cfg.MaxConns, cfg.MaxPerAddr = 2, 2 // 12 sockets in all
	cfg.HandshakeTimeout = 5 * time.Second
	cfg.Grace = time.Minute
	h, addr := startHost(t, cfg)
	join(t, "ws://"+addr+WebSocketPath, "Ann", nil)
	join(t, "ws://"+addr+WebSocketPath, "Bo", nil)
	<-h.Started()
	for i := 1; i <= 24; i++ {
		if _, err := dialFrom(t, addr, fmt.Sprintf("127.0.12.%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(200 * time.Millisecond)
	for i, s := range h.Lobby().Seats[:2] {
		if !s.Connected {
			t.Errorf("browser seat %d (%s) lost its connection to strangers", i, s.Name)
		}
	}
}
