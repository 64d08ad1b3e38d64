//go:build !js

package lan

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/goldvein/goldvein/lan/lantest"
)

// tempErr is an accept error like EMFILE: temporary, not a timeout.
type tempErr struct{}

func (tempErr) Error() string   { return "accept: too many open files" }
func (tempErr) Timeout() bool   { return false }
func (tempErr) Temporary() bool { return true }

// flakyListener fails its first fails Accepts with tempErr.
type flakyListener struct {
	net.Listener
	fails atomic.Int32
}

func (l *flakyListener) Accept() (net.Conn, error) {
	if l.fails.Add(-1) >= 0 {
		return nil, tempErr{}
	}
	return l.Listener.Accept()
}

func TestServeRetriesAcceptErrors(t *testing.T) {
	cfg := testConfig(3, 1)
	cfg.AutoStart = false
	h, err := NewHost(cfg)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	fl := &flakyListener{Listener: l}
	fl.fails.Store(4)
	done := make(chan error, 1)
	go func() { done <- h.Serve(fl) }()
	c := join(t, l.Addr().String(), "Ann", nil)
	if c == nil || fl.fails.Load() >= 0 {
		t.Fatalf("joined before the accept errors were used up (%d left)", fl.fails.Load())
	}
	select {
	case err := <-done:
		t.Fatalf("Serve returned on a temporary accept error: %v", err)
	default:
	}
	h.Close()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve after Close: %v", err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("Serve did not return after Close")
	}
}

func TestServeReturnsWhenListenerClosed(t *testing.T) {
	h, err := NewHost(testConfig(3, 1))
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- h.Serve(l) }()
	time.Sleep(20 * time.Millisecond)
	l.Close()
	select {
	case err := <-done:
		if !errors.Is(err, net.ErrClosed) {
			t.Errorf("Serve on a closed listener: %v, want net.ErrClosed", err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("Serve did not return after its listener closed")
	}
}

// keepAlive opens an HTTP/1.1 connection from local (an IP on loopback),
// asks for "/" and leaves the connection idle. It reports whether the
// host answered.
func keepAlive(t *testing.T, addr, local string) (net.Conn, bool) {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 2 * time.Second}
	nc, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	nc.SetDeadline(time.Now().Add(3 * time.Second))
	if _, err := io.WriteString(nc, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"); err != nil {
		return nc, false
	}
	resp, err := http.ReadResponse(bufio.NewReader(nc), nil)
	if err != nil {
		return nc, false
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return nc, true
}

func TestSocketLimitPerAddress(t *testing.T) {
	cfg := testConfig(3, 0)
	cfg.MaxPerAddr = 2
	cfg.AutoStart = false
	_, addr := startHost(t, cfg)
	limit := cfg.MaxPerAddr + SocketSlack
	var held []net.Conn
	for i := 0; i < limit; i++ {
		nc, ok := keepAlive(t, addr, "127.0.0.2")
		if !ok {
			t.Fatalf("keep-alive connection %d of %d refused", i+1, limit)
		}
		held = append(held, nc)
	}
	if _, ok := keepAlive(t, addr, "127.0.0.2"); ok {
		t.Fatalf("connection %d from one address was served (limit %d)", limit+1, limit)
	}
	// Another address still joins.
	join(t, addr, "Ann", nil)
	// A connection closed frees its place.
	held[0].Close()
	var ok bool
	for i := 0; i < 50 && !ok; i++ {
		time.Sleep(10 * time.Millisecond)
		_, ok = keepAlive(t, addr, "127.0.0.2")
	}
	if !ok {
		t.Error("a closed connection did not free its place")
	}
}

// TestWebSocketNeedsOwnHost: a DNS rebinding page sends Host: evil.example
// and Origin: http://evil.example, which pass the origin check; the host
// refuses a Host that does not name it.
func TestWebSocketNeedsOwnHost(t *testing.T) {
	cfg := testConfig(3, 1)
	cfg.AutoStart = false
	cfg.HostNames = []string{"goldvein.example"}
	h, addr := startHost(t, cfg)
	_, port, _ := net.SplitHostPort(addr)
	upgrade := func(host string) int { return lantest.Upgrade(t, "http://"+addr+WebSocketPath, host) }
	for _, tc := range []struct {
		host string
		want int
	}{
		{"evil.example:" + port, http.StatusForbidden},
		{"evil.example", http.StatusForbidden},
		{"127.0.0.1.evil.example:" + port, http.StatusForbidden},
		{"127.0.0.1:" + port, http.StatusSwitchingProtocols},
		{"localhost:" + port, http.StatusSwitchingProtocols},
		{"[::1]:" + port, http.StatusSwitchingProtocols},
		{"GOLDVEIN.example:" + port, http.StatusSwitchingProtocols},
	} {
		if got := upgrade(tc.host); got != tc.want {
			t.Errorf("Host %s: status %d, want %d", tc.host, got, tc.want)
		}
	}
	hn, err := os.Hostname()
	if err == nil && hn != "" && !h.ownHost(hn+":"+port) {
		t.Errorf("the machine's own name %q refused", hn)
	}
}
