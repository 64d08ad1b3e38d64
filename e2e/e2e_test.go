//go:build e2e

// The browser build's end-to-end tests (issue 6; docs/LAN.md, Browser):
// goldvein compiled to WebAssembly runs in headless Chromium,
// served the way a LAN host serves it (webdist through lan.HostConfig.Web),
// and is driven and read through the DevTools protocol.
//
// The page is dist/web/ of `make wasm` when GOLDVEIN_WEB names it (make test
// does), else the test builds it. GOLDVEIN_E2E_SHOTS=DIR keeps the
// screenshots. Without Chromium the tests skip, saying how to install it.

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules/saboteur"
	sabbot "github.com/goldvein/goldvein/rules/saboteur/bot"
	"github.com/goldvein/goldvein/webdist"
)

// moduleRoot is the goldvein module's folder (the tests run in e2e/).
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// buildPage lays out a page folder as `make wasm` does, with the program
// pkg (a package path inside the module) as goldvein.wasm.
func buildPage(t *testing.T, dir, pkg string) {
	t.Helper()
	buildPageFlags(t, dir, pkg, []string{"-ldflags=-s -w"})
}

// buildPageFlags is buildPage with other go build flags.
func buildPageFlags(t *testing.T, dir, pkg string, flags []string) {
	t.Helper()
	root := moduleRoot(t)
	args := append(append([]string{"build", "-trimpath"}, flags...), "-o", filepath.Join(dir, "goldvein.wasm"), pkg)
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("GOOS=js GOARCH=wasm go build %s: %v\n%s", pkg, err, out)
	}
	files := map[string]string{
		filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js"): "wasm_exec.js",
		filepath.Join(root, "web", "index.html"):                       "index.html",
		filepath.Join(root, "web", "loader.js"):                        "loader.js",
		filepath.Join(root, "web", "storefs.js"):                       "storefs.js",
	}
	for src, name := range files {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

var (
	gameOnce sync.Once
	gameDir  string
	gameErr  string
)

// gamePage is the folder of the real browser build.
func gamePage(t *testing.T) string {
	t.Helper()
	findChromium(t) // skip before a long build when there is no browser
	gameOnce.Do(func() {
		d, err := os.MkdirTemp("", "goldvein-web-")
		if err != nil {
			gameErr = err.Error()
			return
		}
		gameDir = d
		if src := os.Getenv("GOLDVEIN_WEB"); src != "" {
			// A copy of its own: another `make wasm` in the same tree
			// (someone else's make test) may replace dist/web meanwhile.
			if err := copyPage(src, d); err != nil {
				gameErr = "GOLDVEIN_WEB=" + src + ": " + err.Error()
			}
			return
		}
		start := time.Now()
		buildPage(t, d, ".")
		t.Logf("built the wasm in %v", time.Since(start).Round(time.Second))
	})
	if gameErr != "" {
		t.Fatal(gameErr)
	}
	return gameDir
}

// copyPage copies the files of the page folder src into dst; src must
// hold goldvein.wasm.
func copyPage(src, dst string) error {
	if _, err := os.Stat(filepath.Join(src, "goldvein.wasm")); err != nil {
		return err
	}
	ents, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func TestMain(m *testing.M) {
	code := m.Run()
	if gameDir != "" {
		os.RemoveAll(gameDir)
	}
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

// saveShot keeps a screenshot in GOLDVEIN_E2E_SHOTS, when set.
func saveShot(t *testing.T, name string, data []byte) {
	if dir := os.Getenv("GOLDVEIN_E2E_SHOTS"); dir != "" {
		os.MkdirAll(dir, 0o755)
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Error(err)
		}
	}
}

// checkDrawn fails unless the PNG shows real content: not one flat colour
// but many colours, none of them covering nearly all of the picture, with
// light and dark pixels both (text on a background).
func checkDrawn(t *testing.T, data []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	b := img.Bounds()
	counts := map[uint32]int{}
	light, dark, n := 0, 0, 0
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			counts[(r>>11)<<10|(g>>11)<<5|bl>>11]++
			lum := (299*r + 587*g + 114*bl) / 1000 >> 8
			if lum > 170 {
				light++
			}
			if lum < 70 {
				dark++
			}
			n++
		}
	}
	top := 0
	for _, c := range counts {
		top = max(top, c)
	}
	t.Logf("screenshot %dx%d: %d colours (15-bit), the commonest covers %.0f%%, light %.1f%%, dark %.1f%%",
		b.Dx(), b.Dy(), len(counts), 100*float64(top)/float64(n), 100*float64(light)/float64(n), 100*float64(dark)/float64(n))
	if b.Dx() < 640 || b.Dy() < 400 {
		t.Errorf("screenshot is only %v", b)
	}
	if len(counts) < 32 {
		t.Errorf("only %d colours: the canvas looks blank", len(counts))
	}
	if float64(top) > 0.9*float64(n) {
		t.Errorf("one colour covers %.0f%% of the page", 100*float64(top)/float64(n))
	}
	if light == 0 || dark == 0 {
		t.Errorf("light pixels %d, dark %d: want both (text on a background)", light, dark)
	}
}

// TestMenuDraws loads the browser build the way a LAN host serves it, waits
// for the first frame on the canvas (navigation to first frame is the
// figure of issue 6) and checks that the menu is really drawn.
func TestMenuDraws(t *testing.T) {
	dir := gamePage(t)
	h, addr := newHost(t, dir, 4, 4)
	_ = h
	b := startBrowser(t)
	b.navigate(t, "http://"+addr+"/?lang=en")
	s := b.waitFor(t, "the first frame", 90*time.Second, func(s pageState) bool { return s.FirstFrameMs != nil })
	t.Logf("navigation to first frame: %.0f ms (wasm fetched at %d ms, compiled at %d ms; storage: %s)",
		*s.FirstFrameMs, s.Times["fetched"], s.Times["compiled"], s.Storage)
	if s.Storage != "localStorage" {
		t.Errorf("storage %q, want localStorage", s.Storage)
	}
	// The menu fades in over a fifth of a second; give it a moment.
	time.Sleep(2 * time.Second)
	var size struct{ W, H, CW, CH float64 }
	if err := b.page.eval(`(() => { const c = document.querySelector("canvas");
		return {W: innerWidth, H: innerHeight, CW: c.clientWidth, CH: c.clientHeight}; })()`, &size); err != nil {
		t.Fatal(err)
	}
	if size.CW != size.W || size.CH != size.H {
		t.Errorf("canvas %vx%v in a window of %vx%v: want it to fill the window", size.CW, size.CH, size.W, size.H)
	}
	shot, err := b.page.screenshot()
	if err != nil {
		t.Fatal(err)
	}
	saveShot(t, "menu.png", shot)
	checkDrawn(t, shot)
	if st := b.state(t); st.Stage != "drawn" {
		t.Errorf("stage %q after the menu drew; output:\n%s", st.Stage, tail(st.Lines, 20))
	}

	// Sound starts after the first click (a browser rule; Ebitengine resumes
	// its AudioContext on the first mouseup, touchend or keyup).
	var audio string
	if err := b.page.eval("goldveinAudio()", &audio); err != nil {
		t.Fatal(err)
	}
	t.Logf("audio before any click: %s", audio)
	if audio == "none" {
		t.Fatal("the game made no AudioContext")
	}
	if audio == "running" {
		// Headless Chromium lets it start (CDP's navigation counts as a
		// gesture): suspend it, as a desktop browser would have kept it.
		if err := b.page.eval("goldveinAudioContexts.at(-1).suspend(), 0", nil); err != nil {
			t.Fatal(err)
		}
		time.Sleep(300 * time.Millisecond)
		b.page.eval("goldveinAudio()", &audio)
		if audio != "suspended" {
			t.Fatalf("audio after suspend(): %s", audio)
		}
	}
	for _, typ := range []string{"mousePressed", "mouseReleased"} {
		if err := b.page.call("Input.dispatchMouseEvent", map[string]any{"type": typ, "x": 8, "y": 8,
			"button": "left", "clickCount": 1}, nil); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 50 && audio != "running"; i++ {
		time.Sleep(100 * time.Millisecond)
		b.page.eval("goldveinAudio()", &audio)
	}
	if audio != "running" {
		t.Errorf("audio after a click: %s, want running", audio)
	}

	// The canvas follows the window: shrink it and look again.
	if err := b.page.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 1024, "height": 700,
		"deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	if err := b.page.eval(`(() => { const c = document.querySelector("canvas");
		return {W: innerWidth, H: innerHeight, CW: c.width, CH: c.height}; })()`, &size); err != nil {
		t.Fatal(err)
	}
	if size.W != 1024 || size.CW != 1024 || size.CH != 700 {
		t.Errorf("after resizing to 1024x700: window %vx%v, canvas buffer %vx%v", size.W, size.H, size.CW, size.CH)
	}
	shot, err = b.page.screenshot()
	if err != nil {
		t.Fatal(err)
	}
	saveShot(t, "menu-1024x700.png", shot)
	checkDrawn(t, shot)
}

// newHost starts a lan host on loopback serving the page in dir, with
// players seats of which bots are computer players (random level, fast);
// when bots == players the game is not started.
func newHost(t *testing.T, dir string, players, bots int) (*lan.Host, string) {
	t.Helper()
	h, err := lan.NewHost(lan.HostConfig{Name: "e2e", Game: saboteur.Rules{Bots: sabbot.Brains}, Players: players, Options: sabJSON(saboteur.Options{Players: players, FirstPlayer: -1}),
		Bots: bots, BotLevel: "random", AutoStart: bots < players, Web: webdist.NewHandler(os.DirFS(dir))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	a, err := h.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return h, a.String()
}

var scoreLine = regexp.MustCompile(`^seat (\d+)\s+(.*?)\s+(\d+) gold`)

// TestBrowserGuestPlaysWholeGame: a browser guest driven by URL parameters
// (?join=&name=web&bot=normal: the host that served the page) takes the one
// open seat of a 4-seat table over the WebSocket and plays until the final
// scores, which must be the host's.
func TestBrowserGuestPlaysWholeGame(t *testing.T) {
	dir := gamePage(t)
	h, addr := newHost(t, dir, 4, 3)
	b := startBrowser(t)
	start := time.Now()
	b.navigate(t, "http://"+addr+"/?join=&name=web&bot=normal")
	select {
	case <-h.Started():
	case <-time.After(90 * time.Second):
		s := b.state(t)
		if shot, err := b.page.screenshot(); err == nil {
			saveShot(t, "guest-failed.png", shot)
		}
		var res string
		b.page.eval(`performance.getEntriesByType("resource").map(e => e.name.replace(/.*\//, "") + " " + Math.round(e.responseEnd) + "ms").join(", ")`, &res)
		t.Fatalf("the browser guest did not take its seat in 90 s: stage %q, times %v, resources loaded: %s; page output:\n%s\nconsole:\n%s",
			s.Stage, s.Times, res, tail(s.Lines, 20), tail(b.page.console(), 20))
	}
	t.Logf("the browser guest sat down %v after navigation", time.Since(start).Round(time.Millisecond))
	s := b.waitFor(t, "the guest's exit", 4*time.Minute, func(s pageState) bool {
		for _, l := range s.Lines {
			if strings.Contains(l, "malformed message") {
				t.Fatalf("the page and the host disagree on the protocol: %s\n(is GOLDVEIN_WEB=%s built from this tree? make wasm)", l, os.Getenv("GOLDVEIN_WEB"))
			}
		}
		return s.ExitCode != nil
	})
	t.Logf("the whole game took %v", time.Since(start).Round(time.Second))
	if *s.ExitCode != 0 {
		t.Fatalf("the browser guest exited %d; output:\n%s", *s.ExitCode, tail(s.Lines, 30))
	}
	select {
	case <-h.Table().Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the page says the game ended but the host's table is not done")
	}
	want, ok := h.Table().View(-1).(saboteur.View)
	if !ok {
		t.Fatalf("the host's table holds %T, not a Saboteur view", h.Table().View(-1))
	}
	if want.Phase != saboteur.Over {
		t.Fatalf("host phase %v, want over", want.Phase)
	}
	got := map[int]int{}
	webSeat := -1
	for _, l := range s.Lines {
		if m := scoreLine.FindStringSubmatch(l); m != nil {
			seat, _ := strconv.Atoi(m[1])
			gold, _ := strconv.Atoi(m[3])
			got[seat] = gold
			if m[2] == "web" {
				webSeat = seat
			}
		}
	}
	if len(got) != len(want.Scores) {
		t.Fatalf("the page printed %d score lines, want %d; output:\n%s", len(got), len(want.Scores), tail(s.Lines, 30))
	}
	for seat, gold := range want.Scores {
		if got[seat] != gold {
			t.Errorf("seat %d: the page says %d gold, the host %d", seat, got[seat], gold)
		}
	}
	if webSeat < 0 {
		t.Errorf("no score line for the guest named web:\n%s", strings.Join(s.Lines, "\n"))
	}
	t.Logf("final scores as the browser printed them (the guest is seat %d):\n%s", webSeat, tail(s.Lines, len(want.Scores)+1))
}

// TestStorageInBrowser runs a small program (testdata/storeprobe) in the
// page that writes an autosave with game.FileSaver; after a reload of the
// page (the same browser profile) it must read it back: the game's files
// persist in the browser's localStorage (web/storefs.js).
func TestStorageInBrowser(t *testing.T) {
	findChromium(t)
	dir := t.TempDir()
	buildPage(t, dir, "./e2e/testdata/storeprobe")
	srv := httptest.NewServer(webdist.NewHandler(os.DirFS(dir)))
	defer srv.Close()
	b := startBrowser(t)
	for i, want := range []string{"storeprobe: wrote /home/web/.config/goldvein/autosave.json with 12 moves", "storeprobe: read ok"} {
		b.navigate(t, srv.URL+"/?run="+strconv.Itoa(i))
		s := b.waitFor(t, "the probe's exit", 60*time.Second, func(s pageState) bool { return s.ExitCode != nil })
		out := strings.Join(s.Lines, "\n")
		page := fmt.Sprintf("storeprobe: in browser true, run=\"%d\", host websocket ws://%s/ws", i, strings.TrimPrefix(srv.URL, "http://"))
		if !strings.Contains(out, page) {
			t.Errorf("run %d: package browser saw the page differently; output:\n%s\nwant %q", i, out, page)
		}
		if *s.ExitCode != 0 || !strings.Contains(out, want) {
			t.Fatalf("run %d: exit %d, output:\n%s\nwant a line with %q", i, *s.ExitCode, out, want)
		}
		t.Log(out)
		if i == 0 {
			var keys []string
			if err := b.page.eval(`Object.keys(localStorage).sort()`, &keys); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(strings.Join(keys, " "), "goldvein:f:/home/web/.config/goldvein/autosave.json") {
				t.Fatalf("localStorage keys after the write: %v", keys)
			}
			if strings.Contains(strings.Join(keys, " "), ".tmp") {
				t.Errorf("the temporary file stayed: %v", keys)
			}
		}
	}
}

// TestServeBinaryBrowserGuest runs a real `goldvein serve` binary built by
// `make dist` (GOLDVEIN_SERVE_BIN, e.g. dist/goldvein-linux-amd64-server)
// and lets a browser guest, which loads the page the binary embeds, play
// its one open seat to the end: the binary must print the same final scores
// as the page. Skipped unless GOLDVEIN_SERVE_BIN is set.
func TestServeBinaryBrowserGuest(t *testing.T) {
	bin := os.Getenv("GOLDVEIN_SERVE_BIN")
	if bin == "" {
		t.Skip("set GOLDVEIN_SERVE_BIN to a binary from `make dist` (e.g. dist/goldvein-linux-amd64-server)")
	}
	findChromium(t)
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--players", "3", "--bots", "2", "--level", "random",
		"--beacon", "", "--save", filepath.Join(t.TempDir(), "save.json"))
	var stdout bytes.Buffer
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	first := make([]byte, 0, 64)
	buf := make([]byte, 1)
	for len(first) < 200 {
		if _, err := out.Read(buf); err != nil {
			t.Fatalf("serve said %q before %v; stderr:\n%s", first, err, stderr.String())
		}
		if buf[0] == '\n' {
			break
		}
		first = append(first, buf[0])
	}
	addr, ok := strings.CutPrefix(string(first), "listening on ")
	if !ok {
		t.Fatalf("serve's first line %q, want \"listening on ADDR\"", first)
	}
	done := make(chan error, 1)
	go func() {
		stdout.ReadFrom(out)
		done <- cmd.Wait()
	}()
	b := startBrowser(t)
	b.navigate(t, "http://"+addr+"/?join=&name=web&bot=normal")
	s := b.waitFor(t, "the guest's exit", 4*time.Minute, func(s pageState) bool { return s.ExitCode != nil })
	if *s.ExitCode != 0 {
		t.Fatalf("the browser guest exited %d; output:\n%s", *s.ExitCode, tail(s.Lines, 30))
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve: %v; stderr:\n%s", err, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not exit after the game")
	}
	if !strings.Contains(stderr.String(), "browsers join at http://") {
		t.Errorf("serve did not say where browsers join; stderr:\n%s", stderr.String())
	}
	var page []string
	for _, l := range s.Lines {
		if scoreLine.MatchString(l) {
			page = append(page, strings.Join(strings.Fields(l), " "))
		}
	}
	var host []string
	for _, l := range strings.Split(stdout.String(), "\n") {
		if scoreLine.MatchString(l) {
			host = append(host, strings.Join(strings.Fields(l), " "))
		}
	}
	if len(host) != 3 || strings.Join(page, "\n") != strings.Join(host, "\n") {
		t.Fatalf("final scores differ:\npage:\n%s\nserve:\n%s", strings.Join(page, "\n"), stdout.String())
	}
	t.Logf("serve and the browser agree:\n%s", stdout.String())
}

// TestAutoplayWholeGameInTab plays a whole 3-round game of computer players
// in the tab (?autoplay=1&exit=1: the app's --autoplay --exit-after-game,
// which shows every scene on its way and every move on the board), so the
// board, round end and final scoring run in the browser too; the app's TPS
// line is the figure.
//
// Headless Chromium draws with SwiftShader on the CPU: on a loaded machine
// that gives a few frames a second, and the game's motion is counted in
// ticks, one a frame then. So the tab is 800x500 (fewer pixels to shade)
// and the settings, stored in the page's storage before it loads, ask for
// the fastest motion (anim_speed 8).
func TestAutoplayWholeGameInTab(t *testing.T) {
	dir := gamePage(t)
	_, addr := newHost(t, dir, 4, 4)
	b := startBrowser(t)
	if err := b.page.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 800, "height": 500,
		"deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
		t.Fatal(err)
	}
	// Any page of the host's origin will do to write its storage.
	b.navigate(t, "http://"+addr+"/settings-for-the-test")
	time.Sleep(time.Second)
	if err := b.page.eval(`(() => {
		for (const d of ["/home", "/home/web", "/home/web/.config", "/home/web/.config/goldvein"]) localStorage.setItem("goldvein:d:" + d, "1");
		localStorage.setItem("goldvein:f:/home/web/.config/goldvein/settings.json", JSON.stringify({anim_speed: 8}));
		return true; })()`, nil); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	b.navigate(t, "http://"+addr+"/?mute=1&autoplay=1&players=3&seed=7&exit=1")
	b.waitFor(t, "the first frame", 90*time.Second, func(s pageState) bool { return s.FirstFrameMs != nil })
	shots := 0
	s := b.waitFor(t, "the app's exit", 5*time.Minute, func(s pageState) bool {
		if s.ExitCode == nil && time.Since(start) > time.Duration(shots+1)*3*time.Second {
			shots++
			if shot, err := b.page.screenshot(); err == nil {
				saveShot(t, fmt.Sprintf("autoplay-%02d.png", shots), shot)
			}
		}
		return s.ExitCode != nil
	})
	out := strings.Join(s.Lines, "\n")
	if *s.ExitCode != 0 || !strings.Contains(out, "autoplay finished") {
		t.Fatalf("exit %d after %v; output:\n%s", *s.ExitCode, time.Since(start), tail(s.Lines, 20))
	}
	t.Logf("a whole autoplay game in the tab took %v: %s", time.Since(start).Round(time.Second), tail(s.Lines, 1))
}

// sabJSON is o as Saboteur's table options JSON (lan.HostConfig.Options).
func sabJSON(o saboteur.Options) json.RawMessage {
	p, _ := json.Marshal(o)
	return p
}
