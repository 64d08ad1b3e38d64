//go:build !linux

package bot

import "time"

var start = time.Now()

// threadCPU falls back to the wall clock off Linux.
func threadCPU() time.Duration { return time.Since(start) }
