//go:build !js

package cli

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/goldvein/goldvein/relay"
)

func TestRelayRefusesPlainOnAPublicAddress(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--addr", ":47476"}, "is not a loopback address"},
		{[]string{"--addr", "0.0.0.0:0"}, "is not a loopback address"},
		{[]string{"--tls-cert", "c.pem"}, "go together"},
		{[]string{"--autocert", "relay.example", "--tls-cert", "c.pem", "--tls-key", "k.pem"}, "not both"},
		{[]string{"--tls-cert", "/nonexistent/c.pem", "--tls-key", "/nonexistent/k.pem"}, "--tls-cert/--tls-key"},
		{[]string{"--byte-burst", "1000"}, "cannot pass one largest frame"},
		{[]string{"--addr", "127.0.0.1:0", "extra"}, "unexpected argument"},
		{[]string{"--trust-proxy", "127.0.0.1,proxy.example"}, "not an address or CIDR"},
		{[]string{"--web", "/nonexistent/web"}, "no browser build there"},
	} {
		var out, errb strings.Builder
		code := relayMain(context.Background(), c.args, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("goldvein relay %v: exit %d, stderr %q; want 2 and %q", c.args, code, errb.String(), c.want)
		}
	}
	for addr, ok := range map[string]bool{"127.0.0.1:1": true, "127.5.6.7:1": true, "[::1]:1": true, "localhost:1": true,
		":1": false, "0.0.0.0:1": false, "192.168.1.2:1": false, "relay.example:1": false, "nonsense": false} {
		if loopbackAddr(addr) != ok {
			t.Errorf("loopbackAddr(%q) = %v", addr, !ok)
		}
	}
}

// startRelayMain runs `goldvein relay args` (relayMain) until cancel and
// returns the ws:// URL of its first line ("relay: URL"), the cancel, its
// exit code's channel and its standard error.
func startRelayMain(t *testing.T, args ...string) (string, context.CancelFunc, chan int, *syncBuffer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	pr, pw := io.Pipe()
	errb := &syncBuffer{}
	exited := make(chan int, 1)
	go func() {
		exited <- relayMain(ctx, args, pw, errb)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no first line: %v (stderr %q)", err, errb.String())
	}
	base, ok := strings.CutPrefix(strings.TrimSpace(line), "relay: ")
	if !ok || !strings.HasPrefix(base, "ws://127.0.0.1:") {
		t.Fatalf("first line %q, want relay: ws://127.0.0.1:PORT", line)
	}
	go io.Copy(io.Discard, pr)
	return base, cancel, exited, errb
}

// TestRelayCommand runs `goldvein relay` on a loopback port, pairs a host
// and a guest through it and shuts it down as SIGTERM would.
func TestRelayCommand(t *testing.T) {
	base, cancel, exited, errb := startRelayMain(t, "--addr", "127.0.0.1:0", "--quiet")
	dctx, dcancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer dcancel()
	secret := relay.NewSecret()
	host, _, err := websocket.Dial(dctx, relay.HostURL(base, secret), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer host.CloseNow()
	guest, _, err := websocket.Dial(dctx, relay.GuestURL(base, relay.Room(secret)), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer guest.CloseNow()
	if err := guest.Write(dctx, websocket.MessageBinary, []byte("sealed")); err != nil {
		t.Fatal(err)
	}
	for _, want := range []relay.Frame{{Conn: 1, Type: relay.TypeOpen}, {Conn: 1, Type: relay.TypeData, Payload: []byte("sealed")}} {
		_, b, err := host.Read(dctx)
		if err != nil {
			t.Fatal(err)
		}
		f, err := relay.ParseFrame(b)
		if err != nil || f.Conn != want.Conn || f.Type != want.Type || string(f.Payload) != string(want.Payload) {
			t.Fatalf("host got %+v, %v; want %+v", f, err, want)
		}
	}
	go host.Read(dctx) // answers the close handshake
	cancel()
	_, _, err = guest.Read(dctx)
	if websocket.CloseStatus(err) != websocket.StatusGoingAway || !strings.Contains(err.Error(), relay.ReasonShutdown) {
		t.Fatalf("guest at shutdown: %v", err)
	}
	if code := <-exited; code != 0 {
		t.Fatalf("exit %d after the signal; stderr %q", code, errb.String())
	}
}

// TestServeAndJoinThroughTheRelay: `goldvein serve --relay` and `goldvein
// join LINK` (package lan's client side) play a whole game through package
// relay's server, which is closed and started again on the same address
// in the middle of it: the host takes its room back and the guests their
// seats.
func TestServeAndJoinThroughTheRelay(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	startRelay := func(l net.Listener) *relay.Server {
		s, err := relay.NewServer(relay.Config{})
		if err != nil {
			t.Fatal(err)
		}
		go s.Serve(l)
		return s
	}
	s := startRelay(l)
	_, out, errOut, code := served(t, context.Background(), "--addr", "127.0.0.1:0", "--players", "3", "--bots", "1", "--relay", "http://"+addr)
	var link string
	for deadline := time.Now().Add(10 * time.Second); link == "" && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		for _, line := range strings.Split(out.String(), "\n") {
			if l, ok := strings.CutPrefix(line, "invite: "); ok {
				link = l
			}
		}
	}
	if link == "" {
		t.Fatalf("serve printed no invite: %s\n%s", out, errOut)
	}
	js := []chan joined{joinAsync(context.Background(), link, "--name", "ann", "--bot", "random"),
		joinAsync(context.Background(), link, "--name", "bob", "--bot", "random")}
	for deadline := time.Now().Add(10 * time.Second); s.Stats().Received < 20 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	s.Close() // mid-game
	l2, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	s2 := startRelay(l2)
	defer s2.Close()
	var want string
	for i, ch := range js {
		j := <-ch
		if j.code != 0 {
			t.Fatalf("join %d exited %d: %s", i, j.code, j.err)
		}
		if sc := finalScores(t, j.out); want == "" {
			want = sc
		} else if sc != want {
			t.Errorf("join %d scores:\n%s\nwant:\n%s", i, sc, want)
		}
	}
	if c := <-code; c != 0 {
		t.Fatalf("serve exited %d: %s", c, errOut)
	}
	if sc := finalScores(t, out.String()); sc != want {
		t.Errorf("serve's scores:\n%s\nguests':\n%s", sc, want)
	}
	if st := s2.Stats(); st.Received == 0 {
		t.Errorf("nothing went through the restarted relay: %+v", st)
	}
}

// TestRelayWebFolder: `goldvein relay --web DIR` serves the browser build
// in DIR, an invite's page /j/ROOM being its index.html (as the e2e test
// runs a relay binary built without the embedded page).
func TestRelayWebFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<p>the page from the folder</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	base, cancel, exited, errb := startRelayMain(t, "--addr", "127.0.0.1:0", "--quiet", "--web", dir)
	resp, err := http.Get(strings.Replace(base, "ws://", "http://", 1) + "/j/" + relay.Room(relay.NewSecret()))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "the page from the folder") {
		t.Errorf("the invite page: %s %q, want the folder's index.html", resp.Status, body)
	}
	cancel()
	if code := <-exited; code != 0 {
		t.Fatalf("exit %d; stderr %q", code, errb.String())
	}
}
