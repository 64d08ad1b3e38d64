package lan

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/goldvein/goldvein/game"
	"github.com/goldvein/goldvein/lan/seal"
	"github.com/goldvein/goldvein/rules"
)

// HostConfig configures a Host. Zero durations and limits take the
// defaults named on each field.
type HostConfig struct {
	// Name is the table's name, shown in the lobby and the beacon.
	Name string
	// Password, when not empty, must be given by every guest (compared in
	// constant time).
	Password string
	// Game is the game the table plays (required); the beacon, the lobby
	// and the welcome name it (rules.Game.ID), and guests must ask for it.
	Game rules.Game
	// Players is the number of seats, within the game's range
	// (rules.Game.Seats).
	Players int
	// Options are the game's table options in its own JSON (nil: its
	// defaults), as rules.Game.New reads them.
	Options json.RawMessage
	// Bots is how many seats, the last ones, computer players take from the
	// start (the others wait for guests or local players).
	Bots int
	// BotLevel is the level of the computer players and stand-ins.
	BotLevel string
	// BotNames names the computer players the host seats itself (the
	// cfg.Bots seats, seats still open at the start, SetSeat with no
	// name), by seat number: the app gives them in the player's language
	// (scene.bot.name). A seat beyond the list, or an empty or invalid
	// name (CheckName), is "Bot N" with N the seat number plus one.
	BotNames []string
	// NewBot makes the computer player of level for a seat; it plays bot
	// seats, stands in for dropped guests and makes the move of a guest
	// whose turn timer ran out. Nil: the game's own (rules.Game.NewBot,
	// with a random seed; an unknown level plays as the game's middle
	// level).
	NewBot func(level string, seat int) (rules.Bot, error)
	// BotDelay is how long a computer player waits before its move (0:
	// none), so humans can follow.
	BotDelay time.Duration
	// UndoWait is how long computer players hold their move after a
	// person's (a guest's or the host's) move that may still be taken
	// back, so that Undo has time (game.Table.SetUndoWait); 0: not at all.
	UndoWait time.Duration
	// Seed deals the game (never sent to anyone); 0 draws one at random.
	Seed uint64
	// Save is the autosave the table writes after every move (may be nil).
	// It is given the table's Session alongside (see SessionSaver).
	Save SessionSaver
	// History hears that the game ended, with its record and scores (the
	// app's history of finished games, game.FileSaver.Ended); may be nil.
	History game.Ender
	// Grace is how long a dropped guest keeps their seat before a computer
	// player stands in (default 30 s; issue 5).
	Grace time.Duration
	// TurnTimeout is how long a guest may take for a move it owes (each
	// owing seat timed on its own): then a computer player makes that one move for
	// them and every connection gets a notice (lan/PROTOCOL.md, Turn
	// timer). 0 is the default, DefaultTurnTimeout; negative: no limit.
	// Players at the host's own screen (SeatLocal) are not timed.
	TurnTimeout time.Duration
	// AutoStart starts the game as soon as every open seat has a guest
	// (the headless dedicated host).
	AutoStart bool
	// MaxPerAddr bounds the game connections from one IP address (default
	// 4); MaxConns bounds them all (default 64).
	MaxPerAddr, MaxConns int
	// Rate and Burst bound the messages a connection may send: Rate a second
	// on average, Burst at once (defaults 20 and 40).
	Rate  float64
	Burst int
	// HelloRate and HelloBurst bound the handshakes from one IP address:
	// HelloRate a second on average, HelloBurst at once (defaults 2 and
	// 10); a hello over them waits, up to HandshakeTimeout, then is
	// refused (busy).
	HelloRate  float64
	HelloBurst int
	// PasswordTries wrong passwords in a row from one IP address are
	// answered at once (default 3); after that, the address's guesses
	// are refused unread for PasswordBackoff (default 1 s), doubling with
	// each further wrong one up to 30 s.
	PasswordTries   int
	PasswordBackoff time.Duration
	// HandshakeTimeout bounds the time to the hello (default 5 s);
	// PingInterval is how often an idle connection is pinged (default 5 s);
	// IdleTimeout closes a connection silent that long (default 20 s).
	HandshakeTimeout, PingInterval, IdleTimeout time.Duration
	// Web serves HTTP requests other than the WebSocket (/ws) on the same
	// port: the browser build (issue 6). Nil answers 404 with a note.
	Web WebHandler
	// Origins are extra WebSocket origin patterns accepted besides the
	// page's own host (github.com/coder/websocket AcceptOptions).
	Origins []string
	// HostNames are extra names (besides IP addresses, localhost and the
	// machine's name) a browser may use for the host: a WebSocket
	// request whose Host header names anything else is refused (403), so
	// a DNS rebinding page cannot pass the origin check.
	HostNames []string
	// Logf, when set, gets one line per connection event.
	Logf func(format string, args ...any)
	// Relay is the table's room on a relay (NewRelayRoom), served by
	// ServeRelay beside any listener; it is saved in the session, so a
	// resumed table opens the same room under the same invite. Nil: no
	// relay.
	Relay *RelayRoom
	// RelayCipher seals the relayed connections; nil is AES-256-GCM
	// (seal.AESGCM). Only tests change it.
	RelayCipher seal.Cipher

	// Benchmark hooks: a move read from a connection, and an update
	// written to a connection's socket.
	onMoveRead      func(at time.Time)
	onUpdateWritten func(moves int, at time.Time)
}

// DefaultTurnTimeout is how long a guest may take for a turn unless the
// table says otherwise (HostConfig.TurnTimeout, serve --turn-timeout).
const DefaultTurnTimeout = 90 * time.Second

// Host is the authoritative end of a LAN game: it owns the lobby and, once
// started, the game.Table; guests connect over TCP or WebSocket (Serve). All
// methods are safe for concurrent use.
type Host struct {
	cfg HostConfig

	mu      sync.Mutex
	seats   []*hostSeat
	table   *game.Table
	smu     sync.Mutex // guards session; taken after mu, or alone by the autosave
	session Session    // set when the game starts; a bye turns its seat into a computer player's
	conns   map[*hostConn]bool
	perAddr map[string]int
	chat    []ChatLine
	notices []Notice
	ls      []net.Listener
	closed  bool
	over    bool

	wire  *wire     // writes the game's updates for the connections' writers
	clock turnClock // the guest on turn's timer
	// turnLimit is cfg.TurnTimeout (ns; 0 or less: off), read by the
	// clock with the table locked, where h.mu must not be taken.
	turnLimit atomic.Int64

	changed   chan struct{}
	done      chan struct{} // closed by Close
	started   chan struct{} // closed when the table exists
	listening               // the listeners' HTTP server and socket counts (listen.go)

	relayMu  sync.Mutex
	relayErr error // why the relay room is not open now (ServeRelay); nil once it is

	guard addrGuard // handshakes and wrong passwords, by IP address (throttle.go)
}

type hostSeat struct {
	name    string
	kind    SeatKind
	level   string
	token   string
	conn    *hostConn // the guest's live connection
	standIn *game.BotSeat
	grace   *time.Timer
	local   game.Seat
}

// NewHost makes a host with its lobby: Options.Players seats, the last
// cfg.Bots of them computer players, the others open. It does not listen
// yet (Serve).
func NewHost(cfg HostConfig) (*Host, error) {
	if cfg.Game == nil {
		return nil, errors.New("lan: host: no game")
	}
	if err := checkOptions(cfg.Game, cfg.Players, cfg.Options); err != nil {
		return nil, fmt.Errorf("lan: host: %w", err)
	}
	cfg.Options = slices.Clone(cfg.Options)
	if cfg.Bots < 0 || cfg.Bots > cfg.Players {
		return nil, fmt.Errorf("lan: host: bots %d: want 0 to %d", cfg.Bots, cfg.Players)
	}
	cfg.BotNames = slices.Clone(cfg.BotNames)
	if cfg.Name == "" {
		cfg.Name = "goldvein"
	}
	if err := CheckName(cfg.Name); err != nil {
		return nil, fmt.Errorf("lan: host: table %w", err)
	}
	if cfg.Relay != nil {
		if err := cfg.Relay.check(); err != nil {
			return nil, fmt.Errorf("lan: host: %w", err)
		}
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&cfg.Grace, 30*time.Second)
	if cfg.TurnTimeout == 0 {
		cfg.TurnTimeout = DefaultTurnTimeout
	}
	def(&cfg.HandshakeTimeout, 5*time.Second)
	def(&cfg.PingInterval, 5*time.Second)
	def(&cfg.IdleTimeout, 20*time.Second)
	if cfg.IdleTimeout <= cfg.PingInterval {
		return nil, fmt.Errorf("lan: host: idle timeout %s must be longer than the ping interval %s", cfg.IdleTimeout, cfg.PingInterval)
	}
	if cfg.MaxPerAddr <= 0 {
		cfg.MaxPerAddr = 4
	}
	if cfg.MaxConns <= 0 {
		cfg.MaxConns = 64
	}
	if cfg.Rate <= 0 {
		cfg.Rate = 20
	}
	if cfg.Burst <= 0 {
		cfg.Burst = 40
	}
	if cfg.HelloRate <= 0 {
		cfg.HelloRate = defaultHelloRate
	}
	if cfg.HelloBurst <= 0 {
		cfg.HelloBurst = defaultHelloBurst
	}
	if cfg.PasswordTries <= 0 {
		cfg.PasswordTries = defaultPasswordTries
	}
	def(&cfg.PasswordBackoff, defaultPasswordBackoff)
	if cfg.BotLevel == "" {
		cfg.BotLevel = defaultLevel(cfg.Game)
	}
	h := &Host{cfg: cfg, conns: map[*hostConn]bool{}, perAddr: map[string]int{}, wire: newWire(cfg.Game),
		changed: make(chan struct{}, 1), done: make(chan struct{}), started: make(chan struct{})}
	h.initListening()
	h.turnLimit.Store(int64(cfg.TurnTimeout))
	n := cfg.Players
	for i := 0; i < n; i++ {
		s := &hostSeat{kind: SeatOpen}
		if i >= n-cfg.Bots {
			s.kind, s.level, s.name = SeatBot, cfg.BotLevel, h.botName(i)
		}
		h.seats = append(h.seats, s)
	}
	return h, nil
}

func (h *Host) logf(format string, args ...any) {
	if h.cfg.Logf != nil {
		h.cfg.Logf(format, args...)
	}
}

// Changed returns a channel that receives (without blocking the host) when
// the lobby, a seat or the chat changed: the lobby screen redraws then.
func (h *Host) Changed() <-chan struct{} { return h.changed }

func (h *Host) notify() {
	select {
	case h.changed <- struct{}{}:
	default:
	}
}

// Close stops listening, closes every connection and the table (the
// autosave stays). It is idempotent.
func (h *Host) Close() error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil
	}
	h.closed = true
	close(h.done)
	for _, l := range h.ls {
		l.Close()
	}
	conns := make([]*hostConn, 0, len(h.conns))
	for c := range h.conns {
		conns = append(conns, c)
	}
	for _, s := range h.seats {
		if s.grace != nil {
			s.grace.Stop()
		}
	}
	h.clock.stop()
	t := h.table
	h.mu.Unlock()
	if t != nil {
		t.Close()
	}
	for _, c := range conns {
		c.out.close()
	}
	h.closeListening()
	return nil
}

// Finish sends every connection what is queued for it and then closes it:
// the end of a served game.
func (h *Host) Finish(wait time.Duration) {
	h.mu.Lock()
	conns := make([]*hostConn, 0, len(h.conns))
	for c := range h.conns {
		conns = append(conns, c)
	}
	h.mu.Unlock()
	for _, c := range conns {
		c.out.finish()
	}
	deadline := time.After(wait)
	for _, c := range conns {
		select {
		case <-c.out.done:
		case <-deadline:
			return
		}
	}
}

// Done returns a channel closed by Close.
func (h *Host) Done() <-chan struct{} { return h.done }
