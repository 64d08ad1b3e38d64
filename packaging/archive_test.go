package packaging

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// unixModes skips a test that checks executable bits where files have none.
func unixModes(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows files have no executable bit")
	}
}

// tree makes a small folder to archive: an executable, a text file and one
// in a subfolder.
func tree(t *testing.T) string {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "licenses", "go"), 0o755)
	os.WriteFile(filepath.Join(dir, "goldvein"), []byte("binary"), 0o755)
	os.WriteFile(filepath.Join(dir, "README.txt"), []byte("read me"), 0o600)
	os.WriteFile(filepath.Join(dir, "licenses", "go", "LICENSE"), []byte("BSD"), 0o644)
	return dir
}

func TestWriteZip(t *testing.T) {
	unixModes(t)
	src, out := tree(t), t.TempDir()
	when := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	a, b := filepath.Join(out, "a.zip"), filepath.Join(out, "b.zip")
	if err := WriteZip(a, src, "goldvein", when); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(filepath.Join(src, "README.txt"), time.Now(), time.Now())
	if err := WriteZip(b, src, "goldvein", when); err != nil {
		t.Fatal(err)
	}
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if !bytes.Equal(da, db) {
		t.Error("the same files gave different zips")
	}
	zr, err := zip.NewReader(bytes.NewReader(da), int64(len(da)))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]os.FileMode{"goldvein/README.txt": 0o644, "goldvein/goldvein": 0o755, "goldvein/licenses/go/LICENSE": 0o644}
	if len(zr.File) != len(want) {
		t.Errorf("%d entries, want %d", len(zr.File), len(want))
	}
	for _, f := range zr.File {
		if m, ok := want[f.Name]; !ok || f.Mode().Perm() != m || !f.Modified.Equal(when) {
			t.Errorf("entry %s mode %v time %v", f.Name, f.Mode(), f.Modified)
		}
	}
}

func TestWriteTarGz(t *testing.T) {
	unixModes(t)
	src, out := tree(t), t.TempDir()
	p := filepath.Join(out, "x.tar.gz")
	if err := WriteTarGz(p, src, "goldvein", time.Unix(1700000000, 0)); err != nil {
		t.Fatal(err)
	}
	tr := openTarGz(t, p)
	var got []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, h.Name+" "+os.FileMode(h.Mode).String())
	}
	want := "goldvein/ -rwxr-xr-x|goldvein/README.txt -rw-r--r--|goldvein/goldvein -rwxr-xr-x|goldvein/licenses/ -rwxr-xr-x|goldvein/licenses/go/ -rwxr-xr-x|goldvein/licenses/go/LICENSE -rw-r--r--"
	if strings.Join(got, "|") != want {
		t.Errorf("tar entries\n%s\nwant\n%s", strings.Join(got, "|"), want)
	}
}

func TestWriteSums(t *testing.T) {
	dir := tree(t)
	if err := WriteSums(dir); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, SumsName))
	if err != nil {
		t.Fatal(err)
	}
	h1, h2 := sha256.Sum256([]byte("read me")), sha256.Sum256([]byte("binary"))
	want := hex.EncodeToString(h1[:]) + "  README.txt\n" + hex.EncodeToString(h2[:]) + "  goldvein\n"
	if string(data) != want {
		t.Errorf("SHA256SUMS:\n%s\nwant\n%s", data, want)
	}
	// Written again, SHA256SUMS does not list itself.
	if err := WriteSums(dir); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(filepath.Join(dir, SumsName)); string(again) != want {
		t.Errorf("SHA256SUMS rewritten:\n%s", again)
	}
}
