//go:build !js

package webdist

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"image/color"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/coder/websocket"
	qrcode "github.com/skip2/go-qrcode"

	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/rules/saboteur"
	sabbot "github.com/goldvein/goldvein/rules/saboteur/bot"
)

// wasmBody stands in for goldvein.wasm: the handler never looks inside.
var wasmBody = bytes.Repeat([]byte("\x00asm\x01\x00\x00\x00goldvein"), 5000)

func gz(t testing.TB, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// testFS is the layout `make dist` embeds: the wasm only gzipped.
func testFS(t testing.TB) fstest.MapFS {
	return fstest.MapFS{
		"index.html":       {Data: []byte("<!DOCTYPE html><title>goldvein</title>")},
		"loader.js":        {Data: []byte("// loader")},
		"storefs.js":       {Data: []byte("// storefs")},
		"wasm_exec.js":     {Data: []byte("// wasm_exec")},
		"goldvein.wasm.gz": {Data: gz(t, wasmBody)},
		".hidden":          {Data: []byte("secret")},
		"both.js":          {Data: []byte("// plain copy")},
		"both.js.gz":       {Data: gz(t, []byte("// plain copy"))},
	}
}

func TestHandler(t *testing.T) {
	h := NewHandler(testFS(t))
	tests := []struct {
		name, method, path, accept string
		status                     int
		ctype, encoding            string
		body                       []byte // unpacked
	}{
		{"root is index.html", "GET", "/", "", 200, "text/html; charset=utf-8", "", []byte("<!DOCTYPE html><title>goldvein</title>")},
		{"index by name", "GET", "/index.html", "gzip", 200, "text/html; charset=utf-8", "", []byte("<!DOCTYPE html><title>goldvein</title>")},
		{"wasm_exec.js", "GET", "/wasm_exec.js", "", 200, "text/javascript; charset=utf-8", "", []byte("// wasm_exec")},
		{"loader", "GET", "/loader.js?x=1", "", 200, "text/javascript; charset=utf-8", "", []byte("// loader")},
		{"wasm gzipped when asked", "GET", "/goldvein.wasm", "gzip, deflate, br", 200, "application/wasm", "gzip", wasmBody},
		{"wasm gzipped without Accept-Encoding", "GET", "/goldvein.wasm", "", 200, "application/wasm", "gzip", wasmBody},
		{"wasm unpacked for identity only", "GET", "/goldvein.wasm", "identity", 200, "application/wasm", "", wasmBody},
		{"wasm unpacked when gzip q=0", "GET", "/goldvein.wasm", "gzip;q=0, br", 200, "application/wasm", "", wasmBody},
		{"wasm for any coding", "GET", "/goldvein.wasm", "*", 200, "application/wasm", "gzip", wasmBody},
		{"plain copy beside gz", "GET", "/both.js", "identity", 200, "text/javascript; charset=utf-8", "", []byte("// plain copy")},
		{"gz copy beside plain", "GET", "/both.js", "GZIP", 200, "text/javascript; charset=utf-8", "gzip", []byte("// plain copy")},
		{"head", "HEAD", "/goldvein.wasm", "gzip", 200, "application/wasm", "gzip", nil},
		{"missing", "GET", "/nothing.js", "", 404, "", "", nil},
		{"hidden", "GET", "/.hidden", "", 404, "", "", nil},
		{"gz by name", "GET", "/goldvein.wasm.gz", "", 404, "", "", nil},
		{"climbing out", "GET", "/../../etc/passwd", "", 404, "", "", nil},
		{"post", "POST", "/", "", 405, "", "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(tc.method, tc.path, nil)
			if tc.accept != "" {
				r.Header.Set("Accept-Encoding", tc.accept)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			res := w.Result()
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tc.status)
			}
			if tc.status != 200 {
				return
			}
			if got := res.Header.Get("Content-Type"); got != tc.ctype {
				t.Errorf("Content-Type %q, want %q", got, tc.ctype)
			}
			if got := res.Header.Get("Content-Encoding"); got != tc.encoding {
				t.Errorf("Content-Encoding %q, want %q", got, tc.encoding)
			}
			raw, _ := io.ReadAll(res.Body)
			if tc.method == "HEAD" {
				if len(raw) != 0 {
					t.Errorf("HEAD has a body of %d bytes", len(raw))
				}
				return
			}
			body := raw
			if tc.encoding == "gzip" {
				zr, err := gzip.NewReader(bytes.NewReader(raw))
				if err != nil {
					t.Fatal(err)
				}
				body, _ = io.ReadAll(zr)
			}
			if !bytes.Equal(body, tc.body) {
				t.Errorf("body %d bytes, want %d", len(body), len(tc.body))
			}
			if res.Header.Get("Content-Length") != "" && res.Header.Get("Content-Length") != strconv.Itoa(len(raw)) {
				t.Errorf("Content-Length %s, body %d", res.Header.Get("Content-Length"), len(raw))
			}
			if strings.HasSuffix(tc.path, ".wasm") && res.Header.Get("X-Uncompressed-Length") != strconv.Itoa(len(wasmBody)) {
				t.Errorf("X-Uncompressed-Length %q, want %d", res.Header.Get("X-Uncompressed-Length"), len(wasmBody))
			}
		})
	}
}

func TestAcceptsGzip(t *testing.T) {
	for header, want := range map[string]bool{
		"":                      true, // no header: any coding (RFC 9110, 12.5.3)
		"identity":              false,
		"*;q=0, gzip":           true,
		"gzip;q=0, *":           false,
		"br, *":                 true,
		"gzip":                  true,
		"deflate, gzip;q=0.5":   true,
		"gzip;q=0":              false,
		"gzip; q=0.0, deflate":  false,
		"br":                    false,
		"*":                     true,
		"*;q=0":                 false,
		"x-gzip":                true,
		"gzipped":               false,
		" GZip ; Q=1 , br;q=.2": true,
	} {
		if got := acceptsGzip(header); got != want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", header, got, want)
		}
	}
}

// A corrupt .gz is a server error, not a crash or a wrong body.
func TestHandlerCorruptGzip(t *testing.T) {
	h := NewHandler(fstest.MapFS{"goldvein.wasm.gz": {Data: []byte("not gzip at all, not at all")}})
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/goldvein.wasm", nil))
	if w.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", w.Code)
	}
}

func FuzzHandlerPath(f *testing.F) {
	for _, s := range []string{"/", "/index.html", "/../x", "/.hidden", "//goldvein.wasm", "/a/../goldvein.wasm", "/%2e%2e/"} {
		f.Add(s)
	}
	fsys := testFS(f)
	h := NewHandler(fsys)
	f.Fuzz(func(t *testing.T, p string) {
		r, err := http.NewRequest("GET", "http://x/", nil)
		if err != nil {
			t.Skip()
		}
		r.URL.Path = p
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code == 200 && bytes.Contains(w.Body.Bytes(), []byte("secret")) {
			t.Fatalf("path %q served a hidden file", p)
		}
		if w.Code != 200 && w.Code != 404 {
			t.Fatalf("path %q: status %d", p, w.Code)
		}
	})
}

func TestNotEmbeddedWithoutTag(t *testing.T) {
	// The test binary is built without the "webdist" tag unless asked.
	if Embedded() != (Handler() != nil) {
		t.Fatalf("Embedded() = %v but Handler() = %v", Embedded(), Handler())
	}
	if !Embedded() && !strings.Contains(NotEmbedded, "make dist") {
		t.Fatalf("NotEmbedded does not say how to get the browser build: %q", NotEmbedded)
	}
}

// TestLanHostServesPage serves the page from a lan host on loopback, on
// the port its game protocol uses, as `goldvein serve` does, and checks
// what a browser fetches, and that the WebSocket refuses a foreign page.
func TestLanHostServesPage(t *testing.T) {
	h, err := lan.NewHost(lan.HostConfig{Name: "web test", Game: saboteur.Rules{Bots: sabbot.Brains}, Players: 3, Options: sabJSON(saboteur.Options{Players: 3, FirstPlayer: -1}),
		Bots: 2, BotLevel: "random", Web: NewHandler(testFS(t))})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	addr, err := h.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + addr.String()
	tr := &http.Transport{DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	for _, tc := range []struct{ path, accept, ctype, encoding string }{
		{"/", "gzip", "text/html; charset=utf-8", ""},
		{"/wasm_exec.js", "gzip", "text/javascript; charset=utf-8", ""},
		{"/goldvein.wasm", "gzip", "application/wasm", "gzip"},
		{"/goldvein.wasm", "identity", "application/wasm", ""},
		{"/goldvein.wasm", "", "application/wasm", "gzip"},
	} {
		req, _ := http.NewRequest("GET", base+tc.path, nil)
		if tc.accept != "" {
			req.Header.Set("Accept-Encoding", tc.accept)
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != tc.ctype || res.Header.Get("Content-Encoding") != tc.encoding {
			t.Errorf("%s (Accept-Encoding %q): %d %q %q, want 200 %q %q", tc.path, tc.accept, res.StatusCode,
				res.Header.Get("Content-Type"), res.Header.Get("Content-Encoding"), tc.ctype, tc.encoding)
		}
		if tc.path == "/goldvein.wasm" && tc.encoding == "" && !bytes.Equal(body, wasmBody) {
			t.Errorf("unpacked wasm: %d bytes, want %d", len(body), len(wasmBody))
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws := "ws://" + addr.String() + lan.WebSocketPath
	_, res, err := websocket.Dial(ctx, ws, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"http://evil.example"}}})
	if err == nil || res == nil || res.StatusCode != http.StatusForbidden {
		t.Errorf("a foreign page's WebSocket: err %v, response %v; want 403", err, res)
	}
	c, _, err := websocket.Dial(ctx, ws, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {base}}})
	if err != nil {
		t.Fatalf("the page's own WebSocket: %v", err)
	}
	c.CloseNow()
}

func TestQRCode(t *testing.T) {
	const text = "http://192.168.1.20:47475/"
	img, err := QRCode(text, 200)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if b.Dx() != b.Dy() || b.Dx() < 200 {
		t.Fatalf("bounds %v: want a square of at least 200 px", b)
	}
	// Every module of the code is where the encoder's bitmap puts it.
	q, _ := qrcode.New(text, qrcode.Medium)
	bm := q.Bitmap()
	n := len(bm)
	ppm := b.Dx() / n
	off := (b.Dx() - n*ppm) / 2
	for y := range n {
		for x := range n {
			c := color.GrayModel.Convert(img.At(b.Min.X+off+x*ppm+ppm/2, b.Min.Y+off+y*ppm+ppm/2)).(color.Gray)
			if dark := c.Y < 128; dark != bm[y][x] {
				t.Fatalf("module (%d,%d): dark %v, want %v", x, y, dark, bm[y][x])
			}
		}
	}
	if small, err := QRCode(text, 1); err != nil || small.Bounds().Dx() < 64 {
		t.Errorf("QRCode(px 1): %v, %v; want at least 64 px", small, err)
	}
	if _, err := QRCode(strings.Repeat("x", 5000), 200); err == nil {
		t.Error("QRCode of 5000 bytes: no error")
	}
}

func TestJoinURLs(t *testing.T) {
	urls := JoinURLs(47475)
	if len(urls) == 0 {
		t.Fatal("no address")
	}
	for _, u := range urls {
		if !strings.HasPrefix(u, "http://") || !strings.HasSuffix(u, ":47475/") {
			t.Errorf("%q: want http://IP:47475/", u)
		}
	}
	if last := urls[len(urls)-1]; !strings.Contains(last, "127.") {
		t.Errorf("last address %q: want loopback last", last)
	}
}

// discardWriter is a ResponseWriter that drops the body, for counting what
// the handler itself allocates.
type discardWriter struct{ h http.Header }

func (d *discardWriter) Header() http.Header         { return d.h }
func (d *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (d *discardWriter) WriteHeader(int)             {}

// bigFS holds a 1 MiB wasm that does not compress, only gzipped.
func bigFS(t testing.TB) fstest.MapFS {
	b := make([]byte, 1<<20)
	x := uint64(1)
	for i := range b {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		b[i] = byte(x)
	}
	return fstest.MapFS{"goldvein.wasm.gz": {Data: gz(t, b)}, "plain.bin": {Data: b}}
}

// TestHandlerDoesNotCopyTheFile: a request allocates a small fixed amount
// (headers, a gzip window when it unpacks; the limits leave room for the
// race detector and other tests running), never a copy of the file, so
// many downloads at once cost memory per connection, not per megabyte.
func TestHandlerDoesNotCopyTheFile(t *testing.T) {
	h := NewHandler(bigFS(t))
	for _, tc := range []struct {
		name, path, accept string
		limit              uint64 // bytes per request
	}{
		{"gzipped", "/goldvein.wasm", "gzip", 64 << 10},
		{"unpacked on the fly", "/goldvein.wasm", "identity", 192 << 10},
		{"plain", "/plain.bin", "", 64 << 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", tc.path, nil)
			if tc.accept != "" {
				r.Header.Set("Accept-Encoding", tc.accept)
			}
			serve := func() { h.ServeHTTP(&discardWriter{h: http.Header{}}, r) }
			serve() // fills the buffer pool
			const runs = 10
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for i := 0; i < runs; i++ {
				serve()
			}
			runtime.ReadMemStats(&after)
			if per := (after.TotalAlloc - before.TotalAlloc) / runs; per > tc.limit {
				t.Errorf("%d bytes allocated per request of a 1 MiB file, want at most %d", per, tc.limit)
			}
		})
	}
}

func BenchmarkHandlerWasm(b *testing.B) {
	h := NewHandler(bigFS(b))
	h.(*handler).lim.rate = 0 // the handler's own cost, not its pace
	r := httptest.NewRequest("GET", "/goldvein.wasm", nil)
	r.Header.Set("Accept-Encoding", "gzip")
	b.ReportAllocs()
	b.SetBytes(1 << 20)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		h.ServeHTTP(&discardWriter{h: http.Header{}}, r)
	}
}

// TestSlowReaderIsDropped: a client that asks for a big file and reads
// nothing holds the handler only until a write waits WriteStall; without
// the deadline the write blocked forever (1.38 GB held by 200 such
// clients).
func TestSlowReaderIsDropped(t *testing.T) {
	old := WriteStall
	WriteStall = 300 * time.Millisecond
	defer func() { WriteStall = old }()
	h := NewHandler(fstest.MapFS{"big.bin": {Data: make([]byte, 32<<20)}})
	returned := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r)
		returned <- struct{}{}
	}))
	defer srv.Close()
	nc, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.(*net.TCPConn).SetReadBuffer(4096)
	io.WriteString(nc, "GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
	select {
	case <-returned:
	case <-time.After(20 * time.Second):
		t.Fatal("the handler is still writing to a client that reads nothing")
	}
}

// TestHandlerClosesFiles: with a folder on disk (os.DirFS, as the e2e test
// serves dist/web) every request closes the file it opened.
func TestHandlerClosesFiles(t *testing.T) {
	fds := func() int {
		ents, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skip("no /proc/self/fd")
		}
		return len(ents)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<html>"), 0o644)
	os.WriteFile(filepath.Join(dir, "goldvein.wasm.gz"), gz(t, wasmBody), 0o644)
	h := NewHandler(os.DirFS(dir))
	before := fds()
	for i := 0; i < 50; i++ {
		for _, p := range []string{"/", "/goldvein.wasm"} {
			h.ServeHTTP(&discardWriter{h: http.Header{}}, httptest.NewRequest("GET", p, nil))
		}
	}
	if after := fds(); after > before+5 {
		t.Errorf("%d open files after 100 requests, %d before", after, before)
	}
}

// sabJSON is o as Saboteur's table options JSON (lan.HostConfig.Options).
func sabJSON(o saboteur.Options) json.RawMessage {
	p, _ := json.Marshal(o)
	return p
}
