package lan

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// runDelay returns how long the process's threads, those alive now, have
// waited runnable for a CPU that the kernel gave to someone else
// (/proc/self/task/*/schedstat, second field): on a machine shared with
// other work, the part of a latency no code of ours can shorten.
func runDelay() time.Duration {
	paths, _ := filepath.Glob("/proc/self/task/*/schedstat")
	var sum int64
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		f := strings.Fields(string(b))
		if len(f) >= 2 {
			n, _ := strconv.ParseInt(f[1], 10, 64)
			sum += n
		}
	}
	return time.Duration(sum)
}
