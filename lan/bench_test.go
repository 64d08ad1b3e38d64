package lan

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/ruletest"
)

// The network's benchmarks play benchRules at ten seats in turns, seat 0
// first, with computer players of benchLevel: by default the toy game with
// its views written as deltas by the game (ruletest.ToyDeltas, as
// Saboteur's are), so that lan's tests name no game; built with
// -tags benchsaboteur (bench_sab_test.go) they play Saboteur, whose large
// maze views docs/LAN.md's figures measure.
var (
	benchRules rules.Game = ruletest.ToyDeltas{}
	benchOpts             = func(players int) json.RawMessage { return toyOpts() }
	benchLevel            = "random"
)

// benchConfig is testConfig for benchRules with players seats.
func benchConfig(players, bots int) HostConfig {
	cfg := testConfig(players, bots)
	cfg.Game, cfg.Options = benchRules, benchOpts(players)
	cfg.NewBot = func(level string, seat int) (rules.Bot, error) {
		return benchRules.NewBot("random", seat, uint64(seat)+100)
	}
	return cfg
}

// benchJoin is join for a benchRules table.
func benchJoin(b *testing.B, addr, name string, mut func(*ClientConfig)) *Client {
	b.Helper()
	return join(b, addr, name, func(c *ClientConfig) {
		c.Game = benchRules
		if mut != nil {
			mut(c)
		}
	})
}

type receipt struct {
	seat int
	m    Message
	at   time.Time
}

// BenchmarkMoveToLastSeat plays 10-guest games on loopback and measures,
// per move, the time from the mover sending it to the last of the 10
// seats holding the update (p50, p99), on the host from reading the move
// to writing the last seat's update (host-p50, host-p99), the bytes the
// host sent per seat per move (views, events, pings, lobby), the process's
// CPU per move (host and the 10 guests) and the time its threads waited
// for a CPU (os-wait). Each move waits until every seat
// has the previous update, so moves do not overlap. b.N counts moves.
func BenchmarkMoveToLastSeat(b *testing.B) {
	for _, deflate := range []bool{true, false} {
		name := "deflate"
		if !deflate {
			name = "plain"
		}
		b.Run(name, func(b *testing.B) {
			var lat, hostLat []time.Duration
			var bytes, seatMoves int64
			cpu0, wait0 := processCPU(), runDelay()
			for seed := uint64(1); len(lat) < b.N; seed++ {
				l, hl, by, sm := benchGame(b, seed, deflate, b.N-len(lat))
				lat = append(lat, l...)
				hostLat = append(hostLat, hl...)
				bytes += by
				seatMoves += sm
			}
			cpu, wait := processCPU()-cpu0, runDelay()-wait0
			slices.Sort(lat)
			slices.Sort(hostLat)
			b.ReportMetric(float64(hostLat[len(hostLat)/2].Microseconds())/1000, "host-p50-ms")
			b.ReportMetric(float64(hostLat[len(hostLat)*99/100].Microseconds())/1000, "host-p99-ms")
			b.ReportMetric(float64(cpu.Microseconds())/float64(len(lat)), "cpu-µs/move")
			// Time the threads waited for a CPU the kernel gave to other
			// processes (Linux): high on a shared machine, and then the
			// p99 is the scheduler's, not the host's.
			b.ReportMetric(float64(wait.Microseconds())/float64(len(lat)), "os-wait-µs/move")
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64(lat[len(lat)-1].Microseconds())/1000, "max-ms")
			b.ReportMetric(float64(bytes)/float64(seatMoves), "B/seat/move")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// benchGame plays one game (or its first max moves) and returns the
// latencies (mover to last seat; on the host, from reading the move to
// writing the last seat's update), the bytes the host sent and the number
// of seat-updates.
func benchGame(b *testing.B, seed uint64, deflate bool, max int) ([]time.Duration, []time.Duration, int64, int64) {
	const n = 10
	cfg := benchConfig(n, 0)
	var hmu sync.Mutex
	var arrived time.Time
	lastWrite := map[int]time.Time{}
	cfg.onMoveRead = func(at time.Time) { hmu.Lock(); arrived = at; hmu.Unlock() }
	cfg.onUpdateWritten = func(moves int, at time.Time) {
		hmu.Lock()
		if at.After(lastWrite[moves]) {
			lastWrite[moves] = at
		}
		hmu.Unlock()
	}
	var hostLat []time.Duration
	cfg.Seed = seed
	cfg.PingInterval, cfg.IdleTimeout = 5*time.Second, 20*time.Second
	h, addr := startHost(b, cfg)
	recv := make(chan receipt, 4096)
	cs := make([]*Client, n)
	for i := range cs {
		cs[i] = benchJoin(b, addr, fmt.Sprintf("p%d", i), func(c *ClientConfig) {
			c.Deflate, c.IdleTimeout = deflate, 20*time.Second
		})
	}
	for i, c := range cs {
		go func() {
			for m := range c.Messages() {
				recv <- receipt{i, m, time.Now()}
			}
		}()
	}
	brains := make([]rules.Bot, n)
	for s := range brains {
		var err error
		if brains[s], err = benchRules.NewBot("random", s, seed+uint64(s)); err != nil {
			b.Fatal(err)
		}
	}
	views := make([]rules.View, n)
	// In a game of turns the step counts the moves.
	got := map[int]int{}        // step -> seats that have the update
	owes := map[int]int{}       // step -> the seat that owes its move (-1: none yet)
	last := map[int]time.Time{} // step -> the latest receipt
	sent := map[int]time.Time{} // step before the move -> when it was sent
	var lat []time.Duration
	timeout := time.After(60 * time.Second)
	for {
		var r receipt
		select {
		case r = <-recv:
		case <-timeout:
			b.Fatal("benchmark game stalled")
		}
		if r.m.T != TUpdate {
			continue
		}
		for _, e := range r.m.GameEvents {
			brains[r.seat].Observe(e)
		}
		step := r.m.Step
		views[r.seat] = r.m.GameView
		if got[step]++; got[step] == 1 {
			owes[step] = -1
		}
		if r.m.Owes {
			owes[step] = r.seat
		}
		if r.at.After(last[step]) {
			last[step] = r.at
		}
		if got[step] < n {
			continue
		}
		if t0, ok := sent[step-1]; ok {
			lat = append(lat, last[step].Sub(t0))
			hmu.Lock()
			hostLat = append(hostLat, lastWrite[step].Sub(arrived))
			hmu.Unlock()
		}
		turn := owes[step]
		if turn < 0 || len(lat) >= max { // nobody owes a move: the game is over
			break
		}
		m := brains[turn].Choose(views[turn])
		sent[step] = time.Now()
		cs[turn].Move(m)
	}
	var bytes int64
	h.mu.Lock()
	for c := range h.conns {
		bytes += c.out.sent.Load()
	}
	h.mu.Unlock()
	moves := int64(len(lat))
	for _, c := range cs {
		c.Close()
	}
	h.Close()
	return lat, hostLat, bytes, moves * n
}

// BenchmarkIdleHost measures the CPU the whole process (host and 10
// connected guests, mid-game, nobody moving) uses per second of wall time,
// with the default 5 s ping.
func BenchmarkIdleHost(b *testing.B) {
	cfg := benchConfig(10, 0)
	cfg.PingInterval, cfg.IdleTimeout = 5*time.Second, 20*time.Second
	h, addr := startHost(b, cfg)
	for i := 0; i < 10; i++ {
		c := benchJoin(b, addr, fmt.Sprintf("p%d", i), func(c *ClientConfig) { c.IdleTimeout = 20 * time.Second })
		go func() {
			for range c.Messages() {
			}
		}()
	}
	<-h.Started()
	time.Sleep(200 * time.Millisecond)
	cpu := processCPU
	b.ResetTimer()
	c0, t0 := cpu(), time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	<-ctx.Done() // 10 s: two pings to every guest
	used, wall := cpu()-c0, time.Since(t0)
	b.ReportMetric(float64(used.Microseconds())/1000/wall.Seconds(), "cpu-ms/s")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkHostMove measures the host alone: 10 guests whose sockets are
// drained without decoding, moves (the first legal move of the seat on
// turn, as a random computer player chose it) sent as raw frames; per move
// the host decodes it, applies it and
// writes an update to each of the 10 seats. It reports the process CPU per
// move (the host's work plus the drain loops).
func BenchmarkHostMove(b *testing.B) {
	const n = 10
	cfg := benchConfig(n, 0)
	cfg.PingInterval, cfg.IdleTimeout = 5*time.Second, 20*time.Second
	var mu sync.Mutex
	written := map[int]int{}
	wrote := make(chan int, 64)
	cfg.onUpdateWritten = func(moves int, _ time.Time) {
		mu.Lock()
		written[moves]++
		if written[moves] == n {
			wrote <- moves
		}
		mu.Unlock()
	}
	var h *Host
	var conns []*rawClient
	start := func(seed uint64) {
		if h != nil {
			h.Close()
			for _, c := range conns {
				c.Close()
			}
		}
		mu.Lock()
		clear(written)
		mu.Unlock()
		cfg.Seed = seed
		var addr string
		h, addr = startHost(b, cfg)
		conns = conns[:0]
		for i := 0; i < n; i++ {
			rc := rawConn(b, addr)
			rc.send(&Message{T: THello, Version: Version, Game: benchRules.ID(), Name: fmt.Sprintf("p%d", i)})
			go io.Copy(io.Discard, rc.nc)
			conns = append(conns, rc)
		}
		<-h.Started()
		<-wrote // the deal
	}
	chooser, err := benchRules.NewBot("random", 0, 1) // it only reads the view it is shown
	if err != nil {
		b.Fatal(err)
	}
	start(1)
	b.ResetTimer()
	cpu0 := processCPU()
	for i := 0; i < b.N; i++ {
		t := h.Table()
		seats, _ := t.ToMove()
		if len(seats) == 0 {
			b.StopTimer()
			start(uint64(i) + 2)
			b.StartTimer()
			t = h.Table()
			seats, _ = t.ToMove()
		}
		m, err := json.Marshal(chooser.Choose(t.View(seats[0])))
		if err != nil {
			b.Fatal(err)
		}
		conns[seats[0]].send(&Message{T: TMove, Move: m})
		<-wrote
	}
	b.ReportMetric(float64((processCPU()-cpu0).Microseconds())/float64(b.N), "cpu-µs/move")
}

// BenchmarkGuestMoveWithBots: 5 guests and 5 computer players of level
// benchLevel (Saboteur's: hard) at one table. Per guest move it measures, on the host, the time
// from reading the move to writing the update to the last of the 5
// guests; a computer player whose turn the move starts thinks meanwhile
// (bot seats share the host's CPU). b.N counts guest moves.
func BenchmarkGuestMoveWithBots(b *testing.B) {
	const n, guests = 10, 5
	var lat []time.Duration
	for seed := uint64(1); len(lat) < b.N; seed++ {
		cfg := benchConfig(n, n-guests)
		cfg.Seed = seed
		cfg.NewBot = func(_ string, seat int) (rules.Bot, error) {
			return benchRules.NewBot(benchLevel, seat, uint64(seat)+seed)
		}
		cfg.PingInterval, cfg.IdleTimeout = 5*time.Second, 20*time.Second
		var mu sync.Mutex
		var h *Host
		arrived := map[int]time.Time{} // moves after the guest move -> its arrival
		written := map[int]int{}
		last := map[int]time.Time{}
		cfg.onMoveRead = func(at time.Time) {
			_, step := h.Table().ToMove()
			moves := step + 1
			mu.Lock()
			arrived[moves] = at
			mu.Unlock()
		}
		cfg.onUpdateWritten = func(moves int, at time.Time) {
			mu.Lock()
			defer mu.Unlock()
			written[moves]++
			if at.After(last[moves]) {
				last[moves] = at
			}
		}
		var addr string
		h, addr = startHost(b, cfg)
		cs := make([]*Client, guests)
		for i := range cs {
			cs[i] = benchJoin(b, addr, fmt.Sprintf("p%d", i), func(c *ClientConfig) { c.IdleTimeout = 20 * time.Second })
		}
		ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
		var wg sync.WaitGroup
		for _, c := range cs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				Autoplay(ctx, c, randomBot(benchRules), nil)
			}()
		}
		wg.Wait()
		cancel()
		h.Close()
		mu.Lock()
		for moves, t0 := range arrived {
			if written[moves] == guests {
				lat = append(lat, last[moves].Sub(t0))
			}
		}
		mu.Unlock()
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "host-p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "host-p99-ms")
	b.ReportMetric(float64(lat[len(lat)-1].Microseconds())/1000, "max-ms")
	b.ReportMetric(float64(len(lat)), "guest-moves")
	b.ReportMetric(0, "ns/op")
}
