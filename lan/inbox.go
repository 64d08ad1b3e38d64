package lan

import (
	"net"
	"os"
	"sync"
	"time"
)

// inbox is the reading half of a connection made of messages (a relayed
// guest's on the host, a browser's WebSocket): the bytes received and not
// yet read, the error that ends them, and the read deadline. Its methods
// are safe for concurrent use.
type inbox struct {
	mu     sync.Mutex
	buf    []byte
	end    error // the peer or the link ended it: read returns it after buf
	closed bool  // closed by its own end: read returns net.ErrClosed
	rdl    time.Time
	wake   chan struct{}
}

func newInbox() *inbox { return &inbox{wake: make(chan struct{}, 1)} }

func (b *inbox) signal() {
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// received appends p; false (p dropped) when that would hold more than
// limit unread bytes, and then the caller closes the connection. After
// the end or a close, p is dropped and received reports true.
func (b *inbox) received(p []byte, limit int) bool {
	b.mu.Lock()
	if b.end != nil || b.closed {
		b.mu.Unlock()
		return true
	}
	if len(b.buf)+len(p) > limit {
		b.mu.Unlock()
		return false
	}
	b.buf = append(b.buf, p...)
	b.mu.Unlock()
	b.signal()
	return true
}

// ended marks the stream's end (the peer closed, or the link broke): read
// returns err once the bytes before it are read. The first end stays.
func (b *inbox) ended(err error) {
	b.mu.Lock()
	if b.end == nil {
		b.end = err
	}
	b.mu.Unlock()
	b.signal()
}

// close marks the connection closed by its own end and drops what is
// unread; ended reports whether the stream had ended before.
func (b *inbox) close() (ended bool) {
	b.mu.Lock()
	b.closed = true
	b.buf = nil
	ended = b.end != nil
	b.mu.Unlock()
	b.signal()
	return ended
}

// writable is nil while the connection may be written to: net.ErrClosed
// after close, the end's error after ended.
func (b *inbox) writable() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case b.closed:
		return net.ErrClosed
	case b.end != nil:
		return b.end
	}
	return nil
}

// read reads the stream, waiting for bytes until the read deadline
// (os.ErrDeadlineExceeded).
func (b *inbox) read(p []byte) (int, error) {
	for {
		b.mu.Lock()
		switch {
		case b.closed:
			b.mu.Unlock()
			return 0, net.ErrClosed
		case len(b.buf) > 0:
			n := copy(p, b.buf)
			b.buf = b.buf[n:]
			if len(b.buf) == 0 {
				b.buf = nil
			}
			b.mu.Unlock()
			return n, nil
		case b.end != nil:
			err := b.end
			b.mu.Unlock()
			return 0, err
		}
		dl := b.rdl
		b.mu.Unlock()
		var timeout <-chan time.Time
		if !dl.IsZero() {
			d := time.Until(dl)
			if d <= 0 {
				return 0, os.ErrDeadlineExceeded
			}
			t := time.NewTimer(d)
			timeout = t.C
			select {
			case <-b.wake:
			case <-timeout:
			}
			t.Stop()
			continue
		}
		<-b.wake
	}
}

// setReadDeadline sets the deadline of read, waking a read that waits.
func (b *inbox) setReadDeadline(t time.Time) {
	b.mu.Lock()
	b.rdl = t
	b.mu.Unlock()
	b.signal()
}
