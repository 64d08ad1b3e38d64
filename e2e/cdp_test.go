//go:build e2e

package e2e

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// chromiumFlags run Debian's Chromium headless as root on a machine
// without a GPU or network: WebGL comes from SwiftShader, which Chromium
// only allows with --enable-unsafe-swiftshader; without the
// background-networking flags it keeps dialing out and logging refusals.
var chromiumFlags = []string{
	"--headless", "--no-sandbox", "--disable-gpu", "--enable-unsafe-swiftshader",
	"--disable-quic", "--no-first-run", "--disable-background-networking",
	"--disable-component-update", "--disable-sync", "--disable-default-apps",
	"--disable-extensions", "--mute-audio", "--window-size=1280,800",
	// As desktop browsers do: sound only after the first click, tap or key.
	"--autoplay-policy=user-gesture-required",
	"--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
}

// findChromium returns the browser's path, or skips the test saying how to
// get one (scripts/deps.sh test installs it on Debian).
func findChromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("GOLDVEIN_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("e2e: no Chromium on this machine (install it: scripts/deps.sh test, or apt-get install chromium; or set GOLDVEIN_CHROMIUM)")
	return ""
}

// syscallKill ends the browser and its helper processes (its process
// group) and waits for it.
func syscallKill(b *browser) {
	if b.cmd.ProcessState != nil {
		return
	}
	syscall.Kill(-b.cmd.Process.Pid, syscall.SIGKILL)
	b.cmd.Wait()
}

// browser is one headless Chromium with a DevTools connection to its page.
type browser struct {
	cmd  *exec.Cmd
	page *cdp
}

var devtoolsLine = regexp.MustCompile(`DevTools listening on (ws://[^\s]+)`)

// startBrowser starts Chromium on about:blank with a fresh profile and
// connects to its page over the DevTools protocol.
func startBrowser(t *testing.T) *browser {
	t.Helper()
	bin := findChromium(t)
	// Not t.TempDir: Chromium's helpers may still write there for a moment
	// after the kill, which TempDir's cleanup reports as a failure.
	profile, err := os.MkdirTemp("", "goldvein-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	args := append(append([]string{}, chromiumFlags...), "--user-data-dir="+profile, "about:blank")
	cmd := exec.Command(bin, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its helpers die with it
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", bin, err)
	}
	b := &browser{cmd: cmd}
	t.Cleanup(func() {
		if b.page != nil {
			b.page.close()
		}
		syscallKill(b)
		for range 20 {
			if os.RemoveAll(profile) == nil {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	wsURL := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sent := false
		for sc.Scan() {
			if m := devtoolsLine.FindStringSubmatch(sc.Text()); m != nil && !sent {
				wsURL <- m[1]
				sent = true
			}
		}
	}()
	var browserURL string
	select {
	case browserURL = <-wsURL:
	case <-time.After(30 * time.Second):
		t.Fatal("chromium did not say where DevTools listen within 30 s")
	}
	// The page's own endpoint is listed at /json/list on the same port.
	host := strings.TrimPrefix(browserURL, "ws://")
	host = host[:strings.Index(host, "/")]
	var pageURL string
	for i := 0; i < 50 && pageURL == ""; i++ {
		res, err := http.Get("http://" + host + "/json/list")
		if err == nil {
			var targets []struct{ Type, WebSocketDebuggerURL string }
			json.NewDecoder(res.Body).Decode(&targets)
			res.Body.Close()
			for _, tg := range targets {
				if tg.Type == "page" {
					pageURL = tg.WebSocketDebuggerURL
					break
				}
			}
		}
		if pageURL == "" {
			time.Sleep(100 * time.Millisecond)
		}
	}
	if pageURL == "" {
		t.Fatal("chromium lists no page target")
	}
	page, err := dialCDP(pageURL)
	if err != nil {
		t.Fatalf("DevTools: %v", err)
	}
	b.page = page
	return b
}

// cdp is a minimal Chrome DevTools Protocol client: commands with ids over
// one WebSocket; events are counted out except console messages, which are
// kept for the test's log.
type cdp struct {
	ws     *websocket.Conn
	mu     sync.Mutex
	nextID int
	wait   map[int]chan cdpReply
	logMu  sync.Mutex
	logs   []string
	closed chan struct{}
}

type cdpReply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

func dialCDP(url string) (*cdp, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(64 << 20) // screenshots
	c := &cdp{ws: ws, wait: map[int]chan cdpReply{}, closed: make(chan struct{})}
	go c.read()
	return c, nil
}

func (c *cdp) read() {
	defer close(c.closed)
	for {
		_, data, err := c.ws.Read(context.Background())
		if err != nil {
			return
		}
		var msg struct {
			ID     int             `json:"id"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
			cdpReply
		}
		if json.Unmarshal(data, &msg) != nil {
			continue
		}
		if msg.ID != 0 {
			c.mu.Lock()
			ch := c.wait[msg.ID]
			delete(c.wait, msg.ID)
			c.mu.Unlock()
			if ch != nil {
				ch <- msg.cdpReply
			}
			continue
		}
		if msg.Method == "Runtime.consoleAPICalled" {
			var p struct {
				Type string `json:"type"`
				Args []struct {
					Value any `json:"value"`
				} `json:"args"`
			}
			json.Unmarshal(msg.Params, &p)
			parts := make([]string, 0, len(p.Args))
			for _, a := range p.Args {
				parts = append(parts, fmt.Sprint(a.Value))
			}
			c.logMu.Lock()
			c.logs = append(c.logs, p.Type+": "+strings.Join(parts, " "))
			c.logMu.Unlock()
		}
	}
}

// call sends one command and decodes its result into out (may be nil).
func (c *cdp) call(method string, params any, out any) error {
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	ch := make(chan cdpReply, 1)
	c.wait[id] = ch
	c.mu.Unlock()
	if params == nil {
		params = struct{}{}
	}
	msg, _ := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageText, msg); err != nil {
		return err
	}
	select {
	case r := <-ch:
		if r.Error != nil {
			return fmt.Errorf("%s: %s", method, r.Error.Message)
		}
		if out != nil {
			return json.Unmarshal(r.Result, out)
		}
		return nil
	case <-c.closed:
		return errors.New(method + ": DevTools connection closed")
	case <-ctx.Done():
		return errors.New(method + ": no answer in 60 s")
	}
}

// eval evaluates a JavaScript expression in the page and decodes its
// JSON value into out.
func (c *cdp) eval(expr string, out any) error {
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	if err := c.call("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &r); err != nil {
		return err
	}
	if r.ExceptionDetails != nil {
		return fmt.Errorf("eval %q: %s", expr, r.ExceptionDetails.Text)
	}
	if out == nil || len(r.Result.Value) == 0 {
		return nil
	}
	return json.Unmarshal(r.Result.Value, out)
}

// screenshot captures the page as PNG bytes.
func (c *cdp) screenshot() ([]byte, error) {
	var r struct {
		Data string `json:"data"`
	}
	if err := c.call("Page.captureScreenshot", map[string]any{"format": "png"}, &r); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(r.Data)
}

// console returns the page's console lines so far.
func (c *cdp) console() []string {
	c.logMu.Lock()
	defer c.logMu.Unlock()
	return append([]string(nil), c.logs...)
}

func (c *cdp) close() { c.ws.Close(websocket.StatusNormalClosure, ""); <-c.closed }

// pageState is window.goldvein, which web/loader.js keeps.
type pageState struct {
	Stage        string         `json:"stage"`
	FirstFrameMs *float64       `json:"firstFrameMs"`
	ExitCode     *int           `json:"exitCode"`
	Lines        []string       `json:"lines"`
	Storage      string         `json:"storage"`
	Times        map[string]int `json:"times"`
}

func (b *browser) state(t *testing.T) pageState {
	t.Helper()
	var s pageState
	if err := b.page.eval("window.goldvein || {}", &s); err != nil {
		t.Fatalf("reading window.goldvein: %v", err)
	}
	return s
}

// navigate opens url in the page.
func (b *browser) navigate(t *testing.T, url string) {
	t.Helper()
	if err := b.page.call("Page.enable", nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.page.call("Runtime.enable", nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.page.call("Page.navigate", map[string]any{"url": url}, nil); err != nil {
		t.Fatal(err)
	}
}

// waitFor polls the page state until ok or the deadline; on timeout it
// fails with the state and the console.
func (b *browser) waitFor(t *testing.T, what string, limit time.Duration, ok func(pageState) bool) pageState {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		s := b.state(t)
		if ok(s) {
			return s
		}
		if s.Stage == "failed" || (s.Stage == "exited" && !strings.Contains(what, "exit")) || time.Now().After(deadline) {
			if shot, err := b.page.screenshot(); err == nil {
				saveShot(t, "failed.png", shot)
			}
			var probe string
			b.page.eval(`(() => { const c = document.querySelector("canvas"); return c ? "canvas " + c.width + "x" + c.height + " wrapped " + !!(c.getContext && 1) : "no canvas"; })() + " visibility " + document.visibilityState + " focus " + document.hasFocus()`, &probe)
			t.Logf("page: %s", probe)
			t.Fatalf("waiting for %s: stage %q, exit %v; page output:\n%s\nconsole:\n%s", what, s.Stage, s.ExitCode,
				tail(s.Lines, 30), tail(b.page.console(), 30))
		}
		time.Sleep(250 * time.Millisecond)
	}
}

func tail(lines []string, n int) string {
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
