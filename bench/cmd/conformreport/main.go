// Command conformreport runs the conformance properties of
// github.com/safejson/safejson/conformance against safejson and the peer
// libraries, and writes a Markdown report of how often each differs from
// encoding/json, by kind of difference. It writes bench/CONFORMANCE.md:
//
//	cd bench && go run ./cmd/conformreport -n 500 -seed 1 > CONFORMANCE.md
//
// Some libraries crash the process on some inputs (a fault in unsafe
// code cannot be recovered), so each library and property runs in a
// child process; when a child dies, the case it was running counts as a
// crash and a new child goes on from the next case.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/safejson/safejson/conformance"
)

// stall is how long a child may go without finishing a case before it
// is taken to hang and is killed.
const stall = 2 * time.Minute

func main() {
	n := flag.Int("n", 500, "cases per property and library")
	seed := flag.Int64("seed", 1, "seed of the first case")
	child := flag.String("child", "", "internal: run one library and property in this process")
	prop := flag.String("prop", "", "internal: the property of a child")
	from := flag.Int("from", 0, "internal: the first case of a child")
	flag.Parse()
	if *child != "" {
		// A library that recurses through a cyclic value dies of stack
		// exhaustion; a smaller limit gets there sooner.
		debug.SetMaxStack(256 << 20)
		os.Exit(runChild(*child, *prop, *from, *n, *seed))
	}
	var props []conformance.Property
	for _, p := range conformance.Properties() {
		if !p.Own() {
			props = append(props, p)
		}
	}
	libs := libraries()
	results := make([][]tally, len(libs))
	for i, lib := range libs {
		fmt.Fprintf(os.Stderr, "conformreport: %s\n", lib.Name)
		for _, p := range props {
			results[i] = append(results[i], runIsolated(lib.Name, p.Name, *n, *seed))
		}
	}
	var b bytes.Buffer
	write(&b, *n, *seed, props, libs, results)
	os.Stdout.Write(b.Bytes())
}

// tally is one library's result on one property.
type tally struct {
	cases   int
	byKind  map[string]int // conformance.Kind names, and "crash"
	first   *conformance.Failure
	crashed []int64 // seeds of the cases that killed the process
}

func (t tally) failures() int {
	n := 0
	for _, c := range t.byKind {
		n += c
	}
	return n
}

// runIsolated runs cases [0, n) of one property against one library in
// child processes, restarting after each crash.
func runIsolated(lib, prop string, n int, seed int64) tally {
	t := tally{byKind: map[string]int{}}
	for next := 0; next < n; {
		cmd := exec.Command(os.Args[0], "-child", lib, "-prop", prop, "-from", strconv.Itoa(next), "-n", strconv.Itoa(n), "-seed", strconv.FormatInt(seed, 10))
		cmd.Stderr = nil
		out, err := cmd.StdoutPipe()
		if err != nil {
			fatal(err)
		}
		if err := cmd.Start(); err != nil {
			fatal(err)
		}
		lines := make(chan string)
		go func() {
			sc := bufio.NewScanner(out)
			sc.Buffer(nil, 64<<20)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		running := -1
	read:
		for {
			select {
			case line, ok := <-lines:
				if !ok {
					break read
				}
				verb, rest, _ := strings.Cut(line, " ")
				switch verb {
				case "start":
					running, _ = strconv.Atoi(rest)
				case "done":
					t.done(rest)
					running = -1
					next++
				case "first":
					t.keepFirst(rest)
				}
			case <-time.After(stall):
				cmd.Process.Kill()
				for range lines {
				}
				break read
			}
		}
		cmd.Wait()
		if running >= 0 {
			// The child died or hung in case running.
			t.cases++
			t.byKind["crash"]++
			t.crashed = append(t.crashed, seed+int64(running))
			next = running + 1
		}
	}
	return t
}

// done counts a finished case: "ok" or the kind of its difference.
func (t *tally) done(kind string) {
	t.cases++
	if kind != "ok" {
		t.byKind[kind]++
	}
}

// keepFirst keeps the first failure, and its shrunk form when that comes.
func (t *tally) keepFirst(text string) {
	var f conformance.Failure
	if json.Unmarshal([]byte(text), &f) == nil && (t.first == nil || t.first.Seed == f.Seed) {
		t.first = &f
	}
}

// runChild runs cases [from, n) one at a time, reporting each before and
// after, and the first failure before and after shrinking.
func runChild(lib, prop string, from, n int, seed int64) int {
	impl, ok := library(lib)
	if !ok {
		fmt.Fprintf(os.Stderr, "conformreport: no library %q\n", lib)
		return 2
	}
	var p conformance.Property
	for _, q := range conformance.Properties() {
		if q.Name == prop {
			p = q
		}
	}
	w := bufio.NewWriter(os.Stdout)
	emit := func(format string, args ...any) {
		fmt.Fprintf(w, format+"\n", args...)
		w.Flush()
	}
	reported := false
	for i := from; i < n; i++ {
		emit("start %d", i)
		cfg := conformance.Config{Cases: 1, Seed: seed + int64(i), NoShrink: true}
		res := p.Run(impl, cfg)
		if res.First == nil {
			emit("done ok")
			continue
		}
		// The case is counted before shrinking, which may crash too.
		emit("done %s", res.First.Mismatch.Kind)
		if !reported {
			reported = true
			b, _ := json.Marshal(res.First)
			emit("first %s", b)
			cfg.NoShrink = false
			b, _ = json.Marshal(p.Run(impl, cfg).First)
			emit("first %s", b)
		}
	}
	return 0
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "conformreport:", err)
	os.Exit(1)
}
