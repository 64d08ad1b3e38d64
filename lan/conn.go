package lan

import (
	"bufio"
	"compress/flate"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/goldvein/goldvein/rules"
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

	onUpdate func(moves int, at time.Time) // benchmark hook
	boards   *boardCache                   // the host's shared maze JSON; nil on a client
}

func newOutbox(nc net.Conn, writeTimeout time.Duration, boards *boardCache, onUpdate func(int, time.Time)) *outbox {
	o := &outbox{nc: nc, writeTimeout: writeTimeout, wake: make(chan struct{}, 1), done: make(chan struct{}),
		boards: boards, onUpdate: onUpdate}
	go o.run()
	return o
}

// send queues m; it reports false when the connection is closed or its
// queue overflowed (then it is closed).
func (o *outbox) send(m *Message) bool {
	o.mu.Lock()
	if o.closed || o.closing {
		o.mu.Unlock()
		return false
	}
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
	var last *rules.View // the view of the previous update sent
	var written []int    // moves of the updates in this batch (for onUpdate)
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
			for _, m := range q {
				if m == nil {
					if fw == nil {
						fw, _ = flate.NewWriter(bw, flate.BestSpeed)
						dst = fw
					}
					continue
				}
				var p []byte
				var err error
				if m.T == TUpdate && m.View != nil {
					v := m.View
					if o.onUpdate != nil {
						written = append(written, v.Moves)
					}
					if last != nil && last.Seat == v.Seat {
						var d []byte
						if d, err = viewDelta(last, v, o.boards); err == nil {
							p, err = encodeDelta(d, m.Events)
						}
					}
					last = v
				}
				if p == nil && err == nil {
					p, err = Encode(m)
				}
				if err == nil {
					err = WriteFrame(dst, p)
				}
				if err != nil {
					o.close()
					return
				}
			}
			if fw != nil {
				if err := fw.Flush(); err != nil {
					o.close()
					return
				}
			}
			if err := bw.Flush(); err != nil {
				o.close()
				return
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
				o.close()
				return
			}
			o.signal()
		}
	}
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
