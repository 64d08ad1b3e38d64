// Package simstat is the statistics every game's `goldvein sim` reports
// (docs/TOOLS.md): a mean with its 95% interval and quantiles of decision
// times. It depends on the standard library alone.
package simstat

import (
	"math"
	"time"
)

// MeanCI95 returns the mean of xs and its 95% confidence interval (normal
// approximation: the mean plus or minus 1.96 standard errors); no xs give
// zeros, one gives an interval of width 0.
func MeanCI95(xs []float64) (mean float64, ci [2]float64) {
	n := float64(len(xs))
	if n == 0 {
		return 0, [2]float64{}
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	mean = sum / n
	if n < 2 {
		return mean, [2]float64{mean, mean}
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	h := 1.96 * math.Sqrt(ss/(n-1)/n)
	return mean, [2]float64{mean - h, mean + h}
}

// Quantile returns the q-quantile (0 to 1) of durations sorted ascending,
// by nearest rank; 0 for none.
func Quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

// Ms is d in milliseconds.
func Ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
