//go:build !js

package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/goldvein/goldvein/box"
	"github.com/goldvein/goldvein/cmdline"
)

// checkUsage is what goldvein check --help prints before the flags.
const checkUsage = `goldvein check [--game ID] < position.json
Reads one position in the game's position format (its rules reference in
docs/rules/, "Position format") from standard input and writes one JSON line
per move or query. Bad input: one line on standard error, exit status 2.`

func init() {
	RegisterBox("check", "judge the moves of a position read from standard input (the game's Position format, docs/rules/)", runCheck)
}

// runCheck is `goldvein check [--game ID]`: it hands standard input to the
// game's Check. Bad input exits 2 with a one-line error naming the field on
// stderr, before any line is written; a failed write exits 1.
func runCheck(b box.Box, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	gameID := fs.String("game", "", "the game of the position: "+strings.Join(b.IDs(), ", ")+" (default: the first)")
	if code, done := cmdline.ParseFlags(fs, checkUsage, args, stdout, stderr); done {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "goldvein check: unexpected argument %q (goldvein check --help)\n", fs.Arg(0))
		return 2
	}
	g, err := b.Find(*gameID)
	if err == nil && g.Check == nil {
		err = fmt.Errorf("--game %s: this game has no position format", g.ID)
	}
	if err != nil {
		fmt.Fprintf(stderr, "goldvein check: %v\n", err)
		return 2
	}
	w := &watchedWriter{w: stdout}
	if err := g.Check(stdin, w); err != nil {
		if w.err != nil {
			fmt.Fprintf(stderr, "goldvein check: write: %v\n", cmdline.OneLine(w.err.Error()))
			return 1
		}
		fmt.Fprintf(stderr, "goldvein check: %s\n", cmdline.OneLine(err.Error()))
		return 2
	}
	return 0
}

// watchedWriter remembers the first error of the writer it wraps, so that a
// failed write is told from bad input.
type watchedWriter struct {
	w   io.Writer
	err error
}

func (w *watchedWriter) Write(p []byte) (int, error) {
	n, err := w.w.Write(p)
	if err != nil && w.err == nil {
		w.err = err
	}
	return n, err
}
