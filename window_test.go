//go:build !headless

package main

import (
	"image"
	"strings"
	"testing"

	"github.com/goldvein/goldvein/packaging"
)

// TestWindowClassMatchesDesktopEntry: the window's X11 class and instance
// are the .desktop entry's StartupWMClass, so docks match the two (issue 23).
func TestWindowClassMatchesDesktopEntry(t *testing.T) {
	want := ""
	for _, line := range strings.Split(packaging.DesktopEntry("goldvein"), "\n") {
		if v, ok := strings.CutPrefix(line, "StartupWMClass="); ok {
			want = v
		}
	}
	o := windowOptions()
	if want == "" || o.X11ClassName != want || o.X11InstanceName != want {
		t.Errorf("window class %q instance %q, .desktop StartupWMClass %q", o.X11ClassName, o.X11InstanceName, want)
	}
}

// TestWindowIcon: the window gets the app icon, square, at every size from
// the title bar's 16 pixels to the switcher's 256.
func TestWindowIcon(t *testing.T) {
	var got []image.Image
	old := setWindowIcon
	setWindowIcon = func(icons []image.Image) { got = icons }
	defer func() { setWindowIcon = old }()
	giveWindowIcon()
	sizes := map[int]bool{}
	for _, img := range got {
		b := img.Bounds()
		if b.Dx() != b.Dy() {
			t.Errorf("icon %v not square", b)
		}
		sizes[b.Dx()] = true
	}
	for _, n := range []int{16, 32, 48, 256} {
		if !sizes[n] {
			t.Errorf("no %dx%d icon among %d handed to the window", n, n, len(got))
		}
	}
}
