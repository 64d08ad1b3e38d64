package packaging

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// copyFile copies src to dst with permission bits perm, making dst's folder.
func copyFile(dst, src string, perm os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	// Opening dst would empty src if they were the same file.
	if si, err := in.Stat(); err != nil {
		return err
	} else if di, err := os.Stat(dst); err == nil && os.SameFile(si, di) {
		return fmt.Errorf("copy %s onto itself", src)
	}
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	return os.Chmod(dst, perm)
}

// copyTree copies the regular files under src into dst, keeping their
// relative paths and executable bits.
func copyTree(dst, src string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		perm := os.FileMode(0o644)
		if fi.Mode()&0o111 != 0 {
			perm = 0o755
		}
		return copyFile(filepath.Join(dst, rel), p, perm)
	})
}
