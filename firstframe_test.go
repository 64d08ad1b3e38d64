//go:build !headless

package main

import (
	"bytes"
	"regexp"
	"testing"
	"time"
)

// TestFirstFrameEnv: GOLDVEIN_FIRST_FRAME takes print or exit; empty is
// off and says nothing; anything else is refused in one line on stderr
// and reports nothing (docs/TOOLS.md, Start-up time).
func TestFirstFrameEnv(t *testing.T) {
	for _, v := range []string{"print", "exit"} {
		var out, errs bytes.Buffer
		w := newFirstFrameWatch(v, &out, &errs)
		if w == nil || w.exit != (v == "exit") || errs.Len() > 0 {
			t.Errorf("%q: watch %+v, stderr %q", v, w, errs.String())
		}
	}
	var out, errs bytes.Buffer
	if w := newFirstFrameWatch("", &out, &errs); w != nil || out.Len()+errs.Len() > 0 {
		t.Errorf("empty: watch %+v, said %q %q", w, out.String(), errs.String())
	}
	for _, bad := range []string{"1", "yes", "EXIT", " print", "print,exit"} {
		var out, errs bytes.Buffer
		w := newFirstFrameWatch(bad, &out, &errs)
		want := "goldvein: GOLDVEIN_FIRST_FRAME=\"" + bad + "\": want print or exit; not reporting\n"
		if w != nil || errs.String() != want || out.Len() > 0 {
			t.Errorf("%q: watch %+v, stderr %q, want %q", bad, w, errs.String(), want)
		}
	}
}

// TestFirstFrameLine: the line is written once, at the first tick after a
// Draw (not before: the frame is not shown yet), as "goldvein: first frame
// N ms after FROM"; exit asks to close the window then, print does not.
func TestFirstFrameLine(t *testing.T) {
	line := regexp.MustCompile(`^goldvein: first frame 1234 ms after the process started\n$`)
	for _, exit := range []bool{false, true} {
		var out bytes.Buffer
		w := &firstFrameWatch{exit: exit, w: &out, from: "the process started",
			since: func() time.Duration { return 1234*time.Millisecond + 600*time.Microsecond }}
		if w.tick() || w.tick() || out.Len() > 0 {
			t.Fatalf("exit %v: reported before any Draw: %q", exit, out.String())
		}
		w.drew()
		if got := w.tick(); got != exit {
			t.Errorf("exit %v: the first tick after Draw asks to close: %v", exit, got)
		}
		if !line.MatchString(out.String()) {
			t.Errorf("exit %v: line %q", exit, out.String())
		}
		w.drew()
		if w.tick() || bytes.Count(out.Bytes(), []byte("\n")) != 1 {
			t.Errorf("exit %v: reported again: %q", exit, out.String())
		}
	}
}
