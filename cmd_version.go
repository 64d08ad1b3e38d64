package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/goldvein/goldvein/internal/buildinfo"
)

func init() {
	register("version", "print the version, the commit, the Go and Ebitengine versions and the games held (also goldvein --version)", runVersion)
}

// heldGames lists the games this binary holds, by id: the one place `goldvein
// version` and the release files take the list from.
func heldGames() []string {
	return []string{"saboteur"}
}

// runVersion is `goldvein version` (and `goldvein --version`): it prints
// buildinfo's account of this binary. Exit status 2 for bad flags or
// arguments.
func runVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	if code, done := parseFlags(fs, "goldvein version   (or goldvein --version)", args, stdout, stderr); done {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "goldvein version: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	fmt.Fprint(stdout, buildinfo.Read(heldGames()))
	return 0
}
