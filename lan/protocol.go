package lan

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/goldvein/goldvein/rules"
)

// Version is the protocol version this code speaks (lan/PROTOCOL.md). A
// peer of another version is refused with code "version" during the
// handshake. Version 3 carries every game of the box: the beacon, the
// hello and the welcome name the game, and moves, views and events travel
// as the game's own JSON.
const Version = 3

// Magic is the preamble a client sends before its first frame. It lets one
// port serve the game protocol, HTTP and WebSocket: the host sniffs the
// first bytes of every connection (see Host.Serve).
const Magic = "GOLDVEIN"

// WebSocketPath is where a host accepts WebSocket guests (browsers); the
// binary messages carry the same byte stream as a TCP connection, Magic
// first (lan/PROTOCOL.md, Transports).
const WebSocketPath = "/ws"

// readMagic reads Magic off br: ErrBadMagic when the stream starts with
// anything else.
func readMagic(br *bufio.Reader) error {
	p, err := br.Peek(len(Magic))
	if err != nil || string(p) != Magic {
		return ErrBadMagic
	}
	br.Discard(len(Magic))
	return nil
}

// Limits of the protocol (lan/PROTOCOL.md, Limits).
const (
	// MaxClientMessage is the largest frame payload a client may send, in
	// bytes. A longer frame is refused with code "size" and the connection
	// is closed.
	MaxClientMessage = 4 << 10
	// MaxHostMessage is the largest frame payload a host may send, in bytes
	// (a Saboteur view of the largest maze is about 3 KB, an Underground
	// view about 2.5 KB).
	MaxHostMessage = 256 << 10
	// MaxName is the longest player or table name, in runes.
	MaxName = rules.MaxName
	// MaxChat is the longest chat line, in runes.
	MaxChat = 200
	// MaxPassword is the longest password, in bytes.
	MaxPassword = 64
)

// Message types (the "t" field of every message, lan/PROTOCOL.md).
const (
	// Client to host.
	THello = "hello" // first message: version, name, password, token
	TMove  = "move"  // a move of the client's own seat
	TChat  = "chat"  // a chat line or a quick phrase
	TPong  = "pong"  // answer to a ping
	TBye   = "bye"   // the client leaves for good
	TUndo  = "undo"  // take back the seat's own last move (game.Table.Undo)

	// Host to client.
	TWelcome = "welcome" // the handshake succeeded: seat and reconnect token
	TRefused = "refused" // the handshake failed; the host closes the connection
	TLobby   = "lobby"   // the table before and during the game: seats and options
	TUpdate  = "update"  // the seat's view and the events since the last update
	TError   = "error"   // one message was refused; nothing changed
	TPing    = "ping"    // keep-alive; answer with pong
	TNotice  = "notice"  // the host tells every seat something: code, seat, name, text
)

// Notice codes (the "code" field of a notice message).
const (
	// NoticeTurnTimeout: the guest in seat took longer than the turn timer
	// (Lobby.TurnTimeoutMS) and a computer player made that one move.
	NoticeTurnTimeout = "turn_timeout"
	// NoticeUndo: the seat took back its last move (game.Table.Undo);
	// every connection has just been sent the view as it stood before
	// that move, and events a guest was sent for the move no longer
	// stand.
	NoticeUndo = "undo"
)

// Refusal and error codes (the "code" field of refused and error messages).
const (
	CodeVersion  = "version"  // refused: another protocol version
	CodeGame     = "game"     // refused: the table plays another game than the hello names
	CodePassword = "password" // refused: wrong password
	CodeFull     = "full"     // refused: no free seat
	CodeStarted  = "started"  // refused: the game has started and no token was given
	CodeToken    = "token"    // refused: the reconnect token matches no seat
	CodeName     = "name"     // refused: empty, too long or unprintable name
	CodeBusy     = "busy"     // refused: too many connections (from this address)
	CodeProtocol = "protocol" // refused or error: malformed message
	CodeSize     = "size"     // error: frame too large; the connection is closed
	CodeRate     = "rate"     // error: too many messages per second; message dropped
	CodeRule     = "rule"     // error: the move breaks a rule (the error names it) or it is not your turn
	CodeState    = "state"    // error: the message does not fit now (a move before the game starts)
	CodeUndo     = "undo"     // error: the undo was refused; the error says why (another seat moved since, or the rule)
)

// Message is one protocol message, either way. T says which fields count
// (lan/PROTOCOL.md lists them per type); the others are zero.
type Message struct {
	T string `json:"t"`

	// hello
	Version int `json:"version,omitempty"`
	// Game is the game's ID (rules.Game.ID): the game a hello wants to
	// play, the game a welcome's table plays.
	Game     string `json:"game,omitempty"`
	Name     string `json:"name,omitempty"`
	Password string `json:"password,omitempty"`
	Token    string `json:"token,omitempty"` // hello: reconnect; welcome: the seat's token
	Deflate  bool   `json:"deflate,omitempty"`

	// welcome, chat (host to client: the speaker's seat)
	Seat int `json:"seat,omitempty"`

	// refused, error
	Code  string `json:"code,omitempty"`
	Error string `json:"error,omitempty"`

	// lobby
	Lobby *Lobby `json:"lobby,omitempty"`

	// move: the move in the game's own JSON (rules.Game.DecodeMove)
	Move json.RawMessage `json:"move,omitempty"`

	// update: either the whole View, or a Delta of the fields of the view
	// that changed since the connection's previous update, in the game's
	// own JSON, and the Events (each in the game's own JSON); Step is the
	// match's step (rules.Match.Step), Owes whether the seat owes a move
	// at that step, Over whether the game has ended.
	View   json.RawMessage   `json:"view,omitempty"`
	Delta  json.RawMessage   `json:"delta,omitempty"`
	Events []json.RawMessage `json:"events,omitempty"`
	Step   int               `json:"step,omitempty"`
	Owes   bool              `json:"owes,omitempty"`
	Over   bool              `json:"over,omitempty"` // the game is over (rules.Match.Over)

	// GameView and GameEvents are an update as the client's game decoded
	// them (rules.Game.DecodeView, DecodeEvent): always the whole view,
	// deltas merged (Client.Messages). They never travel as such.
	GameView   rules.View    `json:"-"`
	GameEvents []rules.Event `json:"-"`

	// decoded is a move as the host's game read it (Host.decodeClient).
	decoded rules.Move

	// up is an update on the host's side (update.go): the connection's
	// writer encodes it as a whole view or a delta.
	up *update

	// chat: either Text or a Phrase id (QuickPhrases)
	Text   string `json:"text,omitempty"`
	Phrase string `json:"phrase,omitempty"`
}

// Lobby is the table as every connection may see it: name, game,
// options and seats, before and during the game.
type Lobby struct {
	Name string `json:"name"`
	// Game is the game's ID (rules.Game.ID); Players the number of seats;
	// Options the game's table options in its own JSON (rules.Game.New).
	Game     string          `json:"game"`
	Players  int             `json:"players"`
	Options  json.RawMessage `json:"options"`
	Password bool            `json:"password"` // the table asks for one
	GraceMS  int             `json:"grace_ms"` // dropout grace period, ms
	// TurnTimeoutMS is how long a guest may take for a turn before a
	// computer player moves for them, ms; 0: no limit.
	TurnTimeoutMS int        `json:"turn_timeout_ms"`
	Started       bool       `json:"started"`
	Over          bool       `json:"over"`
	Seats         []SeatInfo `json:"seats"`
}

// SeatKind says who sits in a seat.
type SeatKind string

// The seat kinds.
const (
	SeatOpen  SeatKind = "open"  // waiting for a guest; a bot takes it at the start
	SeatGuest SeatKind = "guest" // a remote player
	SeatLocal SeatKind = "local" // a player at the host's own screen
	SeatBot   SeatKind = "bot"   // a computer player
)

// SeatInfo is one seat of the lobby.
type SeatInfo struct {
	Name      string   `json:"name"`
	Kind      SeatKind `json:"kind"`
	Connected bool     `json:"connected"`          // guest: the connection is up
	StandIn   bool     `json:"stand_in,omitempty"` // guest: a bot plays for them meanwhile
	Level     string   `json:"level,omitempty"`    // bot: its level
}

// Errors of framing.
var (
	// ErrTooLarge is returned by ReadFrame for a frame longer than its limit.
	ErrTooLarge = errors.New("lan: frame too large")
	// ErrBadMagic is returned when a connection does not start with Magic.
	ErrBadMagic = errors.New("lan: not a goldvein connection (bad preamble)")
)

// WriteFrame writes one frame: the payload's length as 4 bytes big-endian,
// then the payload (lan/PROTOCOL.md, Framing).
func WriteFrame(w io.Writer, payload []byte) error {
	buf := make([]byte, 4+len(payload))
	binary.BigEndian.PutUint32(buf, uint32(len(payload)))
	copy(buf[4:], payload)
	_, err := w.Write(buf)
	return err
}

// ReadFrame reads one frame of at most max payload bytes into buf (grown
// as needed) and returns the payload. A longer frame returns ErrTooLarge
// without reading its payload; a stream that ends inside a frame returns
// io.ErrUnexpectedEOF.
func ReadFrame(r io.Reader, buf []byte, max int) ([]byte, error) {
	var hdr [4]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return nil, err
	}
	n := binary.BigEndian.Uint32(hdr[:])
	if n > uint32(max) {
		return nil, fmt.Errorf("%w: %d bytes, limit %d", ErrTooLarge, n, max)
	}
	if cap(buf) < int(n) {
		buf = make([]byte, n)
	}
	buf = buf[:n]
	if _, err := io.ReadFull(r, buf); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return buf, nil
}

// Encode writes a message as the JSON payload of a frame.
func Encode(m *Message) ([]byte, error) {
	return json.Marshal(m)
}

// DecodeClient reads a message a client sent: strict JSON (no unknown
// fields, nothing after the object), a client message type, and fields
// that make sense for it. The error says what is wrong; the host answers it
// with an error (code "protocol") and changes nothing.
func DecodeClient(payload []byte) (Message, error) {
	var m Message
	if err := strictJSON(payload, &m); err != nil {
		return Message{}, err
	}
	switch m.T {
	case THello:
		if m.Version <= 0 {
			return Message{}, errors.New("lan: hello: version missing")
		}
		// Version mismatch is the host's to refuse with its own version
		// named, so it is not checked here.
		if len(m.Password) > MaxPassword {
			return Message{}, fmt.Errorf("lan: hello: password longer than %d bytes", MaxPassword)
		}
		if len(m.Token) > 64 {
			return Message{}, errors.New("lan: hello: token too long")
		}
		if len(m.Name) > 4*MaxName {
			return Message{}, errors.New("lan: hello: name too long")
		}
		if err := checkGameID(m.Game); err != nil {
			return Message{}, fmt.Errorf("lan: hello: %w", err)
		}
	case TMove:
		if len(m.Move) == 0 {
			return Message{}, errors.New("lan: move: no move")
		}
	case TChat:
		if (m.Text == "") == (m.Phrase == "") {
			return Message{}, errors.New("lan: chat: give exactly one of text and phrase")
		}
		if err := checkPhraseID(m.Phrase); err != nil {
			return Message{}, err
		}
		if err := checkChat(m.Text); err != nil {
			return Message{}, err
		}
	case TPong, TBye, TUndo:
	case "":
		return Message{}, errors.New("lan: message without type (t)")
	default:
		return Message{}, fmt.Errorf("lan: unknown client message type %q", m.T)
	}
	if m.T != THello && (m.Version != 0 || m.Name != "" || m.Password != "" || m.Token != "" || m.Deflate || m.Game != "") {
		return Message{}, fmt.Errorf("lan: %s: hello fields outside hello", m.T)
	}
	if m.Seat != 0 || m.Code != "" || m.Error != "" || m.Lobby != nil || m.View != nil || m.Delta != nil || m.Events != nil || m.Step != 0 || m.Owes || m.Over {
		return Message{}, fmt.Errorf("lan: %s: host fields in a client message", m.T)
	}
	if m.T != TMove && m.Move != nil {
		return Message{}, fmt.Errorf("lan: %s: move outside a move message", m.T)
	}
	if m.T != TChat && (m.Text != "" || m.Phrase != "") {
		return Message{}, fmt.Errorf("lan: %s: chat outside a chat message", m.T)
	}
	return m, nil
}

// DecodeHost reads a message a host sent (the client's side of
// DecodeClient): strict JSON and a host message type.
func DecodeHost(payload []byte) (Message, error) {
	var m Message
	if err := strictJSON(payload, &m); err != nil {
		return Message{}, err
	}
	switch m.T {
	case TWelcome, TRefused, TLobby, TError, TPing, TChat:
	case TNotice:
		// Shown as it is, like chat: no control characters.
		if m.Code == "" || m.Text == "" {
			return Message{}, errors.New("lan: notice: no code or text")
		}
		if err := checkChat(m.Text); err != nil {
			return Message{}, fmt.Errorf("lan: notice: %w", err)
		}
		if err := checkChat(m.Name); err != nil {
			return Message{}, fmt.Errorf("lan: notice: name: %w", err)
		}
		if err := checkChat(m.Code); err != nil {
			return Message{}, fmt.Errorf("lan: notice: code: %w", err)
		}
	case TUpdate:
		if (m.View == nil) == (m.Delta == nil) {
			return Message{}, errors.New("lan: update: give exactly one of view and delta")
		}
	case "":
		return Message{}, errors.New("lan: message without type (t)")
	default:
		return Message{}, fmt.Errorf("lan: unknown host message type %q", m.T)
	}
	if m.T == TLobby && m.Lobby == nil {
		return Message{}, errors.New("lan: lobby: no lobby")
	}
	if m.T != TUpdate && (m.View != nil || m.Delta != nil || m.Events != nil || m.Step != 0 || m.Owes || m.Over) {
		return Message{}, fmt.Errorf("lan: %s: update fields outside an update", m.T)
	}
	if m.Move != nil {
		return Message{}, fmt.Errorf("lan: %s: a move from the host", m.T)
	}
	if m.T != TWelcome && m.Game != "" {
		return Message{}, fmt.Errorf("lan: %s: game outside a welcome", m.T)
	}
	if err := checkHostNames(&m); err != nil {
		return Message{}, err
	}
	if m.T == TChat {
		// A guest shows the line as it is: no control character (a
		// terminal escape, a newline that forges a line) gets through.
		if (m.Text == "") == (m.Phrase == "") {
			return Message{}, errors.New("lan: chat: give exactly one of text and phrase")
		}
		if err := checkPhraseID(m.Phrase); err != nil {
			return Message{}, err
		}
		if err := checkChat(m.Text); err != nil {
			return Message{}, err
		}
		if err := checkChat(m.Name); err != nil {
			return Message{}, fmt.Errorf("lan: chat: name: %w", err)
		}
	}
	return m, nil
}

// strictJSON decodes one JSON value into v and refuses what encoding/json
// lets through: unknown fields, data after the value, a key given twice in
// one object (see checkKeys), and text that is not UTF-8 (checkUTF8):
// encoding/json would read an invalid byte, or a \u escape of half a
// surrogate pair, as U+FFFD, so two names differing only in their bad
// bytes would become one name (issue 24).
func strictJSON(payload []byte, v any) error {
	if err := checkUTF8(payload); err != nil {
		return fmt.Errorf("lan: malformed message: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("lan: malformed message: %w", err)
	}
	end := int(dec.InputOffset())
	if len(bytes.TrimLeft(payload[end:], " \t\r\n")) > 0 {
		return errors.New("lan: malformed message: data after the JSON object")
	}
	if err := checkKeys(payload[:end]); err != nil {
		return fmt.Errorf("lan: malformed message: %w", err)
	}
	return nil
}

// checkUTF8 refuses a payload that is not valid UTF-8, or whose strings
// escape half a surrogate pair (a \uD800 to \uDFFF escape not in a high
// and low pair), which is no character either (lan/PROTOCOL.md, Framing).
func checkUTF8(p []byte) error {
	if !utf8.Valid(p) {
		return errors.New("not valid UTF-8")
	}
	escape := func(i int) (rune, bool) { // the \u escape at p[i:], if any
		if i+6 > len(p) || p[i] != '\\' || p[i+1] != 'u' {
			return 0, false
		}
		var r rune
		for _, c := range p[i+2 : i+6] {
			switch {
			case c >= '0' && c <= '9':
				r = r<<4 | rune(c-'0')
			case c >= 'a' && c <= 'f':
				r = r<<4 | rune(c-'a'+10)
			case c >= 'A' && c <= 'F':
				r = r<<4 | rune(c-'A'+10)
			default:
				return 0, false
			}
		}
		return r, true
	}
	for i := 0; i < len(p); i++ {
		if p[i] != '\\' {
			continue
		}
		r, ok := escape(i)
		if !ok {
			i++ // another escape: skip its character (\\ too)
			continue
		}
		switch {
		case r >= 0xD800 && r < 0xDC00:
			if lo, ok := escape(i + 6); ok && lo >= 0xDC00 && lo < 0xE000 {
				i += 11
				continue
			}
			return fmt.Errorf("\\u%04X: half a surrogate pair, not a character", r)
		case r >= 0xDC00 && r < 0xE000:
			return fmt.Errorf("\\u%04X: half a surrogate pair, not a character", r)
		}
		i += 5
	}
	return nil
}

// checkKeys refuses a JSON text in which an object has the same key twice
// (lan/PROTOCOL.md, Framing). encoding/json would keep the last of them,
// and it matches keys without regard to case, so {"t":"chat","T":"move"}
// and {"seat":1,"seat":2} are refused alike: two keys count as the same
// when bytes.EqualFold says so after their escapes are decoded (\u0074 is
// t). p must be valid JSON (strictJSON decodes it first); on anything
// else checkKeys stops without a panic. The error names the key:
// `key "seat" given twice in one object`.
func checkKeys(p []byte) error {
	type object struct {
		first int             // where the object's keys start in keys
		big   map[string]bool // folded keys, once the object has many
		obj   bool            // an object, not an array
	}
	var stackBuf [16]object
	var keysBuf [64][]byte
	stack, keys := stackBuf[:0], keysBuf[:0] // keys: of the open objects, decoded
	expectKey := false
	for i := 0; i < len(p); {
		switch c := p[i]; c {
		case '{':
			stack = append(stack, object{first: len(keys), obj: true})
			expectKey = true
			i++
		case '[':
			stack = append(stack, object{first: len(keys)})
			expectKey = false
			i++
		case '}', ']':
			if len(stack) > 0 {
				keys = keys[:stack[len(stack)-1].first]
				stack = stack[:len(stack)-1]
			}
			expectKey = false
			i++
		case ',':
			expectKey = len(stack) > 0 && stack[len(stack)-1].obj
			i++
		case '"':
			j, escaped := i+1, false
			for j < len(p) && p[j] != '"' {
				if p[j] == '\\' {
					escaped = true
					j++
				}
				j++
			}
			if j >= len(p) {
				return nil // not valid JSON: the decoder has refused it
			}
			if expectKey && len(stack) > 0 {
				key := p[i+1 : j]
				if escaped {
					var k string
					if err := json.Unmarshal(p[i:j+1], &k); err != nil {
						return nil
					}
					key = []byte(k)
				}
				top := &stack[len(stack)-1]
				if top.big != nil {
					f := foldKey(string(key))
					if top.big[f] {
						return fmt.Errorf("key %q given twice in one object", key)
					}
					top.big[f] = true
				} else {
					for _, k := range keys[top.first:] {
						if bytes.EqualFold(k, key) {
							return fmt.Errorf("key %q given twice in one object", key)
						}
					}
					keys = append(keys, key)
					if len(keys)-top.first > 32 { // many keys: a map from now on
						top.big = map[string]bool{}
						for _, k := range keys[top.first:] {
							top.big[foldKey(string(k))] = true
						}
						keys = keys[:top.first]
					}
				}
				expectKey = false
			}
			i = j + 1
		default:
			i++
		}
	}
	return nil
}

// foldKey maps every key that bytes.EqualFold matches to one string: each
// rune becomes the smallest rune of its simple case-folding orbit (an
// invalid byte, like EqualFold's, U+FFFD).
func foldKey(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToUpper(s) // the smallest rune of a letter's orbit is its ASCII capital (k, K and the Kelvin sign: K)
	}
	var b strings.Builder
	for _, r := range s {
		m := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			m = min(m, f)
		}
		b.WriteRune(m)
	}
	return b.String()
}

// CheckName checks a player or table name: 1 to MaxName runes, valid
// UTF-8, printable (no control character or bidi override), not only
// spaces. It is rules.CheckName, the check game records get too.
func CheckName(s string) error { return rules.CheckName(s) }

// checkPhraseID checks the form of a quick phrase ID (rules.Phrase): ""
// (no phrase), or 1 to 32 of a-z, 0-9 and _. Whether the game has it is
// the host's and the client's to check (rules.PhraseText).
func checkPhraseID(id string) error {
	if len(id) > 32 {
		return errors.New("lan: chat: phrase ID longer than 32 bytes")
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return fmt.Errorf("lan: chat: unknown phrase %q", id)
		}
	}
	return nil
}

// checkHostNames holds the names a host sends to what the host itself
// allows a guest (CheckName: 1 to MaxName printable runes, so no control
// character or bidi override): the table's name and every seat's in a
// lobby (an open seat may have none) and the seat name in a welcome. A
// guest draws these names; a fake host's 20000-character name must be an
// error, not a crash.
func checkHostNames(m *Message) error {
	if err := checkGameID(m.Game); err != nil {
		return fmt.Errorf("lan: %s: %w", m.T, err)
	}
	if m.Lobby != nil {
		if err := checkGameID(m.Lobby.Game); err != nil {
			return fmt.Errorf("lan: lobby: %w", err)
		}
	}
	if m.T == TWelcome && m.Name != "" {
		if err := CheckName(m.Name); err != nil {
			return fmt.Errorf("lan: welcome: seat name: %w", err)
		}
	}
	if m.Lobby == nil {
		return nil
	}
	if err := CheckName(m.Lobby.Name); err != nil {
		return fmt.Errorf("lan: lobby: table name: %w", err)
	}
	for i, s := range m.Lobby.Seats {
		if s.Name == "" && s.Kind == SeatOpen {
			continue
		}
		if err := CheckName(s.Name); err != nil {
			return fmt.Errorf("lan: lobby: seats[%d]: name: %w", i, err)
		}
	}
	return nil
}

func checkChat(s string) error {
	if !utf8.ValidString(s) {
		return errors.New("lan: chat: not valid UTF-8")
	}
	n := 0
	for _, r := range s {
		n++
		if !unicode.IsPrint(r) {
			return fmt.Errorf("lan: chat: unprintable character %U", r)
		}
	}
	if n > MaxChat {
		return fmt.Errorf("lan: chat: longer than %d characters", MaxChat)
	}
	return nil
}
