// Command goldvein plays the tunnel-digging hidden-role card game of
// docs/RULES.md. Run with no arguments it opens the game window; its
// subcommands (goldvein help) are the command-line tools. main.go holds only
// the dispatch: each subcommand lives in a cmd_*.go file of its own that
// registers itself, and hands off to the packages that do the work.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// command is one subcommand: run gets the arguments after its name and
// returns the process exit status.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands maps subcommand names to their commands; the empty name is the
// game window. It is filled once, by init functions, before main runs.
var commands = map[string]command{}

func register(name, summary string, run func([]string, io.Reader, io.Writer, io.Writer) int) {
	commands[name] = command{summary, run}
}

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	name, rest := "", args
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		name, rest = args[0], args[1:]
	}
	if name == "" && len(rest) > 0 && (rest[0] == "--version" || rest[0] == "-version") {
		name, rest = "version", rest[1:]
	}
	if name == "help" {
		usage(stdout)
		return 0
	}
	c, ok := commands[name]
	if !ok && name == "" && len(rest) > 0 && isHelp(rest[0]) {
		usage(stdout)
		return 0
	}
	if !ok && name == "" {
		fmt.Fprintln(stderr, "goldvein: this build has no game window (it was built with -tags headless)")
		usage(stderr)
		return 2
	}
	if !ok {
		fmt.Fprintf(stderr, "goldvein: unknown command %q\n", name)
		usage(stderr)
		return 2
	}
	return c.run(rest, stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: goldvein [command] [flags]")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		label := n
		if n == "" {
			label = "(none)"
		}
		fmt.Fprintf(w, "  %-8s %s\n", label, commands[n].summary)
	}
	fmt.Fprintln(w, "goldvein COMMAND --help shows a command's usage and flags.")
}

// isHelp reports whether arg asks for help: -h, -help or --help.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}

// parseFlags parses a subcommand's flags (fs named after the subcommand,
// "" for the game window). --help (or -h) prints synopsis
// and the flags with their defaults on stdout: done, exit status 0. A bad
// flag prints one line and a hint on stderr: done, exit status 2. Otherwise
// done is false and the command goes on.
func parseFlags(fs *flag.FlagSet, synopsis string, args []string, stdout, stderr io.Writer) (code int, done bool) {
	fs.SetOutput(io.Discard) // flag's own message and usage are replaced below
	fs.Usage = func() {}
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		printFlags(fs, synopsis, stdout)
		return 0, true
	}
	if err != nil {
		cmd := strings.TrimSpace("goldvein " + fs.Name())
		msg := err.Error() // flag's wording, with the flag written as the README writes it
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

// printFlags writes "usage: synopsis" and every flag of fs with its default.
func printFlags(fs *flag.FlagSet, synopsis string, w io.Writer) {
	fmt.Fprintf(w, "usage: %s\n", synopsis)
	fs.SetOutput(w)
	fs.PrintDefaults()
}
