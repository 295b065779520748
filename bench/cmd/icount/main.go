// Command icount counts the instructions one library spends on one
// operation over inputs, with valgrind's callgrind: a measure of a code
// change that holds on a machine too busy for timings to mean much (it
// counts instructions, not cache misses or stalls, so check a gain with
// cpucmp when the machine is idle).
//
//	go build -o /tmp/icount ./cmd/icount
//	/tmp/icount -lib safejsonv2 -op unmarshal -corpus 'golang_source$' -n 20
//
// With -random N it counts over the first N type sets that
// internal/randtypes draws from -seed instead, and with -vs a second
// library it gives, per set, that library's count over -lib's and the
// distribution of those ratios: a noise-free view of where -lib is behind.
//
//	/tmp/icount -lib safejson -vs goccy -op unmarshal -random 60 -seed 1 -n 5
//
// Build it rather than go run it: go run strips the symbol table, and
// callgrind then cannot find the function it counts in. It runs itself
// under valgrind, which counts only the instructions of the
// N calls after a first one (which compiles the types), and prints them
// divided by N: instructions per call.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"text/tabwriter"

	"github.com/safejson/safejson/bench"
	"github.com/safejson/safejson/internal/randbench"
	"github.com/safejson/safejson/internal/randtypes"
)

func main() {
	libName := flag.String("lib", "safejson", "library")
	op := flag.String("op", "marshal", "marshal or unmarshal")
	corpusRE := flag.String("corpus", ".", "regexp of inputs")
	n := flag.Int("n", 10, "calls per input")
	random := flag.Int("random", 0, "count over this many random type sets instead of the inputs")
	seed := flag.Uint64("seed", 1, "with -random, the seed the type sets are drawn from")
	vs := flag.String("vs", "", "with -random, a second library to count and compare")
	child := flag.String("child", "", "internal: the input to run, under valgrind")
	flag.Parse()

	lib := named(*libName)
	if *random > 0 {
		countRandom(lib, *vs, *op, *seed, *random, *n, *child)
		return
	}
	ins, err := bench.Inputs()
	check(err)
	if *child != "" {
		for _, in := range ins {
			if in.Name == *child {
				call := func() {
					if *op == "unmarshal" {
						_ = lib.Unmarshal(in.Data, in.New())
					} else {
						_, _ = lib.Marshal(in.Value)
					}
				}
				call() // compiles the types' encoders or decoders
				measured(call, *n)
			}
		}
		return
	}
	self, err := os.Executable()
	check(err)
	re := regexp.MustCompile(*corpusRE)
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "input\t%s %s instructions per call\t\n", *libName, *op)
	for _, in := range ins {
		if !re.MatchString(in.Name) || (*op == "marshal" && in.UnmarshalOnly) {
			continue
		}
		fmt.Fprintf(tw, "%s\t%d\t\n", in.Name, count(self, *libName, *op, in.Name, *n, nil)/int64(*n))
	}
	tw.Flush()
}

func named(name string) bench.Library {
	libs := bench.Named([]string{name})
	if len(libs) == 0 {
		check(fmt.Errorf("no library %q", name))
	}
	return libs[0]
}

// countRandom counts lib (and vs) over the first n random type sets, or,
// as the child, runs set child.
func countRandom(lib bench.Library, vs, op string, seed uint64, n, calls int, child string) {
	if child != "" {
		i, err := strconv.Atoi(child)
		check(err)
		cases, err := randbench.Prepare([]randtypes.Set{randtypes.One(seed, i)})
		check(err)
		c := &cases[0]
		call := func() { _, _ = lib.Marshal(c.Value) }
		if op == "unmarshal" {
			call = func() { _ = lib.Unmarshal(c.JSON, c.New()) }
		}
		call()
		measured(call, calls)
		return
	}
	cases, err := randbench.Prepare(randtypes.Generate(seed, n))
	check(err)
	self, err := os.Executable()
	check(err)
	extra := []string{"-random", strconv.Itoa(n), "-seed", strconv.FormatUint(seed, 10)}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "set\tbytes\t%s\t%s\t%s/%s\t\n", lib.Name, vs, vs, lib.Name)
	var ratios []float64
	for i := range cases {
		ours := count(self, lib.Name, op, strconv.Itoa(i), calls, extra) / int64(calls)
		if vs == "" {
			fmt.Fprintf(tw, "%d\t%d\t%d\t\t\t\n", i, len(cases[i].JSON), ours)
			continue
		}
		theirs := count(self, vs, op, strconv.Itoa(i), calls, extra) / int64(calls)
		r := float64(theirs) / float64(ours)
		ratios = append(ratios, r)
		fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%.2f\t\n", i, len(cases[i].JSON), ours, theirs, r)
	}
	tw.Flush()
	if len(ratios) > 0 {
		slices.Sort(ratios)
		fmt.Printf("%s/%s instructions over %d sets: min %.2f, p10 %.2f, median %.2f\n", vs, lib.Name,
			len(ratios), ratios[0], ratios[len(ratios)/10], ratios[len(ratios)/2])
	}
}

// measured makes n calls: callgrind counts only what runs inside it.
//
//go:noinline
func measured(call func(), n int) {
	for range n {
		call()
	}
}

var collected = regexp.MustCompile(`Collected : (\d+)`)

// count runs one input n times under callgrind and returns the
// instructions the calls ran.
func count(self, lib, op, input string, n int, extra []string) int64 {
	args := []string{"--tool=callgrind", "--callgrind-out-file=/dev/null", "--toggle-collect=main.measured",
		self, "-lib", lib, "-op", op, "-child", input, "-n", strconv.Itoa(n)}
	cmd := exec.Command("valgrind", append(args, extra...)...)
	// Go's preemption signals trip callgrind up; the collector runs
	// at no set point, so it is off; valgrind cannot decode RDTSCP, which
	// the runtime's clock uses where the CPU has it.
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1", "GOGC=off", "GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off")
	out, err := cmd.CombinedOutput()
	m := collected.FindSubmatch(out)
	if err != nil || m == nil {
		check(fmt.Errorf("valgrind: %v\n%s", err, out))
	}
	v, _ := strconv.ParseInt(string(m[1]), 10, 64)
	if v == 0 {
		check(fmt.Errorf("callgrind counted nothing in main.measured: build icount with go build, not go run, which strips the symbols it needs"))
	}
	return v
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
