#!/usr/bin/env bash
# Builds goldvein's release files into dist/ (docs/RELEASING.md lists them).
# Usage: scripts/dist.sh PART...   with PART one of
#   wasm            dist/web/: the browser build (`make wasm`): the page
#                   (showing VERSION on its loading screen), Go's
#                   wasm_exec.js, the loader and goldvein.wasm with a gzip -9
#                   copy, built with the version flags
#   web             dist/goldvein-web.zip: dist/web/ (made first unless
#                   there), its licences in licenses/ and VERSION.txt
#   linux           dist/goldvein-linux-amd64.tar.gz (game, goldvein-server,
#                   .desktop, icons, install.sh, licences) and the headless
#                   servers dist/goldvein-linux-{amd64,arm64}-server
#   relay           dist/goldvein-relay-deploy.tar.gz: packaging/relay/'s
#                   Containerfile, systemd unit and Caddyfile, and README.txt
#   windows         dist/goldvein-windows-{amd64,arm64}.zip: goldvein.exe (GUI
#                   subsystem) and goldvein-cli.exe (console), each with the
#                   icon and version information (go-winres), and licences
#   macos-skeleton  dist/macos/goldvein.app without its binary (any system)
#   macos           dist/goldvein-macos.zip: goldvein.app with the universal
#                   binary (arm64 and amd64; needs macOS, cgo and lipo)
#   sums            dist/SHA256SUMS over every file in dist/
# VERSION (default: the tag at HEAD, else "dev") names the version built in,
# COMMIT (default: HEAD) the commit.
# Every desktop binary embeds the browser build (tag webdist), so `serve`
# and the host's lobby serve the page. Runs with bash on Linux, macOS and
# Windows (Git Bash), which is how the release workflow calls it.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
GOWINRES=github.com/tc-hib/go-winres@v0.3.3
VERSION=${VERSION:-$(git describe --tags --exact-match 2>/dev/null || echo dev)}
COMMIT=${COMMIT:-$(git rev-parse HEAD 2>/dev/null || true)}
# The commit too, since Go stamps none where GOFLAGS has -buildvcs=false;
# and Ebitengine's version, which the headless builds (goldvein-cli.exe,
# goldvein-server) name as their game window's in `version`.
EBITENGINE=$($GO list -m -f '{{.Version}}' github.com/hajimehoshi/ebiten/v2)
BI=github.com/goldvein/goldvein/internal/buildinfo
LDFLAGS="-s -w -X $BI.release=$VERSION -X $BI.commit=$COMMIT -X $BI.windowEbitengine=$EBITENGINE"
work=$(mktemp -d)
trap 'rm -rf "$work" webdist/web' EXIT
mkdir -p dist
exe=$($GO env GOHOSTOS | sed -n 's/^windows$/.exe/p')
$GO build -o "$work/mkpkg$exe" ./cmd/mkpkg
mkpkg() { "$work/mkpkg$exe" "$@"; }

# build OS ARCH CGO TAGS OUT [EXTRA_LDFLAGS]: one goldvein binary.
build() {
  echo "build $1/$2 tags=$4 -> $5"
  CGO_ENABLED=$3 GOOS=$1 GOARCH=$2 $GO build -trimpath -tags "$4" -ldflags "$LDFLAGS ${6:-}" -o "$5" .
}

# part_wasm makes dist/web/ in a folder of its own and moves it into place
# whole, so a server or a test reading dist/web/ meanwhile never sees it half
# built.
part_wasm() {
  local tmp goroot
  tmp=$(mktemp -d dist/web.XXXXXX)
  chmod 755 "$tmp"
  GOOS=js GOARCH=wasm $GO build -trimpath -ldflags "$LDFLAGS" -o "$tmp/goldvein.wasm" . || { rm -rf "$tmp"; exit 1; }
  goroot=$($GO env GOROOT)
  if command -v cygpath >/dev/null 2>&1; then goroot=$(cygpath -u "$goroot"); fi  # Git Bash on Windows
  cp "$goroot/lib/wasm/wasm_exec.js" web/loader.js web/storefs.js "$tmp/"
  sed "s|<div id=\"version\"></div>|<div id=\"version\">goldvein $VERSION${COMMIT:+ (${COMMIT:0:12})}</div>|" web/index.html > "$tmp/index.html"
  gzip -9 -k -f "$tmp/goldvein.wasm"
  rm -rf dist/web
  mv "$tmp" dist/web
  echo "wasm: $(wc -c < dist/web/goldvein.wasm) bytes, gzip -9 $(wc -c < dist/web/goldvein.wasm.gz) bytes"
}

# web_build makes dist/web/ when it is not there.
web_build() {
  [ -f dist/web/goldvein.wasm.gz ] || part_wasm
}

# embed_web copies the browser build where package webdist embeds it.
embed_web() {
  web_build
  rm -rf webdist/web && mkdir -p webdist/web
  cp dist/web/index.html dist/web/loader.js dist/web/storefs.js dist/web/wasm_exec.js dist/web/goldvein.wasm.gz webdist/web/
}

part_web() {
  web_build
  mkpkg web --version "$VERSION" --out dist/goldvein-web.zip dist/web
}

part_linux() {
  embed_web
  build linux amd64 1 webdist "$work/linux/goldvein"
  build linux amd64 0 webdist,headless "$work/linux/goldvein-server"
  build linux arm64 0 webdist,headless dist/goldvein-linux-arm64-server
  cp "$work/linux/goldvein-server" dist/goldvein-linux-amd64-server
  mkpkg linux --version "$VERSION" --game "$work/linux/goldvein" --server "$work/linux/goldvein-server" \
    --out dist/goldvein-linux-amd64.tar.gz
}

part_relay() {
  mkpkg relay --version "$VERSION" --out dist/goldvein-relay-deploy.tar.gz packaging/relay
}

part_windows() {
  embed_web
  mkpkg winres --version "$VERSION" --exe goldvein.exe --description "goldvein" --dir "$work/res-gui" >/dev/null
  mkpkg winres --version "$VERSION" --exe goldvein-cli.exe --description "goldvein command-line tools" --dir "$work/res-cli" >/dev/null
  for arch in amd64 arm64; do
    d=$work/windows-$arch
    build windows $arch 0 webdist "$d/goldvein.exe" -H=windowsgui
    build windows $arch 0 webdist,headless "$d/goldvein-cli.exe"
    $GO run $GOWINRES patch --no-backup --in "$work/res-gui/winres.json" "$d/goldvein.exe"
    $GO run $GOWINRES patch --no-backup --in "$work/res-cli/winres.json" "$d/goldvein-cli.exe"
    mkpkg exeinfo "$d/goldvein.exe" "$d/goldvein-cli.exe"
    mkpkg windows --version "$VERSION" --arch $arch --game "$d/goldvein.exe" --cli "$d/goldvein-cli.exe" \
      --out dist/goldvein-windows-$arch.zip
  done
}

part_macos-skeleton() {
  rm -rf dist/macos
  mkpkg macapp --version "$VERSION" --out dist/macos
}

# part_macos builds both slices for macOS 12.0 (MACOSX_DEPLOYMENT_TARGET
# and -mmacosx-version-min for cgo's compiler and linker; without them the
# minimum is the build machine's macOS), then checks what it made: both
# architectures in the universal binary (lipo -archs), the minimum macOS of
# each slice (vtool -show-build), the ad hoc signature (codesign --verify
# --deep --strict), and that the binary runs (goldvein version).
part_macos() {
  [ "$(uname -s)" = Darwin ] || { echo "dist.sh: the macOS binary needs macOS (cgo and lipo)" >&2; exit 1; }
  local min=12.0 bin app a got
  export MACOSX_DEPLOYMENT_TARGET=$min
  export CGO_CFLAGS="${CGO_CFLAGS:-} -mmacosx-version-min=$min" CGO_LDFLAGS="${CGO_LDFLAGS:-} -mmacosx-version-min=$min"
  embed_web
  build darwin arm64 1 webdist "$work/mac/goldvein-arm64"
  build darwin amd64 1 webdist "$work/mac/goldvein-amd64"
  lipo -create -output "$work/mac/goldvein" "$work/mac/goldvein-arm64" "$work/mac/goldvein-amd64"
  mkpkg macapp --version "$VERSION" --binary "$work/mac/goldvein" --out "$work/mac"
  app=$work/mac/goldvein.app
  bin=$app/Contents/MacOS/goldvein
  # Ad hoc signature: Apple silicon runs no unsigned code; without a paid
  # Developer ID, Gatekeeper still asks once (README, Download).
  codesign --force --deep --sign - "$app"
  got=$(lipo -archs "$bin")
  echo "lipo -archs: $got"
  for a in arm64 x86_64; do
    case " $got " in *" $a "*) ;; *) echo "dist.sh: $bin lacks the $a slice" >&2; exit 1 ;; esac
    got_min=$(vtool -arch "$a" -show-build "$bin" | awk '$1 == "minos" || $1 == "version" { print $2; exit }')
    echo "$a: minimum macOS $got_min"
    [ "$got_min" = "$min" ] || { echo "dist.sh: the $a slice needs macOS $got_min, not $min" >&2; exit 1; }
  done
  codesign --verify --deep --strict --verbose=2 "$app"
  "$bin" version
  mkpkg zip --prefix goldvein.app --out dist/goldvein-macos.zip "$app"
}

part_sums() {
  mkpkg sums dist
  cat dist/SHA256SUMS
}

[ $# -gt 0 ] || { sed -n '2,26p' "$0" >&2; exit 2; }
for part in "$@"; do
  case $part in
    wasm|web|linux|relay|windows|macos-skeleton|macos|sums) "part_$part" ;;
    *) echo "dist.sh: unknown part $part" >&2; exit 2 ;;
  esac
done
