package lan

import (
	"fmt"
	"sync"
	"time"
)

// Per-address throttles of the handshake (lan/PROTOCOL.md, Limits): a host
// lets each IP address make HelloBurst handshakes at once and HelloRate a
// second after that, and after PasswordTries wrong passwords in a row it
// compares no password from that address for a while that doubles with
// each further wrong one, from PasswordBackoff up to maxPasswordBackoff.
const (
	defaultHelloRate       = 2
	defaultHelloBurst      = 10
	defaultPasswordTries   = 3
	defaultPasswordBackoff = time.Second
	maxPasswordBackoff     = 30 * time.Second
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
	wrong  int       // wrong passwords in a row
	until  time.Time // no password is compared before this
	warned bool      // the host logged that this address is refused until then
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

// forget drops records idle for guardForget, or all unlocked ones when
// that is not enough (an address never loses a running password backoff).
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

// checkPassword compares a hello's password with the table's and refuses
// the connection when it is wrong, or when its address is in a password
// backoff (then the password is not compared at all). Wrong passwords and
// backoffs are logged.
func (h *Host) checkPassword(c *hostConn, password string) bool {
	now := time.Now()
	g := &h.guard
	g.mu.Lock()
	s := g.state(c.ip, now, float64(h.cfg.HelloBurst))
	if wait := s.until.Sub(now); wait > 0 {
		warn := !s.warned
		s.warned = true
		g.mu.Unlock()
		if warn {
			h.logf("password: refusing every guess from %s for %s", c.ip, wait.Round(time.Millisecond))
		}
		c.refuse(CodePassword, fmt.Sprintf("too many wrong passwords from %s; try again in %s", c.ip, retryIn(wait)))
		return false
	}
	g.mu.Unlock()
	if password == "" {
		// No guess at all (a guest that did not know the table has one):
		// it can never match, so it does not count toward the backoff.
		c.refuse(CodePassword, "this table has a password")
		return false
	}
	ok := equalSecret(password, h.cfg.Password)
	g.mu.Lock()
	if ok {
		s.wrong, s.until = 0, time.Time{}
		g.mu.Unlock()
		return true
	}
	s.wrong++
	wrong := s.wrong
	var backoff time.Duration
	if over := wrong - h.cfg.PasswordTries + 1; over > 0 {
		backoff = h.cfg.PasswordBackoff << min(over-1, 16)
		backoff = min(backoff, maxPasswordBackoff)
		s.until, s.warned = now.Add(backoff), false
	}
	g.mu.Unlock()
	if backoff > 0 {
		h.logf("password: %d wrong from %s in a row; its next guess waits %s", wrong, c.ip, backoff)
	} else {
		h.logf("password: %d wrong from %s in a row", wrong, c.ip)
	}
	c.refuse(CodePassword, "wrong password")
	return false
}

// retryIn is how long a refused guest is told to wait for wait: whole
// seconds rounded up, so it never says "0s" while any wait is left.
func retryIn(wait time.Duration) time.Duration {
	return max(time.Second, (wait + time.Second - 1).Truncate(time.Second))
}
