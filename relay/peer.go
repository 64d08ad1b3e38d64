//go:build !js

package relay

import (
	"context"
	"errors"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// peer is one WebSocket of the relay: a host link or a guest connection.
// Its reader runs in the HTTP handler's goroutine (readLoop); its writer
// (writeLoop) in a goroutine of its own that drains a bounded queue, so a
// slow reader on the far end never holds up the one who sends to it.
type peer struct {
	s    *Server
	ws   *websocket.Conn
	ip   string
	host bool
	id   uint32 // a guest's connection id in its room

	heard   atomic.Int64 // unix nanoseconds when a frame or pong last came
	pinging atomic.Bool  // a ping of the relay's waits for its pong

	limMu  sync.Mutex
	frames bucket
	bytes  bucket
	wire   bucket // every byte read off the socket (serve.go, Wire bytes)

	mu         sync.Mutex
	queue      [][]byte
	queued     int // bytes in queue
	maxQueued  int
	closing    bool   // no more sends: write what is queued, then close
	reason     string // the close reason
	code       websocket.StatusCode
	peerReason string // the reason the far end gave in its close frame
	wake       chan struct{}
	finished   chan struct{} // closed when the writer has closed the WebSocket
	wg         sync.WaitGroup

	ready chan struct{} // closed by start, when ws is set
	// hard is the context of every read and write; cancelling it (a
	// connection too slow to take its frames) closes the WebSocket at once.
	hard       context.Context
	hardCancel context.CancelFunc
}

func newPeer(s *Server, ip string, host bool) *peer {
	now := time.Now()
	scale := 1.0
	maxQueued := s.cfg.QueueBytes
	if host {
		scale = float64(s.cfg.GuestsPerRoom)
		maxQueued *= 4
	}
	p := &peer{s: s, ip: ip, host: host, maxQueued: maxQueued, ready: make(chan struct{}),
		frames:   newBucket(s.cfg.FrameRate*scale, float64(s.cfg.FrameBurst)*scale, now),
		bytes:    newBucket(s.cfg.ByteRate*scale, float64(s.cfg.ByteBurst)*scale, now),
		wire:     newBucket(2*s.cfg.ByteRate*scale, 2*float64(s.cfg.ByteBurst)*scale, now),
		wake:     make(chan struct{}, 1),
		finished: make(chan struct{})}
	p.hard, p.hardCancel = context.WithCancel(context.Background())
	p.heard.Store(now.UnixNano())
	return p
}

// start gives the peer its WebSocket and runs its writer.
func (p *peer) start(ws *websocket.Conn) {
	p.ws = ws
	close(p.ready)
	p.wg.Add(1)
	go p.writeLoop()
}

// count spends one frame of n payload bytes from the peer's buckets and
// notes that it was heard; false (and the peer is closed "too fast") when
// the buckets are empty. Pings and pongs count like data frames.
func (p *peer) count(n int) bool {
	now := time.Now()
	p.heard.Store(now.UnixNano())
	p.limMu.Lock()
	ok := p.frames.take(1, now) && p.bytes.take(float64(n), now)
	p.limMu.Unlock()
	if !ok {
		p.s.stats.tooFast.Add(1)
		p.kill(ReasonTooFast)
	}
	return ok
}

// countWire spends n bytes read off the peer's socket; false (and the peer
// is closed "too fast") when its wire bucket is empty.
func (p *peer) countWire(n int) bool {
	p.limMu.Lock()
	ok := p.wire.take(float64(n), time.Now())
	p.limMu.Unlock()
	if !ok {
		p.s.stats.tooFast.Add(1)
		p.kill(ReasonTooFast)
	}
	return ok
}

// send queues one message for the peer. It reports false when the peer is
// closing, or when the message would overflow its queue: the peer is then
// closed "too slow".
func (p *peer) send(b []byte) bool {
	p.mu.Lock()
	if p.closing {
		p.mu.Unlock()
		return false
	}
	if p.queued+len(b) > p.maxQueued {
		p.mu.Unlock()
		p.s.stats.tooSlow.Add(1)
		p.kill(ReasonTooSlow)
		return false
	}
	p.queue = append(p.queue, b)
	p.queued += len(b)
	p.mu.Unlock()
	p.signal()
	return true
}

// closeAfter closes the peer with reason (and code) once what is queued is
// written; the first close asked for wins.
func (p *peer) closeAfter(code websocket.StatusCode, reason string) {
	p.mu.Lock()
	if !p.closing {
		p.closing, p.code, p.reason = true, code, reason
	}
	p.mu.Unlock()
	p.signal()
}

// kill closes the peer with reason at once: what is queued is dropped. A
// peer too slow to take its frames ("too slow") is cut off without a close
// handshake: it would not read one.
func (p *peer) kill(reason string) {
	p.mu.Lock()
	if !p.closing {
		p.closing, p.code, p.reason = true, reasonCode(reason), reason
	}
	p.queue, p.queued = nil, 0
	p.mu.Unlock()
	if reason == ReasonTooSlow {
		p.hardCancel()
	}
	p.signal()
}

// closeReason returns the reason the peer was closed with, or "" while it
// is open.
func (p *peer) closeReason() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.reason
}

func (p *peer) signal() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// writeLoop writes the queue in order; when the peer is closing and its
// queue empty it closes the WebSocket with the reason (the close handshake
// takes at most 10 s, the library's bound) and ends. Every third of
// IdleTimeout in which nothing was heard it pings the peer.
func (p *peer) writeLoop() {
	defer p.wg.Done()
	defer close(p.finished)
	pingEvery := p.s.cfg.IdleTimeout / 3
	tick := time.NewTicker(pingEvery)
	defer tick.Stop()
	for {
		p.mu.Lock()
		batch := p.queue
		closing, code, reason := p.closing, p.code, p.reason
		p.queue, p.queued = nil, 0
		p.mu.Unlock()
		for _, b := range batch {
			if !p.write(b) {
				break
			}
		}
		if len(batch) > 0 {
			continue // more may have come, or a close
		}
		if closing {
			p.ws.Close(code, reason)
			p.hardCancel()
			return
		}
		select {
		case <-p.wake:
		case <-tick.C:
			if time.Since(time.Unix(0, p.heard.Load())) >= pingEvery && p.pinging.CompareAndSwap(false, true) {
				p.wg.Add(1)
				go p.ping(pingEvery)
			}
		}
	}
}

// write writes one binary message within WriteTimeout; on a time-out the
// peer is closed "too slow", on another error (the connection is gone) it
// is closed too, and false is returned.
func (p *peer) write(b []byte) bool {
	ctx, cancel := context.WithTimeout(p.hard, p.s.cfg.WriteTimeout)
	err := p.ws.Write(ctx, websocket.MessageBinary, b)
	cancel()
	if err == nil {
		p.s.stats.sent.Add(1)
		return true
	}
	if errors.Is(err, context.DeadlineExceeded) {
		p.s.stats.tooSlow.Add(1)
		p.kill(ReasonTooSlow)
	} else {
		p.kill(ReasonGuestLeft)
	}
	return false
}

// ping sends a ping and waits up to wait for its pong (the pong callback
// marks the peer heard); an unanswered ping leaves the idle time-out to
// close the peer.
func (p *peer) ping(wait time.Duration) {
	defer p.wg.Done()
	defer p.pinging.Store(false)
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	p.ws.Ping(ctx)
}

// alive pings the peer and reports whether its pong comes within wait; a
// peer still in its upgrade counts as alive.
func (p *peer) alive(wait time.Duration) bool {
	select {
	case <-p.ready:
	default:
		return true
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	return p.ws.Ping(ctx) == nil
}

// read reads the peer's next message into a fresh slice with headroom
// bytes free in front (for a host-link header). It refuses text messages
// ("text frames not allowed") and payloads over MaxPayload+extra ("frame
// too large"), closing the peer; err is then errRefused. Each message is
// counted (count) and may close the peer "too fast".
func (p *peer) read(headroom, extra int) ([]byte, error) {
	typ, r, err := p.ws.Reader(p.hard)
	if err != nil {
		if ce := (websocket.CloseError{}); errors.As(err, &ce) {
			p.mu.Lock()
			p.peerReason = ce.Reason
			p.mu.Unlock()
		}
		return nil, err
	}
	if typ != websocket.MessageBinary {
		p.kill(ReasonTextFrame)
		return nil, errRefused
	}
	limit := headroom + MaxPayload + extra
	b := make([]byte, headroom, headroom+512)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):min(cap(b), limit+1)])
		b = b[:len(b)+n]
		if len(b) > limit {
			p.kill(ReasonFrameTooLarge)
			return nil, errRefused
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if !p.count(len(b) - headroom) {
		return nil, errRefused
	}
	p.s.stats.received.Add(1)
	p.s.stats.bytes.Add(int64(len(b) - headroom))
	return b, nil
}

// errRefused: the peer sent something the relay refuses; it is closing.
var errRefused = errors.New("relay: refused")

// wait waits for the writer (and a ping in flight) to end: the WebSocket
// is closed.
func (p *peer) wait() { p.wg.Wait() }
