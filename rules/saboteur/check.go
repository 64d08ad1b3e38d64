package saboteur

import (
	"fmt"
	"io"
	"strings"
)

// MaxPositionBytes bounds what Check reads.
const MaxPositionBytes = 16 << 20

// Check is goldvein check for Saboteur: it reads one position in the
// position format of docs/rules/SABOTEUR.md from in and writes one JSON
// line per move or query to out, exactly as the format specifies. Bad input
// returns an error naming the field, before anything is written.
func Check(in io.Reader, out io.Writer) error {
	data, err := io.ReadAll(io.LimitReader(in, MaxPositionBytes+1))
	if err != nil {
		return fmt.Errorf("read standard input: %w", err)
	}
	if len(data) > MaxPositionBytes {
		return fmt.Errorf("the position is larger than %d bytes", MaxPositionBytes)
	}
	p, err := ParsePosition(data)
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, o := range p.Run() {
		b.WriteString(o.Line())
		b.WriteByte('\n')
	}
	_, err = io.WriteString(out, b.String())
	return err
}
