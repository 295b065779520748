package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/corpus"
)

type benchInput struct {
	name string
	v    any
}

// benchSource is an input before it is decoded, which takes a while.
type benchSource struct {
	name   string
	decode func() (any, error)
}

func benchSources() []benchSource {
	var sources []benchSource
	for _, c := range corpus.Typed() {
		sources = append(sources, benchSource{c.Name, c.Decode})
	}
	for _, name := range []string{"twitter_status", "citm_catalog"} {
		sources = append(sources, benchSource{name + "/any", func() (any, error) { return corpus.DecodeAny(name) }})
	}
	sources = append(sources, benchSource{"small", func() (any, error) { return corpus.Small(), nil }})
	for _, c := range corpus.TypedB() {
		if c.Name == "string_escaped" {
			continue // decodes to the same value as string_unicode
		}
		sources = append(sources, benchSource{c.Name + "/b", c.Decode})
	}
	return sources
}

func benchInputs(sources []benchSource) ([]benchInput, error) {
	var inputs []benchInput
	for _, s := range sources {
		v, err := s.decode()
		if err != nil {
			return nil, err
		}
		inputs = append(inputs, benchInput{s.name, v})
	}
	return inputs, nil
}

const benchHelp = `bench checks, on the JSON corpora built into the binary, that compat.Marshal
writes exactly the bytes encoding/json writes, then measures both and prints
a table of throughput (MB/s of output) and allocations per call. Each corpus
is decoded into Go types of two sets: NAME is the first set, NAME/b the
second, NAME/any an interface value. Under Go 1.27 it does the same for
compat/v2 against encoding/json/v2.

With -random N it measures, instead of the corpora, N type sets drawn from
-seed S: struct types of 1 to 150 fields of the kinds and tags real code
uses, nested, embedded and recursive types, types with their own JSON and
text methods, values of realistic sizes, wide records of mostly zero
members and deep trees. It first checks that compat's Marshal writes
encoding/json's bytes and its Unmarshal decodes encoding/json's value on
every set, then times both libraries side by side, in -passes passes of
-round each, and prints encoding/json's time over compat's per set and
their distribution. The peer libraries (goccy/go-json, sonic, ...) live
in the bench module of a source checkout: from its root,

    cd bench && go run ./cmd/random -n N -seed S

runs the same sets against them.

Exit status: 0 on success, 1 if an output differs from encoding/json's, 2
for a usage error.
`

// positiveDuration is a flag value that must be above zero.
type positiveDuration time.Duration

func (d *positiveDuration) String() string { return time.Duration(*d).String() }

func (d *positiveDuration) Set(s string) error {
	v, err := time.ParseDuration(s)
	if err != nil || v <= 0 {
		return errors.New("want a positive duration such as 500ms or 2s")
	}
	*d = positiveDuration(v)
	return nil
}

func benchCmd(args []string, stdout, stderr io.Writer) int {
	c := &command{name: "bench", args: "[-benchtime D] [-corpus NAME] | -random N [-seed S] [-passes P] [-round D]",
		help: benchHelp, stdout: stdout, stderr: stderr}
	flags := c.flags()
	benchtime := positiveDuration(500 * time.Millisecond)
	flags.Var(&benchtime, "benchtime", "measure each input for at least `D`")
	only := flags.String("corpus", "", "measure only the input `NAME` (default: all)")
	random := flags.Int("random", 0, "instead of the corpora, draw `N` random type sets and compare Marshal and Unmarshal on each")
	seed := flags.Uint64("seed", 1, "with -random: draw the type sets from seed `S`")
	passes := flags.Int("passes", 5, "with -random: `P` passes over the libraries per type set and operation")
	round := positiveDuration(5 * time.Millisecond)
	flags.Var(&round, "round", "with -random: time each library for `D` per type set, operation and pass")
	if code, done := c.parse(flags, args); done {
		return code
	}
	if flags.NArg() > 0 {
		return c.usageError("unexpected argument %q; bench takes only flags", flags.Arg(0))
	}
	if *random < 0 || *passes < 1 {
		return c.usageError("-random wants 0 or more type sets and -passes 1 or more")
	}
	if *random > 0 {
		if *only != "" {
			return c.usageError("-random and -corpus exclude each other")
		}
		return benchRandom(c, *random, *seed, *passes, time.Duration(round))
	}
	sources := benchSources()
	if *only != "" {
		var names []string
		for _, s := range sources {
			names = append(names, s.name)
		}
		i := slices.Index(names, *only)
		if i < 0 {
			return c.usageError("-corpus %q: no such input; the inputs are %s", *only, strings.Join(names, ", "))
		}
		sources = sources[i : i+1]
	}
	inputs, err := benchInputs(sources)
	if err != nil {
		return c.fail("%v", err)
	}

	// Correctness first: a fast wrong answer is not a result.
	for _, in := range inputs {
		want, werr := json.Marshal(in.v)
		got, gerr := compat.Marshal(in.v)
		if werr != nil || gerr != nil {
			return c.fail("%s: encoding/json error %v, safejson error %v", in.name, werr, gerr)
		}
		if !bytes.Equal(got, want) {
			return c.fail("%s: output differs from encoding/json at byte %d", in.name, firstDiff(got, want))
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
		std := measure(time.Duration(benchtime), size, func() { _, _ = json.Marshal(in.v) })
		ours := measure(time.Duration(benchtime), size, func() { _, _ = compat.Marshal(in.v) })
		fmt.Fprintf(tw, "%s\t%.1f\t%.1f\t%.2fx\t%d\t%d\t\n", in.name,
			std.mbps, ours.mbps, float64(std.nsPerOp)/float64(ours.nsPerOp), std.allocs, ours.allocs)
	}
	tw.Flush()
	// Under Go 1.27, compat/v2 against encoding/json/v2 as well.
	return benchV2(inputs, time.Duration(benchtime), stdout, stderr)
}

type measurement struct {
	nsPerOp int64
	mbps    float64
	allocs  int64
}

// measure calls f in growing batches until d has passed, at least once,
// and reports the time and heap allocations per call.
func measure(d time.Duration, size int, f func()) measurement {
	f() // warm caches and per-type encoders outside the measurement
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	n := 0
	start := time.Now()
	for batch := 1; n == 0 || time.Since(start) < d; batch *= 2 {
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
