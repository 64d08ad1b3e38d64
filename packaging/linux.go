package packaging

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// DesktopEntry returns the freedesktop.org .desktop file that puts goldvein
// in a Linux desktop's menu; exec is the command it starts (install.sh
// writes the installed binary's absolute path there).
func DesktopEntry(exec string) string {
	return strings.Join([]string{
		"[Desktop Entry]",
		"Type=Application",
		"Version=1.0",
		"Name=goldvein",
		"GenericName=Card game",
		"Comment=" + Description,
		"Exec=" + exec,
		"Icon=" + AppName,
		"Terminal=false",
		"Categories=Game;CardGame;",
		"Keywords=saboteur;cards;mining;tunnels;LAN;",
		"StartupWMClass=goldvein",
		"",
	}, "\n")
}

// installScript installs the unpacked tarball for the current user: the
// binaries into ~/.local/bin, the icons into the hicolor theme and the
// menu entry, with Exec set to the installed binary.
const installScript = `#!/bin/sh
# Installs goldvein for the current user: ~/.local/bin/goldvein (and
# goldvein-server, the command-line tools without the window), the icons and
# the menu entry. Run it from the unpacked folder: ./install.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${XDG_BIN_HOME:-$HOME/.local/bin}
data=${XDG_DATA_HOME:-$HOME/.local/share}
mkdir -p "$bin" "$data/applications"
install -m 755 "$here/goldvein" "$here/goldvein-server" "$bin/"
cp -R "$here/icons/hicolor" "$data/icons/" 2>/dev/null || { mkdir -p "$data/icons"; cp -R "$here/icons/hicolor" "$data/icons/"; }
sed "s|^Exec=.*|Exec=$bin/goldvein|" "$here/goldvein.desktop" > "$data/applications/goldvein.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$data/applications" || true
echo "goldvein installed: $bin/goldvein (and the menu entry)"
`

// LinuxTree lays out the Linux desktop download in dir: the game binary and
// goldvein-server (copied from game and server), goldvein.desktop, the icon
// in icons/hicolor/NxN/apps/ at every LinuxIconSizes size, install.sh, and
// the licences (copied from licenses, a folder CollectLicenses made).
func LinuxTree(dir, game, server, licenses string) error {
	if err := copyFile(filepath.Join(dir, AppName), game, 0o755); err != nil {
		return err
	}
	if err := copyFile(filepath.Join(dir, AppName+"-server"), server, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, AppName+".desktop"), []byte(DesktopEntry(AppName)), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "install.sh"), []byte(installScript), 0o755); err != nil {
		return err
	}
	for _, n := range LinuxIconSizes {
		p := filepath.Join(dir, "icons", "hicolor", fmt.Sprintf("%dx%d", n, n), "apps", AppName+".png")
		if err := writePNG(p, Icon(n)); err != nil {
			return err
		}
	}
	return copyTree(filepath.Join(dir, "licenses"), licenses)
}

// LinuxReadme is the README.txt of the Linux download of version.
func LinuxReadme(version string) string {
	return "goldvein " + version + " for Linux (amd64)\n\n" +
		"  ./goldvein           opens the game window (double-click it, or run it)\n" +
		"  ./install.sh         puts goldvein in ~/.local/bin and in the desktop's menu\n" +
		"  ./goldvein help      lists the command-line tools (check, replay, sim, serve, join)\n" +
		"  ./goldvein-server    the same tools without the window, for a machine with no display;\n" +
		"                       ./goldvein hands its tools to it when no display is set\n\n" +
		"The game window needs an X11 desktop (or XWayland) with OpenGL. licenses/ holds\n" +
		"the licences of goldvein and of everything built into it.\n"
}
