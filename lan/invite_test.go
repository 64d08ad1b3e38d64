package lan

import (
	"strings"
	"testing"
)

func TestInviteRoundTrip(t *testing.T) {
	for _, relay := range []string{"relay.example.com", "https://relay.example.com/", "wss://relay.example.com:8443/games/",
		"http://127.0.0.1:8080", "ws://[::1]:9000"} {
		room, err := NewRelayRoom(relay)
		if err != nil {
			t.Fatalf("%s: %v", relay, err)
		}
		inv := room.Invite()
		if err := CheckRoom(inv.Room); err != nil {
			t.Fatal(err)
		}
		for _, s := range []string{inv.Link(), inv.Text(), "  " + inv.Link() + "\n"} {
			got, err := ParseInvite(s)
			if err != nil || got.Link() != inv.Link() {
				t.Fatalf("ParseInvite(%q) = %v, %v; want %s", s, got.Link(), err, inv.Link())
			}
		}
		if strings.HasPrefix(inv.Link(), "https://") && strings.Contains(inv.Text(), "://") {
			t.Errorf("short text of %s keeps its scheme: %s", inv.Link(), inv.Text())
		}
	}
	room, _ := NewRelayRoom("relay.example.com")
	if got := room.Invite().Link(); !strings.HasPrefix(got, "https://relay.example.com/j/") {
		t.Fatalf("link %s", got)
	}
	if RoomOf([]byte("a secret of thirty-two bytes....")) != RoomOf([]byte("a secret of thirty-two bytes....")) {
		t.Fatal("the room is not a function of the secret")
	}
}

func TestInviteRefusals(t *testing.T) {
	room, _ := NewRelayRoom("relay.example.com")
	inv := room.Invite()
	key := inv.Key.String()
	for _, tc := range []struct{ in, want string }{
		{"", "empty"},
		{"https://relay.example.com/j/" + inv.Room, "no key"},
		{"https://relay.example.com/j/" + inv.Room + "#", "no key"},
		{"ftp://relay.example.com/j/" + inv.Room + "#" + key, "https://"},
		{"https://relay.example.com/x/" + inv.Room + "#" + key, "/j/ROOM"},
		{"https://relay.example.com/j/" + strings.ToUpper(inv.Room) + "#" + key, "a-z and 2-7"},
		{"https://relay.example.com/j/" + inv.Room[:15] + "#" + key, "16 characters"},
		{"https://relay.example.com/j/" + inv.Room + "0#" + key, "16 characters"},
		{"https://relay.example.com/j/" + inv.Room + "?x=1#" + key, "no user name or query"},
		{"https://bob@relay.example.com/j/" + inv.Room + "#" + key, "no user name or query"},
		{"https://relay.example.com/j/" + inv.Room + "#" + key[:42], "43 characters"},
		{"https://relay.example.com/j/" + inv.Room + "#" + key + "=", "43 characters"},
		{"https://relay.example.com/j/" + inv.Room + "#" + "+" + key[1:], "base64url"},
	} {
		if _, err := ParseInvite(tc.in); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseInvite(%q): %v; want an error saying %q", tc.in, err, tc.want)
		}
	}
	for _, bad := range []string{"", "ftp://x", "https://u@x", "https://x/?q", "https://x/#f", "https://"} {
		if _, err := NormalizeRelay(bad); err == nil {
			t.Errorf("NormalizeRelay(%q) accepted", bad)
		}
	}
	bad := room
	bad.Secret = "short"
	cfg := testConfig(3, 0)
	cfg.Relay = &bad
	if _, err := NewHost(cfg); err == nil {
		t.Error("a host with a malformed relay room was made")
	}
}
