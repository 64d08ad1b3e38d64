//go:build (linux && !android) || freebsd || netbsd || openbsd || dragonfly

package displayguard

import (
	"os"
	"strings"
	"syscall"
)

func init() {
	// A test binary (go test) is left alone: this package's own tests run
	// without a display, and the root package's run under Xvfb.
	if os.Getenv("DISPLAY") != "" || strings.HasSuffix(os.Args[0], ".test") {
		return
	}
	plan := Decide(os.Args[1:], server(), os.Getenv(reexecVar) != "")
	if plan.Exec != "" {
		env := append(os.Environ(), reexecVar+"=1")
		err := syscall.Exec(plan.Exec, append([]string{plan.Exec}, os.Args[1:]...), env)
		plan.Message = "goldvein: run " + plan.Exec + ": " + err.Error()
	}
	os.Stderr.WriteString(plan.Message + "\n")
	os.Exit(2)
}

// server returns the path of an executable goldvein-server in the folder of
// this binary, or "".
func server() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	path := exe[:strings.LastIndexByte(exe, '/')+1] + ServerName
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o111 == 0 {
		return ""
	}
	return path
}
