// Command goldvein is a box of board games from the project's source
// documents (docs/DESIGN.md). Run with no arguments it opens the game
// window; its subcommands (goldvein help) are the command-line tools of
// package cli. main.go holds only the dispatch.
package main

import (
	"os"

	"github.com/goldvein/goldvein/box"
	"github.com/goldvein/goldvein/cli"
)

func main() {
	attachConsole(os.Args[1:])
	os.Exit(cli.Dispatch(box.Games(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
