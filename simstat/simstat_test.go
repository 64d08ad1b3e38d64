package simstat

import (
	"math"
	"testing"
	"time"
)

func TestMeanCI95(t *testing.T) {
	m, ci := MeanCI95([]float64{1, 2, 3, 4})
	h := 1.96 * math.Sqrt((2.25+0.25+0.25+2.25)/3/4)
	if m != 2.5 || math.Abs(ci[0]-(2.5-h)) > 1e-12 || math.Abs(ci[1]-(2.5+h)) > 1e-12 {
		t.Fatalf("mean %v ci %v, want 2.5 +- %v", m, ci, h)
	}
	if m, ci := MeanCI95([]float64{7}); m != 7 || ci != [2]float64{7, 7} {
		t.Fatalf("one value: %v %v", m, ci)
	}
	if m, ci := MeanCI95(nil); m != 0 || ci != [2]float64{} {
		t.Fatalf("none: %v %v", m, ci)
	}
}

func TestQuantile(t *testing.T) {
	d := []time.Duration{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	for _, tc := range []struct {
		q    float64
		want time.Duration
	}{{0, 1}, {0.5, 5}, {0.95, 10}, {1, 10}} {
		if got := Quantile(d, tc.q); got != tc.want {
			t.Errorf("q %v: %v, want %v", tc.q, got, tc.want)
		}
	}
	if Quantile(nil, 0.5) != 0 || Ms(1500*time.Microsecond) != 1.5 {
		t.Error("empty quantile or Ms")
	}
}
