package packaging

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// DesktopEntry returns the freedesktop.org .desktop file that puts goldvein
// in a Linux desktop's menu; exec is the command it starts (install.sh
// writes the installed binary's absolute path there). Its StartupWMClass is
// the game window's X11 class (main's windowClass).
func DesktopEntry(exec string) string {
	return strings.Join([]string{
		"[Desktop Entry]",
		"Type=Application",
		"Version=1.0",
		"Name=goldvein",
		"GenericName=" + GenericName,
		"Comment=" + Description,
		"Exec=" + exec,
		"Icon=" + AppName,
		"Terminal=false",
		"Categories=Game;BoardGame;CardGame;",
		"Keywords=saboteur;incan gold;underground;board game;cards;LAN;",
		"StartupWMClass=" + AppName,
		"",
	}, "\n")
}

// installScript installs the unpacked tarball for the current user, and
// with --uninstall removes what it installed: the binaries in ~/.local/bin,
// the icon in every size of the hicolor theme, the menu entry (Exec set to
// the installed binary) and the AppStream metainfo. It warns when the
// binaries' folder is not on PATH.
const installScript = `#!/bin/sh
# Installs goldvein for the current user: ~/.local/bin/goldvein (and
# goldvein-server, the command-line tools without the window), the icons,
# the menu entry and the AppStream metainfo. Run it from the unpacked
# folder: ./install.sh        ./install.sh --uninstall removes them again.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${XDG_BIN_HOME:-$HOME/.local/bin}
data=${XDG_DATA_HOME:-$HOME/.local/share}
icons=$data/icons/hicolor
metainfo=io.github.goldvein.goldvein.metainfo.xml
refresh() {
  if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database "$data/applications" 2>/dev/null || true; fi
  touch "$icons" 2>/dev/null || true
}
case "${1:-}" in
  "") ;;
  --uninstall|uninstall)
    rm -f "$bin/goldvein" "$bin/goldvein-server" "$data/applications/goldvein.desktop" "$data/metainfo/$metainfo"
    for f in "$icons"/*/apps/goldvein.png; do rm -f "$f"; done
    refresh
    echo "goldvein uninstalled (your settings and saved games stay in ${XDG_CONFIG_HOME:-$HOME/.config}/goldvein)"
    exit 0 ;;
  *) echo "usage: ./install.sh [--uninstall]" >&2; exit 2 ;;
esac
mkdir -p "$bin" "$data/applications" "$data/metainfo"
install -m 755 "$here/goldvein" "$here/goldvein-server" "$bin/"
for d in "$here"/icons/hicolor/*/apps; do
  size=$(basename "$(dirname "$d")")
  mkdir -p "$icons/$size/apps"
  cp "$d/goldvein.png" "$icons/$size/apps/goldvein.png"
done
sed "s|^Exec=.*|Exec=$bin/goldvein|" "$here/goldvein.desktop" > "$data/applications/goldvein.desktop"
cp "$here/$metainfo" "$data/metainfo/$metainfo"
refresh
echo "goldvein installed: $bin/goldvein, the menu entry and its icon (./install.sh --uninstall removes them)"
case ":$PATH:" in
  *":$bin:"*) ;;
  *) echo "note: $bin is not on your PATH, so a terminal does not find goldvein by name; the menu entry works. To add it: echo 'export PATH=\"$bin:\$PATH\"' >> ~/.profile (then log in again)" ;;
esac
`

// LinuxTree lays out the Linux desktop download in dir: the game binary and
// goldvein-server (copied from game and server), goldvein.desktop, the icon
// in icons/hicolor/NxN/apps/ at every LinuxIconSizes size, the AppStream
// metainfo of version (released on date), install.sh, and the licences (copied from licenses,
// a folder CollectLicenses made).
func LinuxTree(dir, version string, date time.Time, game, server, licenses string) error {
	if err := copyFile(filepath.Join(dir, AppName), game, 0o755); err != nil {
		return err
	}
	if err := copyFile(filepath.Join(dir, AppName+"-server"), server, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, AppName+".desktop"), []byte(DesktopEntry(AppName)), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, MetaInfoName), []byte(MetaInfo(version, date)), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "install.sh"), []byte(installScript), 0o755); err != nil {
		return err
	}
	if err := writeIconTheme(filepath.Join(dir, "icons")); err != nil {
		return err
	}
	return copyTree(filepath.Join(dir, "licenses"), licenses)
}

// writeIconTheme writes the icon into dir/hicolor/NxN/apps/goldvein.png at
// every LinuxIconSizes size.
func writeIconTheme(dir string) error {
	for _, n := range LinuxIconSizes {
		p := filepath.Join(dir, "hicolor", fmt.Sprintf("%dx%d", n, n), "apps", AppName+".png")
		if err := writePNG(p, Icon(n)); err != nil {
			return err
		}
	}
	return nil
}

// LinuxReadme is the README.txt of the Linux download of version.
func LinuxReadme(version string) string {
	return "goldvein " + version + " for Linux (amd64)\n\n" +
		"  ./goldvein           opens the game window (double-click it, or run it)\n" +
		"  ./install.sh         puts goldvein in ~/.local/bin and in the desktop's menu\n" +
		"                       (./install.sh --uninstall takes it out again)\n" +
		"  ./goldvein help      lists the command-line tools (check, replay, sim, serve, join)\n" +
		"  ./goldvein-server    the same tools without the window, for a machine with no display;\n" +
		"                       ./goldvein hands its tools to it when no display is set\n\n" +
		"The game window needs an X11 desktop (or XWayland) with OpenGL, and glibc " + MinimumGlibc + "\n" +
		"or newer (Ubuntu 22.04, Debian 12 and later). licenses/ holds the licences of\n" +
		"goldvein and of everything built into it.\n"
}
