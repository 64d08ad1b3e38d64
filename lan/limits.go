//go:build !js

package lan

import (
	"context"
	"io"
	"net"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// countSocket counts nc against the socket limits (see Serve); the
// connection it returns uncounts itself on its first Close. ok is false
// when a limit is reached.
//
// A full host refuses strangers first: when every socket in all is taken,
// a new connection takes the place of the oldest socket that holds no
// seat, from the address holding the most such sockets. A guest coming
// back with its token (one socket from its address) thus always gets in
// while an attacker holds sockets, and a seated guest's socket is never
// closed for a newcomer.
func (h *Host) countSocket(nc net.Conn) (net.Conn, bool) {
	ip := addrIP(nc.RemoteAddr())
	h.sockMu.Lock()
	if h.sockPer == nil {
		h.sockPer = map[string][]*countedConn{}
	}
	if len(h.sockPer[ip]) >= h.cfg.MaxPerAddr+SocketSlack {
		h.sockMu.Unlock()
		return nil, false
	}
	var evicted *countedConn
	if h.sockTotal >= 2*h.cfg.MaxConns+SocketSlack {
		if evicted = h.strangerLocked(); evicted == nil {
			h.sockMu.Unlock()
			return nil, false
		}
		evicted.once.Do(evicted.uncountLocked)
	}
	c := &countedConn{Conn: nc, h: h, ip: ip}
	c.start.Store(time.Now().UnixNano())
	h.sockPer[ip] = append(h.sockPer[ip], c)
	h.sockTotal++
	h.sockMu.Unlock()
	if evicted != nil {
		h.logf("socket limit: closed a connection from %s that held no seat, for one from %s", evicted.ip, ip)
		evicted.Conn.Close()
	}
	return c, true
}

// strangerLocked picks the socket a full host closes for a newcomer: the
// oldest without a seat from the address with the most sockets without a
// seat; nil when every socket holds a seat.
func (h *Host) strangerLocked() *countedConn {
	var pick *countedConn
	most := 0
	for _, cs := range h.sockPer {
		n := 0
		var oldest *countedConn
		for _, c := range cs {
			if !c.seated.Load() {
				if oldest == nil {
					oldest = c
				}
				n++
			}
		}
		if n > most {
			most, pick = n, oldest
		}
	}
	return pick
}

// countedConn is an accepted connection counted by countSocket.
type countedConn struct {
	net.Conn
	h      *Host
	ip     string
	once   sync.Once
	seated atomic.Bool // a game connection welcomed to a seat (markSeated)
	// start is when the connection's current HTTP request began (unix
	// ns): its accept, or the first byte read after a request's handler
	// began (between). A WebSocket's hello deadline counts from it.
	start   atomic.Int64
	between atomic.Bool
}

// Read notes the first byte of the next HTTP request (start).
func (c *countedConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 && c.between.Load() && c.between.CompareAndSwap(true, false) {
		c.start.Store(time.Now().UnixNano())
	}
	return n, err
}

// requestStart is when the connection's current HTTP request began.
func (c *countedConn) requestStart() time.Time { return time.Unix(0, c.start.Load()) }

// nextRequest says the request just handled is read whole: the next byte
// read begins the connection's next request (start).
func (c *countedConn) nextRequest() { c.between.Store(true) }

func (c *countedConn) Close() error {
	c.once.Do(func() {
		c.h.sockMu.Lock()
		c.uncountLocked()
		c.h.sockMu.Unlock()
	})
	return c.Conn.Close()
}

// uncountLocked takes c off the socket counts; h.sockMu is held.
func (c *countedConn) uncountLocked() {
	h := c.h
	h.sockTotal--
	cs := slices.DeleteFunc(h.sockPer[c.ip], func(x *countedConn) bool { return x == c })
	if len(cs) == 0 {
		delete(h.sockPer, c.ip)
	} else {
		h.sockPer[c.ip] = cs
	}
}

// markSeated marks the socket under a game connection (TCP, or the HTTP
// connection a WebSocket runs on) as holding a seat: countSocket never
// closes it for a newcomer.
func markSeated(nc net.Conn) {
	switch c := nc.(type) {
	case *countedConn:
		c.seated.Store(true)
	case *wsConn:
		if c.counted != nil {
			c.counted.seated.Store(true)
		}
	}
}

// connKey is the request context key of the accepted connection
// (http.Server.ConnContext), so a WebSocket finds its countedConn.
type connKey struct{}

func withConn(ctx context.Context, nc net.Conn) context.Context {
	return context.WithValue(ctx, connKey{}, nc)
}

// countedOf returns the counted socket under a request, or nil.
func countedOf(r *http.Request) *countedConn {
	nc, _ := r.Context().Value(connKey{}).(net.Conn)
	if pc, ok := nc.(*peekedConn); ok {
		nc = pc.Conn
	}
	c, _ := nc.(*countedConn)
	return c
}

// maxRequestHeader bounds an HTTP request's header (net/http allows 1 MB);
// a browser sends one or two KiB.
const maxRequestHeader = 16 << 10

// refuseBodies answers a request that has a body with 413 and closes the
// connection at once, without reading the body: neither the page nor the
// WebSocket needs one, and a body that never comes must not hold the
// socket (issue 18). Every other request goes to next.
func refuseBodies(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength == 0 && len(r.TransferEncoding) == 0 {
			if c := countedOf(r); c != nil && r.URL.Path != WebSocketPath {
				// Its header is read and it has no body: a WebSocket
				// later on this keep-alive connection counts its hello
				// deadline from its own request's first byte.
				c.nextRequest()
			}
			next.ServeHTTP(w, r)
			return
		}
		nc, _, err := http.NewResponseController(w).Hijack()
		if err != nil {
			w.Header().Set("Connection", "close")
			http.Error(w, "goldvein host: requests have no body", http.StatusRequestEntityTooLarge)
			return
		}
		io.WriteString(nc, "HTTP/1.1 413 Content Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
		nc.Close()
	})
}
