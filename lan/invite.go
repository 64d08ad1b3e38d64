package lan

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/goldvein/goldvein/lan/seal"
)

// RoomLen is the length of a relay room's name: the first RoomLen
// characters of the lower-case base32 (no padding) of SHA-256 of the host's
// secret (docs/LAN.md, Relay).
const RoomLen = 16

// InvitePath is the path before the room in an invite link:
// https://RELAY/j/ROOM#KEY.
const InvitePath = "/j/"

// Invite is what a guest needs to join a table through a relay: the
// relay's base address, the room and the table key. Its link is
// RELAY/j/ROOM#KEY; the key after the # never reaches a server (a browser
// does not send it).
type Invite struct {
	// Relay is the relay's base address, http:// or https:// with a host
	// and maybe a path prefix (a relay behind a reverse proxy), no
	// trailing slash.
	Relay string
	// Room is the room's name (RoomLen characters of a-z and 2-7).
	Room string
	// Key is the table key that seals every frame (package seal).
	Key seal.Key
	// Cipher seals the guest's connection (seal.Config.Cipher): nil is
	// AES-256-GCM; only tests change it.
	Cipher seal.Cipher
}

// Link writes the invite as a link: RELAY/j/ROOM#KEY.
func (i Invite) Link() string { return i.Relay + InvitePath + i.Room + "#" + i.Key.String() }

// Text writes the invite as the short text the app takes: the link
// without https:// (an http:// relay keeps its scheme).
func (i Invite) Text() string { return strings.TrimPrefix(i.Link(), "https://") }

// ParseInvite reads an invite link or its short text (Link, Text), with
// spaces around it allowed. Anything else is an error that says what is
// wrong: another scheme, a user or a query in the link, a path without
// /j/ROOM, a room that is not RoomLen characters of a-z and 2-7, a missing
// or malformed key.
func ParseInvite(s string) (Invite, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Invite{}, errors.New("lan: invite: empty; paste the whole link (https://RELAY/j/ROOM#KEY)")
	}
	if !strings.Contains(s, "://") {
		s = "https://" + s
	}
	link, frag, ok := strings.Cut(s, "#")
	if !ok || frag == "" {
		return Invite{}, errors.New("lan: invite: no key after # (paste the whole link, the key is its end)")
	}
	u, err := url.Parse(link)
	if err != nil {
		return Invite{}, fmt.Errorf("lan: invite: not a link: %v", err)
	}
	if u.Scheme != "https" && u.Scheme != "http" {
		return Invite{}, fmt.Errorf("lan: invite: the link must start with https:// or http://, not %s://", u.Scheme)
	}
	if u.Host == "" || u.User != nil || u.RawQuery != "" || u.ForceQuery || u.Opaque != "" {
		return Invite{}, errors.New("lan: invite: the link must be RELAY/j/ROOM#KEY, with no user name or query")
	}
	at := strings.LastIndex(u.Path, InvitePath)
	if at < 0 {
		return Invite{}, fmt.Errorf("lan: invite: no %sROOM in the link", InvitePath)
	}
	room := u.Path[at+len(InvitePath):]
	if err := CheckRoom(room); err != nil {
		return Invite{}, fmt.Errorf("lan: invite: %v", err)
	}
	key, err := seal.ParseKey(frag)
	if err != nil {
		return Invite{}, fmt.Errorf("lan: invite: %v", err)
	}
	return Invite{Relay: u.Scheme + "://" + u.Host + u.Path[:at], Room: room, Key: key}, nil
}

// CheckRoom checks a room's name: RoomLen characters of a-z and 2-7.
func CheckRoom(room string) error {
	if len(room) != RoomLen {
		return fmt.Errorf("the room %q must be %d characters, not %d", room, RoomLen, len(room))
	}
	for _, r := range room {
		if !(r >= 'a' && r <= 'z' || r >= '2' && r <= '7') {
			return fmt.Errorf("the room %q may hold only a-z and 2-7", room)
		}
	}
	return nil
}

// RelayRoom is a host's room on a relay: the relay's address, the secret
// that claims the room (the room's name is derived from it, so the host
// takes the same room back after a relay restart or its own) and the
// table key of its invite. It is saved with the table (Session.Relay)
// and never sent: a guest learns only the invite.
type RelayRoom struct {
	// Relay is the relay's base address (NormalizeRelay).
	Relay string `json:"relay"`
	// Secret is the host's 32-byte secret, base64url without padding.
	Secret string `json:"secret"`
	// Key is the table key, base64url without padding (seal.Key).
	Key string `json:"key"`
}

// NewRelayRoom makes a room on the relay at relay (NormalizeRelay) with a
// fresh secret and a fresh table key.
func NewRelayRoom(relay string) (RelayRoom, error) {
	base, err := NormalizeRelay(relay)
	if err != nil {
		return RelayRoom{}, err
	}
	var s [32]byte
	if _, err := rand.Read(s[:]); err != nil {
		return RelayRoom{}, err
	}
	k, err := seal.NewKey()
	if err != nil {
		return RelayRoom{}, err
	}
	return RelayRoom{Relay: base, Secret: base64.RawURLEncoding.EncodeToString(s[:]), Key: k.String()}, nil
}

// check validates a room read back from a save.
func (r RelayRoom) check() error {
	if _, err := NormalizeRelay(r.Relay); err != nil {
		return err
	}
	if s, err := base64.RawURLEncoding.Strict().DecodeString(r.Secret); err != nil || len(s) != 32 {
		return errors.New("lan: relay room: the secret must be 32 bytes of base64url")
	}
	_, err := seal.ParseKey(r.Key)
	return err
}

// Room is the room's name: RoomLen characters of the lower-case base32 of
// SHA-256 of the secret.
func (r RelayRoom) Room() string {
	s, _ := base64.RawURLEncoding.DecodeString(r.Secret)
	return RoomOf(s)
}

// RoomOf derives a room's name from a host's secret.
func RoomOf(secret []byte) string {
	sum := sha256.Sum256(secret)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:]))[:RoomLen]
}

// Invite is the room's invite.
func (r RelayRoom) Invite() Invite {
	k, _ := seal.ParseKey(r.Key)
	return Invite{Relay: r.Relay, Room: r.Room(), Key: k}
}

// NormalizeRelay reads a relay's address as a user gives it
// (relay.example.com, https://relay.example.com/prefix/, ws://127.0.0.1:8080)
// and returns its base: http:// or https:// (ws and wss map to them; no
// scheme is https), the host, the path prefix without a trailing slash.
// A user, query or fragment is an error.
func NormalizeRelay(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", errors.New("lan: relay: no address")
	}
	if !strings.Contains(s, "://") {
		s = "https://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", fmt.Errorf("lan: relay %q: %v", s, err)
	}
	switch u.Scheme {
	case "https", "wss":
		u.Scheme = "https"
	case "http", "ws":
		u.Scheme = "http"
	default:
		return "", fmt.Errorf("lan: relay %q: the address must start with https:// or http://", s)
	}
	if u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.ForceQuery || u.Opaque != "" {
		return "", fmt.Errorf("lan: relay %q: want https://HOST[:PORT][/PATH], with no user, query or #", s)
	}
	return u.Scheme + "://" + u.Host + strings.TrimRight(u.Path, "/"), nil
}

// wsURL turns a relay base (http, https) into its WebSocket form (ws, wss)
// followed by path.
func wsURL(base, path string) string {
	if rest, ok := strings.CutPrefix(base, "https://"); ok {
		return "wss://" + rest + path
	}
	return "ws://" + strings.TrimPrefix(base, "http://") + path
}

// withoutKey is addr as errors and logs may name it: an invite link with
// its key (after the #) left out, since whoever reads the key can join;
// any other address as it is.
func withoutKey(addr string) string {
	if i := strings.IndexByte(addr, '#'); i >= 0 {
		return addr[:i] + "#…"
	}
	return addr
}
