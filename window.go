//go:build !headless

package main

import (
	"image"
	"runtime"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/sprites/cardart"
)

// windowClass is the window's X11 WM_CLASS (class and instance): the
// StartupWMClass of the .desktop entry (package packaging), so a Linux
// dock or task bar matches the window to its menu entry and icon.
const windowClass = "goldvein"

// windowIconSizes are the sizes of the window's icon in pixels, for the
// title bar, the task bar and the Alt+Tab switcher (Ebitengine hands all
// of them to the system, which picks the one that fits).
var windowIconSizes = []int{16, 32, 48, 64, 128, 256}

// setWindowIcon is ebiten.SetWindowIcon; the tests replace it to see the
// images handed over.
var setWindowIcon = ebiten.SetWindowIcon

// windowOptions are the options the game window runs with (windowClass).
func windowOptions() *ebiten.RunGameOptions {
	return &ebiten.RunGameOptions{X11ClassName: windowClass, X11InstanceName: windowClass}
}

// giveWindowIcon sets the window's icon, the app icon of the release files
// (cardart.RenderIcon, the card back's emblem) at each windowIconSizes
// size. The browser has no window icon (the page's favicon stands in), so
// it draws none there. Ebitengine takes the icon from any goroutine, so the
// app draws it beside its start-up (about 35 ms on one core).
func giveWindowIcon() {
	if runtime.GOOS == "js" {
		return
	}
	icons := make([]image.Image, 0, len(windowIconSizes))
	for _, n := range windowIconSizes {
		icons = append(icons, cardart.RenderIcon(n, cardart.Classic()))
	}
	setWindowIcon(icons)
}
