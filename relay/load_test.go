//go:build relayload && linux

package relay

// The relay's scale, measured (issue 27; docs/LAN.md, "Run a relay"):
//
//	go test -tags relayload -run TestLoad -v -timeout 10m ./relay/ [-rooms 1000 -guests 5 -every 2s -steady 30s]
//
// It builds the headless binary, runs `goldvein-server relay` as its own
// process on a loopback port (its per-address limits raised: every client
// here is 127.0.0.1), fills it with rooms of one host and -guests guests,
// and has each room make a move (200 bytes, from its guests in turn: the
// games are turn-based) every -every; the room's
// host answers each move with an update (1 KiB) to each of its guests. For
// -steady it samples the relay process's CPU time and resident memory, and
// the latency of every move (guest -> relay -> host -> relay -> the guest
// that moved), paired in the same run with probes, in turn, through a
// probe room of the relay and over a direct WebSocket to an echo server in
// this process (the LAN path: one hop, the same library). Loopback only;
// the numbers of rooms, connections and seconds are bounded by the flags.

import (
	"bufio"
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
)

var (
	loadRooms  = flag.Int("rooms", 1000, "rooms in the load test")
	loadGuests = flag.Int("guests", 5, "guests per room (connections per room: one more, the host)")
	loadEvery  = flag.Duration("every", 2*time.Second, "each room makes a move this often (its guests in turn)")
	loadSteady = flag.Duration("steady", 30*time.Second, "how long the measured steady state lasts")
)

const (
	moveSize   = 200
	updateSize = 1024
)

// latencies collects durations from many goroutines.
type latencies struct {
	mu sync.Mutex
	d  []time.Duration
}

func (l *latencies) add(d time.Duration) {
	l.mu.Lock()
	l.d = append(l.d, d)
	l.mu.Unlock()
}

func (l *latencies) pct(p float64) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.d) == 0 {
		return 0
	}
	s := slices.Clone(l.d)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*p))]
}

func (l *latencies) n() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.d)
}

// procStat returns a process's CPU time (user+system) and resident memory.
func procStat(t *testing.T, pid int) (time.Duration, int64) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	s, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	var rss int64
	for _, line := range strings.Split(string(s), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			rss = kb << 10
		}
	}
	return time.Duration(ut+st) * 10 * time.Millisecond, rss // USER_HZ is 100 on Linux
}

func TestLoad(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "goldvein-server")
	build := exec.Command("go", "build", "-tags", "headless", "-o", bin, ".")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	conns := *loadRooms * (*loadGuests + 1)
	cmd := exec.Command(bin, "relay", "--addr", "127.0.0.1:0", "--quiet",
		"--rooms-per-addr", strconv.Itoa(*loadRooms+10), "--conns-per-addr", strconv.Itoa(conns+100))
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	base := strings.TrimPrefix(strings.TrimSpace(line), "relay: ")
	pid := cmd.Process.Pid
	time.Sleep(300 * time.Millisecond)
	_, rssIdle := procStat(t, pid)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	httpc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: -1}}
	dial := func(url string) *websocket.Conn {
		for try := 0; ; try++ {
			dctx, dcancel := context.WithTimeout(ctx, 20*time.Second)
			c, _, err := websocket.Dial(dctx, url, &websocket.DialOptions{HTTPClient: httpc})
			dcancel()
			if err == nil {
				c.SetReadLimit(MaxPayload + HeaderSize)
				return c
			}
			if try == 3 {
				panic(fmt.Sprintf("dial: %v", err))
			}
			time.Sleep(100 * time.Millisecond)
		}
	}

	var moves latencies
	var sentMoves, gotUpdates, errs atomic.Int64
	measuring := atomic.Bool{}
	var wg sync.WaitGroup
	start := time.Now()
	type guest struct {
		c  *websocket.Conn
		id uint32
	}
	var allMu sync.Mutex
	var all []*websocket.Conn
	keep := func(c *websocket.Conn) {
		allMu.Lock()
		all = append(all, c)
		allMu.Unlock()
	}
	var opened atomic.Int64
	openRoom := func() {
		secret := NewSecret()
		host := dial(HostURL(base, secret))
		keep(host)
		var guests []guest
		for range *loadGuests {
			g := dial(GuestURL(base, Room(secret)))
			keep(g)
			_, b, err := host.Read(ctx)
			if err != nil {
				t.Error(err)
				return
			}
			f, _ := ParseFrame(b)
			guests = append(guests, guest{g, f.Conn})
		}
		// The host: every move goes back as an update to each guest.
		wg.Add(1)
		go func() {
			defer wg.Done()
			upd := make([]byte, HeaderSize+updateSize)
			upd[4] = TypeData
			for {
				_, b, err := host.Read(ctx)
				if err != nil {
					return
				}
				f, err := ParseFrame(b)
				if err != nil || f.Type != TypeData || len(f.Payload) < 12 {
					continue
				}
				copy(upd[HeaderSize:], f.Payload[:12]) // the move's time and mover
				for _, g := range guests {
					binary.BigEndian.PutUint32(upd, g.id)
					if host.Write(ctx, websocket.MessageBinary, upd) != nil {
						return
					}
				}
			}
		}()
		for _, g := range guests {
			wg.Add(1)
			go func() { // reads updates; times its own moves
				defer wg.Done()
				for {
					_, b, err := g.c.Read(ctx)
					if err != nil {
						return
					}
					gotUpdates.Add(1)
					if len(b) >= 12 && binary.BigEndian.Uint32(b[8:]) == g.id && measuring.Load() {
						moves.add(time.Since(time.Unix(0, int64(binary.BigEndian.Uint64(b)))))
					}
				}
			}()
		}
		wg.Add(1)
		go func() { // a move every -every, by each guest in turn, from a random phase
			defer wg.Done()
			mv := make([]byte, moveSize)
			select {
			case <-time.After(rand.N(*loadEvery)):
			case <-ctx.Done():
				return
			}
			tick := time.NewTicker(*loadEvery)
			defer tick.Stop()
			for turn := 0; ; turn++ {
				g := guests[turn%len(guests)]
				binary.BigEndian.PutUint64(mv, uint64(time.Now().UnixNano()))
				binary.BigEndian.PutUint32(mv[8:], g.id)
				if err := g.c.Write(ctx, websocket.MessageBinary, mv); err != nil {
					if ctx.Err() == nil {
						errs.Add(1)
					}
					return
				}
				sentMoves.Add(1)
				select {
				case <-tick.C:
				case <-ctx.Done():
					return
				}
			}
		}()
		if n := opened.Add(1); n%100 == 0 {
			t.Logf("%d rooms open after %v", n, time.Since(start).Round(time.Millisecond))
		}
	}
	// Rooms open 8 at a time (dials in sequence would take minutes on a
	// loaded machine).
	next := make(chan struct{})
	var setup sync.WaitGroup
	for range 8 {
		setup.Add(1)
		go func() {
			defer setup.Done()
			for range next {
				openRoom()
			}
		}()
	}
	for range *loadRooms {
		next <- struct{}{}
	}
	close(next)
	setup.Wait()
	time.Sleep(*loadEvery) // every guest has moved
	_, rssFull := procStat(t, pid)

	// Probes: the same echo through a probe room, and over one direct hop.
	echo := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		for {
			_, b, err := c.Read(r.Context())
			if err != nil {
				return
			}
			c.Write(r.Context(), websocket.MessageBinary, b)
		}
	})}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go echo.Serve(l)
	defer echo.Close()
	direct := dial("ws://" + l.Addr().String() + "/")
	ps := NewSecret()
	phost := dial(HostURL(base, ps))
	pguest := dial(GuestURL(base, Room(ps)))
	phost.Read(ctx) // open
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			_, b, err := phost.Read(ctx)
			if err != nil {
				return
			}
			if phost.Write(ctx, websocket.MessageBinary, b) != nil { // back to the same guest
				return
			}
		}
	}()
	var viaRelay, viaDirect latencies
	probe := func(c *websocket.Conn, into *latencies) {
		msg := make([]byte, moveSize)
		t0 := time.Now()
		if c.Write(ctx, websocket.MessageBinary, msg) != nil {
			errs.Add(1)
			return
		}
		if _, _, err := c.Read(ctx); err != nil {
			errs.Add(1)
			return
		}
		into.add(time.Since(t0))
	}

	cpu0, _ := procStat(t, pid)
	moves0, upd0 := sentMoves.Load(), gotUpdates.Load()
	t0 := time.Now()
	measuring.Store(true)
	for time.Since(t0) < *loadSteady {
		probe(pguest, &viaRelay)
		probe(direct, &viaDirect)
		time.Sleep(50 * time.Millisecond)
	}
	measuring.Store(false)
	window := time.Since(t0)
	cpu1, rssEnd := procStat(t, pid)
	moves1, upd1 := sentMoves.Load(), gotUpdates.Load()

	load, _ := os.ReadFile("/proc/loadavg")
	t.Logf("relay: %d rooms x %d connections = %d WebSockets (+3 probe), a move every %v per room, %v steady",
		*loadRooms, *loadGuests+1, conns, *loadEvery, window.Round(time.Millisecond))
	t.Logf("relay process: CPU %.0f%% of one core; RSS idle %.1f MiB, full %.1f MiB, end %.1f MiB: %.1f KiB per connection",
		100*cpu1.Seconds()/window.Seconds()-100*cpu0.Seconds()/window.Seconds(),
		float64(rssIdle)/(1<<20), float64(rssFull)/(1<<20), float64(rssEnd)/(1<<20), float64(rssFull-rssIdle)/1024/float64(conns))
	t.Logf("traffic: %.0f moves/s in, %.0f updates/s out (messages through the relay: %.0f/s)",
		float64(moves1-moves0)/window.Seconds(), float64(upd1-upd0)/window.Seconds(),
		float64(moves1-moves0+upd1-upd0)/window.Seconds())
	t.Logf("move -> host -> update back to the mover, under load (%d samples): p50 %v, p99 %v",
		moves.n(), moves.pct(0.5).Round(time.Microsecond), moves.pct(0.99).Round(time.Microsecond))
	t.Logf("probe round trip through the relay (%d): p50 %v, p99 %v; direct WebSocket (%d): p50 %v, p99 %v",
		viaRelay.n(), viaRelay.pct(0.5).Round(time.Microsecond), viaRelay.pct(0.99).Round(time.Microsecond),
		viaDirect.n(), viaDirect.pct(0.5).Round(time.Microsecond), viaDirect.pct(0.99).Round(time.Microsecond))
	t.Logf("errors: %d; /proc/loadavg: %s", errs.Load(), strings.TrimSpace(string(load)))
	cancel()
	for _, c := range append(all, direct, phost, pguest) {
		c.CloseNow()
	}
	wg.Wait()
}
