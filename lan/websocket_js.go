//go:build js

package lan

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync"
	"syscall/js"
	"time"
)

// browserUnread bounds the bytes a browser's WebSocket holds unread: the
// browser pushes messages as they come, so a host that sends faster than
// the game reads, beyond it, is disconnected rather than filling memory.
const browserUnread = 16 << 20

// dialWebSocket opens a WebSocket to url (ws:// or wss://) within ctx with
// the browser's own WebSocket (a page can open no TCP connection, and
// this keeps net/http and crypto/tls out of goldvein.wasm) and returns it
// as a byte stream of binary messages, each at most readLimit bytes (a
// longer one, or a text message, ends the connection). The browser tells
// a page nothing about a refused WebSocket beyond its close code.
func dialWebSocket(ctx context.Context, url string, readLimit int64) (net.Conn, error) {
	c := &browserConn{inbox: newInbox(), url: url, limit: readLimit}
	if err := c.open(); err != nil {
		return nil, fmt.Errorf("WebSocket %s: %w", url, err)
	}
	select {
	case <-c.opened:
		return c, nil
	case <-c.failed:
		err := c.writable()
		c.Close()
		return nil, fmt.Errorf("WebSocket %s: %w", url, err)
	case <-ctx.Done():
		c.Close()
		return nil, fmt.Errorf("WebSocket %s: %w", url, ctx.Err())
	}
}

// browserConn is a browser WebSocket as a net.Conn: its binary messages
// are the stream. Writes never wait (the browser queues them), so the
// write deadline is not needed and is ignored.
type browserConn struct {
	*inbox
	url   string
	limit int64
	ws    js.Value

	opened, failed chan struct{}
	mu             sync.Mutex
	funcs          []js.Func // the event listeners, released by Close
	events         []string
	isOpen         bool
	once           sync.Once
}

// open makes the browser's WebSocket and listens to its events; a URL the
// browser refuses (a bad scheme, a blocked port) is an error here.
func (c *browserConn) open() (err error) {
	defer func() {
		if r := recover(); r != nil {
			jsErr, ok := r.(js.Error)
			if !ok {
				panic(r)
			}
			err = jsErr
		}
	}()
	c.opened, c.failed = make(chan struct{}), make(chan struct{})
	c.ws = js.Global().Get("WebSocket").New(c.url)
	c.ws.Set("binaryType", "arraybuffer")
	c.listen("open", func(js.Value) {
		c.mu.Lock()
		c.isOpen = true
		c.mu.Unlock()
		close(c.opened)
	})
	c.listen("message", c.message)
	c.listen("close", func(e js.Value) {
		code, reason := e.Get("code").Int(), e.Get("reason").String()
		err := fmt.Errorf("closed (code %d)", code)
		if reason != "" {
			err = fmt.Errorf("closed (code %d): %s", code, reason)
		}
		c.ended(err)
		c.mu.Lock()
		wasOpen := c.isOpen
		c.mu.Unlock()
		if !wasOpen {
			close(c.failed)
		}
	})
	return nil
}

// listen adds a listener for the WebSocket's event typ; it runs on the
// browser's event loop, so it must not wait.
func (c *browserConn) listen(typ string, fn func(e js.Value)) {
	f := js.FuncOf(func(_ js.Value, args []js.Value) any {
		fn(args[0])
		return nil
	})
	c.ws.Call("addEventListener", typ, f)
	c.mu.Lock()
	c.funcs = append(c.funcs, f)
	c.events = append(c.events, typ)
	c.mu.Unlock()
}

// message takes one received message into the stream.
func (c *browserConn) message(e js.Value) {
	data := e.Get("data")
	if data.Type() == js.TypeString {
		c.fail("goldvein: a text message on a binary stream")
		return
	}
	arr := js.Global().Get("Uint8Array").New(data)
	n := arr.Length()
	if int64(n) > c.limit {
		c.fail(fmt.Sprintf("goldvein: a message of %d bytes, over the limit of %d", n, c.limit))
		return
	}
	p := make([]byte, n)
	js.CopyBytesToGo(p, arr)
	if !c.received(p, browserUnread) {
		c.fail("goldvein: too many unread bytes")
	}
}

// fail ends the stream with reason and closes the WebSocket with the
// code 4000 (a page may send only 1000 and 3000 to 4999) and reason
// (short: the browser takes at most 123 bytes).
func (c *browserConn) fail(reason string) {
	c.ended(errors.New(reason))
	c.ws.Call("close", 4000, reason)
}

// Read reads the stream, honouring the read deadline.
func (c *browserConn) Read(p []byte) (int, error) { return c.read(p) }

// Write sends p as one binary message.
func (c *browserConn) Write(p []byte) (n int, err error) {
	if err := c.writable(); err != nil {
		return 0, err
	}
	defer func() {
		if r := recover(); r != nil {
			jsErr, ok := r.(js.Error)
			if !ok {
				panic(r)
			}
			n, err = 0, jsErr
		}
	}()
	arr := js.Global().Get("Uint8Array").New(len(p))
	js.CopyBytesToJS(arr, p)
	c.ws.Call("send", arr)
	return len(p), nil
}

// Close closes the WebSocket (code 1000) and stops listening to it.
func (c *browserConn) Close() error {
	c.once.Do(func() {
		c.inbox.close()
		c.ws.Call("close", 1000)
		c.mu.Lock()
		funcs, events := c.funcs, c.events
		c.funcs, c.events = nil, nil
		c.mu.Unlock()
		for i, f := range funcs {
			c.ws.Call("removeEventListener", events[i], f)
			f.Release()
		}
	})
	return nil
}

// wsAddr is a browser WebSocket's address: its URL.
type wsAddr string

func (a wsAddr) Network() string { return "websocket" }
func (a wsAddr) String() string  { return string(a) }

func (c *browserConn) LocalAddr() net.Addr  { return wsAddr("") }
func (c *browserConn) RemoteAddr() net.Addr { return wsAddr(c.url) }

func (c *browserConn) SetDeadline(t time.Time) error { return c.SetReadDeadline(t) }

func (c *browserConn) SetReadDeadline(t time.Time) error {
	c.setReadDeadline(t)
	return nil
}

// SetWriteDeadline is ignored: a write never waits.
func (c *browserConn) SetWriteDeadline(time.Time) error { return nil }
