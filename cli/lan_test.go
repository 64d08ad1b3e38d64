package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/lan/lantest"
	"github.com/goldvein/goldvein/rules/saboteur"
	"github.com/goldvein/goldvein/rules/saboteur/bot"
)

// syncBuffer is an io.Writer safe to read while a command writes to it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// served runs serveMain in a goroutine and returns its address, its
// output and a channel with its exit status.
func served(t *testing.T, ctx context.Context, args ...string) (string, *syncBuffer, *syncBuffer, chan int) {
	t.Helper()
	out, errOut := &syncBuffer{}, &syncBuffer{}
	code := make(chan int, 1)
	args = append([]string{"--beacon", "", "--level", "random", "--per-addr", "10"}, args...)
	go func() { code <- serveMain(ctx, args, out, errOut) }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if line, _, ok := strings.Cut(out.String(), "\n"); ok {
			addr, found := strings.CutPrefix(line, "listening on ")
			if !found {
				t.Fatalf("serve printed %q", line)
			}
			return addr, out, errOut, code
		}
		select {
		case c := <-code:
			t.Fatalf("serve exited %d: %s", c, errOut)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("serve did not start listening")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

type joined struct {
	code     int
	out, err string
}

func joinAsync(ctx context.Context, args ...string) chan joined {
	ch := make(chan joined, 1)
	go func() {
		var out, errOut syncBuffer
		c := joinMain(ctx, args, &out, &errOut)
		ch <- joined{c, out.String(), errOut.String()}
	}()
	return ch
}

func finalScores(t *testing.T, out string) string {
	t.Helper()
	_, scores, ok := strings.Cut(out, "final scores:\n")
	if !ok || strings.Count(scores, "\n") < 3 {
		t.Fatalf("no final scores in %q", out)
	}
	return scores
}

func TestServeAndFiveHeadlessGuests(t *testing.T) {
	save := filepath.Join(t.TempDir(), "lan.json")
	addr, out, errOut, code := served(t, context.Background(), "--addr", "127.0.0.1:0", "--players", "5", "--bots", "0", "--save", save)
	var js []chan joined
	for i := 0; i < 5; i++ {
		js = append(js, joinAsync(context.Background(), addr, "--name", fmt.Sprintf("guest%d", i), "--bot", "random"))
	}
	var want string
	for i, ch := range js {
		j := <-ch
		if j.code != 0 {
			t.Fatalf("join %d exited %d: %s", i, j.code, j.err)
		}
		s := finalScores(t, j.out)
		if want == "" {
			want = s
		} else if s != want {
			t.Errorf("join %d scores:\n%s\nwant:\n%s", i, s, want)
		}
		if !strings.Contains(j.err, "reconnect token ") {
			t.Errorf("join %d did not print its token: %s", i, j.err)
		}
	}
	if c := <-code; c != 0 {
		t.Fatalf("serve exited %d: %s", c, errOut)
	}
	if s := finalScores(t, out.String()); s != want {
		t.Errorf("serve's scores:\n%s\nguests':\n%s", s, want)
	}
	// Guests hanging up once the game is over is no failure: serve says
	// they left after the game, never that they dropped.
	for deadline := time.Now().Add(3 * time.Second); strings.Count(errOut.String(), "left after the game") < 5 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if log := errOut.String(); strings.Contains(log, " dropped") || strings.Count(log, "left after the game") != 5 {
		t.Errorf("serve's log at the normal end of the game, want 5 guests who left after the game and no drop:\n%s", log)
	}
	// Built without the browser build, the host says so plainly (issue 6).
	if !strings.Contains(errOut.String(), "no browser build embedded") {
		t.Errorf("serve did not say the page is missing: %s", errOut)
	}
	for i := 0; i < 5; i++ {
		if !strings.Contains(want, fmt.Sprintf("guest%d", i)) {
			t.Errorf("guest%d missing from the scores", i)
		}
	}
}

func TestServeResumeAfterCrash(t *testing.T) {
	save := filepath.Join(t.TempDir(), "lan.json")
	ctx, crash := context.WithCancel(context.Background())
	addr, _, _, code := served(t, ctx, "--addr", "127.0.0.1:0", "--players", "4", "--bots", "2",
		"--save", save, "--bot-delay", "5ms", "--grace", "200ms")
	var js []chan joined
	for _, n := range []string{"ann", "bob"} {
		js = append(js, joinAsync(context.Background(), addr, "--name", n, "--bot", "random", "--reconnect", "30s"))
	}
	// Crash once the autosave holds a few moves.
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
	_, out, errOut, code := served(t, context.Background(), "--addr", addr, "--resume", "--save", save, "--grace", "200ms")
	var want string
	for i, ch := range js {
		j := <-ch
		if j.code != 0 {
			t.Fatalf("join %d exited %d: %s", i, j.code, j.err)
		}
		if !strings.Contains(j.err, "back in the game") {
			t.Errorf("join %d never reconnected: %s", i, j.err)
		}
		want = finalScores(t, j.out)
	}
	if c := <-code; c != 0 {
		t.Fatalf("resumed serve exited %d: %s", c, errOut)
	}
	if s := finalScores(t, out.String()); s != want {
		t.Errorf("serve's scores:\n%s\nguests':\n%s", s, want)
	}
	// The finished game leaves nothing to resume.
	var e syncBuffer
	if c := serveMain(context.Background(), []string{"--resume", "--save", save, "--addr", "127.0.0.1:0", "--beacon", ""}, io.Discard, &e); c != 1 || !strings.Contains(e.String(), "over") {
		t.Errorf("resume of a finished game: exit %d, %s", c, e.String())
	}
}

func TestJoinKilledAndBack(t *testing.T) {
	addr, _, errOut, code := served(t, context.Background(), "--addr", "127.0.0.1:0", "--players", "3", "--bots", "2",
		"--save", filepath.Join(t.TempDir(), "lan.json"), "--bot-delay", "20ms", "--grace", "100ms")
	ctx, kill := context.WithCancel(context.Background())
	first := joinAsync(ctx, addr, "--name", "ann", "--bot", "random")
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(errOut.String(), "ann joined") {
		if time.Now().After(deadline) {
			t.Fatal("ann never joined")
		}
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(150 * time.Millisecond) // a few moves, then the process dies
	kill()
	j := <-first
	if j.code != 1 {
		t.Fatalf("killed join exited %d", j.code)
	}
	_, token, ok := strings.Cut(j.err, "reconnect token ")
	if !ok {
		t.Fatalf("no token in %q", j.err)
	}
	token, _, _ = strings.Cut(token, "\n")
	deadline = time.Now().Add(10 * time.Second)
	for !strings.Contains(errOut.String(), "stands in for ann") {
		if time.Now().After(deadline) {
			t.Fatalf("no stand-in: %s", errOut)
		}
		time.Sleep(5 * time.Millisecond)
	}
	j = <-joinAsync(context.Background(), addr, "--token", token, "--bot", "random")
	if j.code != 0 || !strings.Contains(j.err, "seat 0,") {
		t.Fatalf("rejoin exited %d: %s", j.code, j.err)
	}
	finalScores(t, j.out)
	if c := <-code; c != 0 {
		t.Fatalf("serve exited %d", c)
	}
}

// TestServeTurnTimeout: a guest who joins goldvein serve and never moves
// does not stall the table: with --turn-timeout a computer player makes
// each of their moves once the time is up, every guest is told (goldvein
// join prints the notice), and the game ends.
func TestServeTurnTimeout(t *testing.T) {
	addr, out, errOut, code := served(t, context.Background(), "--addr", "127.0.0.1:0", "--players", "3", "--bots", "1",
		"--save", filepath.Join(t.TempDir(), "lan.json"), "--turn-timeout", "30ms", "--grace", "1h")
	silent, err := lan.Join(context.Background(), addr, lan.ClientConfig{Game: saboteur.Rules{Bots: bot.Brains}, Name: "silent", Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	notices := make(chan lan.Message, 1000)
	go func() {
		for m := range silent.Messages() {
			if m.T == lan.TNotice {
				notices <- m
			}
		}
	}()
	j := <-joinAsync(context.Background(), addr, "--name", "busy", "--bot", "random")
	if j.code != 0 {
		t.Fatalf("join exited %d: %s", j.code, j.err)
	}
	if c := <-code; c != 0 {
		t.Fatalf("serve exited %d: %s", c, errOut)
	}
	finalScores(t, out.String())
	if !strings.Contains(j.err, "goldvein join: notice: silent took longer than 30ms for a turn") {
		t.Errorf("goldvein join printed no notice about the silent guest: %s", j.err)
	}
	if !strings.Contains(errOut.String(), "silent took longer than 30ms") {
		t.Errorf("serve logged no turn timeout: %s", errOut)
	}
	// On a loaded machine the busy guest's computer player may outlast
	// 30 ms too: its notices may come first.
	for {
		select {
		case m := <-notices:
			if m.Code != lan.NoticeTurnTimeout {
				t.Errorf("notice %+v", m)
			}
			if m.Name != "silent" {
				continue
			}
		case <-time.After(5 * time.Second):
			t.Error("the silent guest got no notice about itself")
		}
		return
	}
}

func TestServeJoinBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--players", "2"}, {"--players", "11"}, {"--players", "4", "--bots", "5"}, {"--level", "genius"}, {"extra"},
		{"--turn-timeout", "-1s"}, {"--turn-timeout", "soon"},
		{"--host-name", "two words"}, {"--host-name", "evil.example/x"}, {"--host-name", "ok.home,bad:name"},
		{"--host-name", ","}, {"--host-name", "a,,b"}, {"--host-name", "gamebox..home"}, {"--host-name", ".home"},
		{"--host-name", "-bad.home"}, {"--host-name", "bad-.home"}, {"--host-name", strings.Repeat("a", 64) + ".home"},
	} {
		if c := serveMain(context.Background(), args, io.Discard, io.Discard); c != 2 {
			t.Errorf("serve %v: exit %d, want 2", args, c)
		}
	}
	for _, args := range [][]string{
		{}, {"127.0.0.1:1", "--bot", "genius"}, {"127.0.0.1:1", "--name", ""}, {"127.0.0.1:1", "extra"},
	} {
		if c := joinMain(context.Background(), args, io.Discard, io.Discard); c != 2 {
			t.Errorf("join %v: exit %d, want 2", args, c)
		}
	}
	if c := joinMain(context.Background(), []string{"127.0.0.1:1", "--reconnect", "0"}, io.Discard, io.Discard); c != 1 {
		t.Errorf("join to nobody: exit %d, want 1", c)
	}
}

// TestJoinNoPassword: joining a password table without --password says the
// table needs one, not that a password was wrong.
func TestJoinNoPassword(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addr, _, _, code := served(t, ctx, "--addr", "127.0.0.1:0", "--players", "3", "--password", "secret",
		"--save", filepath.Join(t.TempDir(), "lan.json"))
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{addr, "--name", "Ann", "--reconnect", "0"}, "goldvein join: this table needs a password (--password)\n"},
		{[]string{addr, "--name", "Ann", "--reconnect", "0", "--password", "guess"}, "wrong password"},
	} {
		j := <-joinAsync(ctx, tc.args...)
		if j.code != 1 || !strings.Contains(j.err, tc.want) {
			t.Errorf("join %v: exit %d, stderr %q; want 1 and %q", tc.args, j.code, j.err, tc.want)
		}
	}
	cancel()
	<-code
}

// TestServeHostName: a browser that reaches the host by a name given with
// --host-name gets its WebSocket; any other name is refused (403).
func TestServeHostName(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addr, _, _, _ := served(t, ctx, "--addr", "127.0.0.1:0", "--players", "3",
		"--save", filepath.Join(t.TempDir(), "lan.json"), "--host-name", " gamebox.home, Other-Name.lan ")
	_, port, _ := net.SplitHostPort(addr)
	upgrade := func(host string) int { return lantest.Upgrade(t, "http://"+addr+lan.WebSocketPath, host) }
	for host, want := range map[string]int{
		"gamebox.home:" + port:   http.StatusSwitchingProtocols,
		"other-name.lan:" + port: http.StatusSwitchingProtocols,
		"evil.example:" + port:   http.StatusForbidden,
	} {
		if got := upgrade(host); got != want {
			t.Errorf("Host %s: status %d, want %d", host, got, want)
		}
	}
}

// TestServeAndJoinEveryGame: goldvein serve --game ID and goldvein join
// --game ID play whole games of Incan Gold (several explorers choosing at
// once) and Underground, headless, with computer players on both sides:
// every guest exits 0 with the host's final scores. A guest of another
// game is refused with a line naming the table's game and --game.
func TestServeAndJoinEveryGame(t *testing.T) {
	for _, id := range []string{"incangold", "underground"} {
		t.Run(id, func(t *testing.T) {
			save := filepath.Join(t.TempDir(), "lan.json")
			addr, out, errOut, code := served(t, context.Background(), "--game", id, "--addr", "127.0.0.1:0", "--players", "3", "--bots", "1", "--save", save)
			wrong := joinAsync(context.Background(), addr, "--name", "lost", "--bot", "random")
			if j := <-wrong; j.code != 1 || !strings.Contains(j.err, "this table plays "+id) || !strings.Contains(j.err, "--game") {
				t.Errorf("a Saboteur guest at a %s table: exit %d: %s", id, j.code, j.err)
			}
			var js []chan joined
			for i := 0; i < 2; i++ {
				js = append(js, joinAsync(context.Background(), addr, "--game", id, "--name", fmt.Sprintf("guest%d", i), "--bot", "random"))
			}
			var scores []string
			for i, ch := range js {
				j := <-ch
				if j.code != 0 {
					t.Fatalf("join %d exited %d: %s", i, j.code, j.err)
				}
				scores = append(scores, finalScores(t, j.out))
			}
			select {
			case c := <-code:
				if c != 0 {
					t.Fatalf("serve exited %d: %s", c, errOut)
				}
			case <-time.After(60 * time.Second):
				t.Fatal("serve did not end")
			}
			host := finalScores(t, out.String())
			for i, s := range scores {
				if s != host {
					t.Errorf("guest %d's final scores:\n%s\nthe host's:\n%s", i, s, host)
				}
			}
			if !strings.Contains(host, "winner") {
				t.Errorf("no winner in %q", host)
			}
		})
	}
}
