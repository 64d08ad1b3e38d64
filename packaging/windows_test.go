package packaging

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestWindowsResources goes the way `make dist` goes for goldvein.exe, on a
// small Windows program: WinresJSON describes the resources, go-winres
// (pinned as GoWinres) patches them into the .exe, and WindowsExeInfo,
// reading the PE resource directory, finds the icon at every size and the
// version information (its comment the box of three games, not Saboteur
// alone: issue 23). The unpatched .exe has none.
func TestWindowsResources(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Windows program and runs go-winres")
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module hello\n\ngo 1.22\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nfunc main() { println(\"hello\") }\n"), 0o644)
	exe := filepath.Join(dir, "goldvein.exe")
	build := exec.Command("go", "build", "-ldflags=-H=windowsgui", "-o", exe, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0", "GOFLAGS=")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	if _, err := WindowsExeInfo(exe); err == nil {
		t.Fatal("the unpatched exe has resources")
	}
	if sub, err := Subsystem(exe); err != nil || sub != SubsystemGUI {
		t.Errorf("-H=windowsgui gave subsystem %d (%v), want %d", sub, err, SubsystemGUI)
	}
	res := filepath.Join(dir, "res")
	os.Mkdir(res, 0o755)
	jsonPath, err := WinresJSON(res, "v1.2.3", "goldvein.exe", "goldvein (the game)", time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	patch := exec.Command("go", "run", GoWinres, "patch", "--no-backup", "--in", jsonPath, exe)
	patch.Env = append(os.Environ(), "GOFLAGS=")
	if out, err := patch.CombinedOutput(); err != nil {
		t.Fatalf("go-winres patch: %v\n%s", err, out)
	}
	info, err := WindowsExeInfo(exe)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(info.IconSizes, WindowsIconSizes) {
		t.Errorf("icon sizes %v, want %v", info.IconSizes, WindowsIconSizes)
	}
	for k, want := range map[string]string{"ProductVersion": "v1.2.3", "FileVersion": "v1.2.3", "FileDescription": "goldvein (the game)",
		"OriginalFilename": "goldvein.exe", "ProductName": "goldvein", "Comments": Description} {
		if info.Version[k] != want {
			t.Errorf("version string %s = %q, want %q", k, info.Version[k], want)
		}
	}
	if !strings.Contains(strings.ToLower(info.Manifest), "permonitorv2") {
		t.Errorf("manifest without per-monitor DPI awareness:\n%s", info.Manifest)
	}
}

// TestPinnedTools: scripts/dist.sh runs the go-winres, and the Makefile the
// actionlint, that this package names.
func TestPinnedTools(t *testing.T) {
	for file, tool := range map[string]string{"../scripts/dist.sh": "GOWINRES=" + GoWinres + "\n", "../Makefile": "ACTIONLINT := " + Actionlint + "\n"} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), tool) {
			t.Errorf("%s does not pin %q", file, tool)
		}
	}
}
