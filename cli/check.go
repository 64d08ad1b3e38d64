package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// maxPositionBytes bounds what check reads from standard input.
const maxPositionBytes = 16 << 20

// checkUsage is what goldvein check --help prints.
const checkUsage = `usage: goldvein check < position.json
Reads one position in the position format of docs/rules/SABOTEUR.md from standard
input and writes one JSON line per move or query. Bad input: one line on
standard error, exit status 2.`

func init() {
	Register("check", "judge the moves of a position (docs/rules/SABOTEUR.md, Position format) read from standard input", runCheck)
}

// runCheck is `goldvein check`: it reads one position in the position
// format of docs/rules/SABOTEUR.md from stdin and writes one JSON line per move or query,
// exactly as the format specifies. Bad input exits 2 with a one-line error
// naming the field on stderr, before any line is written.
func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 1 && IsHelp(args[0]) {
		fmt.Fprintln(stdout, checkUsage)
		return 0
	}
	if len(args) > 0 {
		fmt.Fprintf(stderr, "goldvein check: unexpected argument %q (goldvein check --help)\n", args[0])
		return 2
	}
	data, err := io.ReadAll(io.LimitReader(stdin, maxPositionBytes+1))
	if err != nil {
		fmt.Fprintf(stderr, "goldvein check: read standard input: %v\n", oneLine(err.Error()))
		return 2
	}
	if len(data) > maxPositionBytes {
		fmt.Fprintf(stderr, "goldvein check: the position is larger than %d bytes\n", maxPositionBytes)
		return 2
	}
	p, err := saboteur.ParsePosition(data)
	if err != nil {
		fmt.Fprintf(stderr, "goldvein check: %s\n", oneLine(err.Error()))
		return 2
	}
	var b strings.Builder
	for _, o := range p.Run() {
		b.WriteString(o.Line())
		b.WriteByte('\n')
	}
	if _, err := io.WriteString(stdout, b.String()); err != nil {
		fmt.Fprintf(stderr, "goldvein check: write: %v\n", oneLine(err.Error()))
		return 1
	}
	return 0
}

// oneLine keeps an error message on one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
