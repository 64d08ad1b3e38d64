//go:build !js

package clipboard

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// tool is one command that writes (stdin) or reads (stdout) the clipboard.
type tool struct{ name, arg1, arg2 string }

func (t tool) cmd(ctx context.Context) *exec.Cmd {
	var args []string
	for _, a := range []string{t.arg1, t.arg2} {
		if a != "" {
			args = append(args, a)
		}
	}
	return exec.CommandContext(ctx, t.name, args...)
}

func tools(write bool) []tool {
	switch runtime.GOOS {
	case "darwin":
		if write {
			return []tool{{"pbcopy", "", ""}}
		}
		return []tool{{"pbpaste", "", ""}}
	case "windows":
		if write {
			return []tool{{"clip", "", ""}}
		}
		return []tool{{"powershell", "-NoProfile", "Get-Clipboard"}}
	}
	if write {
		return []tool{{"wl-copy", "", ""}, {"xclip", "-selection", "clipboard"}, {"xsel", "-b", "-i"}}
	}
	return []tool{{"wl-paste", "-n", ""}, {"xclip", "-selection", "clipboard"}, {"xsel", "-b", "-o"}}
}

// Write puts text on the clipboard.
func Write(text string) error {
	var last error = ErrUnavailable
	for _, t := range tools(true) {
		if _, err := exec.LookPath(t.name); err != nil {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		c := t.cmd(ctx)
		c.Stdin = strings.NewReader(text)
		err := c.Run()
		cancel()
		if err == nil {
			return nil
		}
		last = fmt.Errorf("clipboard: %s: %w", t.name, err)
	}
	return last
}

// Read returns the clipboard's text (at most MaxRead bytes).
func Read() (string, error) {
	var last error = ErrUnavailable
	for _, t := range tools(false) {
		if _, err := exec.LookPath(t.name); err != nil {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		c := t.cmd(ctx)
		if t.name == "xclip" {
			c.Args = append(c.Args, "-o")
		}
		var out bytes.Buffer
		c.Stdout = &out
		err := c.Run()
		cancel()
		if err == nil {
			b := out.Bytes()
			if len(b) > MaxRead {
				b = b[:MaxRead]
			}
			return string(b), nil
		}
		last = fmt.Errorf("clipboard: %s: %w", t.name, err)
	}
	return "", last
}
