//go:build !js

package webdist

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// heldWriter is a client that reads nothing until let go.
type heldWriter struct {
	h      http.Header
	status int
	hold   chan struct{}
}

func (w *heldWriter) Header() http.Header { return w.h }
func (w *heldWriter) WriteHeader(s int)   { w.status = s }
func (w *heldWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = 200
	}
	if w.status == 200 {
		<-w.hold
	}
	return len(p), nil
}

// get asks h for the wasm from ip (without Accept-Encoding: the stored
// gzip) and returns the status when the handler returns, or 0 after 3 s.
func get(h http.Handler, ip string, hold chan struct{}) chan int {
	done := make(chan int, 1)
	go func() {
		r := httptest.NewRequest("GET", "/goldvein.wasm", nil)
		r.RemoteAddr = ip + ":1234"
		w := &heldWriter{h: http.Header{}, hold: hold}
		h.ServeHTTP(w, r)
		done <- w.status
	}()
	return done
}

func status(t *testing.T, what string, done chan int) int {
	t.Helper()
	select {
	case s := <-done:
		return s
	case <-time.After(3 * time.Second):
		t.Fatalf("%s: still downloading after 3 s (neither waited for a slot nor refused)", what)
		return 0
	}
}

// TestDownloadSlots: one address gets two downloads of the wasm at once
// and all addresses eight; a download over that waits for a slot and gets
// 503 when none frees in time, and gets one when it frees.
func TestDownloadSlots(t *testing.T) {
	h := NewHandler(bigFS(t)).(*handler)
	h.lim.wait = 300 * time.Millisecond
	hold := make(chan struct{})
	var running []chan int
	for _, ip := range []string{"10.0.0.1", "10.0.0.1", "10.0.0.2", "10.0.0.2", "10.0.0.3", "10.0.0.3", "10.0.0.4", "10.0.0.4"} {
		running = append(running, get(h, ip, hold))
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		h.lim.mu.Lock()
		n := h.lim.n
		h.lim.mu.Unlock()
		if n == 8 || time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	if s := status(t, "a third download from 10.0.0.1", get(h, "10.0.0.1", hold)); s != http.StatusServiceUnavailable {
		t.Errorf("a third download from one address: %d, want 503", s)
	}
	if s := status(t, "a ninth download in all", get(h, "10.0.0.5", hold)); s != http.StatusServiceUnavailable {
		t.Errorf("a ninth download in all: %d, want 503", s)
	}
	h.lim.wait = 5 * time.Second
	waiting := get(h, "10.0.0.1", hold)
	time.Sleep(100 * time.Millisecond)
	close(hold) // the eight read their files to the end: a slot frees
	for i, r := range append(running, waiting) {
		if s := status(t, "a download let go", r); s != 200 {
			t.Errorf("download %d: %d, want 200", i, s)
		}
	}
}

// TestPagePace: page bytes go out at the handler's pace: 1 MiB at 1 MiB a
// second (64 KiB at once) takes at least 500 ms.
func TestPagePace(t *testing.T) {
	h := NewHandler(bigFS(t)).(*handler)
	h.lim.rate, h.lim.burst = 1<<20, 64<<10
	r := httptest.NewRequest("GET", "/plain.bin", nil)
	start := time.Now()
	h.ServeHTTP(&discardWriter{h: http.Header{}}, r)
	if d := time.Since(start); d < 500*time.Millisecond {
		t.Errorf("1 MiB sent in %v at 1 MiB/s", d)
	}
}
