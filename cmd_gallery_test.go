//go:build !headless && !js

package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGallery runs `goldvein gallery` and checks the sheet it writes: the
// named file, a PNG wide enough for 15 cards of the asked width.
func TestGallery(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := runGallery([]string{"--out", dir, "--width", "24", "--colorblind"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	name := filepath.Join(dir, "cards-24-colorblind.png")
	if got := strings.TrimSpace(out.String()); got != name {
		t.Errorf("printed %q, want %q", got, name)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("sheet is not a PNG: %v", err)
	}
	if w := img.Bounds().Dx(); w < 15*24 {
		t.Errorf("sheet %d px wide, too narrow for 15 cards of 24 px", w)
	}
}

// TestGalleryBadFlags checks bad use exits 2 with a message and writes
// nothing.
func TestGalleryBadFlags(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{},
		{"--width", "96"},
		{"--out", dir, "--width", "3"},
		{"--out", dir, "--width", "5000"},
		{"--out", dir, "extra"},
		{"--out", dir, "--bogus"},
	} {
		var out, errb bytes.Buffer
		if code := runGallery(args, nil, &out, &errb); code != 2 || errb.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q; want 2 and a message", args, code, errb.String())
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("bad flags wrote %d files", len(entries))
	}
}
