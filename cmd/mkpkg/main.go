// Command mkpkg makes goldvein's release files from built binaries (see
// docs/RELEASING.md; `make dist` and .github/workflows/release.yml call it):
//
//	mkpkg linux    --version V --game BIN --server BIN --out FILE.tar.gz
//	mkpkg windows  --version V --game EXE --cli EXE --arch A --out FILE.zip
//	mkpkg winres   --version V --exe NAME --description TEXT --dir DIR
//	mkpkg exeinfo  FILE.exe...
//	mkpkg macapp   --version V [--binary BIN] --out DIR [--zip FILE.zip]
//	mkpkg web      --version V --out FILE.zip DIR
//	mkpkg relay    --version V --out FILE.tar.gz DIR
//	mkpkg zip      [--prefix P] --out FILE.zip DIR
//	mkpkg sums     DIR
//
// It runs in the repository's root (it reads LICENSE and the fonts'
// licences there, and asks `go list` which modules a build links). Archive
// entries carry the time of SOURCE_DATE_EPOCH, else of the last commit, so
// the same inputs give the same bytes.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/goldvein/goldvein/packaging"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: mkpkg linux|windows|winres|exeinfo|macapp|web|relay|zip|sums [flags] (see go doc ./cmd/mkpkg)")
		os.Exit(2)
	}
	cmds := map[string]func([]string) error{
		"linux": linux, "windows": windows, "winres": winres, "exeinfo": exeinfo,
		"macapp": macapp, "web": web, "relay": relay, "zip": zipDir, "sums": sums,
	}
	run, ok := cmds[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "mkpkg: unknown command %q\n", os.Args[1])
		os.Exit(2)
	}
	if err := run(os.Args[2:]); err != nil {
		fmt.Fprintf(os.Stderr, "mkpkg %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
}

// parse parses args with fs, and fails naming each required flag left empty.
func parse(fs *flag.FlagSet, args []string, required ...string) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	for _, r := range required {
		if fs.Lookup(r).Value.String() == "" {
			return fmt.Errorf("--%s is required", r)
		}
	}
	return nil
}

// releaseTime is the time archive entries carry: SOURCE_DATE_EPOCH, else
// the last commit's, else now.
func releaseTime() time.Time {
	s := os.Getenv("SOURCE_DATE_EPOCH")
	if s == "" {
		if out, err := exec.Command("git", "log", "-1", "--format=%ct").Output(); err == nil {
			s = strings.TrimSpace(string(out))
		}
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return time.Unix(n, 0).UTC()
	}
	return time.Now().UTC().Truncate(time.Second)
}

// stage collects the licences of build b into a temporary folder, calls
// fill to lay out the download in another with them, archives that to out
// with write, and removes both.
func stage(out string, b packaging.Build, fill func(dir, licenses string) error, write func(dst, dir, prefix string, t time.Time) error) error {
	return stageAs(out, packaging.AppName, b, fill, write)
}

// stageAs is stage with the archive's top folder named prefix.
func stageAs(out, prefix string, b packaging.Build, fill func(dir, licenses string) error, write func(dst, dir, prefix string, t time.Time) error) error {
	tmp, err := os.MkdirTemp("", "mkpkg-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	dir, lic := filepath.Join(tmp, "goldvein"), filepath.Join(tmp, "licenses")
	if err := packaging.CollectLicenses(lic, ".", b); err != nil {
		return err
	}
	if err := fill(dir, lic); err != nil {
		return err
	}
	if err := write(out, dir, prefix, releaseTime()); err != nil {
		return err
	}
	fmt.Println(out)
	return nil
}

func linux(args []string) error {
	fs := flag.NewFlagSet("linux", flag.ContinueOnError)
	version := fs.String("version", "", "release version (a tag, or dev)")
	game := fs.String("game", "", "the game binary (with the window)")
	server := fs.String("server", "", "the headless build (-tags headless), shipped as goldvein-server")
	out := fs.String("out", "", "the .tar.gz to write")
	if err := parse(fs, args, "version", "game", "server", "out"); err != nil {
		return err
	}
	if err := checkGlibc(*game); err != nil {
		return err
	}
	return stage(*out, packaging.Build{GOOS: "linux", GOARCH: "amd64"}, func(dir, lic string) error {
		if err := packaging.LinuxTree(dir, *version, releaseTime(), *game, *server, lic); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, "README.txt"), []byte(packaging.LinuxReadme(*version)), 0o644)
	}, packaging.WriteTarGz)
}

// checkGlibc fails when the Linux binary at path needs a newer glibc than
// packaging.MinimumGlibc, and prints what it needs.
func checkGlibc(path string) error {
	need, err := packaging.CheckGlibc(path)
	if err != nil {
		return err
	}
	fmt.Printf("%s: needs glibc %s (at most %s)\n", path, need, packaging.MinimumGlibc)
	return nil
}

func windows(args []string) error {
	fs := flag.NewFlagSet("windows", flag.ContinueOnError)
	version := fs.String("version", "", "release version (a tag, or dev)")
	game := fs.String("game", "", "goldvein.exe (GUI subsystem)")
	cli := fs.String("cli", "", "goldvein-cli.exe (console subsystem)")
	arch := fs.String("arch", "", "GOARCH of the binaries: amd64 or arm64")
	out := fs.String("out", "", "the .zip to write")
	if err := parse(fs, args, "version", "game", "cli", "arch", "out"); err != nil {
		return err
	}
	for exe, want := range map[string]uint16{*game: packaging.SubsystemGUI, *cli: packaging.SubsystemConsole} {
		if _, err := packaging.WindowsExeInfo(exe); err != nil {
			return fmt.Errorf("%s: %w (run mkpkg winres and go-winres patch first)", exe, err)
		}
		if sub, err := packaging.Subsystem(exe); err != nil || sub != want {
			return fmt.Errorf("%s: subsystem %d, want %d (%v)", exe, sub, want, err)
		}
	}
	return stage(*out, packaging.Build{GOOS: "windows", GOARCH: *arch}, func(dir, lic string) error {
		return packaging.WindowsTree(dir, *version, *game, *cli, lic)
	}, packaging.WriteZip)
}

func winres(args []string) error {
	fs := flag.NewFlagSet("winres", flag.ContinueOnError)
	version := fs.String("version", "", "release version (a tag, or dev)")
	exe := fs.String("exe", "", "the file name the resources are for, e.g. goldvein.exe")
	desc := fs.String("description", "", "the file's description, shown by Explorer")
	dir := fs.String("dir", "", "folder to write winres.json and the icon images into")
	if err := parse(fs, args, "version", "exe", "description", "dir"); err != nil {
		return err
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return err
	}
	p, err := packaging.WinresJSON(*dir, *version, *exe, *desc, releaseTime())
	if err == nil {
		fmt.Println(p)
	}
	return err
}

func exeinfo(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: mkpkg exeinfo FILE.exe...")
	}
	for _, a := range args {
		info, err := packaging.WindowsExeInfo(a)
		if err != nil {
			return fmt.Errorf("%s: %w", a, err)
		}
		fmt.Printf("%s: icon %v, %s %s, manifest %d bytes\n", a, info.IconSizes, info.Version["FileDescription"], info.Version["ProductVersion"], len(info.Manifest))
	}
	return nil
}

func macapp(args []string) error {
	fs := flag.NewFlagSet("macapp", flag.ContinueOnError)
	version := fs.String("version", "", "release version (a tag, or dev)")
	binary := fs.String("binary", "", "the universal binary (lipo) to put in Contents/MacOS; empty: the skeleton only")
	out := fs.String("out", "", "folder to make goldvein.app in")
	zipOut := fs.String("zip", "", "also write the bundle into this .zip")
	if err := parse(fs, args, "version", "out"); err != nil {
		return err
	}
	lic, err := os.MkdirTemp("", "mkpkg-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(lic)
	if err := packaging.CollectLicenses(lic, ".", packaging.Build{GOOS: "darwin", GOARCH: "arm64"}); err != nil {
		return err
	}
	if err := os.RemoveAll(filepath.Join(*out, packaging.AppName+".app")); err != nil {
		return err
	}
	app, err := packaging.MacBundle(*out, *version, *binary, lic)
	if err != nil {
		return err
	}
	fmt.Println(app)
	if *zipOut != "" {
		if err := packaging.WriteZip(*zipOut, app, packaging.AppName+".app", releaseTime()); err != nil {
			return err
		}
		fmt.Println(*zipOut)
	}
	return nil
}

// web zips the browser build in DIR (dist/web/) with the licences of the
// wasm build and VERSION.txt, under goldvein-web/.
func web(args []string) error {
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	version := fs.String("version", "", "release version (a tag, or dev)")
	out := fs.String("out", "", "the .zip to write")
	if err := parse(fs, args, "version", "out"); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: mkpkg web --version V --out FILE.zip DIR")
	}
	src := fs.Arg(0)
	return stageAs(*out, "goldvein-web", packaging.Build{GOOS: "js", GOARCH: "wasm"}, func(dir, lic string) error {
		return packaging.WebTree(dir, *version, src, lic)
	}, packaging.WriteZip)
}

// relay archives the relay's deployment files in DIR (packaging/relay/)
// with README.txt under goldvein-relay/ (packaging.RelayTree).
func relay(args []string) error {
	fs := flag.NewFlagSet("relay", flag.ContinueOnError)
	version := fs.String("version", "", "release version (a tag, or dev)")
	out := fs.String("out", "", "the .tar.gz to write")
	if err := parse(fs, args, "version", "out"); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: mkpkg relay --version V --out FILE.tar.gz DIR")
	}
	tmp, err := os.MkdirTemp("", "mkpkg-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := packaging.RelayTree(tmp, *version, fs.Arg(0)); err != nil {
		return err
	}
	if err := packaging.WriteTarGz(*out, tmp, "goldvein-relay", releaseTime()); err != nil {
		return err
	}
	fmt.Println(*out)
	return nil
}

func zipDir(args []string) error {
	fs := flag.NewFlagSet("zip", flag.ContinueOnError)
	prefix := fs.String("prefix", "", "folder the files lie in inside the zip (empty: none)")
	out := fs.String("out", "", "the .zip to write")
	if err := parse(fs, args, "out"); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: mkpkg zip [--prefix P] --out FILE.zip DIR")
	}
	if err := packaging.WriteZip(*out, fs.Arg(0), *prefix, releaseTime()); err != nil {
		return err
	}
	fmt.Println(*out)
	return nil
}

func sums(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: mkpkg sums DIR")
	}
	if err := packaging.WriteSums(args[0]); err != nil {
		return err
	}
	fmt.Println(filepath.Join(args[0], packaging.SumsName))
	return nil
}
