package packaging

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// openTarGz opens the .tar.gz at p for reading, closed when the test ends.
func openTarGz(t *testing.T, p string) *tar.Reader {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	return tar.NewReader(gz)
}

// readTarGz returns the regular files of the .tar.gz at p by name.
func readTarGz(t *testing.T, p string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	tr := openTarGz(t, p)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return files
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		files[h.Name] = b
	}
}

// checkRelayArchive fails unless the relay's deployment archive at p holds
// exactly RelayFiles, byte for byte as in packaging/relay/, and README.txt.
func checkRelayArchive(t *testing.T, p string) {
	t.Helper()
	got := readTarGz(t, p)
	for _, f := range RelayFiles {
		want, err := os.ReadFile(filepath.Join("relay", f))
		if err != nil {
			t.Fatal(err)
		}
		b, ok := got["goldvein-relay/"+f]
		if !ok {
			t.Errorf("%s lacks goldvein-relay/%s", p, f)
		} else if !bytes.Equal(b, want) {
			t.Errorf("%s: goldvein-relay/%s differs from packaging/relay/%s", p, f, f)
		}
		delete(got, "goldvein-relay/"+f)
	}
	readme, ok := got["goldvein-relay/README.txt"]
	if !ok {
		t.Errorf("%s lacks goldvein-relay/README.txt", p)
	}
	for _, s := range []string{"docs/LAN.md", "Running a relay", "goldvein-linux-amd64-server", "source checkout"} {
		if !strings.Contains(string(readme), s) {
			t.Errorf("README.txt does not say %q:\n%s", s, readme)
		}
	}
	delete(got, "goldvein-relay/README.txt")
	for name := range got {
		t.Errorf("%s holds %s too", p, name)
	}
}

// TestRelayArchive: the relay's deployment download (mkpkg relay, dist.sh's
// relay part) holds packaging/relay/'s Containerfile, systemd unit and
// Caddyfile as they are and a README.txt pointing to docs/LAN.md; a missing
// file is an error (issue 27).
func TestRelayArchive(t *testing.T) {
	dir := t.TempDir()
	if err := RelayTree(dir, "v1.2.0", "relay"); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "goldvein-relay-deploy.tar.gz")
	if err := WriteTarGz(out, dir, "goldvein-relay", time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	checkRelayArchive(t, out)

	src := t.TempDir()
	for _, f := range RelayFiles[1:] {
		os.WriteFile(filepath.Join(src, f), []byte(f), 0o644)
	}
	if err := RelayTree(t.TempDir(), "v1.2.0", src); err == nil {
		t.Errorf("a relay download without %s", RelayFiles[0])
	}
}

// TestRelayArchiveInDist checks dist/goldvein-relay-deploy.tar.gz as
// `make dist` or `scripts/dist.sh relay` left it, when it is there.
func TestRelayArchiveInDist(t *testing.T) {
	p := filepath.Join("..", "dist", "goldvein-relay-deploy.tar.gz")
	if _, err := os.Stat(p); err != nil {
		t.Skip("no dist/goldvein-relay-deploy.tar.gz (scripts/dist.sh relay makes it)")
	}
	checkRelayArchive(t, p)
}
