#!/usr/bin/env bash
# Measures the desktop window's start-up before and after a change (issue
# 28; docs/TOOLS.md, Start-up time; `make bench-startup`): builds goldvein
# at two commits with the release's flags (-trimpath -ldflags "-s -w"),
# then under one Xvfb starts each in turn, RUNS times, with
# GOLDVEIN_FIRST_FRAME=exit (--mute --lang en, a fresh --config folder each
# start), and prints each start's milliseconds from the process's start to
# its first frame, the medians and the ratio after/before, with the load
# average. Usage: scripts/bench-startup.sh [BEFORE [AFTER]]
#   BEFORE  a commit (default a856d82^: the commit before issue 28's work)
#   AFTER   a commit (default: the working tree as it is)
# RUNS=N starts of each (default 7; one more of each first, not counted,
# warms the file cache). A commit older than the first-frame report gets
# it copied in (firstframe*.go and one call in cmd_app.go). A maintainer's
# tool: it asserts nothing about time.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
RUNS=${RUNS:-7}

# measure BEFORE_BIN AFTER_BIN: the starts (run under Xvfb).
if [ "${1:-}" = --measure ]; then
  bins=("$2" "$3")
  names=(before after)
  load() { cut -d' ' -f1-3 /proc/loadavg; }
  start() {
    local cfg out
    cfg=$(mktemp -d)
    out=$(env GOLDVEIN_FIRST_FRAME=exit timeout 120 "$1" --mute --lang en --config "$cfg" 2>"$cfg.err") || {
      echo "bench-startup: $1 failed:" >&2; cat "$cfg.err" >&2; rm -rf "$cfg" "$cfg.err"; exit 1; }
    rm -rf "$cfg" "$cfg.err"
    sed -n 's/^goldvein: first frame \([0-9]*\) ms after .*/\1/p' <<<"$out"
  }
  median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
  start "${bins[0]}" >/dev/null
  start "${bins[1]}" >/dev/null
  declare -A ms
  for i in $(seq 1 "$RUNS"); do
    for k in 0 1; do
      m=$(start "${bins[$k]}")
      [ -n "$m" ] || { echo "bench-startup: ${bins[$k]} printed no first frame" >&2; exit 1; }
      ms[$k]="${ms[$k]:-} $m"
      printf 'run %d %-6s first frame %5d ms (load %s)\n' "$i" "${names[$k]}" "$m" "$(load)"
    done
  done
  b=$(tr ' ' '\n' <<<"${ms[0]}" | grep . | median)
  a=$(tr ' ' '\n' <<<"${ms[1]}" | grep . | median)
  echo "bench-startup: first frame, median of $RUNS: before $b ms, after $a ms: ratio $(awk "BEGIN {printf \"%.2f\", $a/$b}") (load $(load))"
  exit 0
fi

before=${1:-a856d82^}
after=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# build REV OUT: goldvein at REV (empty: the working tree) into OUT.
build() {
  local src=. name=${1:-working tree}
  if [ -n "$1" ]; then
    src=$work/src-$(basename "$2")
    mkdir -p "$src"
    git archive --format=tar "$1" | tar -x -C "$src"
    if [ ! -f "$src/firstframe.go" ]; then
      cp firstframe.go firstframe_linux.go firstframe_other.go firstframe_start.go "$src/"
      sed -i 's/ebiten\.RunGameWithOptions(app, /ebiten.RunGameWithOptions(firstFrame(app, stdout, stderr), /' "$src/cmd_app.go"
      grep -q 'firstFrame(app, stdout, stderr)' "$src/cmd_app.go" || {
        echo "bench-startup: cannot add the first-frame report to $1's cmd_app.go" >&2; exit 1; }
    fi
  fi
  echo "build $name at $(git rev-parse --short "${1:-HEAD}") -> $2"
  (cd "$src" && $GO build -trimpath -ldflags "-s -w" -o "$2" .)
}
build "$before" "$work/before"
build "$after" "$work/after"
xvfb-run -a -s "-screen 0 1280x800x24" "$0" --measure "$work/before" "$work/after"
