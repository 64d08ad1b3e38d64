package lan

import (
	"bufio"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
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
	// Seed deals the game (never sent to anyone); 0 draws one at random.
	Seed uint64
	// Save is the autosave the table writes after every move (may be nil).
	// It is given the table's Session alongside (see SessionSaver).
	Save SessionSaver
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
	Web http.Handler
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

// SessionSaver is the host's autosave: the game record and the session
// (seats and reconnect tokens) that Host.Resume needs after a crash.
type SessionSaver interface {
	Save(rec *rules.Record, s Session) error
}

// Session is what a restarted host needs besides the record to take its
// guests back: the table's name and every seat's kind, name and reconnect
// token. It stays on the host's disk; tokens are never sent to other seats.
type Session struct {
	Name  string      `json:"name"`
	Seats []SavedSeat `json:"seats"`
	// Relay is the table's relay room (HostConfig.Relay), if it has one.
	Relay *RelayRoom `json:"relay,omitempty"`
}

// check validates a session read back from disk before a resume uses it:
// the table's and every seat's name pass CheckName, every kind is one of
// the four, and every guest seat has a token of 32 hex digits that no other
// seat has. Errors name the field, e.g. "seats[2]: kind "wizard" ...".
func (s Session) check() error {
	if err := CheckName(s.Name); err != nil {
		return fmt.Errorf("session: name: %v", err)
	}
	if s.Relay != nil {
		if err := s.Relay.check(); err != nil {
			return fmt.Errorf("session: relay: %v", err)
		}
	}
	tokens := map[string]int{}
	for i, ss := range s.Seats {
		if err := CheckName(ss.Name); err != nil {
			return fmt.Errorf("session: seats[%d]: name: %v", i, err)
		}
		switch ss.Kind {
		case SeatOpen, SeatBot, SeatLocal:
		case SeatGuest:
			if _, err := hex.DecodeString(ss.Token); err != nil || len(ss.Token) != 32 {
				return fmt.Errorf("session: seats[%d]: token %q: want 32 hex digits", i, ss.Token)
			}
			if j, ok := tokens[ss.Token]; ok {
				return fmt.Errorf("session: seats[%d]: token of seats[%d] again", i, j)
			}
			tokens[ss.Token] = i
		default:
			return fmt.Errorf("session: seats[%d]: kind %q: want open, guest, local or bot", i, ss.Kind)
		}
	}
	return nil
}

// SavedSeat is one seat of a Session.
type SavedSeat struct {
	Name  string   `json:"name"`
	Kind  SeatKind `json:"kind"`
	Token string   `json:"token,omitempty"`
	Level string   `json:"level,omitempty"`
}

// ChatLine is one chat message as the host's lobby and game screens show it.
type ChatLine struct {
	Seat   int
	Name   string
	Text   string // the text, or the quick phrase's English text
	Phrase string // the quick phrase ID, "" for free text
}

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

	changed chan struct{}
	done    chan struct{} // closed by Close
	started chan struct{} // closed when the table exists
	httpCh  chan net.Conn
	httpSrv *http.Server

	sockMu    sync.Mutex                // guards the socket counts (Serve); taken alone
	sockPer   map[string][]*countedConn // accepted connections open, by IP address, oldest first
	sockTotal int                       // accepted connections open

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

type hostConn struct {
	h    *Host
	out  *outbox
	ip   string
	seat int // -1 until welcomed
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
		changed: make(chan struct{}, 1), done: make(chan struct{}), started: make(chan struct{}),
		httpCh: make(chan net.Conn)}
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

// botName is the name of a computer player the host seats in seat
// (HostConfig.BotNames).
func (h *Host) botName(seat int) string {
	if seat < len(h.cfg.BotNames) && CheckName(h.cfg.BotNames[seat]) == nil {
		return h.cfg.BotNames[seat]
	}
	return fmt.Sprintf("Bot %d", seat+1)
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

// Lobby returns the table as guests see it.
func (h *Host) Lobby() Lobby {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.lobbyLocked()
}

func (h *Host) lobbyLocked() Lobby {
	l := Lobby{Name: h.cfg.Name, Game: h.cfg.Game.ID(), Players: len(h.seats), Options: h.cfg.Options, Password: h.cfg.Password != "",
		GraceMS: int(h.cfg.Grace / time.Millisecond), Started: h.table != nil, Over: h.over}
	if h.cfg.TurnTimeout > 0 {
		l.TurnTimeoutMS = int(h.cfg.TurnTimeout / time.Millisecond)
	}
	for _, s := range h.seats {
		l.Seats = append(l.Seats, SeatInfo{Name: s.name, Kind: s.kind, Connected: s.conn != nil,
			StandIn: s.kind == SeatGuest && s.standIn != nil, Level: s.level})
	}
	return l
}

// ChatLog returns the chat so far (the last 100 lines).
func (h *Host) ChatLog() []ChatLine {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.chat)
}

// SetOptions changes the number of players and the game's table options
// (its own JSON, as rules.Game.New reads them) before the start; the
// number of players cannot change once guests sit (it would move their
// seats).
func (h *Host) SetOptions(players int, opts json.RawMessage) error {
	if err := checkOptions(h.cfg.Game, players, opts); err != nil {
		return fmt.Errorf("lan: %w", err)
	}
	opts = slices.Clone(opts)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.table != nil {
		return errors.New("lan: the game has started")
	}
	if players != len(h.seats) {
		for _, s := range h.seats {
			if s.kind == SeatGuest {
				return errors.New("lan: players: guests are seated; free their seats first")
			}
		}
		for len(h.seats) < players {
			h.seats = append(h.seats, &hostSeat{kind: SeatOpen})
		}
		h.seats = h.seats[:players]
	}
	h.cfg.Players, h.cfg.Options = players, opts
	h.broadcastLobbyLocked()
	return nil
}

// SetGrace changes the dropout grace period (a lobby option).
func (h *Host) SetGrace(d time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if d > 0 {
		h.cfg.Grace = d
	}
	h.broadcastLobbyLocked()
}

// SetTurnTimeout changes the turn timer (a lobby option): d is how long a
// guest may take for a turn; 0 or less turns the timer off. It takes effect
// from the next turn on.
func (h *Host) SetTurnTimeout(d time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if d <= 0 {
		d = -1
	}
	h.cfg.TurnTimeout = d
	h.turnLimit.Store(int64(d))
	h.broadcastLobbyLocked()
}

// SetSeat makes seat open, a computer player of level (SeatBot), or a
// local player called name whose game.Seat is given to Start (SeatLocal).
// A seated guest is sent away (with a refusal) when their seat changes.
func (h *Host) SetSeat(seat int, kind SeatKind, name, level string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.table != nil {
		return errors.New("lan: the game has started")
	}
	if seat < 0 || seat >= len(h.seats) {
		return fmt.Errorf("lan: no seat %d", seat)
	}
	s := h.seats[seat]
	if s.conn != nil {
		s.conn.refuse(CodeFull, "the host gave your seat to someone else")
	}
	switch kind {
	case SeatOpen:
		*s = hostSeat{kind: SeatOpen}
	case SeatBot:
		if level == "" {
			level = h.cfg.BotLevel
		}
		if name == "" {
			name = h.botName(seat)
		}
		*s = hostSeat{kind: SeatBot, name: name, level: level}
	case SeatLocal:
		if err := CheckName(name); err != nil {
			return fmt.Errorf("lan: %w", err)
		}
		*s = hostSeat{kind: SeatLocal, name: name}
	default:
		return fmt.Errorf("lan: seat kind %q cannot be set by the host", kind)
	}
	h.broadcastLobbyLocked()
	return nil
}

// Start deals the game: guests play their seats, computer players take the
// bot seats and every seat still open, and local seats are played by the
// game.Seat given for them in local (keyed by seat number). It fails when a
// local seat has no game.Seat or the game has started.
func (h *Host) Start(local map[int]game.Seat) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.startLocked(local, nil)
}

// Resume restarts a game from its autosave after a crash (serve --resume):
// the record's moves are replayed and the session's guests may reconnect
// with their tokens; until they do, and after the grace period, computer
// players stand in.
func (h *Host) Resume(rec *rules.Record, s Session, local map[int]game.Seat) error {
	if len(s.Seats) != len(rec.Seats) {
		return fmt.Errorf("lan: resume: session has %d seats, record %d", len(s.Seats), len(rec.Seats))
	}
	if rec.Game != h.cfg.Game.ID() {
		return fmt.Errorf("lan: resume: the record is of %q, this table plays %q", rec.Game, h.cfg.Game.ID())
	}
	if err := checkOptions(h.cfg.Game, len(rec.Seats), rec.Options); err != nil {
		return fmt.Errorf("lan: resume: record: %w", err)
	}
	if err := s.check(); err != nil {
		return fmt.Errorf("lan: resume: %w", err)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.table != nil {
		return errors.New("lan: the game has started")
	}
	h.cfg.Name, h.cfg.Players, h.cfg.Options = s.Name, len(rec.Seats), slices.Clone(rec.Options)
	h.seats = h.seats[:0]
	for _, ss := range s.Seats {
		h.seats = append(h.seats, &hostSeat{name: ss.Name, kind: ss.Kind, token: ss.Token, level: ss.Level})
	}
	return h.startLocked(local, rec)
}

func (h *Host) startLocked(local map[int]game.Seat, rec *rules.Record) error {
	if h.table != nil {
		return errors.New("lan: the game has started")
	}
	if h.closed {
		return errors.New("lan: the host is closed")
	}
	for i, s := range h.seats {
		if s.kind == SeatLocal && local[i] == nil {
			return fmt.Errorf("lan: local seat %d has no game.Seat", i)
		}
	}
	n := len(h.seats)
	seats := make([]game.Seat, n)
	sess := Session{Name: h.cfg.Name, Relay: h.cfg.Relay}
	for i, s := range h.seats {
		switch s.kind {
		case SeatOpen:
			s.kind, s.level, s.name = SeatBot, h.cfg.BotLevel, h.botName(i)
			fallthrough
		case SeatBot:
			seats[i] = h.botSeat(i, s.name, s.level)
		case SeatLocal:
			s.local = local[i]
			seats[i] = local[i]
		case SeatGuest:
			if s.conn != nil {
				seats[i] = &remoteSeat{name: s.name, seat: i, c: s.conn, h: h}
			} else {
				// Resumed: nobody is connected yet. The seat waits the grace
				// period for its guest, then a stand-in plays.
				seats[i] = &remoteSeat{name: s.name, seat: i, h: h}
				h.startGraceLocked(i)
			}
		}
		sess.Seats = append(sess.Seats, SavedSeat{Name: s.name, Kind: s.kind, Token: s.token, Level: s.level})
	}
	h.smu.Lock()
	h.session = sess
	h.smu.Unlock()
	var save game.Saver
	if h.cfg.Save != nil {
		save = sessionSave{h.cfg.Save, h}
	}
	var t *game.Table
	var err error
	if rec != nil {
		t, err = game.Resume(h.cfg.Game, rec, seats, save)
	} else {
		seed := h.cfg.Seed
		for seed == 0 {
			seed = randomSeed()
		}
		t, err = game.NewTable(h.cfg.Game, h.cfg.Options, seed, seats, save)
	}
	if err != nil {
		return fmt.Errorf("lan: %w", err)
	}
	h.table = t
	close(h.started)
	h.broadcastLobbyLocked()
	go h.watchEnd(t)
	return nil
}

// sessionSave is the table's game.Saver: the record with the host's
// session as it is at that move.
type sessionSave struct {
	s SessionSaver
	h *Host
}

func (s sessionSave) Save(rec *rules.Record) error {
	s.h.smu.Lock()
	sess := Session{Name: s.h.session.Name, Seats: slices.Clone(s.h.session.Seats), Relay: s.h.session.Relay}
	s.h.smu.Unlock()
	return s.s.Save(rec, sess)
}

func (h *Host) botSeat(seat int, name, level string) *game.BotSeat {
	return game.NewBotSeat(name, level, h.newBot(level, seat), h.cfg.BotDelay)
}

// newBot makes the computer player of level for seat (HostConfig.NewBot).
// A level the game lacks, or a maker that fails, plays as the game's
// middle level; a game without computer players gets one that always
// asks for the safe move (game.BotSeat plays the first legal move for a
// move the match refuses).
func (h *Host) newBot(level string, seat int) rules.Bot {
	mk := h.cfg.NewBot
	if mk == nil {
		mk = func(level string, seat int) (rules.Bot, error) {
			return h.cfg.Game.NewBot(level, seat, randomSeed())
		}
	}
	if b, err := mk(level, seat); err == nil && b != nil {
		return b
	}
	if b, err := mk(defaultLevel(h.cfg.Game), seat); err == nil && b != nil {
		return b
	}
	return safeBot{}
}

// safeBot moves nothing: the table replaces its nil move by the first
// legal one (game.Table.SubmitOrSafe).
type safeBot struct{}

func (safeBot) Observe(rules.Event)          {}
func (safeBot) Choose(rules.View) rules.Move { return nil }

// defaultLevel is the computer players' level when the host names none:
// the middle one of the game's levels ("normal" of Saboteur's random,
// easy, normal, hard).
func defaultLevel(g rules.Game) string {
	ls := g.Levels()
	if len(ls) == 0 {
		return "normal"
	}
	return ls[len(ls)/2]
}

// randomSeed draws a seed from crypto/rand.
func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	var seed uint64
	for _, x := range b {
		seed = seed<<8 | uint64(x)
	}
	return seed
}

// checkOptions checks players and the game's table options by dealing a
// match of them: rules.Game.New's error names the field.
func checkOptions(g rules.Game, players int, opts json.RawMessage) error {
	if lo, hi := g.Seats(); players < lo || players > hi {
		return fmt.Errorf("players %d: %s takes %d to %d", players, g.ID(), lo, hi)
	}
	if _, err := g.New(players, opts, 1); err != nil {
		return err
	}
	return nil
}

// watchEnd tells everyone when the game is over.
func (h *Host) watchEnd(t *game.Table) {
	select {
	case <-t.Done():
	case <-h.done:
		return
	}
	h.mu.Lock()
	h.over = true
	h.broadcastLobbyLocked()
	h.mu.Unlock()
}

// Table returns the game table, nil before the start.
func (h *Host) Table() *game.Table {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.table
}

// Started returns a channel closed when the game starts.
func (h *Host) Started() <-chan struct{} { return h.started }

// Chat sends a chat line from a local seat (the host's own player) to
// everyone: text, or a quick phrase ID of the game (rules.PhrasesOf) when
// phrase is set.
func (h *Host) Chat(seat int, text, phrase string) error {
	if phrase != "" && rules.PhraseText(h.cfg.Game, phrase) == "" {
		return fmt.Errorf("lan: unknown phrase %q", phrase)
	}
	if phrase == "" {
		if err := checkChat(text); err != nil {
			return err
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if seat < 0 || seat >= len(h.seats) {
		return fmt.Errorf("lan: no seat %d", seat)
	}
	h.chatLocked(seat, text, phrase)
	return nil
}

func (h *Host) chatLocked(seat int, text, phrase string) {
	line := ChatLine{Seat: seat, Name: h.seats[seat].name, Text: text, Phrase: phrase}
	if phrase != "" {
		line.Text = rules.PhraseText(h.cfg.Game, phrase)
	}
	h.chat = append(h.chat, line)
	if len(h.chat) > 100 {
		h.chat = slices.Delete(h.chat, 0, len(h.chat)-100)
	}
	m := &Message{T: TChat, Seat: seat, Name: line.Name, Text: text, Phrase: phrase}
	for c := range h.conns {
		if c.seat >= 0 {
			c.out.send(m)
		}
	}
	h.notify()
}

func (h *Host) broadcastLobbyLocked() {
	l := h.lobbyLocked()
	m := &Message{T: TLobby, Lobby: &l}
	for c := range h.conns {
		if c.seat >= 0 {
			c.out.send(m)
		}
	}
	h.notify()
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
	if h.httpSrv != nil {
		h.httpSrv.Close()
	}
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

// remoteSeat is a guest's seat at the table: it passes every delivery to
// its connection (none while the guest is away; they get everything again
// when they come back, through game.Table.Replace).
type remoteSeat struct {
	name string
	seat int
	c    *hostConn
	h    *Host
}

func (r *remoteSeat) Name() string { return r.name }

// Kind says a LAN guest plays the seat (the record keeps it).
func (r *remoteSeat) Kind() (rules.SeatKind, string) { return rules.Remote, "" }

// Deliver sends the update with the view the table made (a table calls
// DeliverMatch instead; Deliver serves callers that hold a Delivery).
// The table already redacted the events for this seat; they are redacted
// again (rules.Event.For) so that nothing private to another seat can
// leave the host even if a caller forgot (the rules references' "Hidden
// information").
func (r *remoteSeat) Deliver(d game.Delivery) {
	if r.h == nil {
		return
	}
	p, err := json.Marshal(d.View)
	if err != nil {
		r.h.logf("seat %d: view: %v", r.seat, err)
		return
	}
	r.send(&update{seat: r.seat, whole: p}, d)
}

// DeliverMatch is Deliver with the seat's view read from the match on the
// stack (game.Viewer): through the game's ViewWriter (rules.ViewCodec),
// which takes only what goes on the wire (Saboteur: the maze's cards, not
// its whole cell grid), or as the view's JSON.
func (r *remoteSeat) DeliverMatch(d game.Delivery, m rules.Match) {
	if r.h == nil {
		return
	}
	if r.c == nil { // away: only the turn timer looks
		r.h.clock.observe(r.h, r.seat, d.Owes, d.Step)
		return
	}
	u, err := r.h.wire.take(m, r.seat)
	if err != nil {
		r.h.logf("seat %d: %v", r.seat, err)
		return
	}
	r.send(u, d)
}

func (r *remoteSeat) send(u *update, d game.Delivery) {
	r.h.clock.observe(r.h, r.seat, d.Owes, d.Step)
	if r.c == nil {
		return
	}
	u.step, u.owes = d.Step, d.Owes
	u.events = make([]rules.Event, 0, len(d.Events))
	for _, e := range d.Events {
		if x, ok := e.For(r.seat); ok {
			u.events = append(u.events, x)
		}
	}
	r.c.out.send(&Message{T: TUpdate, up: u})
}

// newToken returns a fresh reconnect token: 16 random bytes in hex.
func newToken() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// equalSecret compares two secrets in constant time (of their hashes, so
// the length does not show either).
func equalSecret(a, b string) bool {
	x, y := sha256.Sum256([]byte(a)), sha256.Sum256([]byte(b))
	return subtle.ConstantTimeCompare(x[:], y[:]) == 1
}

func (c *hostConn) refuse(code, text string) {
	c.out.send(&Message{T: TRefused, Code: code, Error: text, Version: Version})
	c.out.finish()
}

func (c *hostConn) fail(code string, err error) {
	c.out.send(&Message{T: TError, Code: code, Error: err.Error()})
}

// serveGame runs the game protocol on a connection whose Magic preamble has
// been read: the handshake, then messages until it closes. The hello must
// arrive by deadline (HandshakeTimeout from the connection's start: the
// preamble, and over a WebSocket the HTTP request, do not restart it); the
// connection's messages spend bud.
func (h *Host) serveGame(nc net.Conn, br *bufio.Reader, deadline time.Time, bud *budget) {
	ip := addrIP(nc.RemoteAddr())
	c := &hostConn{h: h, ip: ip, seat: -1}
	c.out = newOutbox(nc, 10*time.Second, h.wire, h.cfg.onUpdateWritten)
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		c.out.close()
		return
	}
	busy := ""
	switch {
	case h.perAddr[ip] >= h.cfg.MaxPerAddr:
		busy = fmt.Sprintf("too many connections from %s (limit %d)", ip, h.cfg.MaxPerAddr)
	case len(h.conns) >= h.cfg.MaxConns && !h.makeRoomLocked(ip):
		busy = "the host has too many connections"
	}
	if busy == "" {
		h.conns[c] = true
		h.perAddr[ip]++
	}
	h.mu.Unlock()
	if busy != "" {
		c.refuse(CodeBusy, busy)
		return
	}
	defer h.dropped(c)

	nc.SetReadDeadline(deadline)
	buf := make([]byte, 0, 512)
	p, err := ReadFrame(br, buf, MaxClientMessage)
	if err != nil {
		if errors.Is(err, ErrTooLarge) {
			c.refuse(CodeSize, err.Error())
		} else {
			c.out.close()
		}
		return
	}
	hello, err := DecodeClient(p)
	if err == nil && hello.T != THello {
		err = fmt.Errorf("lan: the first message must be hello, not %q", hello.T)
	}
	if err != nil {
		c.refuse(CodeProtocol, err.Error())
		return
	}
	if !h.throttleHello(c) || !h.handshake(c, hello) {
		return
	}
	strikes := 0
	stopPing := make(chan struct{})
	defer close(stopPing)
	go c.pinger(h.cfg.PingInterval, stopPing)
	for {
		nc.SetReadDeadline(time.Now().Add(h.cfg.IdleTimeout))
		p, err := ReadFrame(br, buf, MaxClientMessage)
		if err != nil {
			if errors.Is(err, ErrTooLarge) {
				c.fail(CodeSize, err)
				c.out.finish()
			} else {
				c.out.close()
			}
			return
		}
		buf = p[:0]
		if !bud.allow(time.Now()) {
			strikes++
			c.fail(CodeRate, fmt.Errorf("lan: more than %g messages a second; message dropped", h.cfg.Rate))
		} else if m, err := h.decodeClient(p); err != nil {
			strikes++
			c.fail(CodeProtocol, err)
		} else if !h.handle(c, m) {
			return
		}
		if strikes > 100 {
			c.fail(CodeProtocol, errors.New("lan: too many refused messages; goodbye"))
			c.out.finish()
			return
		}
	}
}

func (c *hostConn) pinger(every time.Duration, stop chan struct{}) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			c.out.send(&Message{T: TPing})
		case <-stop:
			return
		case <-c.out.done:
			return
		}
	}
}

func addrIP(a net.Addr) string {
	if ta, ok := a.(*net.TCPAddr); ok {
		return ta.IP.String()
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}

// decodeClient is DecodeClient with the game's checks: a chat's quick
// phrase is one of the game's (rules.PhrasesOf) and a move reads as the
// game's move (rules.Game.DecodeMove, strictly), into m.decoded.
func (h *Host) decodeClient(p []byte) (Message, error) {
	m, err := DecodeClient(p)
	if err != nil {
		return Message{}, err
	}
	if m.Phrase != "" && rules.PhraseText(h.cfg.Game, m.Phrase) == "" {
		return Message{}, fmt.Errorf("lan: chat: %s has no quick phrase %q", h.cfg.Game.ID(), m.Phrase)
	}
	if m.T == TMove {
		mv, err := h.cfg.Game.DecodeMove(m.Move)
		if err != nil {
			return Message{}, fmt.Errorf("lan: move: %w", err)
		}
		m.decoded = mv
	}
	return m, nil
}

// handshake answers a hello with welcome or refused; true when the
// connection sits in a seat.
func (h *Host) handshake(c *hostConn, m Message) bool {
	if m.Version != Version {
		c.refuse(CodeVersion, fmt.Sprintf("this host speaks protocol version %d, you speak %d: use the same goldvein release", Version, m.Version))
		return false
	}
	if id := h.cfg.Game.ID(); m.Game != id {
		why := fmt.Sprintf("this table plays %s, you asked for %s", id, m.Game)
		if m.Game == "" {
			why = fmt.Sprintf("this table plays %s, and your hello names no game", id)
		}
		c.refuse(CodeGame, why)
		return false
	}
	if h.cfg.Password != "" && !h.checkPassword(c, m.Password) {
		return false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	seat := -1
	if m.Token != "" {
		for i, s := range h.seats {
			if s.kind == SeatGuest && s.token != "" && equalSecret(m.Token, s.token) {
				seat = i
			}
		}
		if seat < 0 {
			c.refuse(CodeToken, "this reconnect token matches no seat at this table")
			return false
		}
	} else {
		if h.table != nil {
			c.refuse(CodeStarted, "the game has started; only its players may come back (with their token)")
			return false
		}
		if err := CheckName(m.Name); err != nil {
			c.refuse(CodeName, err.Error())
			return false
		}
		for i, s := range h.seats {
			if s.kind == SeatOpen {
				seat = i
				break
			}
		}
		if seat < 0 {
			c.refuse(CodeFull, "every seat is taken")
			return false
		}
		h.seats[seat].kind, h.seats[seat].name, h.seats[seat].token = SeatGuest, m.Name, newToken()
	}
	s := h.seats[seat]
	if old := s.conn; old != nil {
		old.seat = -1
		old.refuse(CodeToken, "you connected again from elsewhere")
	}
	if s.grace != nil {
		s.grace.Stop()
		s.grace = nil
	}
	c.seat, s.conn = seat, c
	markSeated(c.out.nc)
	c.out.send(&Message{T: TWelcome, Version: Version, Game: h.cfg.Game.ID(), Seat: seat, Name: s.name, Token: s.token})
	if m.Deflate {
		c.out.startDeflate()
	}
	h.logf("seat %d: %s joined from %s", seat, s.name, c.ip)
	h.broadcastLobbyLocked()
	if h.table != nil {
		s.standIn = nil
		// Replace stops the stand-in and delivers the whole game so far.
		h.table.Replace(seat, &remoteSeat{name: s.name, seat: seat, c: c, h: h})
	}
	if h.cfg.AutoStart && h.table == nil {
		open := false
		for _, s := range h.seats {
			open = open || s.kind == SeatOpen
		}
		if !open {
			if err := h.startLocked(nil, nil); err != nil {
				h.logf("autostart: %v", err)
			}
		}
	}
	return true
}

// handle acts on one message from a seated connection; false ends it.
func (h *Host) handle(c *hostConn, m Message) bool {
	switch m.T {
	case THello:
		c.fail(CodeProtocol, errors.New("lan: hello twice"))
	case TPong:
	case TBye:
		c.out.finish()
		h.left(c)
		return false
	case TChat:
		h.mu.Lock()
		if c.seat >= 0 {
			h.chatLocked(c.seat, m.Text, m.Phrase)
		}
		h.mu.Unlock()
	case TMove:
		h.mu.Lock()
		t, seat := h.table, c.seat
		h.mu.Unlock()
		switch {
		case seat < 0:
			c.fail(CodeState, errors.New("lan: this connection no longer holds a seat"))
		case t == nil:
			c.fail(CodeState, errors.New("lan: the game has not started"))
		default:
			if h.cfg.onMoveRead != nil {
				h.cfg.onMoveRead(time.Now())
			}
			// A connection moves for its own seat only: the table plays the
			// move as seat's, and a move that names another seat is
			// refused by the match.
			if err := t.Submit(seat, m.decoded); err != nil {
				c.fail(CodeRule, err)
			}
		}
	}
	return true
}

// dropped forgets a closed connection. A guest's seat waits the grace
// period for them once the game runs; in the lobby it is freed.
func (h *Host) dropped(c *hostConn) {
	c.out.finish() // a refusal still queued is written first
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.conns[c] {
		return
	}
	delete(h.conns, c)
	if h.perAddr[c.ip]--; h.perAddr[c.ip] <= 0 {
		delete(h.perAddr, c.ip)
	}
	if c.seat < 0 || h.seats[c.seat].conn != c {
		return
	}
	s := h.seats[c.seat]
	s.conn = nil
	if h.gameOverLocked() {
		h.logf("seat %d: %s left after the game", c.seat, s.name)
	} else {
		h.logf("seat %d: %s dropped", c.seat, s.name)
	}
	if h.table == nil {
		*s = hostSeat{kind: SeatOpen}
	} else if !h.over {
		h.startGraceLocked(c.seat)
	}
	h.broadcastLobbyLocked()
}

// gameOverLocked reports whether the game has ended (watchEnd may not have
// set h.over yet, nor the table closed Done, when the guests hang up right
// after the last move: game.Table.Over turns true before they hear it).
func (h *Host) gameOverLocked() bool {
	if h.over {
		return true
	}
	if h.table == nil {
		return false
	}
	return h.table.Over()
}

// left is a guest's bye, leaving for good: in the lobby the seat is freed;
// in the game a computer player takes the seat for the rest of the game
// and the seat's reconnect token stops working, here and in the autosave
// that a --resume reads (lan/PROTOCOL.md, bye).
func (h *Host) left(c *hostConn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if c.seat < 0 || h.seats[c.seat].conn != c {
		return
	}
	seat, s := c.seat, h.seats[c.seat]
	s.conn = nil
	c.seat = -1
	if h.table == nil {
		*s = hostSeat{kind: SeatOpen}
		h.broadcastLobbyLocked()
		return
	}
	if s.grace != nil {
		s.grace.Stop()
		s.grace = nil
	}
	if !h.over {
		h.standInLocked(seat)
	}
	s.kind, s.level, s.token = SeatBot, h.cfg.BotLevel, ""
	h.smu.Lock()
	if seat < len(h.session.Seats) {
		h.session.Seats[seat] = SavedSeat{Name: s.name, Kind: SeatBot, Level: s.level}
	}
	h.smu.Unlock()
	h.logf("seat %d: %s left; a computer player takes the seat", seat, s.name)
	h.broadcastLobbyLocked()
}

func (h *Host) startGraceLocked(seat int) {
	s := h.seats[seat]
	if s.grace != nil {
		s.grace.Stop()
	}
	s.grace = time.AfterFunc(h.cfg.Grace, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.closed || h.over || s.conn != nil || s.standIn != nil || h.seats[seat] != s {
			return
		}
		h.standInLocked(seat)
		h.broadcastLobbyLocked()
	})
}

func (h *Host) standInLocked(seat int) {
	s := h.seats[seat]
	if s.standIn != nil || h.table == nil {
		return
	}
	s.standIn = h.botSeat(seat, s.name, h.cfg.BotLevel)
	h.logf("seat %d: a computer player stands in for %s", seat, s.name)
	h.table.Replace(seat, s.standIn)
}

// turnClock times the guests that owe a move (HostConfig.TurnTimeout),
// each seat on its own. A guest's seat arms its timer when a delivery has
// the seat owing a move and stops it when a delivery shows it owes none;
// it runs with the table locked, so it takes only its own lock.
type turnClock struct {
	mu     sync.Mutex
	seats  map[int]*seatClock
	closed bool
}

// seatClock is one seat's timer and the step it runs for.
type seatClock struct {
	timer *time.Timer
	step  int // the match's step when the move came due (game.Delivery.Step)
}

// observe looks at seat's fresh delivery: owing a move, the seat's clock
// runs for this step (once: the same step delivered again keeps its start);
// otherwise the seat's clock stops.
func (c *turnClock) observe(h *Host, seat int, owes bool, step int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	sc := c.seats[seat]
	if sc != nil && owes && sc.step == step {
		return
	}
	if sc != nil {
		sc.timer.Stop()
		delete(c.seats, seat)
	}
	d := h.turnTimeout()
	if !owes || d <= 0 {
		return
	}
	if c.seats == nil {
		c.seats = map[int]*seatClock{}
	}
	c.seats[seat] = &seatClock{step: step, timer: time.AfterFunc(d, func() { h.turnTimedOut(seat, step, d) })}
}

func (c *turnClock) stop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	for _, sc := range c.seats {
		sc.timer.Stop()
	}
}

// turnTimeout reads the table's turn timer; it may run with the table
// locked (from a delivery), so it takes no lock of the host's: the value
// is read atomically.
func (h *Host) turnTimeout() time.Duration { return time.Duration(h.turnLimit.Load()) }

// turnTimedOut plays the move of a guest who let the turn timer run out:
// a computer player, caught up on everything the seat knows, makes that
// one move (game.Table.SubmitOrSafe: never after the guest moved
// meanwhile, and the first legal move should the match refuse the
// computer player's), and every connection gets a notice. A seat played by
// a stand-in, or whose guest left, is not touched.
func (h *Host) turnTimedOut(seat, step int, after time.Duration) {
	h.mu.Lock()
	t := h.table
	ok := t != nil && !h.closed && !h.over && seat < len(h.seats) &&
		h.seats[seat].kind == SeatGuest && h.seats[seat].standIn == nil
	level := h.cfg.BotLevel
	h.mu.Unlock()
	if !ok {
		return
	}
	d := t.History(seat)
	if d.Step != step || !d.Owes {
		return
	}
	bot := h.newBot(level, seat)
	for _, e := range d.Events {
		bot.Observe(e)
	}
	if err := t.SubmitOrSafe(seat, step, bot.Choose(d.View)); err != nil {
		if !errors.Is(err, game.ErrStale) && !errors.Is(err, game.ErrClosed) {
			h.logf("seat %d: turn timer: %v", seat, err)
		}
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	name := h.seats[seat].name
	text := fmt.Sprintf("%s took longer than %s for a turn: a computer player made the move.", name, after)
	h.logf("seat %d: %s", seat, text)
	m := &Message{T: TNotice, Code: NoticeTurnTimeout, Seat: seat, Name: name, Text: text}
	for c := range h.conns {
		if c.seat >= 0 {
			c.out.send(m)
		}
	}
	h.notices = append(h.notices, Notice{Code: NoticeTurnTimeout, Seat: seat, Name: name, Text: text})
	if len(h.notices) > 100 {
		h.notices = slices.Delete(h.notices, 0, len(h.notices)-100)
	}
	h.notify()
}

// Notice is something the host tells every seat (lan/PROTOCOL.md,
// notice): Code says what (NoticeTurnTimeout), Seat and Name whom it is
// about, Text says it in English.
type Notice struct {
	Code string
	Seat int
	Name string
	Text string
}

// Notices returns what the host has told the table so far, the last 100
// (for the host's own screen; guests get them as notice messages).
func (h *Host) Notices() []Notice {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.notices)
}
