//go:build !js

package webdist

import (
	"context"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// Download limits (issue 18): a big file (the wasm) is what a page
// download costs, so a host sends at most perAddrDownloads of them at once
// to one IP address and totalDownloads in all; a request over that waits
// up to downloadWait for its turn, then gets 503 with Retry-After. All page
// bytes together go out at no more than pageRate, so a flood of downloads
// leaves the host's CPU and network to the game's own traffic.
const (
	bigFile          = 64 << 10
	perAddrDownloads = 2
	totalDownloads   = 8
	downloadWait     = 10 * time.Second
	pageRate         = 24 << 20 // bytes a second (about 200 Mbit/s)
	pageBurst        = 256 << 10
)

// limits holds a handler's download slots and its pacer.
type limits struct {
	perAddr, total int
	wait           time.Duration
	rate, burst    float64 // bytes a second, bytes at once

	mu      sync.Mutex
	per     map[string]int
	n       int
	changed chan struct{} // closed when a slot frees
	tokens  float64       // the pacer's bytes (below 0: owed)
	last    time.Time
}

func newLimits() *limits {
	return &limits{perAddr: perAddrDownloads, total: totalDownloads, wait: downloadWait,
		rate: pageRate, burst: pageBurst, per: map[string]int{}, changed: make(chan struct{})}
}

// acquire takes a download slot for the address of r, waiting up to
// l.wait; release gives it back. ok is false when none came in time or the
// request ended.
func (l *limits) acquire(ctx context.Context, r *http.Request) (release func(), ok bool) {
	ip := r.RemoteAddr
	if host, _, err := net.SplitHostPort(ip); err == nil {
		ip = host
	}
	t := time.NewTimer(l.wait)
	defer t.Stop()
	for {
		l.mu.Lock()
		if l.per[ip] < l.perAddr && l.n < l.total {
			l.per[ip]++
			l.n++
			l.mu.Unlock()
			return func() { l.release(ip) }, true
		}
		ch := l.changed
		l.mu.Unlock()
		select {
		case <-ch:
		case <-t.C:
			return nil, false
		case <-ctx.Done():
			return nil, false
		}
	}
}

func (l *limits) release(ip string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.n--
	if l.per[ip]--; l.per[ip] <= 0 {
		delete(l.per, ip)
	}
	close(l.changed)
	l.changed = make(chan struct{})
}

// pace says how long to wait before sending n more bytes, and counts them.
func (l *limits) pace(n int) time.Duration {
	if l == nil || l.rate <= 0 {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	if l.last.IsZero() {
		l.tokens = l.burst
	} else {
		l.tokens = min(l.burst, l.tokens+now.Sub(l.last).Seconds()*l.rate)
	}
	l.last = now
	l.tokens -= float64(n)
	if l.tokens >= 0 {
		return 0
	}
	return time.Duration(-l.tokens / l.rate * float64(time.Second))
}

// tooBusy answers a download that found no slot.
func tooBusy(w http.ResponseWriter) {
	w.Header().Del("Content-Length")
	w.Header().Del("Content-Encoding")
	w.Header().Set("Retry-After", strconv.Itoa(2))
	http.Error(w, "goldvein host: too many downloads at once; try again in a moment", http.StatusServiceUnavailable)
}
