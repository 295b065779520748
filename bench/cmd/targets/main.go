// Command targets measures the speed targets of the policy, safe and
// timefmt packages by CPU time (see bench.BestCPU), each against its
// baseline:
//
//   - safe.Marshal against compat.Marshal on the typed corpora, in both
//     type sets (set B as NAME/b);
//
//   - policy TimePrecision(3) against compat.Marshal on time-heavy records;
//
//   - timefmt.Append against time.Time.AppendText;
//
//   - safe.Escape against encoding/json.Compact on the same text.
//
//     go run ./cmd/targets [-rounds N]
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"text/tabwriter"
	"time"

	"github.com/safejson/safejson/bench"
	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/policy"
	"github.com/safejson/safejson/safe"
	"github.com/safejson/safejson/timefmt"
)

func main() {
	rounds := flag.Int("rounds", 7, "rounds per measurement")
	budget := flag.Duration("round", 150*time.Millisecond, "CPU time per round")
	flag.Parse()

	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "target\tinput\tbaseline µs\tmeasured µs\tspeed vs baseline\t")
	row := func(target, input string, baseline, measured func()) {
		best := bench.BestCPU(*rounds, *budget, baseline, measured)
		fmt.Fprintf(tw, "%s\t%s\t%.3f\t%.3f\t%.2f\t\n", target, input,
			float64(best[0].Nanoseconds())/1e3, float64(best[1].Nanoseconds())/1e3, float64(best[0])/float64(best[1]))
	}
	defer tw.Flush()

	for _, c := range append(corpus.Typed(), corpus.TypedB()...) {
		if c.Set == "b" && c.Name == "string_escaped" {
			continue // decodes to the same value as string_unicode
		}
		v, err := c.Decode()
		check(err)
		name := c.Name
		if c.Set == "b" {
			name += "/b"
		}
		row("safe.Marshal vs compat.Marshal", name,
			func() { _, _ = compat.Marshal(v) }, func() { _, _ = safe.Marshal(v) })
	}

	events := bench.TimeEvents()
	p3 := policy.New(policy.TimePrecision(3))
	row("TimePrecision(3) vs compat.Marshal", "1000 time-heavy records",
		func() { _, _ = compat.Marshal(events) }, func() { _, _ = p3.Marshal(events) })

	buf := make([]byte, 0, 64)
	for _, tm := range []time.Time{
		time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.UTC),
		time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.UTC).In(time.FixedZone("EST", -5*3600)),
	} {
		row("timefmt.Append(3) vs Time.AppendText", tm.Location().String(),
			func() { buf, _ = tm.AppendText(buf[:0]) }, func() { buf, _ = timefmt.Append(buf[:0], tm, 3, false) })
	}

	for _, name := range []string{"twitter_status", "citm_catalog"} {
		src, err := corpus.Load(name)
		check(err)
		var dst bytes.Buffer
		out := make([]byte, 0, 2*len(src))
		row("safe.Escape vs json.Compact", name,
			func() { dst.Reset(); _ = json.Compact(&dst, src) }, func() { out, _ = safe.Escape(out[:0], src) })
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
