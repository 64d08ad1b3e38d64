package bot

import (
	"math"
	"testing"
)

// TestLog2: the fast logarithm stays within 1e-4 of math.Log2 over the
// range the soft minimum uses.
func TestLog2(t *testing.T) {
	worst := 0.0
	for x := 1e-60; x < 1e3; x *= 1.0137 {
		worst = max(worst, math.Abs(log2(x)-math.Log2(x)))
	}
	if worst > 1e-4 {
		t.Fatalf("fast log2 is off by %g", worst)
	}
}
