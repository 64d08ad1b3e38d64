//go:build attack

package lan

// The attacks of issue 18, re-run on loopback to measure a host before and
// after its hardening: go test -tags attack -run Attack -v ./lan/
// Each attack is bounded in count and time and stops by itself; the
// figures are logged, not asserted (the tests named for each fix assert).

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/goldvein/goldvein/webdist"
)

// dialFrom connects to addr from the loopback address local.
func attackDial(addr, local string) (net.Conn, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 2 * time.Second}
	return d.Dial("tcp", addr)
}

// stillOpen reports whether the host still holds nc: nothing arrives and
// the connection is not closed within wait (whatever the host answered
// before is read and ignored).
func stillOpen(nc net.Conn, wait time.Duration) bool {
	nc.SetReadDeadline(time.Now().Add(wait))
	_, err := io.Copy(io.Discard, nc)
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// attackConfig is testConfig with the host's own handshake throttles
// (testConfig lifts them for the package's other tests).
func attackConfig(players, bots int) HostConfig {
	cfg := testConfig(players, bots)
	cfg.HelloRate, cfg.HelloBurst = 0, 0
	return cfg
}

// TestAttackStalledBodies: 12 addresses × 12 sockets each send a request
// head announcing a body that never comes; then a seated guest drops and
// comes back with its token.
func TestAttackStalledBodies(t *testing.T) {
	cfg := attackConfig(3, 2)
	cfg.MaxPerAddr, cfg.MaxConns = 4, 64
	cfg.HandshakeTimeout = 5 * time.Second
	cfg.Grace = time.Minute
	h, addr := startHost(t, cfg)
	c := join(t, addr, "Ann", nil)
	<-h.Started()
	token := c.Token()
	var held []net.Conn
	for a := 1; a <= 12; a++ {
		for i := 0; i < 12; i++ {
			nc, err := attackDial(addr, fmt.Sprintf("127.0.1.%d", a))
			if err != nil {
				continue
			}
			io.WriteString(nc, "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n")
			held = append(held, nc)
		}
	}
	defer func() {
		for _, nc := range held {
			nc.Close()
		}
	}()
	time.Sleep(200 * time.Millisecond)
	c.Close()
	waitFor(t, "the guest's drop", func() bool { return !h.Lobby().Seats[0].Connected })
	time.Sleep(100 * time.Millisecond)
	// The attacker takes the place the guest's socket leaves.
	for i := 0; i < 12; i++ {
		if nc, err := attackDial(addr, "127.0.1.13"); err == nil {
			io.WriteString(nc, "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n")
			held = append(held, nc)
		}
	}
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	_, err := Join(t.Context(), addr, ClientConfig{Game: toy, Name: "Ann", Token: token, Timeout: 2 * time.Second})
	t.Logf("reconnect with token while the attacker holds its sockets: err=%v (%v)", err, time.Since(start).Round(time.Millisecond))
	for _, after := range []time.Duration{time.Second, 7 * time.Second} {
		time.Sleep(after - time.Since(start))
		var open atomic.Int64
		var wg sync.WaitGroup
		for _, nc := range held {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if stillOpen(nc, 300*time.Millisecond) {
					open.Add(1)
				}
			}()
		}
		wg.Wait()
		t.Logf("after %v: %d of %d attacker sockets still held by the host", after, open.Load(), len(held))
	}
}

// TestAttackLobbyChurn: a guest that reads nothing (a very slow link) sits
// in the lobby while one address joins and leaves as fast as it can, for
// at most 3,000 churns or 10 s.
func TestAttackLobbyChurn(t *testing.T) {
	cfg := attackConfig(4, 0)
	cfg.AutoStart = false
	cfg.MaxPerAddr = 4
	cfg.IdleTimeout, cfg.PingInterval = time.Minute, 20*time.Second // the slow guest answers no ping
	h, addr := startHost(t, cfg)
	slow := rawConn(t, addr)
	slow.nc.(*net.TCPConn).SetReadBuffer(4096)
	slow.send(&Message{T: THello, Version: Version, Game: "toy", Name: "Slow"})
	if m, err := slow.recv(); err != nil || m.T != TWelcome {
		t.Fatalf("slow guest: %v %+v", err, m)
	}
	// It reads nothing from here on.
	start := time.Now()
	joined, refused := 0, 0
	for i := 0; i < 3000 && time.Since(start) < 10*time.Second; i++ {
		nc, err := attackDial(addr, "127.0.2.1")
		if err != nil {
			continue
		}
		io.WriteString(nc, Magic)
		p, _ := Encode(&Message{T: THello, Version: Version, Game: "toy", Name: "Churn"})
		WriteFrame(nc, p)
		nc.SetReadDeadline(time.Now().Add(6 * time.Second))
		q, err := ReadFrame(nc, nil, MaxHostMessage)
		if err == nil {
			if m, _ := DecodeHost(q); m.T == TWelcome {
				joined++
			} else {
				refused++
			}
		}
		nc.Close()
	}
	d := time.Since(start)
	time.Sleep(300 * time.Millisecond)
	s := h.Lobby().Seats[0]
	t.Logf("%d joins and %d refusals in %v (%.0f joins/s); slow guest's seat 0: name %q kind %s connected %v",
		joined, refused, d.Round(time.Millisecond), float64(joined)/d.Seconds(), s.Name, s.Kind, s.Connected)
}

// TestAttackPasswordGuessing: one address guesses for at most 5,000
// guesses or 5 s.
func TestAttackPasswordGuessing(t *testing.T) {
	cfg := attackConfig(3, 0)
	cfg.Password = "sesame"
	cfg.AutoStart = false
	var logs atomic.Int64
	cfg.Logf = func(string, ...any) { logs.Add(1) }
	_, addr := startHost(t, cfg)
	start := time.Now()
	tries, checked := 0, 0
	for tries < 5000 && time.Since(start) < 5*time.Second {
		tries++
		nc, err := attackDial(addr, "127.0.4.1")
		if err != nil {
			continue
		}
		io.WriteString(nc, Magic)
		p, _ := Encode(&Message{T: THello, Version: Version, Game: "toy", Name: "Eve", Password: fmt.Sprintf("guess%d", tries)})
		WriteFrame(nc, p)
		nc.SetReadDeadline(time.Now().Add(6 * time.Second))
		if q, err := ReadFrame(nc, nil, MaxHostMessage); err == nil {
			if m, _ := DecodeHost(q); m.Code == CodePassword && m.Error == "wrong password" {
				checked++
			}
		}
		nc.Close()
	}
	d := time.Since(start)
	t.Logf("%d hellos in %v: %d passwords compared (%.1f guesses/s), %d host log lines",
		tries, d.Round(time.Millisecond), checked, float64(checked)/d.Seconds(), logs.Load())
}

// syntheticWasm is n bytes that compress about as well as goldvein.wasm
// (28.9 MB to about 8 MB): words drawn from a small random vocabulary.
func syntheticWasm(n int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	words := make([][]byte, 1024) // 16 KiB: within deflate's window
	for i := range words {
		w := make([]byte, 8+r.IntN(16))
		for j := range w {
			w[j] = byte(r.IntN(256))
		}
		words[i] = w
	}
	b := make([]byte, 0, n+16)
	for len(b) < n {
		b = append(b, words[r.IntN(len(words))]...)
		b = append(b, byte(r.IntN(256)))
	}
	return b[:n]
}

// roundTrips sends n moves before the start from a seated raw guest and
// times each answer (an error: the game has not started).
func roundTrips(t *testing.T, rc *rawClient, n int, max time.Duration) []time.Duration {
	var out []time.Duration
	start := time.Now()
	for i := 0; i < n && time.Since(start) < max; i++ {
		t0 := time.Now()
		rc.sendRaw([]byte(`{"t":"move","move":{"seat":0,"play":"discard","card":"xNS"}}`))
		for {
			m, err := rc.recv()
			if err != nil {
				t.Fatalf("round trip %d: %v", i, err)
			}
			if m.T == TError {
				break
			}
		}
		out = append(out, time.Since(t0))
		time.Sleep(20 * time.Millisecond)
	}
	slices.Sort(out)
	return out
}

// TestAttackDownloadFlood: a seated guest's round trip, alone and while
// one address downloads a 28.9 MB wasm (stored gzipped) over 12
// connections without gzip, for at most 4 s.
func TestAttackDownloadFlood(t *testing.T) {
	raw := syntheticWasm(28_900_000)
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(raw)
	zw.Close()
	t.Logf("synthetic wasm: %d bytes, %d gzipped", len(raw), gz.Len())
	cfg := attackConfig(3, 0)
	cfg.AutoStart = false
	cfg.IdleTimeout, cfg.PingInterval = time.Minute, 20*time.Second
	cfg.Web = webdist.NewHandler(fstest.MapFS{"goldvein.wasm.gz": {Data: gz.Bytes()}, "index.html": {Data: []byte("<html>")}})
	_, addr := startHost(t, cfg)
	rc := rawConn(t, addr)
	rc.send(&Message{T: THello, Version: Version, Game: "toy", Name: "Ann"})
	if m, err := rc.recv(); err != nil || m.T != TWelcome {
		t.Fatalf("guest: %v %+v", err, m)
	}
	q := func(d []time.Duration) string {
		return fmt.Sprintf("median %v p90 %v", d[len(d)/2].Round(10*time.Microsecond), d[len(d)*9/10].Round(10*time.Microsecond))
	}
	t.Logf("round trip alone: %s", q(roundTrips(t, rc, 50, 10*time.Second)))
	for _, accept := range []string{"", "gzip"} {
		stop := make(chan struct{})
		var bytesIn, done, refused atomic.Int64
		var wg sync.WaitGroup
		cpu0 := processCPU()
		for i := 0; i < 12; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				tr := &http.Transport{DisableCompression: true, DialContext: nil}
				tr.DialContext = (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.3.1")}}).DialContext
				cl := &http.Client{Transport: tr, Timeout: 10 * time.Second}
				defer tr.CloseIdleConnections()
				for {
					select {
					case <-stop:
						return
					default:
					}
					req, _ := http.NewRequest("GET", "http://"+addr+"/goldvein.wasm", nil)
					if accept != "" {
						req.Header.Set("Accept-Encoding", accept)
					}
					resp, err := cl.Do(req)
					if err != nil {
						time.Sleep(10 * time.Millisecond)
						continue
					}
					n, _ := io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					bytesIn.Add(n)
					if resp.StatusCode == http.StatusOK {
						done.Add(1)
					} else {
						refused.Add(1)
						time.Sleep(10 * time.Millisecond)
					}
				}
			}()
		}
		time.Sleep(300 * time.Millisecond)
		start := time.Now()
		rt := roundTrips(t, rc, 100, 4*time.Second)
		close(stop)
		wg.Wait()
		d := time.Since(start)
		t.Logf("round trip during 12 downloads (Accept-Encoding %q): %d samples, %s; %d downloads done, %d refused, %.1f MB sent in %v, process CPU %v",
			accept, len(rt), q(rt), done.Load(), refused.Load(), float64(bytesIn.Load())/1e6, d.Round(time.Millisecond), (processCPU() - cpu0).Round(time.Millisecond))
	}
}
