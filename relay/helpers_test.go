//go:build !js

package relay

import (
	"context"
	"errors"
	"net"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// testConfig is a relay's config for tests: short waits, the rest default.
func testConfig() Config {
	return Config{HostWait: 300 * time.Millisecond, ReclaimWait: 300 * time.Millisecond}
}

// startRelay serves a relay on a loopback port; the test closes it and
// checks that its goroutines ended.
func startRelay(t testing.TB, cfg Config) (*Server, string) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return serveOn(t, cfg, l), "ws://" + l.Addr().String()
}

func serveOn(t testing.TB, cfg Config, l net.Listener) *Server {
	t.Helper()
	s, err := NewServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- s.Serve(l) }()
	t.Cleanup(func() {
		s.Close()
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return s
}

// dial opens a WebSocket to url; the test closes it.
func dial(t testing.TB, url string, opts *websocket.DialOptions) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, url, opts)
	if err != nil {
		t.Fatalf("dial %s: %v", strings.Split(url, "?")[0], err)
	}
	c.SetReadLimit(4 << 20)
	t.Cleanup(func() { c.CloseNow() })
	return c
}

func dialHost(t testing.TB, base string, secret []byte) *websocket.Conn {
	return dial(t, HostURL(base, secret), nil)
}

func dialGuest(t testing.TB, base, room string) *websocket.Conn {
	return dial(t, GuestURL(base, room), nil)
}

// read reads one binary message within 5 s.
func read(t testing.TB, c *websocket.Conn) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	typ, b, err := c.Read(ctx)
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	if typ != websocket.MessageBinary {
		t.Fatalf("read a %v message", typ)
	}
	return b
}

func write(t testing.TB, c *websocket.Conn, b []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.Write(ctx, websocket.MessageBinary, b); err != nil {
		t.Fatalf("write: %v", err)
	}
}

func readFrame(t testing.TB, c *websocket.Conn) Frame {
	t.Helper()
	f, err := ParseFrame(read(t, c))
	if err != nil {
		t.Fatalf("host link: %v", err)
	}
	return f
}

func writeFrame(t testing.TB, c *websocket.Conn, f Frame) {
	t.Helper()
	b, err := AppendFrame(nil, f)
	if err != nil {
		t.Fatal(err)
	}
	write(t, c, b)
}

// closedWith reads c until it ends and returns the close frame's code and
// reason (data messages before it are skipped, at most 10,000 of them).
func closedWith(t testing.TB, c *websocket.Conn) (websocket.StatusCode, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for range 10000 {
		_, _, err := c.Read(ctx)
		if err == nil {
			continue
		}
		var ce websocket.CloseError
		if !errors.As(err, &ce) {
			t.Fatalf("the connection ended without a close frame: %v", err)
		}
		return ce.Code, ce.Reason
	}
	t.Fatal("no close after 10,000 messages")
	return 0, ""
}

func wantClose(t testing.TB, c *websocket.Conn, reason string) {
	t.Helper()
	code, got := closedWith(t, c)
	if got != reason || code != reasonCode(reason) {
		t.Fatalf("closed with %d %q, want %d %q", code, got, reasonCode(reason), reason)
	}
}

// noLeaks checks, at the test's end (after the relay's Close, registered
// earlier), that the goroutines went back to their number at its start.
func noLeaks(t *testing.T) {
	before := runtime.NumGoroutine()
	t.Cleanup(func() {
		var now int
		for range 200 { // up to 10 s for closes to finish
			if now = runtime.NumGoroutine(); now <= before {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines after the test, %d before:\n%s", now, before, buf[:runtime.Stack(buf, true)])
	})
}
