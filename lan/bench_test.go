package lan

import (
	"context"
	"fmt"
	"io"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/goldvein/goldvein/rules"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
)

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
	cfg := sabConfig(n, 0)
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
		cs[i] = sabJoin(b, addr, fmt.Sprintf("p%d", i), func(c *ClientConfig) {
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
	brains := make([]saboteur.Brain, n)
	for s := range brains {
		brains[s] = bot.New(bot.Random, s, n, seed+uint64(s))
	}
	views := make([]saboteur.View, n)
	got := map[int]int{}        // moves -> seats that have the update
	last := map[int]time.Time{} // moves -> the latest receipt
	sent := map[int]time.Time{} // moves before the move -> when it was sent
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
		v := *upView(r.m)
		for _, e := range upEvents(r.m) {
			brains[r.seat].Observe(e)
		}
		views[r.seat] = v
		got[v.Moves]++
		if r.at.After(last[v.Moves]) {
			last[v.Moves] = r.at
		}
		if got[v.Moves] < n {
			continue
		}
		if t0, ok := sent[v.Moves-1]; ok {
			lat = append(lat, last[v.Moves].Sub(t0))
			hmu.Lock()
			hostLat = append(hostLat, lastWrite[v.Moves].Sub(arrived))
			hmu.Unlock()
		}
		if v.Phase == saboteur.Over || len(lat) >= max {
			break
		}
		turn := v.Turn
		m := brains[turn].Choose(views[turn])
		sent[v.Moves] = time.Now()
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
	cfg := sabConfig(10, 0)
	cfg.PingInterval, cfg.IdleTimeout = 5*time.Second, 20*time.Second
	h, addr := startHost(b, cfg)
	for i := 0; i < 10; i++ {
		c := sabJoin(b, addr, fmt.Sprintf("p%d", i), func(c *ClientConfig) { c.IdleTimeout = 20 * time.Second })
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
// turn) sent as raw frames; per move the host decodes it, applies it and
// writes an update to each of the 10 seats. It reports the process CPU per
// move (the host's work plus the drain loops).
func BenchmarkHostMove(b *testing.B) {
	const n = 10
	cfg := sabConfig(n, 0)
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
			rc.send(&Message{T: THello, Version: Version, Game: "saboteur", Name: fmt.Sprintf("p%d", i)})
			go io.Copy(io.Discard, rc.nc)
			conns = append(conns, rc)
		}
		<-h.Started()
		<-wrote // the deal
	}
	start(1)
	b.ResetTimer()
	cpu0 := processCPU()
	for i := 0; i < b.N; i++ {
		t := h.Table()
		v := sview(t, -1)
		if v.Phase == saboteur.Over {
			b.StopTimer()
			start(uint64(i) + 2)
			b.StartTimer()
			t, v = h.Table(), sview(h.Table(), -1)
		}
		tv := sview(t, v.Turn)
		m := tv.LegalMoves()[0]
		conns[v.Turn].send(&Message{T: TMove, Move: moveJSON(m)})
		<-wrote
	}
	b.ReportMetric(float64((processCPU()-cpu0).Microseconds())/float64(b.N), "cpu-µs/move")
}

// BenchmarkGuestMoveWithBots: 5 guests and 5 computer players of level
// hard at one table. Per guest move it measures, on the host, the time
// from reading the move to writing the update to the last of the 5
// guests; a computer player whose turn the move starts thinks meanwhile
// (bot seats share the host's CPU). b.N counts guest moves.
func BenchmarkGuestMoveWithBots(b *testing.B) {
	const n, guests = 10, 5
	var lat []time.Duration
	for seed := uint64(1); len(lat) < b.N; seed++ {
		cfg := sabConfig(n, n-guests)
		cfg.Seed = seed
		cfg.NewBot = func(_ string, seat int) (rules.Bot, error) {
			return sab.NewBot("hard", seat, uint64(seat)+seed)
		}
		cfg.PingInterval, cfg.IdleTimeout = 5*time.Second, 20*time.Second
		var mu sync.Mutex
		var h *Host
		arrived := map[int]time.Time{} // moves after the guest move -> its arrival
		written := map[int]int{}
		last := map[int]time.Time{}
		cfg.onMoveRead = func(at time.Time) {
			moves := sview(h.Table(), -1).Moves + 1
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
			cs[i] = sabJoin(b, addr, fmt.Sprintf("p%d", i), func(c *ClientConfig) { c.IdleTimeout = 20 * time.Second })
		}
		ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
		var wg sync.WaitGroup
		for _, c := range cs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				Autoplay(ctx, c, randomBot(sab), nil)
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
