//go:build !js

package lan

import (
	"io"
	"testing"
	"time"
)

// helloFrom sends one hello from local (an address on loopback) and
// returns the host's answer.
func helloFrom(t *testing.T, addr, local string, m Message) Message {
	t.Helper()
	nc, err := dialFrom(t, addr, local)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	io.WriteString(nc, Magic)
	p, err := Encode(&m)
	if err != nil {
		t.Fatal(err)
	}
	WriteFrame(nc, p)
	nc.SetReadDeadline(time.Now().Add(5 * time.Second))
	q, err := ReadFrame(nc, nil, MaxHostMessage)
	if err != nil {
		t.Fatalf("hello from %s: %v", local, err)
	}
	a, err := DecodeHost(q)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestHandshakesThrottledPerAddress: an address gets HelloBurst handshakes
// at once, then HelloRate a second: a hello over it waits, or is refused
// (busy) when the wait would outlast the handshake timeout. Another
// address is not slowed.
func TestHandshakesThrottledPerAddress(t *testing.T) {
	cfg := testConfig(3, 0)
	cfg.AutoStart = false
	cfg.HelloRate, cfg.HelloBurst = 1, 3
	cfg.HandshakeTimeout = 600 * time.Millisecond
	_, addr := startHost(t, cfg)
	old := Message{T: THello, Version: Version - 1, Name: "Eve"}
	codes := map[string]int{}
	for i := 0; i < 8; i++ {
		codes[helloFrom(t, addr, "127.0.6.1", old).Code]++
	}
	if codes[CodeVersion] != 3 || codes[CodeBusy] != 5 {
		t.Errorf("8 hellos at once from one address: %v, want 3 answered and 5 busy", codes)
	}
	if a := helloFrom(t, addr, "127.0.6.2", old); a.Code != CodeVersion {
		t.Errorf("another address: %+v", a)
	}

	cfg.HelloRate, cfg.HelloBurst = 2, 1
	cfg.HandshakeTimeout = 3 * time.Second
	_, addr = startHost(t, cfg)
	helloFrom(t, addr, "127.0.6.3", old)
	start := time.Now()
	if a := helloFrom(t, addr, "127.0.6.3", old); a.Code != CodeVersion {
		t.Errorf("second hello: %+v, want it answered after a wait", a)
	}
	if d := time.Since(start); d < 300*time.Millisecond {
		t.Errorf("second hello answered after %v; at 2 a second it waits about 500 ms", d)
	}
}
