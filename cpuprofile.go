//go:build !headless && !js

package main

import (
	"os"
	"runtime/pprof"
)

// startCPUProfile starts a CPU profile of the run written to the file at
// path (--cpuprofile; go tool pprof reads it); stop ends it and closes
// the file. The browser build has none (cpuprofile_js.go): runtime/pprof
// and what it brings are about 0.15 MB of its code.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}
