package packaging

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/goldvein/goldvein/internal/buildinfo"
)

// WindowsIconSizes are the images of the Windows icon, largest first: what
// Explorer, the taskbar and the title bar pick from.
var WindowsIconSizes = []int{256, 64, 48, 40, 32, 24, 20, 16}

// WinresJSON writes into dir the resource description that go-winres
// (github.com/tc-hib/go-winres, `go-winres patch --in dir/winres.json`)
// embeds into a goldvein .exe named exe: the icon as PNG images at every
// WindowsIconSizes size, the version information of version (a release
// tag, or "dev") with the file's description, and a manifest asking for
// per-monitor DPI awareness. It returns the JSON file's path.
func WinresJSON(dir, version, exe, description string, built time.Time) (string, error) {
	var icons []string
	for _, n := range WindowsIconSizes {
		name := fmt.Sprintf("icon-%d.png", n)
		if err := writePNG(filepath.Join(dir, name), Icon(n)); err != nil {
			return "", err
		}
		icons = append(icons, name)
	}
	num := buildinfo.WindowsVersion(version)
	flags := ""
	if !buildinfo.IsRelease(version) {
		flags = "Prerelease"
	}
	doc := map[string]any{
		"RT_GROUP_ICON": map[string]any{"APP": map[string]any{"0000": icons}},
		"RT_MANIFEST": map[string]any{"#1": map[string]any{"0409": map[string]any{
			"description":            description,
			"minimum-os":             "win10",
			"execution-level":        "as invoker",
			"dpi-awareness":          "per monitor v2",
			"use-common-controls-v6": true,
		}}},
		"RT_VERSION": map[string]any{"#1": map[string]any{"0000": map[string]any{
			"fixed": map[string]any{"file_version": num, "product_version": num, "flags": flags, "timestamp": built.UTC().Format(time.RFC3339)},
			"info": map[string]any{"0409": map[string]string{
				"CompanyName":      "The goldvein authors",
				"FileDescription":  description,
				"FileVersion":      version,
				"InternalName":     AppName,
				"LegalCopyright":   "Copyright (c) The goldvein authors, MIT License",
				"OriginalFilename": exe,
				"ProductName":      "goldvein",
				"ProductVersion":   version,
				"Comments":         Description,
			}},
		}}},
	}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return "", err
	}
	p := filepath.Join(dir, "winres.json")
	return p, os.WriteFile(p, data, 0o644)
}

// WindowsTree lays out the Windows download in dir: goldvein.exe (the game,
// built for the GUI subsystem, so a double-click opens no console),
// goldvein-cli.exe (the command-line tools, console subsystem) and
// README.txt, and the licences (copied from licenses, a folder
// CollectLicenses made) in dir/licenses.
func WindowsTree(dir, version, game, cli, licenses string) error {
	if err := copyFile(filepath.Join(dir, AppName+".exe"), game, 0o755); err != nil {
		return err
	}
	if err := copyFile(filepath.Join(dir, AppName+"-cli.exe"), cli, 0o755); err != nil {
		return err
	}
	readme := "goldvein " + version + " for Windows\r\n\r\n" +
		"  goldvein.exe       the game: double-click it\r\n" +
		"  goldvein-cli.exe   the command-line tools, from a terminal: goldvein-cli help\r\n" +
		"                     (check, replay, sim, serve, join, version)\r\n\r\n" +
		"Windows SmartScreen may say it protected your PC the first time: click\r\n" +
		"More info, then Run anyway. licenses\\ holds the licences of goldvein and of\r\n" +
		"everything built into it.\r\n"
	if err := os.WriteFile(filepath.Join(dir, "README.txt"), []byte(readme), 0o644); err != nil {
		return err
	}
	return copyTree(filepath.Join(dir, "licenses"), licenses)
}
