package packaging

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// linuxTree lays out the Linux download of version v1.0.0 with stand-in
// binaries in a temporary folder and returns it.
func linuxTree(t *testing.T) string {
	t.Helper()
	src := t.TempDir()
	game, server := filepath.Join(src, "g"), filepath.Join(src, "s")
	os.WriteFile(game, []byte("#!/bin/sh\necho game\n"), 0o755)
	os.WriteFile(server, []byte("#!/bin/sh\necho server\n"), 0o755)
	lic := filepath.Join(src, "lic")
	os.MkdirAll(lic, 0o755)
	os.WriteFile(filepath.Join(lic, "LICENSE"), []byte("MIT"), 0o644)
	dir := filepath.Join(t.TempDir(), "goldvein")
	if err := LinuxTree(dir, "v1.0.0", time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC), game, server, lic); err != nil {
		t.Fatal(err)
	}
	return dir
}

// runInstall runs the tree's install.sh with args for a user whose home is
// home, with PATH made of path and the system's folders, and returns what
// it printed.
func runInstall(t *testing.T, dir, home, path string, args ...string) string {
	t.Helper()
	cmd := exec.Command(filepath.Join(dir, "install.sh"), args...)
	cmd.Env = []string{"HOME=" + home, "PATH=" + path + ":/usr/bin:/bin"}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("install.sh %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// TestInstallOnFreshHome: install.sh on a home with no ~/.local at all puts
// the icon under icons/hicolor/NxN/apps (where the theme looks for it), the
// menu entry with Exec set to the installed binary and the metainfo; it
// says when ~/.local/bin is not on PATH; a second install works over the
// first; --uninstall takes every file out again (issue 23).
func TestInstallOnFreshHome(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("install.sh is a Linux shell script")
	}
	dir := linuxTree(t)
	home := t.TempDir()
	out := runInstall(t, dir, home, "/nowhere")
	share := filepath.Join(home, ".local", "share")
	var installed []string
	for _, n := range LinuxIconSizes {
		installed = append(installed, filepath.Join(share, "icons", "hicolor", sizeDir(n), "apps", "goldvein.png"))
	}
	installed = append(installed, filepath.Join(home, ".local", "bin", "goldvein"), filepath.Join(home, ".local", "bin", "goldvein-server"),
		filepath.Join(share, "applications", "goldvein.desktop"), filepath.Join(share, "metainfo", MetaInfoName))
	for _, p := range installed {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("after install: %v", err)
		}
	}
	if _, err := os.Stat(filepath.Join(share, "icons", "48x48")); err == nil {
		t.Error("icons/48x48 without the hicolor level")
	}
	entry, _ := os.ReadFile(filepath.Join(share, "applications", "goldvein.desktop"))
	if !strings.Contains(string(entry), "\nExec="+filepath.Join(home, ".local", "bin", "goldvein")+"\n") {
		t.Errorf("the installed menu entry:\n%s", entry)
	}
	if !strings.Contains(out, "is not on your PATH") {
		t.Errorf("no word that ~/.local/bin is not on PATH:\n%s", out)
	}
	out = runInstall(t, dir, home, filepath.Join(home, ".local", "bin"))
	if strings.Contains(out, "not on your PATH") {
		t.Errorf("a PATH warning with ~/.local/bin on PATH:\n%s", out)
	}
	runInstall(t, dir, home, "/nowhere", "--uninstall")
	for _, p := range installed {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("after --uninstall %s is still there (%v)", p, err)
		}
	}
	cmd := exec.Command(filepath.Join(dir, "install.sh"), "--bogus")
	cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin"}
	if err := cmd.Run(); err == nil {
		t.Error("install.sh --bogus succeeded")
	}
}

// TestMetaInfo: the AppStream metainfo lists the release and passes
// appstreamcli validate where it is installed (scripts/deps.sh test
// installs it on Debian).
func TestMetaInfo(t *testing.T) {
	m := MetaInfo("v1.2.0", time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC))
	for _, want := range []string{"<id>" + BundleID + "</id>", `<release version="1.2.0" date="2026-12-05"/>`, "<launchable type=\"desktop-id\">goldvein.desktop</launchable>"} {
		if !strings.Contains(m, want) {
			t.Errorf("metainfo lacks %s", want)
		}
	}
	if strings.Contains(MetaInfo("dev", time.Now()), "<release ") {
		t.Error("a dev build lists a release")
	}
	if !strings.Contains(MetaInfo("v1.3.0-rc.1", time.Now()), `type="development"`) {
		t.Error("a release candidate is not marked development")
	}
	validate, err := exec.LookPath("appstreamcli")
	if err != nil {
		t.Skip("no appstreamcli")
	}
	p := filepath.Join(t.TempDir(), MetaInfoName)
	os.WriteFile(p, []byte(m), 0o644)
	if out, err := exec.Command(validate, "validate", "--no-net", "--explain", p).CombinedOutput(); err != nil {
		t.Errorf("appstreamcli validate: %v\n%s", err, out)
	}
}

// TestGlibc: the version compare, and a system binary's need read from its
// symbols.
func TestGlibc(t *testing.T) {
	for _, c := range []struct {
		a, b string
		less bool
	}{{"", "2.2.5", true}, {"2.2.5", "2.17", true}, {"2.17", "2.34", true}, {"2.34", "2.34", false}, {"2.35", "2.34", false}, {"2.34", "", false}} {
		if glibcLess(c.a, c.b) != c.less {
			t.Errorf("glibcLess(%q, %q) = %v", c.a, c.b, !c.less)
		}
	}
	if _, err := GlibcNeeded("linux_test.go"); err == nil {
		t.Error("a Go source file read as an ELF binary")
	}
	if runtime.GOOS != "linux" {
		t.Skip("no ELF binaries to read")
	}
	need, err := GlibcNeeded("/bin/sh")
	if err != nil || need == "" || !glibcLess("2.0", need) {
		t.Errorf("/bin/sh needs glibc %q (%v)", need, err)
	}
}
