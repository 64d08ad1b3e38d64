//go:build unix

package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeResumeOddSave: serve --resume with the save a FIFO, or a link to
// /dev/zero, stops with a clear error at once, and SIGTERM still stops it
// should it wait (issue 18: it hung on the FIFO ignoring SIGINT and
// SIGTERM, and died out of memory on /dev/zero).
func TestServeResumeOddSave(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	t.Cleanup(func() { // a reader still blocked in its open is let go
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	zero := filepath.Join(dir, "zero.json")
	os.Symlink("/dev/zero", zero)
	for _, save := range []string{fifo, zero} {
		var e syncBuffer
		code := make(chan int, 1)
		go func() {
			code <- runServe([]string{"--resume", "--save", save, "--addr", "127.0.0.1:0", "--beacon", ""}, nil, io.Discard, &e)
		}()
		select {
		case c := <-code:
			if c != 1 || !strings.Contains(e.String(), "not a regular file") {
				t.Errorf("%s: exit %d, %s", filepath.Base(save), c, e.String())
			}
			continue
		case <-time.After(time.Second):
		}
		// Still running: a signal must stop it.
		syscall.Kill(os.Getpid(), syscall.SIGTERM)
		select {
		case c := <-code:
			t.Errorf("%s: serve waited on its save (stopped by SIGTERM, exit %d: %s)", filepath.Base(save), c, e.String())
		case <-time.After(3 * time.Second):
			t.Fatalf("%s: serve still running 3 s after SIGTERM", filepath.Base(save))
		}
	}
}
