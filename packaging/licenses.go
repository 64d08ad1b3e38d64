package packaging

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// licenseFile reports whether a file name is a licence or notice a
// module ships: LICENSE, LICENCE, COPYING, NOTICE or PATENTS, with any
// extension.
func licenseFile(name string) bool {
	up := strings.ToUpper(name)
	for _, p := range []string{"LICENSE", "LICENCE", "COPYING", "NOTICE", "PATENTS"} {
		if strings.HasPrefix(up, p) {
			return true
		}
	}
	return false
}

// Build names one build of the goldvein binary: the target system, the
// architecture and the build tags.
type Build struct {
	GOOS, GOARCH, Tags string
}

// CollectLicenses copies into dst every licence a goldvein binary of build b
// carries: goldvein's own LICENSE (from the repository at root), the fonts'
// (sprites/fonts/OFL-*.txt), the Go toolchain's (runtime and standard
// library), and those of every module linked in, found with `go list -deps`
// in the module cache, each as dst/<module path>/<file>. A linked module
// without any licence file is an error: a release must not ship without it.
func CollectLicenses(dst, root string, b Build) error {
	if err := copyFile(filepath.Join(dst, "goldvein", "LICENSE"), filepath.Join(root, "LICENSE"), 0o644); err != nil {
		return err
	}
	fonts, err := filepath.Glob(filepath.Join(root, "sprites", "fonts", "OFL-*.txt"))
	if err != nil || len(fonts) == 0 {
		return fmt.Errorf("licenses: no font licences in %s: %v", filepath.Join(root, "sprites", "fonts"), err)
	}
	for _, f := range fonts {
		if err := copyFile(filepath.Join(dst, "fonts", filepath.Base(f)), f, 0o644); err != nil {
			return err
		}
	}
	goroot, err := goEnv(root, b, "GOROOT")
	if err != nil {
		return err
	}
	if err := copyFile(filepath.Join(dst, "go", "LICENSE"), filepath.Join(goroot, "LICENSE"), 0o644); err != nil {
		return err
	}
	mods, err := linkedModules(root, b)
	if err != nil {
		return err
	}
	for _, m := range mods {
		des, err := os.ReadDir(m.dir)
		if err != nil {
			return fmt.Errorf("licenses: %s: %w", m.path, err)
		}
		n := 0
		for _, d := range des {
			if d.Type().IsRegular() && licenseFile(d.Name()) {
				if err := copyFile(filepath.Join(dst, filepath.FromSlash(m.path), d.Name()), filepath.Join(m.dir, d.Name()), 0o644); err != nil {
					return err
				}
				n++
			}
		}
		if n == 0 {
			return fmt.Errorf("licenses: module %s (%s) has no licence file", m.path, m.dir)
		}
	}
	return nil
}

type module struct{ path, dir string }

// linkedModules lists the modules other than goldvein that build b links,
// sorted by path.
func linkedModules(root string, b Build) ([]module, error) {
	args := []string{"list", "-deps", "-f", "{{with .Module}}{{if not .Main}}{{.Path}}\t{{.Dir}}{{end}}{{end}}"}
	if b.Tags != "" {
		args = append(args, "-tags", b.Tags)
	}
	out, err := goCmd(root, b, append(args, ".")...)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var mods []module
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		p, d, ok := strings.Cut(line, "\t")
		if !ok || seen[p] {
			continue
		}
		seen[p] = true
		mods = append(mods, module{p, d})
	}
	sort.Slice(mods, func(i, j int) bool { return mods[i].path < mods[j].path })
	return mods, nil
}

// goEnv returns `go env NAME` for build b.
func goEnv(root string, b Build, name string) (string, error) {
	out, err := goCmd(root, b, "env", name)
	return strings.TrimSpace(out), err
}

// goCmd runs the go command in root with GOOS and GOARCH of build b.
func goCmd(root string, b Build, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	cmd.Env = os.Environ()
	if b.GOOS != "" {
		cmd.Env = append(cmd.Env, "GOOS="+b.GOOS)
	}
	if b.GOARCH != "" {
		cmd.Env = append(cmd.Env, "GOARCH="+b.GOARCH)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return string(out), nil
}
