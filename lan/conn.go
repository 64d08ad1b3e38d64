package lan

import (
	"bufio"
	"compress/flate"
	"encoding/binary"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// maxQueue is how many messages may wait for a slow connection before the
// host gives up on it (the guest then reconnects and gets a fresh view).
const maxQueue = 1024

// countingWriter counts the bytes that reach the socket.
type countingWriter struct {
	w io.Writer
	n *atomic.Int64
}

func (c countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n.Add(int64(n))
	return n, err
}

// outbox is the sending half of one connection: a queue that never blocks
// the sender (game.Seat.Deliver runs with the table locked) and a goroutine
// that encodes, frames, optionally deflates and writes.
type outbox struct {
	nc           net.Conn
	writeTimeout time.Duration
	sent         atomic.Int64 // bytes written to the socket

	mu      sync.Mutex
	queue   []*Message
	deflate bool // switch to a deflate stream after the next message
	closing bool // write what is queued, then close
	closed  bool
	wake    chan struct{}
	done    chan struct{} // closed when the connection is closed
	once    sync.Once

	onUpdate func(step int, at time.Time) // benchmark hook
	wire     *wire                        // the host's writer of its game's updates; nil on a client

	// linger, when above zero, makes finish half-close the connection and
	// wait up to that long for the reader to see the peer's end before the
	// full close. A full close with unread input sends a reset, and a reset
	// can make the peer drop the last message unread (a client's bye).
	linger  time.Duration
	readEnd chan struct{} // closed by readEnded
	endOnce sync.Once
}

func newOutbox(nc net.Conn, writeTimeout time.Duration, w *wire, onUpdate func(int, time.Time)) *outbox {
	o := &outbox{nc: nc, writeTimeout: writeTimeout, wake: make(chan struct{}, 1), done: make(chan struct{}),
		wire: w, onUpdate: onUpdate, readEnd: make(chan struct{})}
	go o.run()
	return o
}

// newLingeringOutbox is newOutbox whose finish half-closes and waits up to
// linger for readEnded (outbox.linger).
func newLingeringOutbox(nc net.Conn, writeTimeout, linger time.Duration) *outbox {
	o := &outbox{nc: nc, writeTimeout: writeTimeout, wake: make(chan struct{}, 1), done: make(chan struct{}),
		linger: linger, readEnd: make(chan struct{})}
	go o.run()
	return o
}

// readEnded tells a lingering finish that the connection's reader has
// stopped (the peer closed, or reading failed).
func (o *outbox) readEnded() { o.endOnce.Do(func() { close(o.readEnd) }) }

// send queues m; it reports false when the connection is closed or its
// queue overflowed (then it is closed). A replaceable message (the lobby, a
// ping) takes the place of the one of its type still queued, so those never
// fill the queue.
func (o *outbox) send(m *Message) bool {
	o.mu.Lock()
	if o.closed || o.closing {
		o.mu.Unlock()
		return false
	}
	o.queue = dropReplaced(o.queue, m)
	if len(o.queue) >= maxQueue {
		o.mu.Unlock()
		o.close()
		return false
	}
	o.queue = append(o.queue, m)
	o.mu.Unlock()
	o.signal()
	return true
}

// startDeflate makes everything queued after the messages already queued
// travel in one deflate stream (lan/PROTOCOL.md, Compression).
func (o *outbox) startDeflate() {
	o.mu.Lock()
	o.queue = append(o.queue, nil) // marker: switch here
	o.mu.Unlock()
	o.signal()
}

// finish writes what is queued and then closes the connection.
func (o *outbox) finish() {
	o.mu.Lock()
	o.closing = true
	o.mu.Unlock()
	o.signal()
}

func (o *outbox) signal() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// close closes the connection at once; queued messages are dropped.
func (o *outbox) close() {
	o.once.Do(func() {
		o.mu.Lock()
		o.closed = true
		o.queue = nil
		o.mu.Unlock()
		o.nc.Close()
		close(o.done)
	})
}

func (o *outbox) run() {
	bw := bufio.NewWriterSize(countingWriter{o.nc, &o.sent}, 8<<10)
	var dst io.Writer = bw
	var fw *flate.Writer
	var last *update  // the view of the previous update sent
	var written []int // moves of the updates in this batch (for onUpdate)
	var buf []byte    // frames of this batch, written at once
	for {
		select {
		case <-o.wake:
		case <-o.done:
			return
		}
		o.mu.Lock()
		q := o.queue
		o.queue = nil
		closing := o.closing
		o.mu.Unlock()
		if len(q) > 0 {
			o.nc.SetWriteDeadline(time.Now().Add(o.writeTimeout))
			buf = buf[:0]
			var err error
			for _, m := range q {
				if m == nil {
					// Switch to deflate: what is framed so far goes plain.
					if fw == nil {
						if _, err = bw.Write(buf); err != nil {
							break
						}
						buf = buf[:0]
						fw, _ = flate.NewWriter(bw, flate.BestSpeed)
						dst = fw
					}
					continue
				}
				if m.T == TUpdate && m.up != nil && o.wire != nil {
					if o.onUpdate != nil {
						written = append(written, m.up.step)
					}
					buf, err = o.wire.appendFrame(buf, last, m.up)
					last = m.up
				} else {
					var p []byte
					if p, err = Encode(m); err == nil {
						buf = binary.BigEndian.AppendUint32(buf, uint32(len(p)))
						buf = append(buf, p...)
					}
				}
				if err != nil {
					break
				}
			}
			if err == nil {
				_, err = dst.Write(buf)
			}
			if err == nil && fw != nil {
				err = fw.Flush()
			}
			if err == nil {
				err = bw.Flush()
			}
			if err != nil {
				o.close()
				return
			}
			if cap(buf) > 64<<10 {
				buf = nil // a whole game's events after a reconnection: do not keep it
			}
			if o.onUpdate != nil {
				now := time.Now()
				for _, mv := range written {
					o.onUpdate(mv, now)
				}
				written = written[:0]
			}
		}
		if closing {
			o.mu.Lock()
			empty := len(o.queue) == 0
			o.mu.Unlock()
			if empty {
				if fw != nil {
					fw.Close()
					bw.Flush()
				}
				if cw, ok := o.nc.(interface{ CloseWrite() error }); ok && o.linger > 0 {
					cw.CloseWrite()
					t := time.NewTimer(o.linger)
					select {
					case <-o.readEnd:
					case <-o.done:
					case <-t.C:
					}
					t.Stop()
				}
				o.close()
				return
			}
			o.signal()
		}
	}
}

// budget is what a connection may send: Rate frames a second, Burst at
// once (HostConfig), counted from its first byte. Its messages spend it, and
// over a WebSocket its control frames (ping, pong) too, which are answered
// by the WebSocket library before any message reaches the host: without a
// budget a ping flood cost the host a core (issue 24). Safe for concurrent
// use.
type budget struct {
	mu sync.Mutex
	b  bucket
}

func newBudget(rate float64, burst int) *budget {
	return &budget{b: bucket{rate: rate, burst: float64(burst)}}
}

// allow spends one frame; false when the budget is spent.
func (b *budget) allow(now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.allow(now)
}

// bucket is a token bucket: rate messages per second, up to burst at once.
type bucket struct {
	rate   float64
	burst  float64
	tokens float64
	last   time.Time
}

func (b *bucket) allow(now time.Time) bool {
	if b.last.IsZero() {
		b.tokens = b.burst
	} else {
		b.tokens += now.Sub(b.last).Seconds() * b.rate
		if b.tokens > b.burst {
			b.tokens = b.burst
		}
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
