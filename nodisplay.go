//go:build !headless

package main

// Without a display, the guard's init runs before Ebitengine's would panic:
// the window says so in one line, the tools go to goldvein-server.
import _ "github.com/goldvein/goldvein/internal/displayguard"
