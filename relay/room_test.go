package relay

import (
	"bytes"
	"crypto/sha256"
	"encoding/base32"
	"errors"
	"strings"
	"testing"
)

func TestRoomOfSecret(t *testing.T) {
	s := bytes.Repeat([]byte{7}, SecretSize)
	sum := sha256.Sum256(s)
	want := strings.ToLower(base32.StdEncoding.EncodeToString(sum[:]))[:RoomLen]
	if got := Room(s); got != want {
		t.Fatalf("Room = %q, want %q", got, want)
	}
	if !ValidRoom(want) {
		t.Fatalf("ValidRoom(%q) = false", want)
	}
	got, err := ProofRoom(Proof(s))
	if err != nil || got != want {
		t.Fatalf("ProofRoom(Proof(s)) = %q, %v; want %q", got, err, want)
	}
	if strings.ContainsAny(Proof(s), "=+/") {
		t.Fatalf("Proof %q is not base64url without padding", Proof(s))
	}
	if a, b := NewSecret(), NewSecret(); len(a) != SecretSize || bytes.Equal(a, b) {
		t.Fatalf("NewSecret: %x, %x", a, b)
	}
}

func TestBadProofAndRoom(t *testing.T) {
	s := NewSecret()
	for _, p := range []string{"", "abc", Proof(s[:31]), Proof(append(s, 1)), Proof(s) + "=", strings.ReplaceAll(Proof(s), Proof(s)[:1], "+")} {
		if _, err := ProofRoom(p); !errors.Is(err, ErrBadProof) && p != Proof(s) {
			t.Errorf("ProofRoom(%q) error %v, want ErrBadProof", p, err)
		}
	}
	for _, r := range []string{"", "abcdefghijklmnop1", "abcdefghijklmno", "ABCDEFGHIJKLMNOP", "abcdefghijklmno1", "abcdefghijklmno/"} {
		if ValidRoom(r) {
			t.Errorf("ValidRoom(%q) = true", r)
		}
	}
	if u := HostURL("wss://relay.example/", s); u != "wss://relay.example/r/host?room="+Room(s)+"&proof="+Proof(s) {
		t.Errorf("HostURL = %q", u)
	}
	if u := GuestURL("ws://127.0.0.1:1", "abcdefghijklmnop"); u != "ws://127.0.0.1:1/r/abcdefghijklmnop" {
		t.Errorf("GuestURL = %q", u)
	}
}
