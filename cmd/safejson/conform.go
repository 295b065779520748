package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/safejson/safejson/conformance"
)

// conformCmd runs the conformance campaign against compat.
func conformCmd(args []string, stdout, stderr io.Writer) int {
	return conform(args, conformance.Compat(), stdout, stderr)
}

const conformHelp = `conform generates random Go types (struct tags, embedding, marshalers, maps
with every key kind), hostile values and valid, broken and random JSON texts,
runs each case through safejson's compat and through the encoding/json of
the toolchain that built it, and prints, for each property, the cases run,
the failures and the first failing seed, then each shrunk failure as a
cmp.Diff (-want +got). Case i uses seed S+i, so -seed S -n 1 replays one
case. A call of encoding/json that has not returned after -oracle-timeout
is counted apart, as "encoding/json did not return", with its input and
seed.

Exit status: 0 with no differences, 1 with any, 2 for a usage error.
`

// conform runs every property (or those -run selects) against impl and
// prints a table: cases, failures and the first failing seed of each,
// followed by the shrunk failures. It exits 1 on any failure.
func conform(args []string, impl conformance.Impl, stdout, stderr io.Writer) int {
	c := &command{name: "conform", args: "[-n N] [-seed S] [-duration D] [-run REGEXP] [-oracle-timeout D]", help: conformHelp, stdout: stdout, stderr: stderr}
	fs := c.flags()
	n := fs.Int("n", 1000, "cases per property; 0 for no limit (needs -duration)")
	seed := fs.Int64("seed", 0, "seed of the first case; case i uses seed+i (default: from the clock)")
	duration := fs.Duration("duration", 0, "stop after this long (alone, it lifts the -n limit)")
	only := fs.String("run", "", "run only the properties whose name matches this regexp")
	oracleTimeout := fs.Duration("oracle-timeout", conformance.DefaultOracleTimeout,
		"how long a call of encoding/json may run before its case counts as \"encoding/json did not return\"")
	if code, done := c.parse(fs, args); done {
		return code
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["duration"] && !set["n"] {
		*n = 0
	}
	switch {
	case fs.NArg() > 0:
		return c.usageError("unexpected argument %q; conform takes only flags", fs.Arg(0))
	case *n < 0:
		return c.usageError("-n %d: give a number of cases, or 0 with -duration for no limit", *n)
	case *n == 0 && *duration <= 0:
		return c.usageError("-n 0 lifts the limit on cases: give a -duration too")
	case *duration < 0:
		return c.usageError("-duration %v: give a positive duration such as 30s or 10m", *duration)
	case *oracleTimeout <= 0:
		return c.usageError("-oracle-timeout %v: give a positive duration such as 5s", *oracleTimeout)
	}
	if !set["seed"] {
		*seed = time.Now().UnixNano() % 1e12
	}
	filter, err := regexp.Compile(*only)
	if err != nil {
		return c.usageError("-run %q: %v", *only, err)
	}
	var props []conformance.Property
	for _, p := range conformance.Properties() {
		if filter.MatchString(p.Name) {
			props = append(props, p)
		}
	}
	if len(props) == 0 {
		return c.usageError("-run %q matches no property; the properties are %s", *only, propertyNames())
	}

	start := time.Now()
	cfg := conformance.Config{Cases: *n, Seed: *seed, OracleTimeout: *oracleTimeout}
	if *duration > 0 {
		deadline := start.Add(*duration)
		cfg.Stop = func() bool { return time.Now().After(deadline) }
	}
	var progress func(cases, failures int)
	if isTerminal(stderr) {
		progress = func(cases, failures int) {
			fmt.Fprintf(stderr, "\rconform: %d cases, %d failures, %s ", cases, failures, time.Since(start).Round(time.Second))
		}
	}
	results := conformance.Campaign(props, impl, cfg, progress)
	if progress != nil {
		fmt.Fprint(stderr, "\r\033[K")
	}
	return report(stdout, impl, *seed, time.Since(start), results)
}

// report prints the table and the cases behind it. Cases where
// encoding/json did not return are no differences: they are counted in a
// column of their own, the first of each property is shown, and they leave
// the exit status alone.
func report(w io.Writer, impl conformance.Impl, seed int64, took time.Duration, results []conformance.Result) int {
	total, failed, noReturn, timedOut := 0, 0, 0, 0
	var stopped []string
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "property\tcases\tfailures\tdid not return\tfirst failing seed")
	for _, r := range results {
		first := "-"
		if r.First != nil {
			first = fmt.Sprint(r.First.Seed)
			failed++
		}
		total += r.Cases
		noReturn += r.NoReturn
		timedOut += r.TimedOut
		if r.Stopped {
			stopped = append(stopped, fmt.Sprintf("%s (%d left running)", r.Property, r.TimedOut))
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\n", r.Property, r.Cases, r.Failures, r.NoReturn, first)
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%s against %s: %d cases from seed %d in %s\n", impl.Name, conformance.Oracle(), total, seed, took.Round(time.Millisecond))
	if noReturn > 0 {
		fmt.Fprintf(w, "encoding/json did not return in %d cases (%d calls ran past the deadline and are still running; the rest are known loops, not called)\n", noReturn, timedOut)
	}
	if len(stopped) > 0 {
		fmt.Fprintf(w, "stopped early, to leave no more calls of encoding/json running: %s\n", strings.Join(stopped, ", "))
	}
	for _, r := range results {
		if r.FirstNoReturn != nil {
			fmt.Fprintf(w, "\n%s\n", r.FirstNoReturn)
		}
	}
	if failed == 0 {
		fmt.Fprintln(w, "no differences")
		return 0
	}
	for _, r := range results {
		if r.First != nil {
			fmt.Fprintf(w, "\n%s\n", r.First)
		}
	}
	return 1
}

// isTerminal reports whether w is a terminal, where a progress line that
// rewrites itself makes sense.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// propertyNames lists the names of the properties, for a -run that
// matches none.
func propertyNames() string {
	var names []string
	for _, p := range conformance.Properties() {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}
