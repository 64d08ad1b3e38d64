// Package cli holds goldvein's command-line tools (goldvein help): check,
// replay, sim, serve and join, each in a file of its own that registers
// itself, and the dispatch that main calls. The game window and the gallery
// register from package main, which links the engine; nothing here does.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
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

// Register adds a subcommand (name "" is the game window). It is called
// from init functions, before main runs: here and in package main.
func Register(name, summary string, run func([]string, io.Reader, io.Writer, io.Writer) int) {
	commands[name] = command{summary, run}
}

// Dispatch runs the subcommand args name (none: the game window) and
// returns the process exit status.
func Dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	name, rest := "", args
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		name, rest = args[0], args[1:]
	}
	if name == "help" {
		usage(stdout)
		return 0
	}
	c, ok := commands[name]
	if !ok && name == "" && len(rest) > 0 && IsHelp(rest[0]) {
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
		printFlags(fs, synopsis, stdout)
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

// printFlags writes "usage: synopsis" and every flag of fs with its default.
func printFlags(fs *flag.FlagSet, synopsis string, w io.Writer) {
	fmt.Fprintf(w, "usage: %s\n", synopsis)
	fs.SetOutput(w)
	fs.PrintDefaults()
}
