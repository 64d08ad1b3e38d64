#!/usr/bin/env bash
# Cuts goldvein's fonts down to the characters the box needs (`make fonts`):
# for each font named in sprites/fonts/subset.txt, both weights of
# sprites/fonts/source/NAME-WEIGHT.ttf go through fontTools' pyftsubset
# (Debian package fonttools) with that font's ranges, every OpenType layout
# feature kept (Persian joining, marks, kerning) and the hinting dropped
# (Ebitengine's text/v2 draws the outlines unhinted, so the hinting is bytes
# nobody reads), and are written to sprites/fonts/NAME-WEIGHT.ttf, which
# package fonts embeds. The output depends only on the sources, the ranges
# and fontTools' version (timestamps are kept). Run it after changing
# subset.txt or a source font, then `go test ./sprites/fonts/`.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v pyftsubset >/dev/null 2>&1; then
  scripts/deps.sh fonts
fi
dir=sprites/fonts
awk '!/^#/ && NF {print $1}' "$dir/subset.txt" | sort -u | while read -r name; do
  ranges=$(awk -v n="$name" '$1 == n {print $2}' "$dir/subset.txt" | paste -sd, -)
  for weight in Regular Bold; do
    pyftsubset "$dir/source/$name-$weight.ttf" --unicodes="$ranges" \
      --layout-features='*' --no-hinting --notdef-outline \
      --output-file="$dir/$name-$weight.ttf"
    echo "fonts: $dir/$name-$weight.ttf $(wc -c <"$dir/$name-$weight.ttf") bytes"
  done
done
