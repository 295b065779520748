// Command cpucmp compares libraries by process CPU time rather than wall
// time. On a shared, busy machine wall-clock benchmarks swing by tens of
// percent; CPU time spent by this process moves far less. It alternates the
// libraries in rounds and keeps each one's best round.
//
//	go run ./cmd/cpucmp [-op marshal|unmarshal] [-rounds N] [-libs std,safejson,goccy] [-corpus REGEXP]
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
	flag.Parse()

	re := regexp.MustCompile(*corpusRE)
	ins, err := bench.Inputs()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var libs []bench.Library
	want := strings.Split(*libNames, ",")
	for _, l := range bench.Libraries() {
		if slices.Contains(want, l.Name) {
			libs = append(libs, l)
		}
	}
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
		best := bench.BestCPU(*rounds, *budget, fs...)
		fmt.Fprintf(tw, "%s\t", in.Name)
		for i, d := range best {
			mark := ""
			if failed[i] {
				mark = " (fails)"
			}
			fmt.Fprintf(tw, "%.1f%s\t", float64(d.Nanoseconds())/1e3, mark)
		}
		for _, d := range best[1:] {
			fmt.Fprintf(tw, "%.2f\t", float64(best[0])/float64(d))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}
