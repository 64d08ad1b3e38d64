package packaging

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// entry is one file of a folder to archive.
type entry struct {
	name string // slash-separated, under the archive's prefix
	path string // on disk
	exec bool
}

// entries lists the regular files under dir, sorted by name, so that an
// archive's order does not depend on the file system.
func entries(dir, prefix string) ([]entry, error) {
	var out []entry
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("archive: %s is not a regular file", p)
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		out = append(out, entry{name: path.Join(prefix, filepath.ToSlash(rel)), path: p, exec: fi.Mode()&0o111 != 0})
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out, err
}

// WriteZip writes the files under dir into a zip archive at dst, each under
// prefix/ (no prefix when it is empty), with the time mtime and Unix modes
// (0755 for executables, else 0644), so that the same files give the same
// bytes.
func WriteZip(dst, dir, prefix string, mtime time.Time) error {
	files, err := entries(dir, prefix)
	if err != nil {
		return err
	}
	return writeFile(dst, func(w io.Writer) error {
		zw := zip.NewWriter(w)
		for _, e := range files {
			h := &zip.FileHeader{Name: e.name, Method: zip.Deflate, Modified: mtime.UTC()}
			h.SetMode(0o644)
			if e.exec {
				h.SetMode(0o755)
			}
			fw, err := zw.CreateHeader(h)
			if err != nil {
				return err
			}
			if err := copyInto(fw, e.path); err != nil {
				return err
			}
		}
		return zw.Close()
	})
}

// WriteTarGz writes the files under dir into a gzip-compressed tar archive
// at dst, each under prefix/, with the time mtime, owner 0 and Unix modes
// 0755 or 0644, so that the same files give the same bytes.
func WriteTarGz(dst, dir, prefix string, mtime time.Time) error {
	files, err := entries(dir, prefix)
	if err != nil {
		return err
	}
	return writeFile(dst, func(w io.Writer) error {
		gz, err := gzip.NewWriterLevel(w, gzip.BestCompression)
		if err != nil {
			return err
		}
		tw := tar.NewWriter(gz)
		dirs := map[string]bool{}
		for _, e := range files {
			// Folders first, so that tools which do not make them still unpack.
			for _, d := range parents(e.name) {
				if !dirs[d+"/"] {
					dirs[d+"/"] = true
					if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: d + "/", Mode: 0o755, ModTime: mtime, Format: tar.FormatPAX}); err != nil {
						return err
					}
				}
			}
			fi, err := os.Stat(e.path)
			if err != nil {
				return err
			}
			mode := int64(0o644)
			if e.exec {
				mode = 0o755
			}
			if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: e.name, Size: fi.Size(), Mode: mode, ModTime: mtime, Format: tar.FormatPAX}); err != nil {
				return err
			}
			if err := copyInto(tw, e.path); err != nil {
				return err
			}
		}
		if err := tw.Close(); err != nil {
			return err
		}
		return gz.Close()
	})
}

// parents returns the folders above the slash-separated name, outermost
// first: "a/b/c" gives "a", "a/b".
func parents(name string) []string {
	var out []string
	for i := 0; i < len(name); i++ {
		if name[i] == '/' {
			out = append(out, name[:i])
		}
	}
	return out
}

// copyInto copies the file at p into w.
func copyInto(w io.Writer, p string) error {
	f, err := os.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(w, f)
	return err
}

// writeFile writes dst through write into a temporary file beside it and
// renames it into place, so that dst is never seen half written.
func writeFile(dst string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(dst), "."+filepath.Base(dst)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), dst)
}

// SumsName is the name of the checksum file, in the format of sha256sum.
const SumsName = "SHA256SUMS"

// WriteSums writes dir/SHA256SUMS: the SHA-256 of every regular file
// directly in dir (not in its folders, and not SHA256SUMS itself), one
// "HEX  NAME" line each, sorted by name, as `sha256sum -c` reads it.
func WriteSums(dir string) error {
	des, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, d := range des {
		if !d.Type().IsRegular() || d.Name() == SumsName || strings.HasPrefix(d.Name(), ".") {
			continue
		}
		h := sha256.New()
		if err := copyInto(h, filepath.Join(dir, d.Name())); err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(h.Sum(nil)), d.Name())
	}
	return os.WriteFile(filepath.Join(dir, SumsName), []byte(b.String()), 0o644)
}
