//go:build attack

package lan

// The attacks of issue 18, re-run on loopback to measure a host before and
// after its hardening: go test -tags attack -run Attack -v ./lan/
// Each attack is bounded in count and time and stops by itself; the
// figures are logged, not asserted (the tests named for each fix assert).

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
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

// seatedRawGuest starts a host with cfg and seats a raw guest, Ann, in it.
func seatedRawGuest(t *testing.T, cfg HostConfig) (string, *rawClient) {
	t.Helper()
	_, addr := startHost(t, cfg)
	rc := rawConn(t, addr)
	rc.send(&Message{T: THello, Version: Version, Game: "toy", Name: "Ann"})
	if m, err := rc.recv(); err != nil || m.T != TWelcome {
		t.Fatalf("guest: %v %+v", err, m)
	}
	return addr, rc
}

// quantiles names two quantiles (percent) of sorted durations.
func quantiles(d []time.Duration, name1 string, q1 int, name2 string, q2 int) string {
	at := func(q int) time.Duration { return d[len(d)*q/100].Round(10 * time.Microsecond) }
	return fmt.Sprintf("%s %v %s %v", name1, at(q1), name2, at(q2))
}

// roundTrips sends n moves before the start from a seated raw guest, gap
// apart, and times each answer (an error: the game has not started).
func roundTrips(t *testing.T, rc *rawClient, n int, max, gap time.Duration) []time.Duration {
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
		time.Sleep(gap)
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
	addr, rc := seatedRawGuest(t, cfg)
	q := func(d []time.Duration) string { return quantiles(d, "median", 50, "p90", 90) }
	t.Logf("round trip alone: %s", q(roundTrips(t, rc, 50, 10*time.Second, 20*time.Millisecond)))
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
		rt := roundTrips(t, rc, 100, 4*time.Second, 20*time.Millisecond)
		close(stop)
		wg.Wait()
		d := time.Since(start)
		t.Logf("round trip during 12 downloads (Accept-Encoding %q): %d samples, %s; %d downloads done, %d refused, %.1f MB sent in %v, process CPU %v",
			accept, len(rt), q(rt), done.Load(), refused.Load(), float64(bytesIn.Load())/1e6, d.Round(time.Millisecond), (processCPU() - cpu0).Round(time.Millisecond))
	}
}

// pingFloodEnv, when set in the environment, names the host that
// TestAttackPingFloodAttacker floods: the ping flood runs in a child process
// so that the host's own process CPU can be measured apart from it.
const pingFloodEnv = "GOLDVEIN_PING_FLOOD_ADDR"

// TestAttackPingFloodAttacker is the child process of TestAttackPingFlood:
// ten /ws sockets from 127.0.5.1 that never send the preamble write masked
// empty ping frames as fast as the host takes them, for at most 10 s. It
// prints the pings written, the pongs read and how the sockets ended.
func TestAttackPingFloodAttacker(t *testing.T) {
	addr := os.Getenv(pingFloodEnv)
	if addr == "" {
		t.Skip("the child process of TestAttackPingFlood")
	}
	frame := []byte{0x89, 0x80, 1, 2, 3, 4} // FIN+ping, masked, no payload
	batch := bytes.Repeat(frame, 64<<10/len(frame))
	var written, pongs, closed atomic.Int64
	var wg sync.WaitGroup
	stop := time.Now().Add(10 * time.Second)
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			nc, err := attackDial(addr, "127.0.5.1")
			if err != nil {
				return
			}
			defer nc.Close()
			io.WriteString(nc, wsUpgrade)
			br := bufio.NewReader(nc)
			nc.SetReadDeadline(time.Now().Add(5 * time.Second))
			for {
				line, err := br.ReadString('\n')
				if err != nil {
					return
				}
				if line == "\r\n" {
					break
				}
			}
			nc.SetReadDeadline(stop)
			go func() {
				// Pongs are 2 bytes (unmasked, empty); a close frame
				// (opcode 8) ends the flood.
				for {
					b, err := br.ReadByte()
					if err != nil {
						return
					}
					if b == 0x88 {
						closed.Add(1)
						nc.Close()
						return
					}
					if b == 0x8A {
						pongs.Add(1)
					}
					n, _ := br.ReadByte()
					br.Discard(int(n & 0x7f))
				}
			}()
			nc.SetWriteDeadline(stop)
			for time.Now().Before(stop) {
				n, err := nc.Write(batch)
				written.Add(int64(n / len(frame)))
				if err != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	fmt.Printf("pings written %d, pongs read %d, sockets closed by the host with a close frame %d\n",
		written.Load(), pongs.Load(), closed.Load())
}

// TestAttackPingFlood: a seated guest's round trip, alone and while the
// child process (TestAttackPingFloodAttacker) floods the host with
// WebSocket pings; the host's process CPU is its own.
func TestAttackPingFlood(t *testing.T) {
	if os.Getenv(pingFloodEnv) != "" {
		t.Skip("in the child process")
	}
	cfg := attackConfig(3, 0)
	cfg.AutoStart = false
	cfg.IdleTimeout, cfg.PingInterval = time.Minute, 20*time.Second
	cfg.HandshakeTimeout = 20 * time.Second // the flood lasts its 10 s before any deadline
	cfg.Rate, cfg.Burst = 0, 0              // the host's own budget (20 a second, 40 at once)
	var logs sync.Map
	cfg.Logf = func(f string, a ...any) { logs.Store(fmt.Sprintf(f, a...), true) }
	addr, rc := seatedRawGuest(t, cfg)
	q := func(d []time.Duration) string { return quantiles(d, "p50", 50, "p95", 95) }
	t.Logf("round trip alone: %s", q(roundTrips(t, rc, 40, 10*time.Second, 20*time.Millisecond)))
	cmd := exec.Command(os.Args[0], "-test.run=^TestAttackPingFloodAttacker$", "-test.v")
	cmd.Env = append(os.Environ(), pingFloodEnv+"="+addr)
	var out bytes.Buffer
	cmd.Stdout = &out
	cpu0 := processCPU()
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	rt := roundTrips(t, rc, 55, 9*time.Second, 150*time.Millisecond)
	cmd.Wait()
	d := time.Since(start)
	cpu := processCPU() - cpu0
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, "pings written") {
			t.Log(line)
		}
	}
	logs.Range(func(k, _ any) bool {
		if strings.Contains(k.(string), "control frame") {
			t.Logf("host log: %s", k)
			return false
		}
		return true
	})
	t.Logf("round trip during the flood: %d samples, %s; host process CPU %v in %v (%.0f%% of a core)",
		len(rt), q(rt), cpu.Round(time.Millisecond), d.Round(time.Millisecond), 100*cpu.Seconds()/d.Seconds())
}
