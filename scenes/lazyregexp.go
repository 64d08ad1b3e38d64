package scenes

import (
	"regexp"
	"sync"
)

// lazyRegexp returns the compiled pattern expr, compiled on the first call
// (and then kept), so that no pattern is compiled while the program
// starts: package variables' initialisers run before the first frame,
// which in a browser is where start-up time is counted (issue 28). A bad
// pattern panics at that first call, as regexp.MustCompile does.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
