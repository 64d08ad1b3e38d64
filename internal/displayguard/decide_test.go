package displayguard

import (
	"strings"
	"testing"
)

func TestDecide(t *testing.T) {
	const srv = "/opt/goldvein/goldvein-server"
	for _, tc := range []struct {
		args      []string
		server    string
		reentered bool
		exec      string
		mention   string
	}{
		{nil, srv, false, "", "game window needs a display"},
		{[]string{"--players", "5"}, srv, false, "", "game window needs a display"},
		{[]string{""}, srv, false, "", "game window needs a display"},
		{[]string{"sim", "--games", "2"}, srv, false, srv, ""},
		{[]string{"--help"}, srv, false, srv, ""},
		{[]string{"-h"}, srv, false, srv, ""},
		{[]string{"--version"}, srv, false, srv, ""},
		{[]string{"version"}, srv, false, srv, ""},
		{[]string{"check"}, "", false, "", "check needs no display"},
		{[]string{"serve"}, srv, true, "", "holds the window too"},
	} {
		p := Decide(tc.args, tc.server, tc.reentered)
		if p.Exec != tc.exec {
			t.Errorf("Decide(%q, %q, %v).Exec = %q, want %q", tc.args, tc.server, tc.reentered, p.Exec, tc.exec)
		}
		if tc.exec != "" && p.Message != "" {
			t.Errorf("Decide(%q): both an exec and a message %q", tc.args, p.Message)
		}
		if tc.exec == "" && (!strings.Contains(p.Message, tc.mention) || strings.Contains(p.Message, "\n")) {
			t.Errorf("Decide(%q, %q, %v).Message = %q, want one line with %q", tc.args, tc.server, tc.reentered, p.Message, tc.mention)
		}
		if tc.exec == "" && tc.mention != "game window needs a display" && !strings.Contains(p.Message, ServerName) {
			t.Errorf("Decide(%q): message %q does not name %s", tc.args, p.Message, ServerName)
		}
	}
}
