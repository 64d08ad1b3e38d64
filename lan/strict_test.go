//go:build !js

package lan

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestInvalidUTF8Refused: a payload with a byte that is not UTF-8, or a
// \u escape of half a surrogate pair, is refused (lan/PROTOCOL.md,
// Framing: decoding is strict) instead of read with U+FFFD in its place;
// a valid pair and an escaped backslash before "u" are kept (issue 24).
func TestInvalidUTF8Refused(t *testing.T) {
	bad := []string{
		"{\"t\":\"hello\",\"version\":3,\"game\":\"toy\",\"name\":\"Ann\xff\"}",
		"{\"t\":\"chat\",\"text\":\"hi \xc3\"}",
		`{"t":"chat","text":"hi \ud800"}`,
		`{"t":"chat","text":"hi \uDC00 there"}`,
		`{"t":"chat","text":"\ud83d\u0041"}`,
	}
	for _, p := range bad {
		if m, err := DecodeClient([]byte(p)); err == nil {
			t.Errorf("DecodeClient(%q) = %+v, want an error", p, m)
		} else if !strings.Contains(err.Error(), "UTF-8") && !strings.Contains(err.Error(), "surrogate") {
			t.Errorf("DecodeClient(%q): %v, want it to name the bad text", p, err)
		}
	}
	good := map[string]string{
		`{"t":"chat","text":"\ud83d\ude00"}`:   "\U0001F600",
		`{"t":"chat","text":"a\\ud800"}`:       `a\ud800`,
		`{"t":"chat","text":"\ufffd is fine"}`: "\uFFFD is fine",
	}
	for p, want := range good {
		m, err := DecodeClient([]byte(p))
		if err != nil || m.Text != want {
			t.Errorf("DecodeClient(%q) = %q, %v; want %q", p, m.Text, err, want)
		}
	}
	// Over the wire: a name with a bad byte is refused, not seated.
	cfg := testConfig(3, 0)
	cfg.AutoStart = false
	h, addr := startHost(t, cfg)
	rc := rawConn(t, addr)
	rc.sendRaw([]byte("{\"t\":\"hello\",\"version\":3,\"game\":\"toy\",\"name\":\"Ann\xfe\"}"))
	if m, err := rc.recv(); err != nil || m.T != TRefused || m.Code != CodeProtocol {
		t.Errorf("hello with a bad byte in its name: %v %+v, want refused (protocol)", err, m)
	}
	for _, s := range h.Lobby().Seats {
		if s.Connected && s.Kind != SeatLocal {
			t.Errorf("a seat was taken: %+v", s)
		}
	}
}

// TestPasswordRetryNeverZero: a guess during a backoff shorter than half a
// second is told to wait 1s, not "0s" (issue 24); retryIn rounds up.
func TestPasswordRetryNeverZero(t *testing.T) {
	for wait, want := range map[time.Duration]time.Duration{
		time.Nanosecond: time.Second, 40 * time.Millisecond: time.Second, time.Second: time.Second,
		1001 * time.Millisecond: 2 * time.Second, 29*time.Second + 10*time.Millisecond: 30 * time.Second,
	} {
		if got := retryIn(wait); got != want {
			t.Errorf("retryIn(%v) = %v, want %v", wait, got, want)
		}
	}
	cfg := testConfig(3, 0)
	cfg.AutoStart = false
	cfg.Password = "sesame"
	cfg.PasswordTries, cfg.PasswordBackoff = 1, 300*time.Millisecond
	_, addr := startHost(t, cfg)
	guess := func(pw string) Message {
		return helloFrom(t, addr, "127.0.7.9", Message{T: THello, Version: Version, Game: "toy", Name: "Eve", Password: pw})
	}
	if a := guess("wrong"); a.Error != "wrong password" {
		t.Fatalf("first guess: %+v", a)
	}
	a := guess("wrong")
	if !strings.Contains(a.Error, "too many wrong passwords") || !strings.HasSuffix(a.Error, "try again in 1s") {
		t.Errorf("a guess in a 300 ms backoff: %q, want it to say try again in 1s", a.Error)
	}
}

// TestHelloDeadlineFromFirstByte: the time to the hello counts from the
// connection's start; sending the preamble (over TCP) or the HTTP request
// (over a WebSocket) does not start it again (issue 24). A WebSocket on a
// keep-alive connection that fetched a page before counts from its own
// request.
func TestHelloDeadlineFromFirstByte(t *testing.T) {
	cfg := testConfig(3, 0)
	cfg.AutoStart = false
	cfg.HandshakeTimeout = 2 * time.Second
	_, addr := startHost(t, cfg)
	hello, _ := Encode(&Message{T: THello, Version: Version, Game: "toy", Name: "Ann"})
	frame := binary.BigEndian.AppendUint32(nil, uint32(len(hello)))
	frame = append(frame, hello...)
	late := 1200 * time.Millisecond // two of them: past the timeout; one: within it

	t.Run("tcp", func(t *testing.T) {
		nc, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer nc.Close()
		time.Sleep(late)
		io.WriteString(nc, Magic)
		time.Sleep(late)
		nc.Write(frame)
		nc.SetReadDeadline(time.Now().Add(3 * time.Second))
		if p, err := ReadFrame(nc, nil, MaxHostMessage); err == nil {
			m, _ := DecodeHost(p)
			t.Errorf("hello %v after the connection's start: %s, want the connection closed", 2*late, m.T)
		}
	})
	t.Run("websocket", func(t *testing.T) {
		nc, br := wsDial(t, addr, late)
		defer nc.Close()
		time.Sleep(late)
		nc.Write(wsFrame(0x2, append([]byte(Magic), frame...)))
		if op, p := wsRead(t, nc, br); op == 0x2 {
			t.Errorf("hello %v after the request's first byte: %q, want the WebSocket closed", 2*late, p)
		}
	})
	t.Run("keep-alive", func(t *testing.T) {
		nc, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer nc.Close()
		br := bufio.NewReader(nc)
		io.WriteString(nc, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		time.Sleep(2 * late) // idle, past the timeout since the page's request
		io.WriteString(nc, wsUpgrade)
		if err := wsUpgraded(br); err != nil {
			t.Fatal(err)
		}
		nc.Write(wsFrame(0x2, append([]byte(Magic), frame...)))
		op, p := wsRead(t, nc, br)
		if op != 0x2 || !bytes.Contains(p, []byte(`"welcome"`)) {
			t.Errorf("a WebSocket's prompt hello on a keep-alive connection: opcode %#x %q, want welcome", op, p)
		}
	})
}

// TestWebSocketPingFlood: a WebSocket's pings spend the connection's
// budget (HostConfig.Rate, Burst); one over it is not answered and the
// host closes the WebSocket (1008, floodReason), before any preamble
// (issue 24; the attack test TestAttackPingFlood measures it).
func TestWebSocketPingFlood(t *testing.T) {
	cfg := testConfig(3, 0)
	cfg.AutoStart = false
	cfg.Rate, cfg.Burst = 5, 10
	_, addr := startHost(t, cfg)
	nc, br := wsDial(t, addr, 0)
	defer nc.Close()
	nc.Write(bytes.Repeat(wsFrame(0x9, nil), 40))
	pongs := 0
	for {
		op, p := wsRead(t, nc, br)
		switch op {
		case 0xA:
			pongs++
			continue
		case 0x8:
			if len(p) < 2 || binary.BigEndian.Uint16(p) != 1008 || string(p[2:]) != floodReason {
				t.Errorf("close frame %q, want 1008 %q", p, floodReason)
			}
		default:
			t.Errorf("after 40 pings: opcode %#x (%d pongs), want a close frame", op, pongs)
		}
		break
	}
	if pongs > 10 {
		t.Errorf("%d pongs to 40 pings, want at most the burst, 10", pongs)
	}
}

// wsUpgrade is a WebSocket opening handshake for /ws, as a non-browser
// client sends it (no Origin).
const wsUpgrade = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
	"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"

// wsDial opens a WebSocket to addr by hand, sending the request's first
// byte and then, gap later, the rest.
func wsDial(t *testing.T, addr string, gap time.Duration) (net.Conn, *bufio.Reader) {
	t.Helper()
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(nc, wsUpgrade[:1])
	time.Sleep(gap)
	io.WriteString(nc, wsUpgrade[1:])
	br := bufio.NewReader(nc)
	if err := wsUpgraded(br); err != nil {
		nc.Close()
		t.Fatal(err)
	}
	return nc, br
}

// wsUpgraded reads the answer to wsUpgrade: 101, or an error.
func wsUpgraded(br *bufio.Reader) error {
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		return &net.AddrError{Err: "WebSocket upgrade: " + resp.Status}
	}
	return nil
}

// wsFrame is one masked WebSocket frame (FIN set) with a payload below 64 KiB.
func wsFrame(op byte, p []byte) []byte {
	key := []byte{1, 2, 3, 4}
	f := []byte{0x80 | op}
	if len(p) < 126 {
		f = append(f, 0x80|byte(len(p)))
	} else {
		f = append(f, 0x80|126)
		f = binary.BigEndian.AppendUint16(f, uint16(len(p)))
	}
	f = append(f, key...)
	for i, b := range p {
		f = append(f, b^key[i%4])
	}
	return f
}

// wsRead reads the host's next WebSocket frame (unmasked, FIN set);
// opcode 0 when the connection ends or nothing comes within 5 s.
func wsRead(t *testing.T, nc net.Conn, br *bufio.Reader) (byte, []byte) {
	t.Helper()
	nc.SetReadDeadline(time.Now().Add(5 * time.Second))
	var h [2]byte
	if _, err := io.ReadFull(br, h[:]); err != nil {
		return 0, nil
	}
	n := int(h[1] & 0x7f)
	switch n {
	case 126:
		var l [2]byte
		io.ReadFull(br, l[:])
		n = int(binary.BigEndian.Uint16(l[:]))
	case 127:
		var l [8]byte
		io.ReadFull(br, l[:])
		n = int(binary.BigEndian.Uint64(l[:]))
	}
	p := make([]byte, n)
	if _, err := io.ReadFull(br, p); err != nil {
		return 0, nil
	}
	return h[0] & 0x0f, p
}
