//go:build !headless

package main

import (
	"fmt"
	"testing"
	"time"
)

// TestStatStart: the start time is field 22 of /proc/PID/stat, counted
// after the command's name, which may hold spaces and parentheses; a line
// cut short or with no number there is an error.
func TestStatStart(t *testing.T) {
	const rest = " S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 %s 20 21\n"
	for _, c := range []struct {
		line string
		want time.Duration
	}{
		{"42 (goldvein)" + fmt.Sprintf(rest, "123456"), 1234560 * time.Millisecond},
		{"42 (a b) (c)" + fmt.Sprintf(rest, "7"), 70 * time.Millisecond},
	} {
		got, err := statStart([]byte(c.line))
		if err != nil || got != c.want {
			t.Errorf("%q: %v, %v; want %v", c.line, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "42 goldvein S 1", "42 (goldvein) S 1 2 3", "42 (goldvein)" + fmt.Sprintf(rest, "x")} {
		if got, err := statStart([]byte(bad)); err == nil {
			t.Errorf("%q: %v, no error", bad, got)
		}
	}
	// This process's own line reads, and its start is before now.
	start, err := procStart()
	if err != nil || start <= 0 || start > bootClock() {
		t.Errorf("this process: start %v (err %v), boot clock %v", start, err, bootClock())
	}
}
