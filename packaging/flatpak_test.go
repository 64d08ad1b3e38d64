package packaging

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestFlatpakManifest: the Flatpak manifest (packaging/flatpak/, built by
// the package workflow with flatpak-builder from the Linux tarball) names
// the app id, the command, the .desktop file and icon the tarball holds,
// and the sockets the window and the LAN need.
func TestFlatpakManifest(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("flatpak", BundleID+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		AppID      string   `json:"app-id"`
		Command    string   `json:"command"`
		Desktop    string   `json:"rename-desktop-file"`
		Icon       string   `json:"rename-icon"`
		FinishArgs []string `json:"finish-args"`
		Modules    []struct {
			Sources []struct {
				Path string `json:"path"`
			} `json:"sources"`
			Commands []string `json:"build-commands"`
		} `json:"modules"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	if m.AppID != BundleID || m.Command != AppName || m.Desktop != AppName+".desktop" || m.Icon != AppName {
		t.Errorf("manifest: id %q command %q desktop %q icon %q", m.AppID, m.Command, m.Desktop, m.Icon)
	}
	for _, a := range []string{"--socket=x11", "--device=dri", "--share=network", "--socket=pulseaudio"} {
		if !slices.Contains(m.FinishArgs, a) {
			t.Errorf("finish-args lack %s", a)
		}
	}
	if len(m.Modules) != 1 || len(m.Modules[0].Sources) != 1 || filepath.Base(m.Modules[0].Sources[0].Path) != "goldvein-linux-amd64.tar.gz" {
		t.Fatalf("the manifest's source is not the Linux tarball: %+v", m.Modules)
	}
	cmds := strings.Join(m.Modules[0].Commands, "\n")
	for _, f := range []string{AppName + ".desktop", MetaInfoName, "icons", "licenses"} {
		if !strings.Contains(cmds, f) {
			t.Errorf("the build commands install no %s", f)
		}
	}
}
