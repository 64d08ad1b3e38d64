#!/usr/bin/env bash
# Tries the Linux download as a person who just downloaded it would, with
# a home folder of its own that nothing was ever installed into:
#   scripts/check-linux.sh dist/goldvein-linux-amd64.tar.gz
# It unpacks the tarball, runs install.sh (the icons must land in
# ~/.local/share/icons/hicolor/NxN/apps, the menu entry must pass
# desktop-file-validate), runs the installed `goldvein version`, opens the
# game window under Xvfb and checks that the window is there with the X11
# class goldvein (the menu entry's StartupWMClass) and the app icon, then
# uninstalls and checks that nothing is left. The package workflow runs it as a new user;
# it needs xvfb-run, xwininfo and xprop (x11-utils) and desktop-file-validate.
set -euo pipefail
tarball=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
run() { env -i HOME="$home" PATH=/usr/bin:/bin LANG=C.UTF-8 "$@"; }
cd "$home"
tar xzf "$tarball"
run goldvein/install.sh
share=$home/.local/share
for n in 16 48 256; do
  test -f "$share/icons/hicolor/${n}x$n/apps/goldvein.png" || { echo "check-linux: no ${n}x$n icon in the hicolor theme" >&2; exit 1; }
done
desktop-file-validate "$share/applications/goldvein.desktop"
grep -qx "Exec=$home/.local/bin/goldvein" "$share/applications/goldvein.desktop"
run "$home/.local/bin/goldvein" version | tee version.txt
grep -q '^ebitengine: v' version.txt
# The window: started, then looked for by its class while it runs, and its
# icon (_NET_WM_ICON, which the title bar and task bar show) read from the
# X server at 16, 48 and 256 pixels (the inner script expands its own
# variables).
# shellcheck disable=SC2016
run xvfb-run -a -s "-screen 0 1280x800x24" sh -c '
  "$HOME/.local/bin/goldvein" --mute --config "$HOME/config" & pid=$!
  for _ in $(seq 60); do
    id=$(xwininfo -root -tree | grep "(\"goldvein\" \"goldvein\")" | awk "{ print \$1; exit }")
    if [ -n "$id" ]; then
      echo "window up, class goldvein"
      for _ in $(seq 20); do
        icons=$(xprop -len 1000000 -id "$id" _NET_WM_ICON | grep -o "Icon ([0-9]* x [0-9]*)" | tr "\n" " ")
        case $icons in *"(16 x 16)"*"(48 x 48)"*"(256 x 256)"*) echo "window icon: $icons"; kill $pid; exit 0 ;; esac
        sleep 1
      done
      kill $pid; echo "check-linux: the window has no icon at 16, 48 and 256 pixels (_NET_WM_ICON: ${icons:-none})" >&2; exit 1
    fi
    kill -0 $pid 2>/dev/null || { echo "check-linux: goldvein exited before its window showed" >&2; exit 1; }
    sleep 1
  done
  xwininfo -root -tree >&2; kill $pid; echo "check-linux: no window of class goldvein after 60 s" >&2; exit 1'
run goldvein/install.sh --uninstall
# The desktop database's own cache (update-desktop-database) is not goldvein's.
left=$(find "$home/.local" -type f ! -name mimeinfo.cache | head -5)
[ -z "$left" ] || { echo "check-linux: left after --uninstall: $left" >&2; exit 1; }
echo "check-linux: installed, started and uninstalled as a fresh user"
