#!/usr/bin/env bash
# Installs the Debian packages that building and testing goldvein needs:
# the X11/GL/ALSA development headers Ebitengine compiles against (cgo), and
# Xvfb for the scene tests. As root it runs apt-get; otherwise it prints the
# exact command and fails. Usage: scripts/deps.sh [build|test|fonts]
# (fonts: only fontTools, for scripts/fonts.sh; the fonts it makes are in
# the repository, so neither building nor testing needs it)
set -euo pipefail
what=${1:-build}
case "$what" in
fonts)
  pkgs=(fonttools)
  ;;
*)
  pkgs=(gcc pkg-config libc6-dev libgl1-mesa-dev libxcursor-dev libxi-dev libxinerama-dev
        libxrandr-dev libxxf86vm-dev libasound2-dev)
  if [ "$what" = test ]; then
    pkgs+=(xvfb xauth libgl1-mesa-dri)
    # The browser build's end-to-end test (e2e/) drives headless Chromium.
    pkgs+=(chromium)
    # make test checks the workflows with actionlint, which runs shellcheck
    # over their scripts when it is installed.
    pkgs+=(shellcheck)
    # go test ./packaging/ checks the Linux menu entry with desktop-file-validate.
    pkgs+=(desktop-file-utils)
    # ... and the AppStream metainfo with appstreamcli validate.
    pkgs+=(appstream)
  fi
  ;;
esac
if ! command -v dpkg-query >/dev/null 2>&1; then
  # Not Debian: nothing to check here; the Go toolchain reports what is missing.
  exit 0
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
  echo "deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "deps: missing system packages. Run this, then try again:" >&2
  echo "  sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
