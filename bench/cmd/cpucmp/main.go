// Command cpucmp compares libraries by process CPU time rather than wall
// time. On a shared, busy machine wall-clock benchmarks swing by tens of
// percent; CPU time spent by this process moves far less. It alternates the
// libraries in rounds and keeps each one's best round, or with -stat median
// reports each library's median round and, as the ratio, the median of the
// ratios of rounds run side by side (steadier when the load comes and goes).
//
//	go run ./cmd/cpucmp [-op marshal|unmarshal] [-rounds N] [-round D] [-stat best|median] [-libs std,safejson,goccy] [-corpus REGEXP]
package main

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/safejson/safejson/bench"
)

func main() {
	op := flag.String("op", "marshal", "marshal or unmarshal")
	rounds := flag.Int("rounds", 7, "rounds per library and input")
	libNames := flag.String("libs", "std,safejson,goccy", "comma-separated libraries")
	corpusRE := flag.String("corpus", ".", "regexp of inputs to run")
	budget := flag.Duration("round", 150*time.Millisecond, "CPU time per round")
	stat := flag.String("stat", "best", "best: each library's best round; median: median round, median of paired ratios")
	flag.Parse()
	if *stat != "best" && *stat != "median" {
		fmt.Fprintln(os.Stderr, "cpucmp: -stat is best or median")
		os.Exit(2)
	}

	re := regexp.MustCompile(*corpusRE)
	ins, err := bench.Inputs()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	libs := bench.Named(strings.Split(*libNames, ","))
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "input\t")
	for _, l := range libs {
		fmt.Fprintf(tw, "%s µs\t", l.Name)
	}
	for _, l := range libs[1:] {
		fmt.Fprintf(tw, "%s/%s\t", libs[0].Name, l.Name)
	}
	fmt.Fprintln(tw)
	for _, in := range ins {
		if !re.MatchString(in.Name) || (*op == "marshal" && in.UnmarshalOnly) {
			continue
		}
		fs := make([]func(), len(libs))
		failed := make([]bool, len(libs))
		for i, l := range libs {
			fs[i] = func() { _, _ = l.Marshal(in.Value) }
			if *op == "unmarshal" {
				fs[i] = func() { _ = l.Unmarshal(in.Data, in.New()) }
			}
			// A library that fails on an input is timed on its error
			// path: its figure is marked.
			var err error
			if *op == "unmarshal" {
				err = l.Unmarshal(in.Data, in.New())
			} else {
				_, err = l.Marshal(in.Value)
			}
			failed[i] = err != nil
		}
		per := bench.RoundsCPU(*rounds, *budget, fs...)
		best := make([]time.Duration, len(per))
		ratios := make([]float64, len(per))
		for i, p := range per {
			if *stat == "median" {
				best[i] = bench.Median(p)
				ratios[i] = bench.MedianRatio(per[0], p)
			} else {
				best[i] = slices.Min(p)
				ratios[i] = float64(slices.Min(per[0])) / float64(best[i])
			}
		}
		fmt.Fprintf(tw, "%s\t", in.Name)
		for i, d := range best {
			mark := ""
			if failed[i] {
				mark = " (fails)"
			}
			fmt.Fprintf(tw, "%.1f%s\t", float64(d.Nanoseconds())/1e3, mark)
		}
		for _, r := range ratios[1:] {
			fmt.Fprintf(tw, "%.2f\t", r)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}
