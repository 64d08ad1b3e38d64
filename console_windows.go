//go:build !headless

package main

import (
	"os"
	"syscall"
)

// attachParentProcess is AttachConsole's "the console of the parent
// process" ((DWORD)-1).
const attachParentProcess = ^uint32(0)

// attachConsole makes `goldvein.exe version` (or any subcommand) print in
// the console it was typed in. goldvein.exe is built for the GUI subsystem
// (-H=windowsgui, so a double-click opens no console window), and Windows
// starts such a program with no standard output: what it printed went
// nowhere. With arguments (a subcommand or flags), and standard output not
// already sent to a file or pipe, it attaches to the parent's console and
// writes there. cmd.exe does not wait for a GUI program, so its prompt may
// come back before the output; goldvein-cli.exe is the one for scripts.
func attachConsole(args []string) {
	if len(args) == 0 {
		return
	}
	if h, err := syscall.GetStdHandle(syscall.STD_OUTPUT_HANDLE); err == nil && h != 0 && h != syscall.InvalidHandle {
		return // redirected: keep it
	}
	attach := syscall.NewLazyDLL("kernel32.dll").NewProc("AttachConsole")
	if r, _, _ := attach.Call(uintptr(attachParentProcess)); r == 0 {
		return // started from Explorer, or no console to attach to
	}
	if f, err := os.OpenFile("CONOUT$", os.O_WRONLY, 0); err == nil {
		os.Stdout, os.Stderr = f, f
	}
	if f, err := os.OpenFile("CONIN$", os.O_RDONLY, 0); err == nil {
		os.Stdin = f
	}
}
