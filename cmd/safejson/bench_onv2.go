//go:build goexperiment.jsonv2 && go1.27

package main

import (
	"bytes"
	jsonv2 "encoding/json/v2"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	compatv2 "github.com/safejson/safejson/compat/v2"
)

// benchV2 checks compat/v2.Marshal against encoding/json/v2 on the inputs
// (with Deterministic, whose bytes must be equal) and compares their
// speed with the default options, as Go 1.27 has them.
func benchV2(inputs []benchInput, benchtime time.Duration, stdout, stderr io.Writer) int {
	det := jsonv2.Deterministic(true)
	for _, in := range inputs {
		want, werr := jsonv2.Marshal(in.v, det)
		got, gerr := compatv2.Marshal(in.v, det)
		if (werr == nil) != (gerr == nil) || !bytes.Equal(got, want) {
			fmt.Fprintf(stderr, "safejson bench: %s: compat/v2 differs from encoding/json/v2 (errors %v, %v; first differing byte %d)\n",
				in.name, werr, gerr, firstDiff(got, want))
			return 1
		}
	}
	fmt.Fprintf(stdout, "\ncompat/v2.Marshal output equals encoding/json/v2's (Deterministic) on all %d inputs\n\n", len(inputs))
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "input\tstd v2 MB/s\tsafejson v2 MB/s\tspeed-up\tstd v2 allocs/op\tsafejson v2 allocs/op\t")
	for _, in := range inputs {
		out, err := jsonv2.Marshal(in.v)
		if err != nil {
			continue // an input v2 cannot write (its v1 types' methods)
		}
		std := measure(benchtime, len(out), func() { _, _ = jsonv2.Marshal(in.v) })
		ours := measure(benchtime, len(out), func() { _, _ = compatv2.Marshal(in.v) })
		fmt.Fprintf(tw, "%s\t%.1f\t%.1f\t%.2fx\t%d\t%d\t\n", in.name,
			std.mbps, ours.mbps, float64(std.nsPerOp)/float64(ours.nsPerOp), std.allocs, ours.allocs)
	}
	tw.Flush()
	return 0
}
