package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestHelpFlags: --help and -h print usage on standard output and exit 0
// for the game window and every subcommand, and write nothing to stderr.
func TestHelpFlags(t *testing.T) {
	for name := range commands {
		for _, h := range []string{"--help", "-h", "-help"} {
			args := []string{h}
			if name != "" {
				args = []string{name, h}
			}
			var out, errOut bytes.Buffer
			if c := Dispatch(testBox(), args, strings.NewReader(""), &out, &errOut); c != 0 {
				t.Errorf("goldvein %v: exit %d, want 0 (stderr %q)", args, c, errOut.String())
			}
			if !strings.HasPrefix(out.String(), "usage: goldvein") {
				t.Errorf("goldvein %v: stdout %q, want usage", args, out.String())
			}
			if errOut.Len() != 0 {
				t.Errorf("goldvein %v: stderr %q, want nothing", args, errOut.String())
			}
		}
	}
	var out bytes.Buffer
	if c := Dispatch(testBox(), []string{"help"}, strings.NewReader(""), &out, &out); c != 0 || !strings.Contains(out.String(), "docs/rules/SABOTEUR.md") {
		t.Errorf("goldvein help: exit %d, %q; want 0 and the rules' path docs/rules/SABOTEUR.md", c, out.String())
	}
	if strings.Contains(out.String(), "shared/") {
		t.Errorf("goldvein help names a path outside the repository: %q", out.String())
	}
}

// TestBadFlagOneLine: an unknown flag gets one line on stderr naming it,
// with a hint to --help, and exit status 2; nothing on stdout.
func TestBadFlagOneLine(t *testing.T) {
	for name := range commands {
		args := []string{"--no-such-flag"}
		if name != "" {
			args = []string{name, "--no-such-flag"}
		}
		if name == "join" {
			args = []string{name, "127.0.0.1:1", "--no-such-flag"}
		}
		var out, errOut bytes.Buffer
		c := Dispatch(testBox(), args, strings.NewReader(""), &out, &errOut)
		msg := errOut.String()
		if c != 2 || out.Len() != 0 || strings.Count(msg, "\n") != 1 ||
			!strings.Contains(msg, "no-such-flag") || !strings.Contains(msg, "--help") {
			t.Errorf("goldvein %v: exit %d, stdout %q, stderr %q; want 2 and one line naming the flag with a --help hint",
				args, c, out.String(), msg)
		}
	}
}
