//go:build !js

package clipboard

import (
	"errors"
	"os/exec"
	"testing"
)

func TestNoToolIsUnavailable(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if err := Write("x"); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("Write with no tool: %v", err)
	}
	if _, err := Read(); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("Read with no tool: %v", err)
	}
}

// TestRoundTrip needs a clipboard tool and a display (xclip, xsel or
// wl-copy on Linux); it skips without.
func TestRoundTrip(t *testing.T) {
	found := false
	for _, tl := range tools(true) {
		if _, err := exec.LookPath(tl.name); err == nil {
			found = true
		}
	}
	if !found {
		t.Skip("no clipboard tool here")
	}
	const s = "https://relay.example.com/j/abcdefghijklmnop#key"
	if err := Write(s); err != nil {
		t.Skip(err) // a tool without a display
	}
	if got, err := Read(); err != nil || got != s {
		t.Fatalf("Read = %q, %v; want %q", got, err, s)
	}
}
