package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"text/tabwriter"
	"time"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/corpus"
)

type benchInput struct {
	name string
	v    any
}

func benchInputs(only string) ([]benchInput, error) {
	var inputs []benchInput
	add := func(name string, v any) {
		if only == "" || only == name {
			inputs = append(inputs, benchInput{name, v})
		}
	}
	for _, c := range corpus.Typed() {
		v, err := corpus.DecodeTyped(c.Name)
		if err != nil {
			return nil, err
		}
		add(c.Name, v)
	}
	for _, name := range []string{"twitter_status", "citm_catalog"} {
		v, err := corpus.DecodeAny(name)
		if err != nil {
			return nil, err
		}
		add(name+"/any", v)
	}
	add("small", corpus.Small())
	for _, c := range corpus.TypedB() {
		if c.Name == "string_escaped" {
			continue // decodes to the same value as string_unicode
		}
		v, err := c.Decode()
		if err != nil {
			return nil, err
		}
		add(c.Name+"/b", v)
	}
	if len(inputs) == 0 {
		return nil, fmt.Errorf("no corpus named %q", only)
	}
	return inputs, nil
}

func benchCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	benchtime := fs.Duration("benchtime", 500*time.Millisecond, "minimum time per measurement")
	only := fs.String("corpus", "", "run only this input (default: all)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	inputs, err := benchInputs(*only)
	if err != nil {
		fmt.Fprintln(stderr, "safejson bench:", err)
		return 1
	}

	// Correctness first: a fast wrong answer is not a result.
	for _, in := range inputs {
		want, werr := json.Marshal(in.v)
		got, gerr := compat.Marshal(in.v)
		if werr != nil || gerr != nil {
			fmt.Fprintf(stderr, "safejson bench: %s: encoding/json error %v, safejson error %v\n", in.name, werr, gerr)
			return 1
		}
		if !bytes.Equal(got, want) {
			fmt.Fprintf(stderr, "safejson bench: %s: output differs from encoding/json at byte %d\n", in.name, firstDiff(got, want))
			return 1
		}
	}
	fmt.Fprintf(stdout, "compat.Marshal output equals encoding/json's on all %d inputs\n\n", len(inputs))

	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "input\tstd MB/s\tsafejson MB/s\tspeed-up\tstd allocs/op\tsafejson allocs/op\t")
	for _, in := range inputs {
		size := 0
		if out, err := json.Marshal(in.v); err == nil {
			size = len(out)
		}
		std := measure(*benchtime, size, func() { _, _ = json.Marshal(in.v) })
		ours := measure(*benchtime, size, func() { _, _ = compat.Marshal(in.v) })
		fmt.Fprintf(tw, "%s\t%.1f\t%.1f\t%.2fx\t%d\t%d\t\n", in.name,
			std.mbps, ours.mbps, float64(std.nsPerOp)/float64(ours.nsPerOp), std.allocs, ours.allocs)
	}
	tw.Flush()
	// Under Go 1.27, compat/v2 against encoding/json/v2 as well.
	return benchV2(inputs, *benchtime, stdout, stderr)
}

type measurement struct {
	nsPerOp int64
	mbps    float64
	allocs  int64
}

// measure calls f in growing batches until d has passed, and reports the
// time and heap allocations per call.
func measure(d time.Duration, size int, f func()) measurement {
	f() // warm caches and per-type encoders outside the measurement
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	n := 0
	start := time.Now()
	for batch := 1; time.Since(start) < d; batch *= 2 {
		for range batch {
			f()
		}
		n += batch
	}
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	return measurement{
		nsPerOp: elapsed.Nanoseconds() / int64(n),
		mbps:    float64(size) * float64(n) / elapsed.Seconds() / 1e6,
		allocs:  int64(after.Mallocs-before.Mallocs) / int64(n),
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
