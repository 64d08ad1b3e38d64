// Command goldvein plays the tunnel-digging hidden-role card game of
// shared/RULES.md. Run with no arguments it opens the game window; its
// subcommands (goldvein help) are the command-line tools. main.go holds only
// the dispatch: each subcommand lives in a cmd_*.go file of its own that
// registers itself, and hands off to the packages that do the work.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
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
	if name == "help" {
		usage(stdout)
		return 0
	}
	c, ok := commands[name]
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
}
