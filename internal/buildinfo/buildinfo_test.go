package buildinfo

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestIsRelease(t *testing.T) {
	for v, want := range map[string]bool{
		"v1.2.3":                               true,
		"v0.1.0":                               true,
		"v1.2.3-rc.1":                          true,
		"v10.20.30-beta":                       true,
		"(devel)":                              false,
		"":                                     false,
		"1.2.3":                                false,
		"v1.2":                                 false,
		"v1.2.x":                               false,
		"v1.2.3+dirty":                         false,
		"v0.0.0-20261202001122-abcdefabcdef":   false,
		"v1.2.4-0.20261202001122-abcdefabcdef": false,
		"v1.2.4-rc.1.0.20261202001122-abcdefabcdef": false,
		"v0.0.0-20261202001122-abcdefabcdef+dirty":  false,
	} {
		if got := IsRelease(v); got != want {
			t.Errorf("IsRelease(%q) = %v, want %v", v, got, want)
		}
	}
}

func buildInfo(mainVersion string, settings map[string]string, deps ...*debug.Module) *debug.BuildInfo {
	bi := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/goldvein/goldvein", Version: mainVersion}, Deps: deps}
	for k, v := range settings {
		bi.Settings = append(bi.Settings, debug.BuildSetting{Key: k, Value: v})
	}
	return bi
}

func TestFromBuildInfo(t *testing.T) {
	ebiten := &debug.Module{Path: EbitenginePath, Version: "v2.8.8"}
	vcs := map[string]string{"vcs.revision": "0123456789abcdef0123", "vcs.modified": "false", "GOOS": "windows", "GOARCH": "arm64"}
	games := []string{"saboteur"}

	dev := FromBuildInfo(buildInfo("v0.0.0-20261202001122-0123456789ab", vcs, ebiten), "", "", games)
	want := Info{Version: "dev", Commit: "0123456789ab", GoVersion: "go1.26.8", Platform: "windows/arm64", Ebitengine: "v2.8.8", Games: games}
	if dev.String() != want.String() {
		t.Errorf("dev build:\n%s\nwant\n%s", dev, want)
	}
	if got := FromBuildInfo(buildInfo("v1.4.0", vcs, ebiten), "", "", games).Version; got != "v1.4.0" {
		t.Errorf("tagged build: version %q, want v1.4.0", got)
	}
	if got := FromBuildInfo(buildInfo("(devel)", vcs, ebiten), "v2.0.0", "", games).Version; got != "v2.0.0" {
		t.Errorf("-X override: version %q, want v2.0.0", got)
	}
	dirty := FromBuildInfo(buildInfo("v1.4.0+dirty", map[string]string{"vcs.revision": "abc", "vcs.modified": "true"}), "", "", games)
	if dirty.Version != "dev" || dirty.Commit != "abc" || !dirty.Modified || dirty.Ebitengine != "" {
		t.Errorf("dirty headless build: %+v", dirty)
	}
	if s := dirty.String(); !strings.Contains(s, "(commit abc, modified)") || !strings.Contains(s, "ebitengine: none") {
		t.Errorf("dirty headless build's text:\n%s", s)
	}
	replaced := FromBuildInfo(buildInfo("(devel)", nil, &debug.Module{Path: EbitenginePath, Version: "v2.8.8", Replace: &debug.Module{Path: "../ebiten"}}), "", "", games)
	if replaced.Ebitengine != "replaced by ../ebiten" {
		t.Errorf("replaced Ebitengine: %q", replaced.Ebitengine)
	}
	if none := FromBuildInfo(nil, "", "", games); none.Version != "dev" || none.GoVersion == "" {
		t.Errorf("no build information: %+v", none)
	}
}

func TestString(t *testing.T) {
	in := Info{Version: "v1.2.3", Commit: "0123456789ab", GoVersion: "go1.26.8", Platform: "linux/amd64", Ebitengine: "v2.8.8", Games: []string{"saboteur", "incan-gold"}}
	want := "goldvein v1.2.3 (commit 0123456789ab)\ngo: go1.26.8 linux/amd64\nebitengine: v2.8.8\ngames: saboteur, incan-gold\n"
	cli := Info{Version: "v1.2.3", GoVersion: "go1.26.8", Platform: "windows/amd64", WindowEbitengine: "v2.8.8", Games: []string{"saboteur"}}
	if got := cli.String(); !strings.Contains(got, "\nebitengine: v2.8.8 in the game window (this binary is built without it)\n") {
		t.Errorf("a headless build that knows its window's Ebitengine:\n%s", got)
	}
	if got := in.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestWindowsVersion(t *testing.T) {
	for v, want := range map[string]string{"v1.2.3": "1.2.3.0", "v0.9.12-rc.2": "0.9.12.0", "dev": "0.0.0.0"} {
		if got := WindowsVersion(v); got != want {
			t.Errorf("WindowsVersion(%q) = %q, want %q", v, got, want)
		}
	}
}
