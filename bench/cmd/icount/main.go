// Command icount counts the instructions one library spends on one
// operation over inputs, with valgrind's callgrind: a measure of a code
// change that holds on a machine too busy for timings to mean much (it
// counts instructions, not cache misses or stalls, so check a gain with
// cpucmp when the machine is idle).
//
//	go build -o /tmp/icount ./cmd/icount
//	/tmp/icount -lib safejsonv2 -op unmarshal -corpus 'golang_source$' -n 20
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
	libs := bench.Named([]string{*libName})
	if len(libs) == 0 {
		check(fmt.Errorf("no library %q", *libName))
	}
	lib := libs[0]
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
		fmt.Fprintf(tw, "%s\t%d\t\n", in.Name, count(self, *libName, *op, in.Name, *n)/int64(*n))
	}
	tw.Flush()
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
func count(self, lib, op, input string, n int) int64 {
	cmd := exec.Command("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--toggle-collect=main.measured",
		self, "-lib", lib, "-op", op, "-child", input, "-n", strconv.Itoa(n))
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
