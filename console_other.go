//go:build !windows || headless

package main

// attachConsole does nothing here: only the Windows GUI build starts
// without a console (console_windows.go).
func attachConsole([]string) {}
