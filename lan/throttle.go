package lan

import (
	"fmt"
	"sync"
	"time"
)

// Per-address throttles of the handshake (lan/PROTOCOL.md, Limits): a host
// lets each IP address make HelloBurst handshakes at once and HelloRate a
// second after that.
const (
	defaultHelloRate  = 2
	defaultHelloBurst = 10
	// guardForget is how long an address's record outlives its last
	// handshake; guardSize is how many records are kept before old ones
	// are forgotten.
	guardForget = 10 * time.Minute
	guardSize   = 4096
)

// addrGuard keeps the throttles' state by IP address; its zero value is
// ready. Its lock is taken alone.
type addrGuard struct {
	mu sync.Mutex
	m  map[string]*addrState
}

type addrState struct {
	tokens float64   // handshakes this address may make now (below 0: waiting ones)
	last   time.Time // when tokens was last brought up to date
	until  time.Time // kept at least until then
}

func (g *addrGuard) state(ip string, now time.Time, burst float64) *addrState {
	if g.m == nil {
		g.m = map[string]*addrState{}
	}
	s := g.m[ip]
	if s == nil {
		if len(g.m) >= guardSize {
			g.forget(now)
		}
		s = &addrState{tokens: burst, last: now}
		g.m[ip] = s
	}
	return s
}

// forget drops records idle for guardForget, or all but those to keep
// (until) when that is not enough.
func (g *addrGuard) forget(now time.Time) {
	for ip, s := range g.m {
		if now.Sub(s.last) > guardForget && now.After(s.until) {
			delete(g.m, ip)
		}
	}
	if len(g.m) >= guardSize {
		for ip, s := range g.m {
			if now.After(s.until) {
				delete(g.m, ip)
			}
		}
	}
}

// helloWait takes one handshake from ip's bucket (rate a second, burst at
// once) and says how long it must wait for it; ok is false, and nothing is
// taken, when that would be longer than max.
func (g *addrGuard) helloWait(ip string, now time.Time, rate, burst float64, max time.Duration) (wait time.Duration, ok bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	s := g.state(ip, now, burst)
	s.tokens = min(burst, s.tokens+now.Sub(s.last).Seconds()*rate)
	s.last = now
	if s.tokens >= 1 {
		s.tokens--
		return 0, true
	}
	wait = time.Duration((1 - s.tokens) / rate * float64(time.Second))
	if wait > max {
		return 0, false
	}
	s.tokens--
	return wait, true
}

// throttleHello holds a hello while its address is over HelloRate (at
// most the handshake timeout; past that the hello is refused, busy), so
// that joining and leaving in a loop cannot flood the table with lobby
// changes. False: the connection was refused or closed meanwhile.
func (h *Host) throttleHello(c *hostConn) bool {
	wait, ok := h.guard.helloWait(c.ip, time.Now(), h.cfg.HelloRate, float64(h.cfg.HelloBurst), h.cfg.HandshakeTimeout)
	if !ok {
		c.refuse(CodeBusy, fmt.Sprintf("too many handshakes from %s (%g a second); try again in a few seconds", c.ip, h.cfg.HelloRate))
		return false
	}
	if wait <= 0 {
		return true
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-h.done:
	case <-c.out.done:
	}
	c.out.close()
	return false
}
