// Package packaging makes goldvein's release files (docs/RELEASING.md): the
// app icon at every size a system asks for, the Windows resource
// description that go-winres embeds (icon, version information, manifest),
// the Linux .desktop entry and icon theme, the macOS application bundle
// (Info.plist and .icns icon set), the licences, deterministic .zip and
// .tar.gz archives, and SHA256SUMS. cmd/mkpkg is its command line, which
// `make dist` and the release workflow call.
//
// The icon is drawn by code in one place, cardart.RenderIcon (the emblem
// of the card back), at each size it is needed, never scaled.
//
// This package never imports Ebitengine: it runs without a display.
package packaging

import (
	"image"
	"image/png"
	"os"
	"path/filepath"

	"github.com/goldvein/goldvein/sprites/cardart"
)

// AppName is the name of the app, its binaries and its icon.
const AppName = "goldvein"

// BundleID is the macOS bundle identifier and the Linux application id.
const BundleID = "io.github.goldvein.goldvein"

// Description is the one-line description of the app shown by the systems
// (the .desktop Comment, the macOS info string, the Windows version
// information, the AppStream summary): the box of three games.
const Description = "A box of three board games for 2 to 10 players: Saboteur, Incan Gold and Small World: Underground"

// GenericName is what kind of app goldvein is, in a Linux menu.
const GenericName = "Board games"

// LinuxIconSizes are the square sizes of the icon in the Linux hicolor icon
// theme (the freedesktop.org usual sizes).
var LinuxIconSizes = []int{16, 22, 24, 32, 48, 64, 128, 256, 512}

// Icon draws the app icon sizePx pixels square.
func Icon(sizePx int) *image.RGBA {
	return cardart.RenderIcon(sizePx, cardart.Classic())
}

// writePNG encodes img as a PNG file at path, making its folder.
func writePNG(path string, img image.Image) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
