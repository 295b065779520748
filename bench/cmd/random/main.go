// Command random measures safejson against encoding/json and the peer
// libraries on random type sets (internal/randtypes): struct types of 1
// to 150 fields of the kinds and tags real code uses, nested, embedded and
// recursive types, types with JSON and text methods, wide records of
// mostly zero members and deep trees, with values of realistic sizes.
// Nobody chose these shapes, so no library can be tuned to them.
//
// It first checks every library on every set against encoding/json: a
// difference of safejson fails the run (exit 1) before anything is timed;
// a peer's difference is reported and that set is left out of the peer's
// ratios. Then, set by set, it times every library in -passes passes of
// -round each, in a rotating order, by this process's CPU time (or with
// -clock wall by wall time), and reports per set the peer's time
// over safejson's (the median of the per-pass ratios), the distribution of
// those ratios per peer (minimum, 10th percentile, median, geometric
// mean), the ten sets on which safejson does worst against -worst, with
// their shapes, and heap objects per call.
//
//	go run ./cmd/random [-n 200] [-seed 1] [-libs safejson,std,goccy,...] [-passes 5] [-round 5ms] [-clock cpu|wall] [-worst goccy]
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/safejson/safejson/bench"
	"github.com/safejson/safejson/internal/randbench"
	"github.com/safejson/safejson/internal/randtypes"
)

// defaultLibs are the peers that aim at encoding/json's output, and
// sonic's fastest configuration beside its standard one.
const defaultLibs = "safejson,std,goccy,sonic,sonicfast,segmentio,jsoniter"

func main() {
	n := flag.Int("n", 200, "type sets to draw")
	seed := flag.Uint64("seed", 1, "seed the type sets are drawn from")
	libNames := flag.String("libs", defaultLibs, "comma-separated libraries; safejson is always included")
	passes := flag.Int("passes", 5, "passes over the libraries per type set and operation")
	round := flag.Duration("round", 5*time.Millisecond, "each library's time per type set, operation and pass")
	worst := flag.String("worst", "goccy", "list the sets where safejson does worst against this library")
	clock := flag.String("clock", "cpu", "cpu: time by this process's CPU time (bench.CPUTime); wall: by wall time")
	allDiffs := flag.Bool("alldiffs", false, "list every difference of a peer from encoding/json")
	flag.Parse()

	if *clock != "cpu" && *clock != "wall" {
		fmt.Fprintln(os.Stderr, "random: -clock is cpu or wall")
		os.Exit(2)
	}
	cases, err := randbench.Prepare(randtypes.Generate(*seed, *n))
	if err != nil {
		fmt.Fprintln(os.Stderr, "random:", err)
		os.Exit(1)
	}
	libs := bench.RandomLibs(strings.Split(*libNames, ","))
	fmt.Printf("%d random type sets from seed %d; libraries: %s\n", *n, *seed, *libNames)
	opt := randbench.Options{Ours: "safejson", Passes: *passes, Budget: *round, Worst: *worst,
		AllDiffs: *allDiffs, Progress: os.Stderr}
	if *clock == "cpu" {
		opt.Clock, opt.ClockName = bench.CPUTime, "CPU"
	}
	if !randbench.Run(os.Stdout, cases, libs, opt) {
		os.Exit(1)
	}
}
