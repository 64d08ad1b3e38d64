package cli

import (
	"flag"
	"fmt"
	"io"

	"github.com/goldvein/goldvein/box"
	"github.com/goldvein/goldvein/cmdline"
	"github.com/goldvein/goldvein/internal/buildinfo"
)

func init() {
	RegisterBox("version", "print the version, the commit, the Go and Ebitengine versions and the games held (also goldvein --version)", runVersion)
}

// runVersion is `goldvein version` (and `goldvein --version`): it prints
// buildinfo's account of this binary, with the box's games. Exit status 2
// for bad flags or arguments.
func runVersion(b box.Box, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	if code, done := cmdline.ParseFlags(fs, "goldvein version   (or goldvein --version)", args, stdout, stderr); done {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "goldvein version: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	fmt.Fprint(stdout, buildinfo.Read(b.IDs()))
	return 0
}
