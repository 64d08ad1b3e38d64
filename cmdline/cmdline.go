// Package cmdline is what every goldvein subcommand shares on the command
// line, whichever package holds it: --help on standard output with exit
// status 0, one line naming a bad flag with exit status 2
// (docs/TOOLS.md). It depends on the standard library alone, so a game's
// own tools (its sim, say) can use it.
package cmdline

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// IsHelp reports whether arg asks for help: -h, -help or --help.
func IsHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}

// ParseFlags parses a subcommand's flags (fs named after the subcommand,
// "" for the game window). --help (or -h) prints synopsis
// and the flags with their defaults on stdout: done, exit status 0. A bad
// flag prints one line and a hint on stderr: done, exit status 2. Otherwise
// done is false and the command goes on.
func ParseFlags(fs *flag.FlagSet, synopsis string, args []string, stdout, stderr io.Writer) (code int, done bool) {
	fs.SetOutput(io.Discard) // flag's own message and usage are replaced below
	fs.Usage = func() {}
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		PrintFlags(fs, synopsis, stdout)
		return 0, true
	}
	if err != nil {
		cmd := strings.TrimSpace("goldvein " + fs.Name())
		msg := err.Error() // flag's wording, with the flag written as docs/TOOLS.md writes it
		if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
			msg = "unknown flag --" + strings.TrimPrefix(name, "-")
		}
		msg = strings.Replace(msg, " for flag -", " for --", 1)
		fmt.Fprintf(stderr, "%s: %s (%s --help lists the flags)\n", cmd, msg, cmd)
		return 2, true
	}
	fs.SetOutput(stderr)
	return 0, false
}

// PrintFlags writes "usage: synopsis" and every flag of fs with its default.
func PrintFlags(fs *flag.FlagSet, synopsis string, w io.Writer) {
	fmt.Fprintf(w, "usage: %s\n", synopsis)
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// OneLine keeps an error message on one line.
func OneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
