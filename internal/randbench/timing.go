package randbench

import (
	"runtime"
	"time"
)

// wallClock is the default Options.Clock: the time since the first call.
func wallClock() func() time.Duration {
	start := time.Now()
	return func() time.Duration { return time.Since(start) }
}

// timeOps times f for each library in passes: in every pass each library
// runs for budget on clock, in an order that rotates from pass to pass, so
// that a slow spell of a shared machine falls on all of them alike. Each
// round starts after a collection, so that marking the live heap, which
// earlier rounds made due, is not charged to whichever library runs next. It
// returns each library's time per call in each pass; a nil f is not timed.
func timeOps(passes int, budget time.Duration, clock func() time.Duration, fs []func()) [][]time.Duration {
	per := make([][]time.Duration, len(fs))
	batches := make([]int, len(fs))
	for i, f := range fs {
		if f != nil {
			batches[i] = BatchFor(f, budget/8, clock)
		}
	}
	for p := range passes {
		for k := range fs {
			i := (k + p) % len(fs)
			f := fs[i]
			if f == nil {
				continue
			}
			runtime.GC()
			per[i] = append(per[i], PerCall(f, batches[i], budget, clock))
		}
	}
	return per
}

// PerCall runs f in batches of batch calls for budget on clock and returns
// the time per call. It runs at least one batch: a CPU clock can jump by
// more than budget between two readings.
func PerCall(f func(), batch int, budget time.Duration, clock func() time.Duration) time.Duration {
	n := 0
	start := clock()
	for n == 0 || clock()-start < budget {
		for range batch {
			f()
		}
		n += batch
	}
	return (clock() - start) / time.Duration(n)
}

// BatchFor returns how many calls of f take at least d on clock, after a
// first call that builds the library's per-type caches.
func BatchFor(f func(), d time.Duration, clock func() time.Duration) int {
	f()
	for n := 1; ; n *= 2 {
		start := clock()
		for range n {
			f()
		}
		if clock()-start >= d {
			return n
		}
	}
}

// allocsPerCall counts the heap objects f allocates per call, on one
// thread as testing.AllocsPerRun does.
func allocsPerCall(f func()) float64 {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	f()
	const runs = 8
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return float64(after.Mallocs-before.Mallocs) / runs
}
