//go:build !headless

package main

import "errors"

// startCPUProfile refuses in a browser: a page has no file to write a
// profile to (the browser's own profiler shows the wasm's functions).
func startCPUProfile(string) (stop func(), err error) {
	return nil, errors.New("--cpuprofile: no CPU profile in a browser")
}
