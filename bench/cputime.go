package bench

import (
	"syscall"
	"time"
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
// far less than wall time on a shared, busy machine. It runs the functions
// in turn for rounds rounds, each for budget of CPU time, and returns each
// one's best round. Calls are timed in batches long enough that reading the
// clock (a system call) costs little next to them.
func BestCPU(rounds int, budget time.Duration, fs ...func()) []time.Duration {
	best := make([]time.Duration, len(fs))
	batches := make([]int, len(fs))
	for i, f := range fs {
		batches[i] = batchFor(f, budget/50)
	}
	for range rounds {
		for i, f := range fs {
			n := 0
			start := CPUTime()
			for CPUTime()-start < budget {
				for range batches[i] {
					f()
				}
				n += batches[i]
			}
			per := (CPUTime() - start) / time.Duration(n)
			if best[i] == 0 || per < best[i] {
				best[i] = per
			}
		}
	}
	return best
}

// batchFor returns how many calls of f take at least d of CPU time.
func batchFor(f func(), d time.Duration) int {
	for n := 1; ; n *= 2 {
		start := CPUTime()
		for range n {
			f()
		}
		if CPUTime()-start >= d {
			return n
		}
	}
}
