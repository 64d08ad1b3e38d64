//go:build unix

package game

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// readWithin runs ReadLocalFile in a goroutine and fails the test when it
// has not returned after 3 s (a FIFO's open waits for a writer).
func readWithin(t *testing.T, path string, max int64) ([]byte, error) {
	t.Helper()
	type result struct {
		b   []byte
		err error
	}
	ch := make(chan result, 1)
	go func() { b, err := ReadLocalFile(path, max); ch <- result{b, err} }()
	select {
	case r := <-ch:
		return r.b, r.err
	case <-time.After(3 * time.Second):
		t.Fatalf("ReadLocalFile(%s) still blocked after 3 s", path)
		return nil, nil
	}
}

// mkfifo makes a FIFO in a test folder; a reader still blocked in its open
// when the test ends is let go by a writer that opens and closes it.
func mkfifo(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "fifo.json")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	t.Cleanup(func() {
		if f, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	return p
}

// TestReadLocalFile: a regular file (or a link to one) within the size is
// read; a FIFO, a link to /dev/zero, a folder or a larger file is an error
// at once, never a hang or an unbounded read.
func TestReadLocalFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	os.WriteFile(good, []byte(`{"a":1}`), 0o644)
	link := filepath.Join(dir, "link.json")
	os.Symlink(good, link)
	big := filepath.Join(dir, "big.json")
	if f, err := os.Create(big); err == nil {
		f.Truncate(1 << 20) // sparse: no disk used
		f.Close()
	}
	zero := filepath.Join(dir, "zero.json")
	os.Symlink("/dev/zero", zero)
	for _, tc := range []struct {
		name, path, err string
	}{
		{"regular", good, ""},
		{"link to a regular file", link, ""},
		{"FIFO", mkfifo(t), "not a regular file but a FIFO"},
		{"link to /dev/zero", zero, "not a regular file but a device"},
		{"folder", dir, "not a regular file but a folder"},
		{"too large", big, "1048576 bytes, larger than 65536"},
		{"missing", filepath.Join(dir, "none.json"), "no such file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.path == zero {
				if _, err := os.Stat("/dev/zero"); err != nil {
					t.Skip("no /dev/zero")
				}
			}
			b, err := readWithin(t, tc.path, 64<<10)
			if tc.err == "" {
				if err != nil || string(b) != `{"a":1}` {
					t.Fatalf("got %q, %v", b, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("error %v, want one saying %q", err, tc.err)
			}
		})
	}
}

// TestLoadRefusesOddFiles: an autosave that is a FIFO, a link to
// /dev/zero or larger than MaxSaveSize makes Continue's Load an error at
// once (not a hang, not gigabytes read).
func TestLoadRefusesOddFiles(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.json")
	if f, err := os.Create(big); err == nil {
		f.Truncate(MaxSaveSize + 1) // sparse
		f.Close()
	}
	zero := filepath.Join(dir, "zero.json")
	os.Symlink("/dev/zero", zero)
	for path, want := range map[string]string{mkfifo(t): "not a regular file", zero: "not a regular file", big: "larger than"} {
		done := make(chan error, 1)
		go func() { _, err := (FileSaver{Path: path}).Load(); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("Load of %s: %v, want an error saying %q", filepath.Base(path), err, want)
			}
		case <-time.After(3 * time.Second):
			t.Fatalf("Load of %s still blocked after 3 s", filepath.Base(path))
		}
	}
}
