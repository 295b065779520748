package randbench

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

// Options say how Run measures and what it reports.
type Options struct {
	// Ours names the library the others are compared with; it must match
	// encoding/json on every set.
	Ours string
	// Passes is the number of passes over the libraries per set and
	// operation; Budget, each library's wall time in one pass.
	Passes int
	Budget time.Duration
	// Clock, if not nil, is the clock the libraries are timed by, such as
	// the process's CPU time, which other processes on a busy machine
	// disturb less than wall time; nil is wall time. Its name goes in
	// the report.
	Clock     func() time.Duration
	ClockName string
	// Worst names the peer whose slowest sets against Ours are listed
	// with their shapes.
	Worst string
	// AllDiffs lists every difference of a peer from encoding/json, not
	// only the first few of each library and operation.
	AllDiffs bool
	// Progress, if not nil, receives a line every few sets.
	Progress io.Writer
}

// result is what Run found for one case: per library and operation the
// difference from encoding/json, the ratio of the library's time to
// Ours' (the median over passes of the ratio within a pass) and the heap
// objects allocated per call.
type result struct {
	c      *Case
	diff   [][2]error
	ratio  [][2]float64
	allocs [][2]float64
}

// Run checks every library on every case and then, only if Ours matches
// encoding/json on all of them, times them and writes the report to w.
// It returns false if Ours differs from encoding/json anywhere.
func Run(w io.Writer, cases []Case, libs []Lib, opt Options) bool {
	ours := slices.IndexFunc(libs, func(l Lib) bool { return l.Name == opt.Ours })
	if ours < 0 {
		panic("randbench: Options.Ours is not among the libraries")
	}
	results := make([]result, len(cases))
	failed := false
	for i := range cases {
		r := &results[i]
		r.c = &cases[i]
		r.diff = make([][2]error, len(libs))
		for j, l := range libs {
			r.diff[j] = Check(r.c, l, j == ours)
		}
		for op, err := range r.diff[ours] {
			if err != nil {
				failed = true
				fmt.Fprintf(w, "FAIL: %s %s differs from encoding/json on set %d (%s: %s): %v\n",
					opt.Ours, Op(op), r.c.Index, r.c.Class, r.c.Shape, err)
			}
		}
	}
	if failed {
		fmt.Fprintf(w, "FAIL: %s differs from encoding/json; nothing was timed\n", opt.Ours)
		return false
	}
	fmt.Fprintf(w, "%s equals encoding/json on all %d type sets (Marshal bytes, Unmarshal values)\n", opt.Ours, len(cases))
	reportDiffs(w, results, libs, opt)

	for i := range results {
		measure(&results[i], libs, ours, opt)
		if opt.Progress != nil && (i+1)%20 == 0 {
			fmt.Fprintf(opt.Progress, "timed %d of %d type sets\n", i+1, len(results))
		}
	}
	reportSets(w, results, libs, ours, opt)
	reportSummary(w, results, libs, ours)
	reportWorst(w, results, libs, ours, opt)
	reportAllocs(w, results, libs, ours)
	return true
}

// measure times every library that matches encoding/json on the case,
// per operation, and counts its allocations.
func measure(r *result, libs []Lib, ours int, opt Options) {
	r.ratio = make([][2]float64, len(libs))
	r.allocs = make([][2]float64, len(libs))
	for op := range 2 {
		fs := make([]func(), len(libs))
		for j, l := range libs {
			if r.diff[j][op] != nil {
				continue
			}
			if Op(op) == Marshal {
				fs[j] = func() { _, _ = l.Marshal(r.c.Value) }
			} else {
				fs[j] = func() { _ = l.Unmarshal(r.c.JSON, r.c.New()) }
			}
			r.allocs[j][op] = allocsPerCall(fs[j])
		}
		clock := opt.Clock
		if clock == nil {
			clock = wallClock()
		}
		per := timeOps(opt.Passes, opt.Budget, clock, fs)
		for j := range libs {
			if fs[j] == nil {
				continue
			}
			ratios := make([]float64, opt.Passes)
			for p := range ratios {
				ratios[p] = float64(per[j][p]) / float64(per[ours][p])
			}
			r.ratio[j][op] = median(ratios)
		}
	}
}

// reportDiffs lists where the peers differ from encoding/json; those
// sets are left out of the peer's ratios.
func reportDiffs(w io.Writer, results []result, libs []Lib, opt Options) {
	header := false
	for j, l := range libs {
		for op := range 2 {
			var sets []string
			for _, r := range results {
				if err := r.diff[j][op]; err != nil {
					if !header {
						fmt.Fprintln(w, "\nPeers that differ from encoding/json (each such set is left out of that peer's ratios):")
						header = true
					}
					if len(sets) < 3 || opt.AllDiffs {
						fmt.Fprintf(w, "  %s %s, set %d (%s): %s\n", l.Name, Op(op), r.c.Index, r.c.Class, clip(err.Error(), 300))
					}
					sets = append(sets, fmt.Sprint(r.c.Index))
				}
			}
			if len(sets) > 0 {
				fmt.Fprintf(w, "  %s %s differs on %d of %d sets: %s\n", l.Name, Op(op), len(sets), len(results), clip(fmt.Sprint(sets), 400))
			}
		}
	}
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// reportSets writes one line per set: its class and size, then each
// peer's ratio per operation, "-" where it was left out.
func reportSets(w io.Writer, results []result, libs []Lib, ours int, opt Options) {
	clock := opt.ClockName
	if opt.Clock == nil {
		clock = "wall"
	}
	fmt.Fprintf(w, "\nPer type set: peer time / %s time, median of %d passes of %v (%s clock) each (above 1: %s is faster)\n",
		opt.Ours, opt.Passes, opt.Budget, clock, opt.Ours)
	tw := tabwriter.NewWriter(w, 0, 0, 1, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "set\tclass\tkB\tfields\titems\tdepth\t")
	for j, l := range libs {
		if j != ours {
			fmt.Fprintf(tw, "%s M\t%s U\t", l.Name, l.Name)
		}
	}
	fmt.Fprintln(tw)
	for _, r := range results {
		s := r.c.Shape
		fmt.Fprintf(tw, "%d\t%s\t%.1f\t%d\t%d\t%d\t", r.c.Index, r.c.Class, float64(len(r.c.JSON))/1e3, s.Fields, s.Items, s.Depth)
		for j := range libs {
			if j == ours {
				continue
			}
			for op := range 2 {
				if r.diff[j][op] != nil {
					fmt.Fprint(tw, "-\t")
				} else {
					fmt.Fprintf(tw, "%.2f\t", r.ratio[j][op])
				}
			}
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

// ratios returns peer j's ratios for op over the sets it matched on.
func ratios(results []result, j, op int) []float64 {
	var xs []float64
	for _, r := range results {
		if r.diff[j][op] == nil {
			xs = append(xs, r.ratio[j][op])
		}
	}
	return xs
}

// reportSummary writes the distribution of each peer's ratios.
func reportSummary(w io.Writer, results []result, libs []Lib, ours int) {
	fmt.Fprintf(w, "\nDistribution over type sets of peer time / %s time\n", libs[ours].Name)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "peer\top\tsets\tmin\tp10\tmedian\tgeomean\tbelow 1.0\tleft out\t")
	for j, l := range libs {
		if j == ours {
			continue
		}
		for op := range 2 {
			xs := ratios(results, j, op)
			out := len(results) - len(xs)
			if len(xs) == 0 {
				fmt.Fprintf(tw, "%s\t%s\t0\t\t\t\t\t\t%d\t\n", l.Name, Op(op), out)
				continue
			}
			below := 0
			for _, x := range xs {
				if x < 1 {
					below++
				}
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t%.2f\t%.2f\t%.2f\t%.2f\t%d\t%d\t\n", l.Name, Op(op), len(xs),
				slices.Min(xs), percentile(xs, 10), median(xs), geomean(xs), below, out)
		}
	}
	tw.Flush()
}

// reportWorst lists the ten sets on which opt.Worst comes closest to (or
// beats) ours, per operation, with their shapes.
func reportWorst(w io.Writer, results []result, libs []Lib, ours int, opt Options) {
	j := slices.IndexFunc(libs, func(l Lib) bool { return l.Name == opt.Worst })
	if j < 0 || j == ours {
		return
	}
	for op := range 2 {
		var rs []result
		for _, r := range results {
			if r.diff[j][op] == nil {
				rs = append(rs, r)
			}
		}
		slices.SortStableFunc(rs, func(a, b result) int {
			return cmp.Compare(a.ratio[j][op], b.ratio[j][op])
		})
		fmt.Fprintf(w, "\nThe 10 sets where %s %s is slowest against %s (%s time / %s time):\n",
			opt.Ours, Op(op), opt.Worst, opt.Worst, opt.Ours)
		for _, r := range rs[:min(10, len(rs))] {
			fmt.Fprintf(w, "  %.2f  set %d, %s, %.1f kB: %s\n", r.ratio[j][op], r.c.Index, r.c.Class,
				float64(len(r.c.JSON))/1e3, r.c.Shape)
		}
	}
}

// reportAllocs writes the heap objects per call: ours per operation, and
// the sets ours allocates more objects on than each peer, with both
// counts.
func reportAllocs(w io.Writer, results []result, libs []Lib, ours int) {
	fmt.Fprintf(w, "\nHeap objects per call of %s\n", libs[ours].Name)
	for op := range 2 {
		var xs []float64
		for _, r := range results {
			xs = append(xs, r.allocs[ours][op])
		}
		fmt.Fprintf(w, "  %s: min %.0f, median %.0f, max %.0f\n", Op(op), slices.Min(xs), median(xs), slices.Max(xs))
	}
	for j, l := range libs {
		if j == ours {
			continue
		}
		for op := range 2 {
			var more []string
			n := 0
			for _, r := range results {
				if r.diff[j][op] != nil {
					continue
				}
				n++
				if r.allocs[ours][op] > r.allocs[j][op] {
					more = append(more, fmt.Sprintf("%d (%.0f, %.0f)", r.c.Index, r.allocs[ours][op], r.allocs[j][op]))
				}
			}
			fmt.Fprintf(w, "  %s %s allocates more objects than %s on %d of %d sets", libs[ours].Name, Op(op), l.Name, len(more), n)
			if len(more) > 0 {
				fmt.Fprintf(w, ": %s", clip(strings.Join(more, ", "), 300))
			}
			fmt.Fprintln(w)
		}
	}
}

func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	if n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[n/2]
}

// percentile is the nearest-rank p-th percentile of xs.
func percentile(xs []float64, p float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	i := int(math.Ceil(p/100*float64(len(s)))) - 1
	return s[max(i, 0)]
}

func geomean(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += math.Log(x)
	}
	return math.Exp(sum / float64(len(xs)))
}
