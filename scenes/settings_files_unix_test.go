//go:build unix

package scenes

import (
	"os"
	"path/filepath"
	"reflect"
	"syscall"
	"testing"
	"time"
)

// TestLoadSettingsOddFiles: settings.json as a FIFO or a link to /dev/zero
// gives the defaults at once: a broken settings file never stops the game
// (issue 18: the app hung, or died out of memory).
func TestLoadSettingsOddFiles(t *testing.T) {
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
	for _, path := range []string{fifo, zero} {
		got := make(chan Settings, 1)
		go func() { got <- LoadSettings(path) }()
		select {
		case s := <-got:
			if !reflect.DeepEqual(s, DefaultSettings()) {
				t.Errorf("%s: %+v, want the defaults", filepath.Base(path), s)
			}
		case <-time.After(3 * time.Second):
			t.Fatalf("LoadSettings(%s) still blocked after 3 s", filepath.Base(path))
		}
	}
}
