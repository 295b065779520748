// Command icount counts the instructions one library spends on one
// operation over inputs, with valgrind's callgrind: a measure of a code
// change that holds on a machine too busy for timings to mean much (it
// counts instructions, not cache misses or stalls, so check a gain with
// cpucmp when the machine is idle).
//
//	go run ./cmd/icount -lib safejsonv2 -op unmarshal -corpus 'golang_source$' -n 20
//
// It runs itself under valgrind, once with -n 0 (setup and a first call,
// which compiles) and once with -n N, and prints the difference divided by
// N: instructions per call.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"text/tabwriter"

	"github.com/safejson/safejson/bench"
)

func main() {
	libName := flag.String("lib", "safejson", "library")
	op := flag.String("op", "marshal", "marshal or unmarshal")
	corpusRE := flag.String("corpus", ".", "regexp of inputs")
	n := flag.Int("n", 10, "calls per input")
	child := flag.String("child", "", "internal: the input to run, under valgrind")
	flag.Parse()

	ins, err := bench.Inputs()
	check(err)
	var lib bench.Library
	for _, l := range bench.Libraries() {
		if l.Name == *libName {
			lib = l
		}
	}
	if lib.Name == "" {
		check(fmt.Errorf("no library %q", *libName))
	}
	if *child != "" {
		for _, in := range ins {
			if in.Name == *child {
				// One call more, which compiles the types' encoders or
				// decoders: the run with -n 0 counts it too.
				for range *n + 1 {
					if *op == "unmarshal" {
						_ = lib.Unmarshal(in.Data, in.New())
					} else {
						_, _ = lib.Marshal(in.Value)
					}
				}
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
		base := count(self, *libName, *op, in.Name, 0)
		total := count(self, *libName, *op, in.Name, *n)
		fmt.Fprintf(tw, "%s\t%d\t\n", in.Name, (total-base)/int64(*n))
	}
	tw.Flush()
}

var collected = regexp.MustCompile(`Collected : (\d+)`)

// count runs one input n times under callgrind and returns the
// instructions the whole process ran.
func count(self, lib, op, input string, n int) int64 {
	cmd := exec.Command("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
		self, "-lib", lib, "-op", op, "-child", input, "-n", strconv.Itoa(n))
	// Go's preemption signals trip callgrind up; the collector runs
	// at no set point, so it is off.
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1", "GOGC=off", "GODEBUG=asyncpreemptoff=1")
	out, err := cmd.CombinedOutput()
	m := collected.FindSubmatch(out)
	if err != nil || m == nil {
		check(fmt.Errorf("valgrind: %v\n%s", err, out))
	}
	v, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return v
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
