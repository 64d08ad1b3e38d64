// Package cli holds goldvein's command-line tools (goldvein help): check,
// replay, sim, serve and join, each in a file of its own that registers
// itself, and the dispatch that main calls. The game window and the gallery
// register from package main, which links the engine; nothing here does.
package cli

import (
	"fmt"
	"io"
	"sort"

	"github.com/goldvein/goldvein/box"
	"github.com/goldvein/goldvein/cmdline"
)

// command is one subcommand: run gets the arguments after its name and
// returns the process exit status.
type command struct {
	summary string
	run     func(b box.Box, args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands maps subcommand names to their commands; the empty name is the
// game window. It is filled once, by init functions, before main runs.
var commands = map[string]command{}

// Register adds a subcommand (name "" is the game window). It is called
// from init functions, before main runs: here and in package main.
func Register(name, summary string, run func([]string, io.Reader, io.Writer, io.Writer) int) {
	commands[name] = command{summary, func(_ box.Box, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return run(args, stdin, stdout, stderr)
	}}
}

// RegisterBox adds a subcommand that needs the box's games (--game, the
// game picker).
func RegisterBox(name, summary string, run func(box.Box, []string, io.Reader, io.Writer, io.Writer) int) {
	commands[name] = command{summary, run}
}

// Dispatch runs the subcommand args names (none: the game window) with the
// box's games and returns the process exit status.
func Dispatch(b box.Box, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	name, rest := "", args
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		name, rest = args[0], args[1:]
	}
	if name == "help" {
		usage(stdout)
		b.List(stdout)
		return 0
	}
	c, ok := commands[name]
	if !ok && name == "" && len(rest) > 0 && cmdline.IsHelp(rest[0]) {
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
	return c.run(b, rest, stdin, stdout, stderr)
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
