//go:build !headless

package main

import "time"

// mainInit is when the main package was initialised: after every package
// it imports (Ebitengine's included), just before main runs.
var mainInit = time.Now()

// startAge returns the time since mainInit and what it counts from.
func startAge() (func() time.Duration, string) {
	return func() time.Duration { return time.Since(mainInit) }, "the main package's initialisation"
}
