package relay

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
)

// Paths the relay serves (docs/LAN.md, "The relay's wire").
const (
	// HostPath is where a host claims its room:
	// GET /r/host?room=ROOM&proof=PROOF.
	HostPath = "/r/host"
	// GuestPrefix + ROOM is where a guest joins a room: GET /r/ROOM.
	GuestPrefix = "/r/"
	// JoinPrefix + ROOM is the invite link's page (the browser build):
	// https://RELAY/j/ROOM#KEY.
	JoinPrefix = "/j/"
)

// SecretSize is the size of a host secret, in bytes.
const SecretSize = 32

// RoomLen is the length of a room name, in characters.
const RoomLen = 16

// roomEncoding is RFC 4648 base32, lower case, without padding.
var roomEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// ErrBadProof is the error of ProofRoom for a proof that is not the
// base64url (no padding) of SecretSize bytes.
var ErrBadProof = errors.New("relay: a proof is the base64url (no padding) of 32 bytes")

// NewSecret returns a fresh random host secret (SecretSize bytes). The host
// keeps it (and saves it with its table) to claim the same room again.
func NewSecret() []byte {
	s := make([]byte, SecretSize)
	rand.Read(s) // never fails (crypto/rand)
	return s
}

// Room returns the room a host secret names: the first RoomLen characters
// of the lower-case base32 (RFC 4648, no padding) of SHA-256(secret).
func Room(secret []byte) string {
	sum := sha256.Sum256(secret)
	return roomEncoding.EncodeToString(sum[:])[:RoomLen]
}

// Proof returns what a host sends to claim its room: the base64url (no
// padding) of its secret.
func Proof(secret []byte) string {
	return base64.RawURLEncoding.EncodeToString(secret)
}

// ProofRoom returns the room a proof claims (Room of the secret it
// carries), or ErrBadProof. The relay compares it with the room asked for
// and so needs no memory to let a host reclaim its room.
func ProofRoom(proof string) (string, error) {
	s, err := base64.RawURLEncoding.DecodeString(proof)
	if err != nil || len(s) != SecretSize {
		return "", ErrBadProof
	}
	return Room(s), nil
}

// ValidRoom reports whether room has the form of a room name: RoomLen
// characters of a-z and 2-7.
func ValidRoom(room string) bool {
	if len(room) != RoomLen {
		return false
	}
	for i := 0; i < len(room); i++ {
		c := room[i]
		if !(c >= 'a' && c <= 'z' || c >= '2' && c <= '7') {
			return false
		}
	}
	return true
}

// HostURL returns the address a host dials to claim its room on the relay
// at base (ws://HOST:PORT or wss://HOST, no path).
func HostURL(base string, secret []byte) string {
	return fmt.Sprintf("%s%s?room=%s&proof=%s", strings.TrimSuffix(base, "/"), HostPath, Room(secret), Proof(secret))
}

// GuestURL returns the address a guest dials to join room on the relay at
// base (ws://HOST:PORT or wss://HOST, no path).
func GuestURL(base, room string) string {
	return strings.TrimSuffix(base, "/") + GuestPrefix + room
}
