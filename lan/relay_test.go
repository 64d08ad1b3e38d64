package lan

import (
	"bytes"
	"context"
	"crypto/cipher"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/goldvein/goldvein/lan/lantest"
	"github.com/goldvein/goldvein/lan/seal"
	"github.com/goldvein/goldvein/rules"
)

// nullAEAD "seals" with no secrecy: the plaintext and 16 zero bytes. With
// it the relay sees every message: the leak checks must then fail.
type nullAEAD struct{}

func (nullAEAD) NonceSize() int { return 12 }
func (nullAEAD) Overhead() int  { return 16 }
func (nullAEAD) Seal(dst, nonce, p, ad []byte) []byte {
	return append(append(dst, p...), make([]byte, 16)...)
}
func (nullAEAD) Open(dst, nonce, c, ad []byte) ([]byte, error) {
	if len(c) < 16 || !bytes.Equal(c[len(c)-16:], make([]byte, 16)) {
		return nil, errors.New("null: bad tag")
	}
	return append(dst, c[:len(c)-16]...), nil
}

func nullCipher([]byte) (cipher.AEAD, error) { return nullAEAD{}, nil }

// relayHost starts a host of cfg whose table opens a room on the relay,
// and returns it with the room's invite once the room is open.
func relayHost(t *testing.T, relay *lantest.Relay, cfg HostConfig) (*Host, Invite) {
	t.Helper()
	room, err := NewRelayRoom(relay.URL())
	if err != nil {
		t.Fatal(err)
	}
	cfg.Relay = &room
	h, err := NewHost(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	opened := make(chan Invite, 8)
	go h.ServeRelay(context.Background(), func(inv Invite) { opened <- inv })
	select {
	case inv := <-opened:
		if inv.Link() != room.Invite().Link() {
			t.Fatalf("opened %s, want %s", inv.Link(), room.Invite().Link())
		}
		return h, inv
	case <-time.After(10 * time.Second):
		t.Fatal("the room did not open")
	}
	return nil, Invite{}
}

// joinRelay joins through the relay of inv.
func joinRelay(t *testing.T, inv Invite, name string, mut func(*ClientConfig)) *Client {
	t.Helper()
	return join(t, inv.Link(), name, func(c *ClientConfig) {
		c.Dial = RelayDialer(inv)
		if mut != nil {
			mut(c)
		}
	})
}

// clearText is what a relay must never see: the names, the protocol's
// preamble and the keys of its JSON messages.
var clearText = []string{"Annabel", "Bartholomew", Magic, `"t":`, `"hello"`, `"lobby"`, `"update"`, `"view"`, "test table"}

func TestRelayFullGameSealed(t *testing.T) {
	t.Parallel()
	for _, null := range []bool{false, true} {
		t.Run(fmt.Sprintf("null cipher %v", null), func(t *testing.T) {
			relay := lantest.NewRelay(t)
			cfg := testConfig(3, 1)
			if null {
				cfg.RelayCipher = nullCipher
			}
			h, inv := relayHost(t, relay, cfg)
			if null {
				inv.Cipher = nullCipher
			}
			cs := []*Client{joinRelay(t, inv, "Annabel", nil), joinRelay(t, inv, "Bartholomew", nil)}
			cs[0].Chat("meet me at the third tunnel")
			views := playAll(t, cs)
			checkFinal(t, h, cs, views)
			seen := relay.Bytes()
			if len(seen) < 1000 {
				t.Fatalf("the relay forwarded only %d bytes", len(seen))
			}
			var found []string
			for _, s := range append(clearText, "third tunnel") {
				if bytes.Contains(seen, []byte(s)) {
					found = append(found, s)
				}
			}
			if !null && len(found) > 0 {
				t.Fatalf("the relay saw %q in clear", found)
			}
			if null && len(found) != len(clearText)+1 {
				t.Fatalf("with a null cipher the check found only %q: it could not fail", found)
			}
		})
	}
}

func TestRelayWrongKey(t *testing.T) {
	t.Parallel()
	relay := lantest.NewRelay(t)
	h, inv := relayHost(t, relay, testConfig(3, 1))
	inv.Key[0] ^= 1
	_, err := Join(context.Background(), inv.Link(), ClientConfig{Game: toy, Name: "mallory", Timeout: 2 * time.Second, Dial: RelayDialer(inv)})
	if !errors.Is(err, seal.ErrWrongKey) || !strings.Contains(err.Error(), "wrong invite key") {
		t.Fatalf("join with a wrong key: %v", err)
	}
	for _, s := range h.Lobby().Seats {
		if s.Kind == SeatGuest {
			t.Fatalf("a guest with a wrong key sat: %+v", h.Lobby().Seats)
		}
	}
	// An invite to a room nobody holds.
	other, _ := NewRelayRoom(relay.URL())
	if _, err := DialRelay(context.Background(), other.Invite()); err == nil {
		t.Fatal("dialled a room nobody holds")
	}
}

// TestRelayRestart kills the relay in the middle of a game and starts a
// new one on the same address: the host claims its room again, the guests
// come back to their seats with their tokens, and the game ends as on the
// LAN.
func TestRelayRestart(t *testing.T) {
	t.Parallel()
	relay := lantest.NewRelay(t)
	cfg := testConfig(3, 1)
	cfg.Grace = 30 * time.Second
	cfg.BotDelay = 5 * time.Millisecond
	h, inv := relayHost(t, relay, cfg)
	rc := func(c *ClientConfig) { c.Reconnect = 30 * time.Second }
	cs := []*Client{joinRelay(t, inv, "Annabel", rc), joinRelay(t, inv, "Bartholomew", rc)}
	seats := []int{cs[0].Seat(), cs[1].Seat()}
	var once sync.Once
	var mu sync.Mutex
	back := map[int]bool{}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i, c := range cs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := Autoplay(ctx, c, randomBot(toy), func(m Message) {
				if m.T == TUpdate && m.Step >= 6 {
					once.Do(func() { go relay.Restart(t) })
				}
				if m.T == TBack {
					mu.Lock()
					back[i] = true
					mu.Unlock()
				}
			})
			errs[i] = err
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("guest %d: %v", i, err)
		}
	}
	if !back[0] || !back[1] {
		t.Fatalf("the guests did not reconnect through the new relay: %v", back)
	}
	for i, c := range cs {
		if c.Seat() != seats[i] {
			t.Fatalf("guest %d came back in seat %d, not %d", i, c.Seat(), seats[i])
		}
	}
	rec := h.Table().Record()
	for _, s := range seats {
		if rec.Seats[s].Name != []string{"Annabel", "Bartholomew"}[s] {
			t.Fatalf("record seats: %+v", rec.Seats)
		}
	}
	m, _, err := rec.Replay(toy)
	if err != nil || !m.Over() {
		t.Fatalf("the record does not replay to the end: %v", err)
	}
}

// TestRelayTamper: a relay that replays, drops or reorders a guest's
// message ends that connection (the message does not open); the guest
// comes back with its token and the game ends as usual.
func TestRelayTamper(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		do   func(p, prev []byte) [][]byte
	}{
		{"replayed", func(p, _ []byte) [][]byte { return [][]byte{p, p} }},
		{"dropped", func(p, _ []byte) [][]byte { return nil }},
		{"reordered", nil}, // held back and sent after the next one
		{"bit flipped", func(p, _ []byte) [][]byte { q := bytes.Clone(p); q[len(q)-1] ^= 1; return [][]byte{q} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			relay := lantest.NewRelay(t)
			var mu sync.Mutex
			n, done := 0, false
			var prev, held []byte
			var firstID uint32
			relay.Tamper = func(toHost bool, id uint32, p []byte) [][]byte {
				mu.Lock()
				defer mu.Unlock()
				if held != nil && toHost && id == firstID {
					q := held
					held = nil
					return [][]byte{p, q}
				}
				if !toHost || done {
					return [][]byte{p}
				}
				if firstID == 0 {
					firstID = id
				}
				if id != firstID {
					return [][]byte{p}
				}
				n++
				if n < 6 { // past the salt, the preamble and the hello
					prev = p
					return [][]byte{p}
				}
				done = true
				if tc.do == nil {
					held = p
					return nil
				}
				return tc.do(p, prev)
			}
			cfg := testConfig(2, 1)
			cfg.Grace = 30 * time.Second
			h, inv := relayHost(t, relay, cfg)
			c := joinRelay(t, inv, "Annabel", func(c *ClientConfig) { c.Reconnect = 30 * time.Second })
			dropped := false
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			v, err := Autoplay(ctx, c, randomBot(toy), func(m Message) {
				if m.T == TDropped {
					dropped = true
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			if !dropped {
				t.Fatal("the tampered connection was not ended")
			}
			checkFinal(t, h, []*Client{c}, []rules.View{v})
		})
	}
}

// TestRelayErrorHidesTheProof: a host whose relay does not answer says
// why (Host.RelayError, the log) without the room's proof in it.
func TestRelayErrorHidesTheProof(t *testing.T) {
	t.Parallel()
	relay := lantest.NewRelay(t)
	url := relay.URL()
	relay.Stop()
	room, err := NewRelayRoom(url)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var logged []string
	cfg := testConfig(3, 1)
	cfg.Relay = &room
	cfg.Logf = func(f string, a ...any) {
		mu.Lock()
		logged = append(logged, fmt.Sprintf(f, a...))
		mu.Unlock()
	}
	h, err := NewHost(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	go h.ServeRelay(context.Background(), nil)
	waitFor(t, "the relay's error", func() bool { return h.RelayError() != nil })
	mu.Lock()
	defer mu.Unlock()
	for _, s := range append(logged, h.RelayError().Error()) {
		if strings.Contains(s, room.Secret) {
			t.Fatalf("the proof shows in %q", s)
		}
	}
	if !strings.Contains(h.RelayError().Error(), room.Room()) {
		t.Fatalf("the error does not name the room: %v", h.RelayError())
	}
}

// TestRelayPassword: the table's password works through a relay as on
// the LAN: none or a wrong one is refused (code password), the right one
// sits.
func TestRelayPassword(t *testing.T) {
	t.Parallel()
	relay := lantest.NewRelay(t)
	cfg := testConfig(3, 1)
	cfg.Password = "sesame"
	_, inv := relayHost(t, relay, cfg)
	for _, pw := range []string{"", "open up"} {
		_, err := Join(context.Background(), inv.Link(), ClientConfig{Game: toy, Name: "mallory", Password: pw, Timeout: 2 * time.Second, Dial: RelayDialer(inv)})
		var re *RefusedError
		if !errors.As(err, &re) || re.Code != CodePassword {
			t.Fatalf("password %q through the relay: %v", pw, err)
		}
	}
	c := joinRelay(t, inv, "Annabel", func(c *ClientConfig) { c.Password = "sesame" })
	if len(c.Token()) != 32 {
		t.Fatalf("seated without a token: %q", c.Token())
	}
}

// TestRelayJoinErrorHidesTheKey: a guest whose relay does not answer, or
// that is refused, gets an error naming the invite without its key (the
// part after #: whoever reads it in a log or on a screen could join).
func TestRelayJoinErrorHidesTheKey(t *testing.T) {
	t.Parallel()
	relay := lantest.NewRelay(t)
	url := relay.URL()
	room, err := NewRelayRoom(url)
	if err != nil {
		t.Fatal(err)
	}
	inv := room.Invite()
	relay.Stop()
	_, err = Join(context.Background(), inv.Link(), ClientConfig{Game: toy, Name: "Bob", Dial: RelayDialer(inv), Timeout: time.Second})
	if err == nil {
		t.Fatal("joined a relay that is down")
	}
	if key := inv.Key.String(); strings.Contains(err.Error(), key) {
		t.Fatalf("the invite's key shows in %q", err)
	}
	if !strings.Contains(err.Error(), room.Room()) {
		t.Fatalf("the error does not name the room: %v", err)
	}
}
