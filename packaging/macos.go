package packaging

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"

	"github.com/goldvein/goldvein/internal/buildinfo"
)

// MinimumMacOS is the oldest macOS the bundle declares: the oldest that Go
// 1.26 supports.
const MinimumMacOS = "12.0"

// LocalNetworkUsage is the reason macOS 15 and later show when they ask
// whether goldvein may use the local network (Info.plist's
// NSLocalNetworkUsageDescription): without that permission a LAN game can
// neither be found nor joined nor hosted for others.
const LocalNetworkUsage = "goldvein finds, hosts and joins LAN games on your local network. Without this permission you can still play alone and at one screen."

// InfoPlist returns the bundle's Contents/Info.plist for version (a release
// tag such as "v1.2.3", or "dev").
func InfoPlist(version string) string {
	short := "0.0.0"
	if buildinfo.IsRelease(version) {
		short, _, _ = strings.Cut(strings.TrimPrefix(version, "v"), "-")
	}
	keys := [][2]string{
		{"CFBundleDevelopmentRegion", "en"},
		{"CFBundleDisplayName", "goldvein"},
		{"CFBundleExecutable", AppName},
		{"CFBundleGetInfoString", Description},
		{"CFBundleIconFile", AppName + ".icns"},
		{"CFBundleIdentifier", BundleID},
		{"CFBundleInfoDictionaryVersion", "6.0"},
		{"CFBundleName", "goldvein"},
		{"CFBundlePackageType", "APPL"},
		{"CFBundleShortVersionString", short},
		{"CFBundleVersion", short},
		{"LSApplicationCategoryType", "public.app-category.board-games"},
		{"LSMinimumSystemVersion", MinimumMacOS},
		{"NSLocalNetworkUsageDescription", LocalNetworkUsage},
	}
	var b strings.Builder
	b.WriteString(xml.Header)
	b.WriteString(`<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">` + "\n")
	b.WriteString("<plist version=\"1.0\">\n<dict>\n")
	for _, kv := range keys {
		b.WriteString("\t<key>" + kv[0] + "</key>\n\t<string>")
		xml.EscapeText(&b, []byte(kv[1]))
		b.WriteString("</string>\n")
	}
	b.WriteString("\t<key>NSHighResolutionCapable</key>\n\t<true/>\n")
	b.WriteString("\t<key>NSSupportsAutomaticGraphicsSwitching</key>\n\t<true/>\n")
	b.WriteString("</dict>\n</plist>\n")
	return b.String()
}

// MacBundle lays out goldvein.app in dir: Contents/Info.plist,
// Contents/PkgInfo, Contents/Resources/goldvein.icns and the licences, and
// Contents/MacOS/, where binary (the universal binary that lipo makes on
// macOS) is copied as Contents/MacOS/goldvein when it is not empty. It
// returns the bundle's path.
func MacBundle(dir, version, binary, licenses string) (string, error) {
	app := filepath.Join(dir, AppName+".app")
	contents := filepath.Join(app, "Contents")
	for _, d := range []string{"MacOS", "Resources"} {
		if err := os.MkdirAll(filepath.Join(contents, d), 0o755); err != nil {
			return "", err
		}
	}
	if err := os.WriteFile(filepath.Join(contents, "Info.plist"), []byte(InfoPlist(version)), 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(contents, "PkgInfo"), []byte("APPL????"), 0o644); err != nil {
		return "", err
	}
	f, err := os.Create(filepath.Join(contents, "Resources", AppName+".icns"))
	if err != nil {
		return "", err
	}
	if err := WriteICNS(f); err != nil {
		f.Close()
		return "", err
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	if licenses != "" {
		if err := copyTree(filepath.Join(contents, "Resources", "licenses"), licenses); err != nil {
			return "", err
		}
	}
	if binary != "" {
		if err := copyFile(filepath.Join(contents, "MacOS", AppName), binary, 0o755); err != nil {
			return "", err
		}
	}
	return app, nil
}

// ReadPlist reads the top-level dictionary of an XML property list whose
// values are strings or booleans ("true"/"false"), as InfoPlist writes it.
func ReadPlist(data []byte) (map[string]string, error) {
	var doc struct {
		Dict struct {
			Items []struct {
				XMLName xml.Name
				Text    string `xml:",chardata"`
			} `xml:",any"`
		} `xml:"dict"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	out := map[string]string{}
	key := ""
	for _, it := range doc.Dict.Items {
		switch it.XMLName.Local {
		case "key":
			key = it.Text
		case "string":
			out[key] = it.Text
		case "true", "false":
			out[key] = it.XMLName.Local
		}
	}
	return out, nil
}
