//go:build !headless && !linux

package main

import "time"

// processAge returns the time since the main package's initialisation
// (startAge): where /proc is not there to say when the process started
// (Windows, macOS, the browser) that is the nearest the program sees.
func processAge() (func() time.Duration, string) { return startAge() }
