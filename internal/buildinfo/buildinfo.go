// Package buildinfo tells which goldvein a binary is, for `goldvein
// version` and the release files: the version (a release tag, or "dev" and
// the commit it was built from), the Go toolchain and the Ebitengine
// version linked in. It reads what the Go toolchain stamps into every
// binary (runtime/debug.ReadBuildInfo), so a plain `go build` in a git
// clone already knows its commit; `make dist` may also set the version with
// -ldflags "-X github.com/goldvein/goldvein/internal/buildinfo.release=v1.2.3"
// and the commit with "-X .../buildinfo.commit=HASH", for builds made where
// Go stamps no VCS information (GOFLAGS=-buildvcs=false, or no git).
//
// It imports nothing but the standard library, so the display guard
// (internal/displayguard) and the headless build can use it too.
package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// EbitenginePath is the module path of Ebitengine, the game window's engine.
const EbitenginePath = "github.com/hajimehoshi/ebiten/v2"

// release and commit are the version and the commit set at link time by
// `make dist` (-ldflags -X): release wins over what the build information
// says, commit stands in when it names none. windowEbitengine is the
// Ebitengine version of the release's game window, which scripts/dist.sh
// sets in every build, so a headless build (goldvein-cli.exe,
// goldvein-server) can name the engine of the game it ships beside.
var release, commit, windowEbitengine string

// Info is what a binary knows about its own build.
type Info struct {
	// Version is a release tag such as "v1.2.3", or "dev" for any other build.
	Version string
	// Commit is the VCS revision the binary was built from, cut to 12
	// characters; empty when the build had no VCS information.
	Commit string
	// Modified reports that the work tree had uncommitted changes.
	Modified bool
	// GoVersion is the Go toolchain that built the binary, e.g. "go1.26.8".
	GoVersion string
	// Platform is GOOS/GOARCH, e.g. "linux/amd64".
	Platform string
	// Ebitengine is the version of Ebitengine linked in, or empty when the
	// binary has no game window (the headless build).
	Ebitengine string
	// WindowEbitengine is, in a binary without the game window, the
	// Ebitengine version of the game window built from the same source
	// (set at link time by scripts/dist.sh); empty when not set.
	WindowEbitengine string
	// Games lists the games the binary holds, by id.
	Games []string
}

// Read returns the running binary's Info, with games as its game list.
func Read(games []string) Info {
	bi, _ := debug.ReadBuildInfo()
	in := FromBuildInfo(bi, release, commit, games)
	in.WindowEbitengine = windowEbitengine
	return in
}

// FromBuildInfo builds an Info from Go's build information bi (nil when the
// binary has none). A non-empty override is taken as the version; otherwise
// the main module's version counts when it is a release tag (a semantic
// version that is neither a pseudo-version nor "+dirty"), else "dev".
// stampedCommit is the commit when bi names none.
func FromBuildInfo(bi *debug.BuildInfo, override, stampedCommit string, games []string) Info {
	in := Info{Version: "dev", GoVersion: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH,
		Games: append([]string(nil), games...)}
	if override != "" {
		in.Version = override
	}
	in.Commit = stampedCommit[:min(12, len(stampedCommit))]
	if bi == nil {
		return in
	}
	if bi.GoVersion != "" {
		in.GoVersion = bi.GoVersion
	}
	goos, goarch := runtime.GOOS, runtime.GOARCH
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			in.Commit = s.Value[:min(12, len(s.Value))]
		case "vcs.modified":
			in.Modified = s.Value == "true"
		case "GOOS":
			goos = s.Value
		case "GOARCH":
			goarch = s.Value
		}
	}
	in.Platform = goos + "/" + goarch
	switch {
	case override != "":
		in.Version = override
	case IsRelease(bi.Main.Version):
		in.Version = bi.Main.Version
	}
	for _, d := range bi.Deps {
		if d.Path != EbitenginePath {
			continue
		}
		in.Ebitengine = d.Version
		if d.Replace != nil {
			in.Ebitengine = d.Replace.Version
			if in.Ebitengine == "" {
				in.Ebitengine = "replaced by " + d.Replace.Path
			}
		}
	}
	return in
}

// IsRelease reports whether v names a release: "v" and three dot-separated
// numbers, optionally a pre-release such as "-rc.1", and no pseudo-version
// timestamp or "+dirty" suffix.
func IsRelease(v string) bool {
	core, pre, _ := strings.Cut(strings.TrimPrefix(v, "v"), "-")
	if !strings.HasPrefix(v, "v") || strings.Contains(v, "+") {
		return false
	}
	parts := strings.Split(core, ".")
	if len(parts) != 3 {
		return false
	}
	for _, p := range parts {
		if p == "" || strings.Trim(p, "0123456789") != "" {
			return false
		}
	}
	// A pseudo-version's pre-release ends in a 14-digit timestamp and a
	// 12-character commit: v0.0.0-20261202001122-abcdefabcdef.
	fields := strings.Split(pre, "-")
	if pre != "" && len(fields) >= 2 {
		ts := fields[len(fields)-2]
		ts = ts[strings.LastIndexByte(ts, '.')+1:]
		if len(ts) == 14 && strings.Trim(ts, "0123456789") == "" && len(fields[len(fields)-1]) == 12 {
			return false
		}
	}
	return true
}

// String is the text of `goldvein version`: a first line naming the version
// and the commit, then the Go toolchain, Ebitengine and the games, one a line.
func (in Info) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "goldvein %s", in.Version)
	if in.Commit != "" {
		mod := ""
		if in.Modified {
			mod = ", modified"
		}
		fmt.Fprintf(&b, " (commit %s%s)", in.Commit, mod)
	}
	fmt.Fprintf(&b, "\ngo: %s %s\n", in.GoVersion, in.Platform)
	if in.Ebitengine != "" {
		fmt.Fprintf(&b, "ebitengine: %s\n", in.Ebitengine)
	} else if in.WindowEbitengine != "" {
		fmt.Fprintf(&b, "ebitengine: %s in the game window (this binary is built without it)\n", in.WindowEbitengine)
	} else {
		b.WriteString("ebitengine: none (built without the game window)\n")
	}
	fmt.Fprintf(&b, "games: %s\n", strings.Join(in.Games, ", "))
	return b.String()
}

// WindowsVersion turns a release version into the four numbers of a
// Windows version resource, "1.2.3.0"; anything else gives "0.0.0.0".
func WindowsVersion(v string) string {
	if !IsRelease(v) {
		return "0.0.0.0"
	}
	core, _, _ := strings.Cut(strings.TrimPrefix(v, "v"), "-")
	return core + ".0"
}
