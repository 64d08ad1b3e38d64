//go:build e2e

package e2e

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// proc is one goldvein process of the test, its output kept as it comes.
type proc struct {
	cmd      *exec.Cmd
	out, err lockedBuffer
	done     chan struct{}
}

// lockedBuffer is a bytes.Buffer written by a process and read by the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// startProc runs bin with args; the test's cleanup kills it if it still runs.
func startProc(t *testing.T, bin string, args ...string) *proc {
	t.Helper()
	return startProcEnv(t, nil, bin, args...)
}

// startProcEnv is startProc with env added to the test's environment.
func startProcEnv(t *testing.T, env []string, bin string, args ...string) *proc {
	t.Helper()
	p := &proc{cmd: exec.Command(bin, args...), done: make(chan struct{})}
	p.cmd.Stdout, p.cmd.Stderr = &p.out, &p.err
	if env != nil {
		p.cmd.Env = append(os.Environ(), env...)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() { p.kill9() })
	return p
}

// kill9 ends the process as kill -9 does: no close frame, no goodbye.
func (p *proc) kill9() {
	select {
	case <-p.done:
	default:
		p.cmd.Process.Signal(syscall.SIGKILL)
		<-p.done
	}
}

// exit waits for the process to end by itself and returns its exit code.
func (p *proc) exit(t *testing.T, what string, limit time.Duration) int {
	t.Helper()
	select {
	case <-p.done:
		return p.cmd.ProcessState.ExitCode()
	case <-time.After(limit):
		t.Fatalf("%s did not end in %v; stdout:\n%s\nstderr:\n%s", what, limit, p.out.String(), tailText(p.err.String(), 20))
		return -1
	}
}

// match waits (up to limit) for re to match in the buffer and returns the
// submatches.
func (p *proc) match(t *testing.T, b *lockedBuffer, re *regexp.Regexp, limit time.Duration) []string {
	t.Helper()
	for deadline := time.Now().Add(limit); ; time.Sleep(10 * time.Millisecond) {
		if m := re.FindStringSubmatch(b.String()); m != nil {
			return m
		}
		select {
		case <-p.done:
			t.Fatalf("%s ended (exit %d) before %q; stdout:\n%s\nstderr:\n%s", p.cmd.Args[1], p.cmd.ProcessState.ExitCode(), re,
				p.out.String(), tailText(p.err.String(), 20))
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %q from %s in %v; stdout:\n%s\nstderr:\n%s", re, p.cmd.Args[1], limit, p.out.String(), tailText(p.err.String(), 20))
		}
	}
}

func tailText(s string, n int) string { return tail(strings.Split(s, "\n"), n) }

var (
	binOnce sync.Once
	binPath string
	binErr  string
)

// goldveinBin builds the headless goldvein binary (as goldvein-server, but
// without the embedded page: the relay serves gamePage's with --web).
func goldveinBin(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		d, err := os.MkdirTemp("", "goldvein-bin-")
		if err != nil {
			binErr = err.Error()
			return
		}
		binPath = filepath.Join(d, "goldvein")
		cmd := exec.Command("go", "build", "-tags", "headless", "-o", binPath, ".")
		cmd.Dir = moduleRoot(t)
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			binErr = fmt.Sprintf("go build -tags headless: %v\n%s", err, out)
		}
	})
	if binErr != "" {
		t.Fatal(binErr)
	}
	return binPath
}

var (
	relayLine  = regexp.MustCompile(`(?m)^relay: ws://(127\.0\.0\.1:\d+)\n`)
	inviteLine = regexp.MustCompile(`(?m)^invite: (http://127\.0\.0\.1:\d+/j/[a-z2-7]{16})#([A-Za-z0-9_-]{43})\n`)
	seatLine   = regexp.MustCompile(`goldvein join: seat (\d+), reconnect token (\S+)\n`)
	scoreText  = regexp.MustCompile(`^seat \d+ .* (gold|gems|coins)( winner)?$`)
)

// scoreLines are the final scores' lines in out, their spaces squeezed.
func scoreLines(out []string) string {
	var s []string
	for _, l := range out {
		l = strings.Join(strings.Fields(l), " ")
		if scoreText.MatchString(l) {
			s = append(s, l)
		}
	}
	return strings.Join(s, "\n")
}

// TestRelayProcessesKill9 plays a whole game of each game of the box
// through a `goldvein relay` process on loopback (issue 27, Tests): a
// `goldvein serve --relay` host (its one computer player slowed a little),
// a desktop guest (`goldvein join LINK`) and a browser guest (headless
// Chromium opening the invite link the relay serves). In the middle of the
// game the relay is killed with SIGKILL and started again on the same
// port: the host takes its room back under the same link (no second
// invite line) and both guests their seats. Then the desktop guest is
// killed with SIGKILL and joins again by the same link with the token it
// printed. The host, the desktop guest and the browser end with the same
// final scores, and `goldvein replay` reads the host's autosave to the end.
func TestRelayProcessesKill9(t *testing.T) {
	dir := gamePage(t)
	bin := goldveinBin(t)
	for _, game := range []string{"saboteur", "incangold", "underground"} {
		t.Run(game, func(t *testing.T) {
			start := time.Now()
			rel := startProc(t, bin, "relay", "--addr", "127.0.0.1:0", "--web", dir, "--host-wait", "20s")
			addr := rel.match(t, &rel.out, relayLine, 20*time.Second)[1]
			save := filepath.Join(t.TempDir(), "lan.json")
			host := startProc(t, bin, "serve", "--game", game, "--addr", "127.0.0.1:0", "--beacon", "", "--relay", "http://"+addr,
				"--players", "3", "--bots", "1", "--level", "random", "--bot-delay", "100ms", "--grace", "2m", "--save", save)
			inv := host.match(t, &host.out, inviteLine, 20*time.Second)
			link := inv[1] + "#" + inv[2]
			desk := startProc(t, bin, "join", link, "--name", "desk", "--bot", "random", "--reconnect", "2m")
			seat := desk.match(t, &desk.err, seatLine, 60*time.Second)
			b := startBrowser(t)
			b.navigate(t, inv[1]+"?name=web&bot=random#"+inv[2])
			host.match(t, &host.err, regexp.MustCompile(`web joined`), 90*time.Second)

			// Some moves, then kill -9 the relay and start it again.
			var before int
			for deadline := time.Now().Add(60 * time.Second); before < 8; time.Sleep(20 * time.Millisecond) {
				data, _ := os.ReadFile(save)
				before = bytes.Count(data, []byte(`"seat":`))
				if time.Now().After(deadline) {
					t.Fatalf("the autosave has %d seat entries after 60 s; serve's stderr:\n%s", before, tailText(host.err.String(), 20))
				}
			}
			rel.kill9()
			rel2 := startProc(t, bin, "relay", "--addr", addr, "--web", dir, "--host-wait", "20s")
			rel2.match(t, &rel2.out, relayLine, 20*time.Second)
			desk.match(t, &desk.err, regexp.MustCompile(`back in the game`), 90*time.Second)
			t.Logf("the relay killed and restarted after %d seat entries in the autosave; the desktop guest is back", before)

			// kill -9 the desktop guest: it comes back by the same link.
			desk.kill9()
			back := startProc(t, bin, "join", link, "--token", seat[2], "--bot", "random")
			back.match(t, &back.err, regexp.MustCompile(`goldvein join: seat `+seat[1]+`, `), 90*time.Second)

			if c := host.exit(t, "serve", 5*time.Minute); c != 0 {
				t.Fatalf("serve exited %d; stderr:\n%s", c, tailText(host.err.String(), 30))
			}
			if c := back.exit(t, "the rejoined desktop guest", 30*time.Second); c != 0 {
				t.Fatalf("the rejoined join exited %d; stderr:\n%s", c, tailText(back.err.String(), 30))
			}
			s := b.waitFor(t, "the browser guest's exit", 2*time.Minute, func(s pageState) bool { return s.ExitCode != nil })
			if *s.ExitCode != 0 {
				t.Fatalf("the browser guest exited %d; output:\n%s", *s.ExitCode, tail(s.Lines, 30))
			}
			want := scoreLines(strings.Split(host.out.String(), "\n"))
			if strings.Count(want, "\n") != 2 {
				t.Fatalf("serve printed no three score lines:\n%s", host.out.String())
			}
			for who, got := range map[string]string{"the desktop guest": scoreLines(strings.Split(back.out.String(), "\n")), "the browser guest": scoreLines(s.Lines)} {
				if got != want {
					t.Errorf("%s's final scores:\n%s\nthe host's:\n%s", who, got, want)
				}
			}
			if !strings.Contains(strings.Join(s.Lines, "\n"), "back in the game") {
				t.Errorf("the browser guest never said it was back after the relay's restart:\n%s", tail(s.Lines, 30))
			}
			if n := strings.Count(host.out.String(), "invite: "); n != 1 {
				t.Errorf("serve printed %d invite lines: %q", n, host.out.String())
			}
			data, _ := os.ReadFile(save)
			if after := bytes.Count(data, []byte(`"seat":`)); after <= before {
				t.Errorf("the autosave has %d seat entries at the end, %d at the relay's kill: the game did not go on through the restart", after, before)
			}
			rp := exec.Command(bin, "replay", save)
			out, err := rp.CombinedOutput()
			if err != nil || bytes.Contains(out, []byte("not over")) {
				t.Errorf("goldvein replay %s: %v\n%s", save, err, tailText(string(out), 10))
			}
			t.Logf("%s in %v; final scores everywhere:\n%s", game, time.Since(start).Round(time.Second), want)
		})
	}
}
