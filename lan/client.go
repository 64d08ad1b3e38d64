package lan

import (
	"bufio"
	"compress/flate"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/goldvein/goldvein/rules"
)

// Client-side message types: the client puts these in its Messages stream
// itself; they never travel on the wire.
const (
	TDropped = "dropped" // the connection broke; the client is reconnecting
	TBack    = "back"    // reconnected: the seat is ours again, an update follows
)

// ClientConfig configures Join.
type ClientConfig struct {
	// Game is the game to play (required): the hello names it, a host
	// whose table plays another game refuses the guest (code "game"), and
	// it decodes the host's views and events (rules.Game.DecodeView,
	// DecodeEvent, strictly).
	Game rules.Game
	// Name is the player's name (1 to MaxName printable runes).
	Name string
	// Password is the table's password, if it has one.
	Password string
	// Token takes a seat back (the token of an earlier welcome) instead of
	// sitting down anew.
	Token string
	// Deflate asks the host to compress its messages (lan/PROTOCOL.md,
	// Compression): about a third of the bytes, for more CPU on both ends.
	// Off by default: on a LAN the plain updates (under 1 KB a seat a move)
	// cost less time than compressing them.
	Deflate bool
	// Reconnect is how long the client keeps trying to get back after its
	// connection breaks (a host restarted with --resume, a Wi-Fi hiccup);
	// 0 does not try.
	Reconnect time.Duration
	// Timeout bounds dialing and the handshake (default 5 s).
	Timeout time.Duration
	// IdleTimeout is how long the host may stay silent before the
	// connection counts as broken (default 20 s; the host pings every 5 s).
	IdleTimeout time.Duration
	// Dial opens the transport to addr; nil dials TCP, or a WebSocket for
	// ws:// addresses.
	Dial func(ctx context.Context, addr string) (net.Conn, error)
}

// RefusedError is the host's refusal of a handshake (lan/PROTOCOL.md,
// refused): Code is one of the Code constants, Version the host's
// protocol version.
type RefusedError struct {
	Code    string
	Text    string
	Version int
}

// Error names the refusal's code and the host's reason.
func (e *RefusedError) Error() string {
	return fmt.Sprintf("lan: the host refused (%s): %s", e.Code, e.Text)
}

// Client is a guest's end of a LAN game. Messages delivers what the host
// sends (lobby, update, chat, error) plus TDropped/TBack when the
// connection breaks and comes back; Move and Chat send intents. All methods
// are safe for concurrent use.
type Client struct {
	addr  string
	where string // addr as errors name it: an invite without its key (withoutKey)
	cfg   ClientConfig

	mu     sync.Mutex
	seat   int
	name   string
	token  string
	out    *outbox
	last   rules.View
	over   bool
	closed bool
	err    error

	qmu  sync.Mutex
	q    []Message
	wake chan struct{}
	msgs chan Message
	quit chan struct{}
	end  bool
	done chan struct{}
}

// Join connects to the host at addr (HOST:PORT over TCP, or
// ws://HOST:PORT/ws over WebSocket), says hello and waits for the welcome.
// A refusal is a *RefusedError.
func Join(ctx context.Context, addr string, cfg ClientConfig) (*Client, error) {
	if cfg.Game == nil {
		return nil, errors.New("lan: join: no game")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 5 * time.Second
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = 20 * time.Second
	}
	c := &Client{addr: addr, where: withoutKey(addr), cfg: cfg, token: cfg.Token, wake: make(chan struct{}, 1),
		msgs: make(chan Message), quit: make(chan struct{}), done: make(chan struct{})}
	nc, r, err := c.connect(ctx)
	if err != nil {
		return nil, err
	}
	go c.pump()
	go c.read(nc, r)
	return c, nil
}

// Seat returns the client's seat number.
func (c *Client) Seat() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seat
}

// Token returns the reconnect token of the client's seat: keep it to come
// back after a crash (ClientConfig.Token).
func (c *Client) Token() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.token
}

// View returns the newest view received (the game's own type), and false
// before the first.
func (c *Client) View() (rules.View, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.last, c.last != nil
}

// Game returns the game the client plays (ClientConfig.Game).
func (c *Client) Game() rules.Game { return c.cfg.Game }

// Messages returns the stream of messages from the host, in order. It is
// closed when the client ends (Err says why).
func (c *Client) Messages() <-chan Message { return c.msgs }

// Done returns a channel closed when the client has ended.
func (c *Client) Done() <-chan struct{} { return c.done }

// Err returns why the client ended: nil after a finished game or Close.
func (c *Client) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Move sends a move of the client's seat, in the game's own type (it must
// encode to the game's JSON with encoding/json: rules.Move). The host
// plays it as the connection's seat's: a move that names another seat is
// refused. The host answers a refused move with an error message; a legal
// one with updates to every seat.
func (c *Client) Move(m rules.Move) error {
	p, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("lan: move: %w", err)
	}
	if len(p)+32 > MaxClientMessage {
		return fmt.Errorf("lan: move of %d bytes, limit %d", len(p), MaxClientMessage)
	}
	return c.send(&Message{T: TMove, Move: p})
}

// Undo asks the host to take back the seat's own last move (TUndo). The
// host checks it as game.Table.CanUndo does: when it is refused, an error
// message with code CodeUndo says why; when it is taken back, every
// connection gets an update with the view as it stood before the move and
// a notice NoticeUndo. A host older than undo answers code "protocol".
func (c *Client) Undo() error { return c.send(&Message{T: TUndo}) }

// Chat sends a chat line (at most MaxChat printable runes).
func (c *Client) Chat(text string) error {
	if err := checkChat(text); err != nil {
		return err
	}
	return c.send(&Message{T: TChat, Text: text})
}

// Phrase sends a quick phrase of the game by ID (rules.PhrasesOf).
func (c *Client) Phrase(id string) error {
	if rules.PhraseText(c.cfg.Game, id) == "" {
		return fmt.Errorf("lan: unknown phrase %q", id)
	}
	return c.send(&Message{T: TChat, Phrase: id})
}

func (c *Client) send(m *Message) error {
	c.mu.Lock()
	o := c.out
	c.mu.Unlock()
	if o == nil || !o.send(m) {
		return errors.New("lan: not connected")
	}
	return nil
}

// Leave says goodbye (a computer player takes the seat at once) and closes.
func (c *Client) Leave() {
	c.mu.Lock()
	o := c.out
	c.closed = true
	c.mu.Unlock()
	if o != nil {
		o.send(&Message{T: TBye})
		o.finish()
		select {
		case <-o.done:
		case <-time.After(2 * time.Second):
		}
	}
	c.Close()
}

// Close drops the connection without a goodbye (the seat waits the grace
// period) and ends the client.
func (c *Client) Close() {
	c.mu.Lock()
	c.closed = true
	o := c.out
	c.mu.Unlock()
	if o != nil {
		o.close()
	}
	c.qmu.Lock()
	select {
	case <-c.quit:
	default:
		close(c.quit)
	}
	c.qmu.Unlock()
	<-c.done
}

// dial opens the transport: TCP, or a WebSocket for ws:// addresses.
func dial(ctx context.Context, addr string) (net.Conn, error) {
	if strings.HasPrefix(addr, "ws://") || strings.HasPrefix(addr, "wss://") {
		return dialWebSocket(ctx, addr, MaxHostMessage+64)
	}
	return dialTCP(ctx, addr)
}

// connect dials, says hello and reads the welcome; it returns the
// connection and the reader of the host's stream.
func (c *Client) connect(ctx context.Context) (net.Conn, io.Reader, error) {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	d := c.cfg.Dial
	if d == nil {
		d = dial
	}
	nc, err := d(ctx, c.addr)
	if err != nil {
		return nil, nil, fmt.Errorf("lan: join %s: %w", c.where, err)
	}
	c.mu.Lock()
	token := c.token
	c.mu.Unlock()
	hello := &Message{T: THello, Version: Version, Game: c.cfg.Game.ID(), Name: c.cfg.Name, Password: c.cfg.Password, Token: token, Deflate: c.cfg.Deflate}
	p, _ := Encode(hello)
	nc.SetDeadline(time.Now().Add(c.cfg.Timeout))
	if _, err := io.WriteString(nc, Magic); err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("lan: join %s: %w", c.where, err)
	}
	if err := WriteFrame(nc, p); err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("lan: join %s: %w", c.where, err)
	}
	br := bufio.NewReaderSize(nc, 16<<10)
	for {
		p, err := ReadFrame(br, nil, MaxHostMessage)
		if err != nil {
			nc.Close()
			return nil, nil, fmt.Errorf("lan: join %s: no welcome: %w", c.where, err)
		}
		m, err := DecodeHost(p)
		if err != nil {
			nc.Close()
			return nil, nil, fmt.Errorf("lan: join %s: %w", c.where, err)
		}
		switch m.T {
		case TRefused:
			nc.Close()
			return nil, nil, refusal(m)
		case TWelcome:
			if m.Game != c.cfg.Game.ID() {
				nc.Close()
				return nil, nil, &RefusedError{Code: CodeGame, Version: Version,
					Text: fmt.Sprintf("the host's table plays %q, this guest plays %s", m.Game, c.cfg.Game.ID())}
			}
			nc.SetDeadline(time.Time{})
			c.mu.Lock()
			c.seat, c.name, c.token = m.Seat, m.Name, m.Token
			// A lingering close, so the host reads the bye before our end.
			c.out = newLingeringOutbox(nc, 10*time.Second, time.Second)
			c.mu.Unlock()
			var r io.Reader = br
			if c.cfg.Deflate {
				r = flate.NewReader(br)
			}
			return nc, r, nil
		}
		// Nothing else may come before the welcome; a ping is harmless.
		if m.T != TPing {
			nc.Close()
			return nil, nil, fmt.Errorf("lan: join %s: %q before the welcome", c.where, m.T)
		}
	}
}

// read passes the host's messages on until the connection ends, then
// reconnects if configured to.
func (c *Client) read(nc net.Conn, r io.Reader) {
	for {
		err := c.readConn(nc, r)
		c.mu.Lock()
		if c.out != nil {
			c.out.readEnded()
		}
		// A host that sends what this client cannot read speaks another
		// protocol or is broken: reconnecting would only repeat it, in a
		// tight loop, until the per-address limit refuses us.
		var pe *hostProtocolError
		stop := c.closed || c.over || c.cfg.Reconnect <= 0 || errors.As(err, &pe)
		if !stop {
			c.out = nil
		}
		c.mu.Unlock()
		if stop {
			var re *RefusedError
			if errors.As(err, &re) || (!c.isClosed() && !c.isOver()) {
				c.finish(err)
			} else {
				c.finish(nil)
			}
			return
		}
		c.push(Message{T: TDropped, Error: err.Error()})
		nc, r, err = c.reconnect()
		if err != nil {
			c.finish(err)
			return
		}
		c.push(Message{T: TBack})
	}
}

// hostProtocolError is a message from the host that this client could not
// decode or that failed its checks; it ends the session instead of a
// reconnect.
type hostProtocolError struct{ err error }

func (e *hostProtocolError) Error() string { return e.err.Error() }
func (e *hostProtocolError) Unwrap() error { return e.err }

func (c *Client) isClosed() bool { c.mu.Lock(); defer c.mu.Unlock(); return c.closed }
func (c *Client) isOver() bool   { c.mu.Lock(); defer c.mu.Unlock(); return c.over }

func (c *Client) reconnect() (net.Conn, io.Reader, error) {
	deadline := time.Now().Add(c.cfg.Reconnect)
	wait := 100 * time.Millisecond
	for {
		nc, r, err := c.connect(context.Background())
		if err == nil {
			return nc, r, nil
		}
		var re *RefusedError
		if errors.As(err, &re) || time.Now().After(deadline) || c.isClosed() {
			return nil, nil, err
		}
		select {
		case <-time.After(wait):
		case <-c.quit:
			return nil, nil, errors.New("lan: closed")
		}
		if wait < time.Second {
			wait *= 2
		}
	}
}

func (c *Client) readConn(nc net.Conn, r io.Reader) error {
	defer nc.Close()
	var buf []byte
	vt := viewTracker{g: c.cfg.Game} // deltas refer to this connection's updates only
	for {
		nc.SetReadDeadline(time.Now().Add(c.cfg.IdleTimeout))
		p, err := ReadFrame(r, buf, MaxHostMessage)
		if err != nil {
			return fmt.Errorf("lan: connection to %s: %w", c.where, err)
		}
		buf = p[:0]
		m, err := DecodeHost(p)
		if err == nil {
			err = vt.apply(&m)
		}
		if err == nil && m.T == TUpdate {
			if vc, ok := c.cfg.Game.(rules.ViewChecker); ok {
				err = vc.CheckView(m.GameView, c.Seat())
			}
		}
		if err == nil && m.T == TChat && m.Phrase != "" && rules.PhraseText(c.cfg.Game, m.Phrase) == "" {
			err = fmt.Errorf("lan: chat: %s has no quick phrase %q", c.cfg.Game.ID(), m.Phrase)
		}
		if err != nil {
			return &hostProtocolError{fmt.Errorf("lan: from %s: %w", c.where, err)}
		}
		switch m.T {
		case TPing:
			c.send(&Message{T: TPong})
			continue
		case TRefused:
			return refusal(m)
		case TUpdate:
			c.mu.Lock()
			c.last = m.GameView // nobody changes a view once made (viewTracker)
			if m.Over {
				c.over = true
			}
			c.mu.Unlock()
		}
		c.push(m)
	}
}

func (c *Client) finish(err error) {
	c.mu.Lock()
	if c.err == nil {
		c.err = err
	}
	c.mu.Unlock()
	c.qmu.Lock()
	c.end = true
	c.qmu.Unlock()
	c.signal()
}

func (c *Client) push(m Message) {
	c.qmu.Lock()
	c.q = append(c.q, m)
	c.qmu.Unlock()
	c.signal()
}

func (c *Client) signal() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// pump moves queued messages to the unbuffered Messages channel, so the
// reader never waits for the consumer.
func (c *Client) pump() {
	defer close(c.done)
	defer close(c.msgs)
	for {
		c.qmu.Lock()
		q, end := c.q, c.end
		c.q = nil
		c.qmu.Unlock()
		for _, m := range q {
			select {
			case c.msgs <- m:
			case <-c.quit:
				return
			}
		}
		if end && len(q) == 0 {
			return
		}
		if len(q) > 0 {
			continue
		}
		select {
		case <-c.wake:
		case <-c.quit:
			return
		}
	}
}

// refusal is a refused message as a *RefusedError. A host of another
// protocol version may refuse this version's hello for a field it does not
// know (a version 2 host: "unknown field"), naming its version: that is a
// refusal for the version, said so.
func refusal(m Message) *RefusedError {
	if m.Version != 0 && m.Version != Version && m.Code != CodeVersion {
		return &RefusedError{Code: CodeVersion, Version: m.Version,
			Text: fmt.Sprintf("the host speaks protocol version %d, this guest %d: use the same goldvein release (the host said: %s: %s)", m.Version, Version, m.Code, m.Error)}
	}
	return &RefusedError{Code: m.Code, Text: m.Error, Version: m.Version}
}
