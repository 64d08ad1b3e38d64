package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/box"
)

// TestScreensUpToDate: screens_gen.go is what box.Games makes of it, so a
// game added to the box is one entry there (and go generate).
func TestScreensUpToDate(t *testing.T) {
	want, err := Source(box.Games())
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../screens_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("screens_gen.go is not what box.Games makes: run go generate . (go run ./internal/screensgen)\nhave:\n%s\nwant:\n%s", got, want)
	}
}

// TestOneEntryAGame: a fourth game in the box imports its scenes package
// and lists its screens, in the box's order, with nothing else to write.
func TestOneEntryAGame(t *testing.T) {
	b := append(box.Games(), box.Game{ID: "chess"})
	src, err := Source(b)
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	if !strings.Contains(s, `chessscreens "github.com/goldvein/goldvein/scenes/chess"`) ||
		!strings.Contains(s, "undergroundscreens.Screens, chessscreens.Screens}") {
		t.Errorf("a fourth game:\n%s", s)
	}
}
