package bench

import (
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	odd := []time.Duration{5, 1, 3}
	if got := Median(odd); got != 3 {
		t.Errorf("Median(%v) = %v, want 3", odd, got)
	}
	if odd[0] != 5 {
		t.Errorf("Median sorted its argument: %v", odd)
	}
	if got := Median([]float64{4, 1, 2, 3}); got != 2.5 {
		t.Errorf("Median(4, 1, 2, 3) = %v, want 2.5", got)
	}
}

func TestMedianRatio(t *testing.T) {
	// Per round: 2, 0.5, 4. The best rounds' ratio (10/10) would be 1.
	a := []time.Duration{20, 10, 40}
	b := []time.Duration{10, 20, 10}
	if got := MedianRatio(a, b); got != 2 {
		t.Errorf("MedianRatio = %v, want 2", got)
	}
}
