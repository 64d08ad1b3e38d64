//go:build !js

package cli

import (
	"bytes"
	"context"
	"crypto/cipher"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/goldvein/goldvein/box"
	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/lan/lantest"
	"github.com/goldvein/goldvein/relay"
	"github.com/goldvein/goldvein/rules"
)

// nullAEAD seals with no secrecy (the plaintext and a zero tag): with it
// the relay sees everything, so the check for leaks must fail.
type nullAEAD struct{}

func (nullAEAD) NonceSize() int { return 12 }
func (nullAEAD) Overhead() int  { return 16 }
func (nullAEAD) Seal(dst, _, p, _ []byte) []byte {
	return append(append(dst, p...), make([]byte, 16)...)
}
func (nullAEAD) Open(dst, _, c, _ []byte) ([]byte, error) {
	if len(c) < 16 || !bytes.Equal(c[len(c)-16:], make([]byte, 16)) {
		return nil, errors.New("null: bad tag")
	}
	return append(dst, c[:len(c)-16]...), nil
}

// wireWords collects what a relay must not read: every JSON key and every
// string value of four characters or more in v (views, events: cards,
// roles, choices such as Incan Gold's "camp", coins' names, the players'
// names). Each is looked for with its quotes, six bytes or more, which a
// sealed stream shows by chance about once in 2^48 places.
func wireWords(v any, into map[string]bool) {
	p, err := json.Marshal(v)
	if err != nil {
		return
	}
	var x any
	json.Unmarshal(p, &x)
	var walk func(any)
	walk = func(x any) {
		switch x := x.(type) {
		case map[string]any:
			for k, v := range x {
				if len(k) >= 4 {
					into[`"`+k+`"`] = true
				}
				walk(v)
			}
		case []any:
			for _, v := range x {
				walk(v)
			}
		case string:
			if len(x) >= 4 {
				into[`"`+x+`"`] = true
			}
		}
	}
	walk(x)
}

// TestRelaySeesNothing plays a whole game of every game of the box
// through a relay on loopback (a host, two guests, a computer player),
// records every payload the relay forwards both ways, and looks in it for
// the players' names, a chat line and every key and string of the views
// and events the guests received: none may show. The same game sealed
// with a null cipher must show them, or the check could not fail. It uses
// lan's test relay, which records the payloads it forwards (on the real
// relay's sockets a guest's frames are masked, RFC 6455 5.3, so its raw
// bytes would hide even a null cipher's plaintext); the other tests here
// play through goldvein relay's own server.
func TestRelaySeesNothing(t *testing.T) {
	for _, bg := range box.Games() {
		if bg.Rules == nil {
			continue
		}
		for _, null := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/null=%v", bg.ID, null), func(t *testing.T) {
				t.Parallel()
				seen, words := relayGame(t, bg.Rules, null)
				for _, w := range mustLookFor[bg.ID] {
					if !words[w] {
						t.Fatalf("the words looked for lack %s (a role, a choice, a card): the check would miss it", w)
					}
				}
				var found []string
				for w := range words {
					if bytes.Contains(seen, []byte(w)) {
						found = append(found, w)
					}
				}
				sort.Strings(found)
				if !null && len(found) > 0 {
					t.Fatalf("the relay read %d of %d words in clear: %q", len(found), len(words), found)
				}
				if null && len(found) < len(words)*9/10 {
					t.Fatalf("with a null cipher the relay read only %d of %d words: the check cannot fail", len(found), len(words))
				}
				t.Logf("%d bytes through the relay, %d words looked for, %d found", len(seen), len(words), len(found))
			})
		}
	}
}

// mustLookFor are words of each game's secrets that the leak check must
// look for: a Saboteur role and hand, Incan Gold's two choices (torch,
// camp), Underground's coins, races and hand.
var mustLookFor = map[string][]string{
	"saboteur":    {`"saboteur"`, `"hand"`},
	"incangold":   {`"camp"`, `"torch"`},
	"underground": {`"coins"`, `"race"`, `"hand"`},
}

// relayGame plays one whole game of g through a test relay and returns
// what the relay forwarded and the words it must not read.
func relayGame(t *testing.T, g rules.Game, null bool) ([]byte, map[string]bool) {
	relay := lantest.NewRelay(t)
	room, err := lan.NewRelayRoom(relay.URL())
	if err != nil {
		t.Fatal(err)
	}
	lo, _ := g.Seats()
	players := max(lo, 3)
	cfg := lan.HostConfig{Name: "Secret Grotto", Game: g, Players: players, Bots: players - 2, BotLevel: "random",
		Seed: 20261205, AutoStart: true, Grace: time.Minute, Relay: &room,
		NewBot: func(level string, seat int) (rules.Bot, error) { return g.NewBot("random", seat, uint64(seat)+9) }}
	inv := room.Invite()
	if null {
		cfg.RelayCipher = func([]byte) (cipher.AEAD, error) { return nullAEAD{}, nil }
		inv.Cipher = cfg.RelayCipher
	}
	h, err := lan.NewHost(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	opened := make(chan struct{}, 4)
	go h.ServeRelay(context.Background(), func(lan.Invite) { opened <- struct{}{} })
	<-opened
	names := []string{"Annabel Quartz", "Bartholomew Ore"}
	words := map[string]bool{"Secret Grotto": true, "the third tunnel": true}
	var mu sync.Mutex
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, name := range names {
		words[name] = true
		c, err := lan.Join(context.Background(), inv.Link(), lan.ClientConfig{Game: g, Name: name, Dial: lan.RelayDialer(inv), Timeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if i == 0 {
			c.Chat("the third tunnel")
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			_, errs[i] = lan.Autoplay(ctx, c, func(seat int) (rules.Bot, error) { return g.NewBot("random", seat, uint64(seat)+1) },
				func(m lan.Message) {
					if m.T == lan.TUpdate {
						mu.Lock()
						wireWords(m.GameView, words)
						for _, e := range m.GameEvents {
							wireWords(e, words)
						}
						mu.Unlock()
					}
				})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("guest %d: %v", i, err)
		}
	}
	m, _, err := h.Table().Record().Replay(g)
	if err != nil || !m.Over() {
		t.Fatalf("the record does not replay to the end: %v", err)
	}
	return relay.Bytes(), words
}

// realRelay is goldvein relay's server (package relay) on a loopback
// port, restartable on the same address (as after a crash).
type realRelay struct {
	t     *testing.T
	addr  string
	srv   *relay.Server
	done  chan error
	conns *connList
}

// connList is a listener that keeps the connections it accepted, so that
// a test can drop them all as a killed process's kernel would.
type connList struct {
	net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func (l *connList) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.mu.Lock()
		l.conns = append(l.conns, c)
		l.mu.Unlock()
	}
	return c, err
}

// drop closes the listener and every accepted connection at the socket:
// no WebSocket close frame goes out, as after kill -9.
func (l *connList) drop() {
	l.Listener.Close()
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range l.conns {
		c.Close()
	}
}

func newRealRelay(t *testing.T) *realRelay {
	r := &realRelay{t: t}
	r.start("127.0.0.1:0")
	t.Cleanup(r.stop)
	return r
}

func (r *realRelay) start(addr string) {
	r.t.Helper()
	var l net.Listener
	var err error
	for range 100 { // the old listener's port may take a moment to free
		if l, err = net.Listen("tcp", addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		r.t.Fatal(err)
	}
	srv, err := relay.NewServer(relay.Config{HostWait: 10 * time.Second})
	if err != nil {
		r.t.Fatal(err)
	}
	r.conns = &connList{Listener: l}
	r.addr, r.srv, r.done = l.Addr().String(), srv, make(chan error, 1)
	go func() { r.done <- srv.Serve(r.conns) }()
}

func (r *realRelay) stop() {
	if r.srv != nil {
		r.srv.Close()
		<-r.done
		r.srv = nil
	}
}

// URL is the relay's address for --relay.
func (r *realRelay) URL() string { return "http://" + r.addr }

// Crash drops every connection of the relay at the socket, with no close
// frame, as when its process is killed with SIGKILL, and starts a new
// relay on the same address (no room survives: the relay keeps no state).
func (r *realRelay) Crash() {
	r.conns.drop()
	r.stop() // the old server's goroutines; its writes go nowhere now
	r.start(r.addr)
}

// relayServed runs serve with --relay and returns its invite link once
// it prints it.
func relayServed(t *testing.T, ctx context.Context, relayURL string, args ...string) (string, *syncBuffer, *syncBuffer, chan int) {
	t.Helper()
	pre := []string{"--addr", "127.0.0.1:0"}
	if relayURL != "" { // "": a resumed table's own room
		pre = append(pre, "--relay", relayURL)
	}
	_, out, errOut, code := served(t, ctx, append(pre, args...)...)
	deadline := time.Now().Add(10 * time.Second)
	for {
		for _, line := range strings.Split(out.String(), "\n") {
			if link, ok := strings.CutPrefix(line, "invite: "); ok {
				return link, out, errOut, code
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve printed no invite: %q %s", out, errOut)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestServeJoinThroughRelay is the contract of serve --relay and join
// LINK for every game of the box: one "invite: LINK" line, guests that
// join by the link alone (the game found by trying each), the same final
// scores everywhere, a record that replays.
func TestServeJoinThroughRelay(t *testing.T) {
	for _, bg := range box.Games() {
		if bg.Rules == nil {
			continue
		}
		t.Run(bg.ID, func(t *testing.T) {
			t.Parallel()
			relay := newRealRelay(t)
			save := filepath.Join(t.TempDir(), "lan.json")
			link, out, errOut, code := relayServed(t, context.Background(), relay.URL(), "--game", bg.ID, "--players", "3", "--bots", "1", "--save", save)
			if _, err := lan.ParseInvite(link); err != nil {
				t.Fatalf("serve's invite %q: %v", link, err)
			}
			var js []chan joined
			for i := range 2 {
				js = append(js, joinAsync(context.Background(), link, "--name", fmt.Sprintf("guest%d", i), "--bot", "random"))
			}
			var scores []string
			for i, ch := range js {
				j := <-ch
				if j.code != 0 {
					t.Fatalf("join %d exited %d: %s", i, j.code, j.err)
				}
				scores = append(scores, finalScores(t, j.out))
			}
			if c := <-code; c != 0 {
				t.Fatalf("serve exited %d: %s", c, errOut)
			}
			host := finalScores(t, out.String())
			for i, s := range scores {
				if s != host {
					t.Errorf("guest %d's scores:\n%s\nthe host's:\n%s", i, s, host)
				}
			}
			if n := strings.Count(out.String(), "invite: "); n != 1 {
				t.Errorf("serve printed %d invite lines: %q", n, out)
			}
			var rout, rerr syncBuffer
			if c := runReplay(box.Games(), []string{save}, nil, &rout, &rerr); c != 0 || rout.String() == "" {
				t.Errorf("goldvein replay of the relayed game's autosave: exit %d: %s%s", c, rerr.String(), rout.String())
			}
		})
	}
}

// TestRelayRestartAndRejoin kills the relay in the middle of a game (its
// sockets dropped with no close frame, as kill -9 does) and starts a new
// one on the same address: serve claims its room again (no
// second invite line), the guests take their seats back; a guest killed
// meanwhile comes back by the same link and its token; the game ends with
// the same scores everywhere.
func TestRelayRestartAndRejoin(t *testing.T) {
	relay := newRealRelay(t)
	save := filepath.Join(t.TempDir(), "lan.json")
	link, out, errOut, code := relayServed(t, context.Background(), relay.URL(), "--players", "4", "--bots", "2",
		"--save", save, "--bot-delay", "20ms", "--grace", "30s")
	bob := joinAsync(context.Background(), link, "--game", "saboteur", "--name", "bob", "--bot", "random", "--reconnect", "30s")
	ctx, kill := context.WithCancel(context.Background())
	ann := joinAsync(ctx, link, "--name", "ann", "--bot", "random")
	waitOut(t, errOut, "ann joined")
	waitOut(t, errOut, "bob joined")
	time.Sleep(300 * time.Millisecond) // some moves
	relay.Crash()
	kill()
	j := <-ann
	if j.code != 1 {
		t.Fatalf("killed join exited %d: %s", j.code, j.err)
	}
	_, token, ok := strings.Cut(j.err, "reconnect token ")
	if !ok {
		t.Fatalf("no token in %q", j.err)
	}
	token, _, _ = strings.Cut(token, "\n")
	seat, _, _ := strings.Cut(strings.TrimPrefix(j.err, "goldvein join: "), " reconnect token")
	back := <-joinAsync(context.Background(), link, "--token", token, "--bot", "random")
	if back.code != 0 || !strings.Contains(back.err, seat) {
		t.Fatalf("ann's rejoin by the link exited %d: %s", back.code, back.err)
	}
	jb := <-bob
	if jb.code != 0 || !strings.Contains(jb.err, "back in the game") {
		t.Fatalf("bob exited %d without coming back: %s", jb.code, jb.err)
	}
	if c := <-code; c != 0 {
		t.Fatalf("serve exited %d: %s", c, errOut)
	}
	host := finalScores(t, out.String())
	for _, s := range []string{finalScores(t, back.out), finalScores(t, jb.out)} {
		if s != host {
			t.Errorf("a guest's scores:\n%s\nthe host's:\n%s", s, host)
		}
	}
	if n := strings.Count(out.String(), "invite: "); n != 1 {
		t.Errorf("serve printed %d invite lines after the relay restart: %q", n, out)
	}
	if !strings.Contains(errOut.String(), "room "+link[strings.Index(link, "/j/")+3:strings.Index(link, "#")]+" open") {
		t.Errorf("serve's log does not say the room opened: %s", errOut)
	}
}

func waitOut(t *testing.T, b *syncBuffer, s string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(b.String(), s) {
		if time.Now().After(deadline) {
			t.Fatalf("waited for %q in %s", s, b)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestJoinBadInvite: a malformed invite exits 2 saying what is wrong; a
// wrong key exits 1 with "wrong invite key" and takes no seat.
func TestJoinBadInvite(t *testing.T) {
	relay := newRealRelay(t)
	link, _, errOut, _ := relayServed(t, context.Background(), relay.URL(), "--players", "3", "--bots", "1")
	inv, err := lan.ParseInvite(link)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{link[:len(link)-1], strings.Replace(link, "/j/", "/x/", 1), "https://relay/j/short#" + inv.Key.String()} {
		j := <-joinAsync(context.Background(), bad, "--name", "x")
		if j.code != 2 || !strings.Contains(j.err, "invite") {
			t.Errorf("join %q: exit %d: %s", bad, j.code, j.err)
		}
	}
	inv.Key[3] ^= 0x40
	j := <-joinAsync(context.Background(), inv.Link(), "--name", "mallory", "--reconnect", "0")
	if j.code != 1 || !strings.Contains(j.err, "wrong invite key") {
		t.Errorf("join with a wrong key: exit %d: %s", j.code, j.err)
	}
	if strings.Contains(errOut.String(), "mallory") {
		t.Errorf("a guest with a wrong key reached the table: %s", errOut)
	}
}

// TestServeRelayResume: a host that crashes in the middle of a relayed
// game and is started again with --resume opens the same room (the same
// invite, from its autosave) and its guests, reconnecting by the link,
// finish the game with it.
func TestServeRelayResume(t *testing.T) {
	relay := newRealRelay(t)
	save := filepath.Join(t.TempDir(), "lan.json")
	ctx, crash := context.WithCancel(context.Background())
	link, _, _, code := relayServed(t, ctx, relay.URL(), "--players", "4", "--bots", "2",
		"--save", save, "--bot-delay", "5ms", "--grace", "30s")
	var js []chan joined
	for _, n := range []string{"ann", "bob"} {
		js = append(js, joinAsync(context.Background(), link, "--game", "saboteur", "--name", n, "--bot", "random", "--reconnect", "30s"))
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		data, _ := os.ReadFile(save)
		if bytes.Count(data, []byte(`"seat":`)) >= 12 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no autosave")
		}
		time.Sleep(5 * time.Millisecond)
	}
	crash()
	if c := <-code; c != 1 {
		t.Fatalf("crashed serve exited %d", c)
	}
	link2, out, errOut, code := relayServed(t, context.Background(), "", "--resume", "--save", save, "--grace", "30s")
	if link2 != link {
		t.Fatalf("the resumed table's invite is %s, not %s", link2, link)
	}
	var want string
	for i, ch := range js {
		j := <-ch
		if j.code != 0 || !strings.Contains(j.err, "back in the game") {
			t.Fatalf("join %d exited %d: %s", i, j.code, j.err)
		}
		want = finalScores(t, j.out)
	}
	if c := <-code; c != 0 {
		t.Fatalf("resumed serve exited %d: %s", c, errOut)
	}
	if s := finalScores(t, out.String()); s != want {
		t.Errorf("serve's scores:\n%s\nguests':\n%s", s, want)
	}
}
