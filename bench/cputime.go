package bench

import (
	"slices"
	"syscall"
	"time"

	"github.com/safejson/safejson/internal/randbench"
)

// CPUTime is the CPU time this process has used so far.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BestCPU measures each function by process CPU time per call, which moves
// far less than wall time on a shared, busy machine, and returns each one's
// best round of RoundsCPU.
func BestCPU(rounds int, budget time.Duration, fs ...func()) []time.Duration {
	best := make([]time.Duration, len(fs))
	for i, per := range RoundsCPU(rounds, budget, fs...) {
		best[i] = slices.Min(per)
	}
	return best
}

// RoundsCPU runs the functions in turn for rounds rounds, each for budget
// of CPU time, and returns the CPU time per call of each function in each
// round. The functions of one round ran close together in time, under
// much the same load. Calls are timed in batches long enough that reading
// the clock (a system call) costs little next to them.
func RoundsCPU(rounds int, budget time.Duration, fs ...func()) [][]time.Duration {
	per := make([][]time.Duration, len(fs))
	batches := make([]int, len(fs))
	for i, f := range fs {
		batches[i] = randbench.BatchFor(f, budget/50, CPUTime)
	}
	for range rounds {
		for i, f := range fs {
			per[i] = append(per[i], randbench.PerCall(f, batches[i], budget, CPUTime))
		}
	}
	return per
}

// MedianRatio is the median over rounds of a's time over b's in the same
// round: a paired measure, which a load that comes and goes moves less than
// it moves either library's best round.
func MedianRatio(a, b []time.Duration) float64 {
	r := make([]float64, len(a))
	for i := range a {
		r[i] = float64(a[i]) / float64(b[i])
	}
	return Median(r)
}

// Median returns the median of xs (the mean of the middle two for an even
// count), leaving xs as it was.
func Median[T ~int64 | ~float64](xs []T) T {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[n/2]
}
