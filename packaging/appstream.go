package packaging

import (
	"debug/elf"
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/goldvein/goldvein/internal/buildinfo"
)

// MetaInfoName is the file name of the AppStream metainfo, which software
// centres read to list the app (freedesktop.org AppStream specification;
// install.sh puts it in ~/.local/share/metainfo, the AppImage in
// usr/share/metainfo).
const MetaInfoName = BundleID + ".metainfo.xml"

// MinimumGlibc is the oldest GNU C library the Linux game binary runs on:
// the highest GLIBC_ symbol version it may import (GlibcNeeded). 2.34 is
// in every Ubuntu LTS and Debian release still supported (Ubuntu 22.04 has
// 2.35, Debian 12 2.36); `mkpkg linux` refuses a binary that needs more.
const MinimumGlibc = "2.34"

// MetaInfo returns the AppStream metainfo of version (a release tag, which
// it lists as a release of date, or "dev", which lists none); `appstreamcli
// validate` checks it in the packaging tests where it is installed.
func MetaInfo(version string, date time.Time) string {
	esc := func(s string) string {
		var b strings.Builder
		xml.EscapeText(&b, []byte(s))
		return b.String()
	}
	releases := ""
	if buildinfo.IsRelease(version) {
		typ := ""
		if strings.Contains(version, "-") {
			typ = ` type="development"`
		}
		releases = fmt.Sprintf("  <releases>\n    <release version=\"%s\" date=\"%s\"%s/>\n  </releases>\n",
			esc(strings.TrimPrefix(version, "v")), date.UTC().Format("2006-01-02"), typ)
	}
	return xml.Header + `<component type="desktop-application">
  <id>` + BundleID + `</id>
  <metadata_license>MIT</metadata_license>
  <project_license>MIT</project_license>
  <name>goldvein</name>
  <summary>Three board games: Saboteur, Incan Gold and Small World: Underground</summary>
  <developer id="io.github.goldvein">
    <name>The goldvein authors</name>
  </developer>
  <description>
    <p>` + esc(Description) + `, to play alone against computer players, around one screen, or at a LAN party where guests join from their laptops or a browser tab.</p>
    <ul>
      <li>Saboteur (3 to 10 players): dig tunnels to the gold while hidden saboteurs block the way</li>
      <li>Incan Gold (3 to 8 players): push your luck in the temple, and leave before the hazards strike</li>
      <li>Small World: Underground (2 to 5 players): races with special powers conquer the caves</li>
    </ul>
    <p>In English, Russian and Persian.</p>
  </description>
  <launchable type="desktop-id">` + AppName + `.desktop</launchable>
  <url type="homepage">https://github.com/goldvein/goldvein</url>
  <categories>
    <category>Game</category>
    <category>BoardGame</category>
    <category>CardGame</category>
  </categories>
  <provides>
    <binary>` + AppName + `</binary>
  </provides>
  <content_rating type="oars-1.1"/>
` + releases + `</component>
`
}

// GlibcNeeded returns the highest GLIBC_ version among the symbols the ELF
// binary at path imports, such as "2.34", or "" when it imports none (a
// static build).
func GlibcNeeded(path string) (string, error) {
	f, err := elf.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	syms, err := f.ImportedSymbols()
	if err != nil && err != elf.ErrNoSymbols {
		return "", err
	}
	best := ""
	for _, s := range syms {
		if v, ok := strings.CutPrefix(s.Version, "GLIBC_"); ok && glibcLess(best, v) {
			best = v
		}
	}
	return best, nil
}

// CheckGlibc returns the glibc version the ELF binary at path needs
// (GlibcNeeded), and an error when that is newer than MinimumGlibc, the
// release's promise (README, Download).
func CheckGlibc(path string) (string, error) {
	need, err := GlibcNeeded(path)
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	if glibcLess(MinimumGlibc, need) {
		return need, fmt.Errorf("%s needs glibc %s, newer than the %s the release promises: build it on an older system (docs/RELEASING.md)", path, need, MinimumGlibc)
	}
	return need, nil
}

// glibcLess reports whether glibc version a ("2.17"; "" is the lowest) is
// older than b, comparing the numbers part by part.
func glibcLess(a, b string) bool {
	if a == "" {
		return b != ""
	}
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < max(len(pa), len(pb)); i++ {
		var x, y int
		if i < len(pa) {
			x, _ = strconv.Atoi(pa[i])
		}
		if i < len(pb) {
			y, _ = strconv.Atoi(pb[i])
		}
		if x != y {
			return x < y
		}
	}
	return false
}
