//go:build !headless && !js

package main

import (
	"flag"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"

	"github.com/goldvein/goldvein/cli"
	"github.com/goldvein/goldvein/cmdline"

	"github.com/goldvein/goldvein/sprites/cardart"
)

func init() {
	cli.Register("gallery", "write a PNG sheet of all card art (no window needed)", runGallery)
}

// runGallery is `goldvein gallery --out DIR [--width PX] [--colorblind]`: it
// renders every card face, the backs, the role cards, the gold cards and the
// tool icons on the CPU and writes them as one PNG sheet,
// DIR/cards-<PX>[-colorblind].png. Exit status 2 for bad flags, 1 when the
// file cannot be written.
func runGallery(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gallery", flag.ContinueOnError)
	out := fs.String("out", "", "directory to write the sheet into (required)")
	width := fs.Int("width", 96, "card width in pixels (8 to 1024)")
	cb := fs.Bool("colorblind", false, "use the colour-blind-safe palette")
	if code, done := cmdline.ParseFlags(fs, "goldvein gallery --out DIR [--width PX] [--colorblind]   (writes DIR/cards-PX.png, or cards-PX-colorblind.png)", args, stdout, stderr); done {
		return code
	}
	if *out == "" || fs.NArg() != 0 {
		fmt.Fprintln(stderr, "gallery: usage: goldvein gallery --out DIR [--width PX] [--colorblind]")
		return 2
	}
	if *width < 8 || *width > 1024 {
		fmt.Fprintf(stderr, "gallery: --width %d: want 8 to 1024 pixels\n", *width)
		return 2
	}
	p, suffix := cardart.Classic(), ""
	if *cb {
		p, suffix = cardart.ColorBlindSafe(), "-colorblind"
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintf(stderr, "gallery: %v\n", err)
		return 1
	}
	name := filepath.Join(*out, fmt.Sprintf("cards-%d%s.png", *width, suffix))
	f, err := os.Create(name)
	if err != nil {
		fmt.Fprintf(stderr, "gallery: %v\n", err)
		return 1
	}
	if err := png.Encode(f, cardart.Sheet(*width, p)); err != nil {
		f.Close()
		fmt.Fprintf(stderr, "gallery: write %s: %v\n", name, err)
		return 1
	}
	if err := f.Close(); err != nil {
		fmt.Fprintf(stderr, "gallery: write %s: %v\n", name, err)
		return 1
	}
	fmt.Fprintln(stdout, name)
	return 0
}
