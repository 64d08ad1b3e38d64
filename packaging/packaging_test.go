package packaging

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestIcon(t *testing.T) {
	for _, n := range []int{16, 32, 256, 512} {
		img := Icon(n)
		if b := img.Bounds(); b.Dx() != n || b.Dy() != n {
			t.Fatalf("Icon(%d) is %v", n, b)
		}
		// Drawn, not empty: the middle is opaque, the corner (outside the
		// rounded tile) clear.
		if _, _, _, a := img.At(n/2, n/2).RGBA(); a != 0xffff {
			t.Errorf("Icon(%d): the middle has alpha %#x", n, a)
		}
		if _, _, _, a := img.At(0, 0).RGBA(); a > 0x8000 {
			t.Errorf("Icon(%d): the corner has alpha %#x", n, a)
		}
	}
}

func TestICNS(t *testing.T) {
	var b bytes.Buffer
	if err := WriteICNS(&b); err != nil {
		t.Fatal(err)
	}
	entries, err := ReadICNS(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(icnsTypes) {
		t.Fatalf("%d entries, want %d", len(entries), len(icnsTypes))
	}
	for i, e := range entries {
		if e.Type != icnsTypes[i].code {
			t.Errorf("entry %d is %q, want %q", i, e.Type, icnsTypes[i].code)
		}
		img, err := png.Decode(bytes.NewReader(e.Data))
		if err != nil {
			t.Fatalf("entry %s: %v", e.Type, err)
		}
		if n := icnsTypes[i].size; img.Bounds().Dx() != n || img.Bounds().Dy() != n {
			t.Errorf("entry %s is %v, want %dx%d", e.Type, img.Bounds(), n, n)
		}
	}
	if _, err := ReadICNS(b.Bytes()[:b.Len()-1]); err == nil {
		t.Error("a cut .icns reads without error")
	}
}

func TestInfoPlist(t *testing.T) {
	for version, short := range map[string]string{"v1.4.2": "1.4.2", "v2.0.0-rc.1": "2.0.0", "dev": "0.0.0"} {
		keys, err := ReadPlist([]byte(InfoPlist(version)))
		if err != nil {
			t.Fatalf("InfoPlist(%q) is not XML: %v", version, err)
		}
		for k, want := range map[string]string{
			"CFBundleExecutable": "goldvein", "CFBundleIconFile": "goldvein.icns", "CFBundleIdentifier": BundleID,
			"CFBundlePackageType": "APPL", "CFBundleShortVersionString": short, "CFBundleVersion": short,
			"LSMinimumSystemVersion": MinimumMacOS, "NSHighResolutionCapable": "true", "CFBundleInfoDictionaryVersion": "6.0",
			"NSLocalNetworkUsageDescription": LocalNetworkUsage, "CFBundleGetInfoString": Description,
		} {
			if keys[k] != want {
				t.Errorf("InfoPlist(%q): %s = %q, want %q", version, k, keys[k], want)
			}
		}
	}
	if !strings.Contains(InfoPlist("dev"), `<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN"`) {
		t.Error("Info.plist lacks the plist doctype")
	}
}

// TestMacBundle lays out the bundle, as the release workflow does on macOS
// with the universal binary, and as `make dist` does here without it.
func TestMacBundle(t *testing.T) {
	unixModes(t)
	lic := t.TempDir()
	os.WriteFile(filepath.Join(lic, "LICENSE"), []byte("MIT"), 0o644)
	bin := filepath.Join(t.TempDir(), "universal")
	os.WriteFile(bin, []byte("\xca\xfe\xba\xbe"), 0o755)
	for _, binary := range []string{bin, ""} {
		out := t.TempDir()
		app, err := MacBundle(out, "v1.0.0", binary, lic)
		if err != nil {
			t.Fatal(err)
		}
		if app != filepath.Join(out, "goldvein.app") {
			t.Errorf("bundle at %s", app)
		}
		data, err := os.ReadFile(filepath.Join(app, "Contents", "Info.plist"))
		if err != nil {
			t.Fatal(err)
		}
		keys, _ := ReadPlist(data)
		icns, err := os.ReadFile(filepath.Join(app, "Contents", "Resources", keys["CFBundleIconFile"]))
		if err != nil {
			t.Fatalf("the plist's icon file: %v", err)
		}
		if _, err := ReadICNS(icns); err != nil {
			t.Error(err)
		}
		if pk, _ := os.ReadFile(filepath.Join(app, "Contents", "PkgInfo")); string(pk) != "APPL????" {
			t.Errorf("PkgInfo %q", pk)
		}
		if _, err := os.Stat(filepath.Join(app, "Contents", "Resources", "licenses", "LICENSE")); err != nil {
			t.Error(err)
		}
		fi, err := os.Stat(filepath.Join(app, "Contents", "MacOS", keys["CFBundleExecutable"]))
		switch {
		case binary == "" && !os.IsNotExist(err):
			t.Errorf("the skeleton has a binary: %v", err)
		case binary != "" && (err != nil || fi.Mode()&0o111 == 0):
			t.Errorf("the bundle's executable: %v %v", fi, err)
		}
		if fi, err := os.Stat(filepath.Join(app, "Contents", "MacOS")); err != nil || !fi.IsDir() {
			t.Errorf("Contents/MacOS: %v", err)
		}
	}
}

func TestDesktopEntry(t *testing.T) {
	e := DesktopEntry("/home/ann/.local/bin/goldvein")
	lines := strings.Split(e, "\n")
	if lines[0] != "[Desktop Entry]" {
		t.Fatalf("first line %q", lines[0])
	}
	keys := map[string]string{}
	for _, l := range lines[1:] {
		if l == "" {
			continue
		}
		k, v, ok := strings.Cut(l, "=")
		if !ok || keys[k] != "" {
			t.Errorf("bad or repeated line %q", l)
		}
		keys[k] = v
	}
	for k, want := range map[string]string{"Type": "Application", "Name": "goldvein", "Exec": "/home/ann/.local/bin/goldvein", "Icon": "goldvein", "Terminal": "false"} {
		if keys[k] != want {
			t.Errorf("%s=%q, want %q", k, keys[k], want)
		}
	}
	if keys["Categories"] != "Game;BoardGame;CardGame;" {
		t.Errorf("Categories=%q", keys["Categories"])
	}
	if keys["StartupWMClass"] != "goldvein" {
		t.Errorf("StartupWMClass=%q, want the window's class goldvein", keys["StartupWMClass"])
	}
	// The box of three games, not Saboteur alone (issue 23).
	for _, game := range []string{"Saboteur", "Incan Gold", "Underground"} {
		if !strings.Contains(keys["Comment"], game) {
			t.Errorf("Comment=%q does not name %s", keys["Comment"], game)
		}
	}
	// freedesktop.org's own checker, where it is installed (scripts/deps.sh
	// test installs it on Debian).
	validate, err := exec.LookPath("desktop-file-validate")
	if err != nil {
		t.Skip("no desktop-file-validate")
	}
	p := filepath.Join(t.TempDir(), "goldvein.desktop")
	os.WriteFile(p, []byte(e), 0o644)
	if out, err := exec.Command(validate, p).CombinedOutput(); err != nil || len(out) > 0 {
		t.Errorf("desktop-file-validate: %v\n%s", err, out)
	}
}

func TestLinuxTree(t *testing.T) {
	unixModes(t)
	src := t.TempDir()
	game, server := filepath.Join(src, "g"), filepath.Join(src, "s")
	os.WriteFile(game, []byte("game"), 0o755)
	os.WriteFile(server, []byte("server"), 0o755)
	lic := filepath.Join(src, "lic")
	os.MkdirAll(filepath.Join(lic, "goldvein"), 0o755)
	os.WriteFile(filepath.Join(lic, "goldvein", "LICENSE"), []byte("MIT"), 0o644)
	dir := t.TempDir()
	if err := LinuxTree(dir, "v1.0.0", time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC), game, server, lic); err != nil {
		t.Fatal(err)
	}
	for name, exec := range map[string]bool{"goldvein": true, "goldvein-server": true, "install.sh": true, "goldvein.desktop": false, MetaInfoName: false, "licenses/goldvein/LICENSE": false} {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("%s: %v", name, err)
		} else if (fi.Mode()&0o111 != 0) != exec {
			t.Errorf("%s: mode %v", name, fi.Mode())
		}
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "licenses", "goldvein", "LICENSE")); string(got) != "MIT" {
		t.Errorf("the licence holds %q", got)
	}
	for _, n := range LinuxIconSizes {
		f, err := os.Open(filepath.Join(dir, "icons", "hicolor", sizeDir(n), "apps", "goldvein.png"))
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width != n || cfg.Height != n {
			t.Errorf("icon %d: %dx%d, %v", n, cfg.Width, cfg.Height, err)
		}
	}
}

func sizeDir(n int) string { return fmt.Sprintf("%dx%d", n, n) }

// TestWindowsTree lays out the Windows download, licences included with
// their contents.
func TestWindowsTree(t *testing.T) {
	src := t.TempDir()
	game, cli := filepath.Join(src, "g.exe"), filepath.Join(src, "c.exe")
	os.WriteFile(game, []byte("game"), 0o755)
	os.WriteFile(cli, []byte("cli"), 0o755)
	lic := filepath.Join(src, "lic")
	os.MkdirAll(filepath.Join(lic, "go"), 0o755)
	os.WriteFile(filepath.Join(lic, "go", "LICENSE"), []byte("BSD"), 0o644)
	dir := t.TempDir()
	if err := WindowsTree(dir, "v1.0.0", game, cli, lic); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"goldvein.exe": "game", "goldvein-cli.exe": "cli", "licenses/go/LICENSE": "BSD"} {
		if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(got) != want {
			t.Errorf("%s: %q, %v", name, got, err)
		}
	}
	if readme, _ := os.ReadFile(filepath.Join(dir, "README.txt")); !strings.Contains(string(readme), "Run anyway") {
		t.Errorf("README.txt lacks the SmartScreen step:\n%s", readme)
	}
}

// TestCopyOntoItself: copying a file onto itself fails instead of emptying
// it (a licence folder once lost its contents that way).
func TestCopyOntoItself(t *testing.T) {
	p := filepath.Join(t.TempDir(), "LICENSE")
	os.WriteFile(p, []byte("MIT"), 0o644)
	if err := copyFile(p, p, 0o644); err == nil {
		t.Error("copying a file onto itself succeeded")
	}
	if got, _ := os.ReadFile(p); string(got) != "MIT" {
		t.Errorf("the file now holds %q", got)
	}
}
