// Command paired reads the raw results of run.sh and compares safejson
// with a peer pass by pass: run.sh runs every benchmark once per pass, so
// the two libraries' runs of one input in one pass are close in time and
// share the machine's load. For each benchmark it prints the median, least
// and greatest of the per-pass ratios (peer time / safejson time, above 1
// when safejson is faster) and, per operation, the geometric mean of the
// medians over the five typed corpora, in set A and in set B (NAME_b).
//
//	go run ./cmd/paired [-ours safejson] [-peer goccy] results/file.txt
//	go run ./cmd/paired -ours safejsonv2 -peer goccyv2 results/file.txt
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"

	"github.com/safejson/safejson/bench"
)

var line = regexp.MustCompile(`^Benchmark(\w+)/corpus=(\w+)/lib=(\w+)-\d+\s+\d+\s+([\d.]+) ns/op`)

var typed = []string{"canada_geometry", "citm_catalog", "golang_source", "synthea_fhir", "twitter_status"}

// typeSets are the corpora each geometric mean is over.
var typeSets = []struct {
	name    string
	corpora []string
}{
	{"set A", typed},
	{"set B", suffixed(typed, "_b")},
}

func suffixed(names []string, suffix string) []string {
	var out []string
	for _, n := range names {
		out = append(out, n+suffix)
	}
	return out
}

type key struct{ op, corpus string }

func main() {
	peer := flag.String("peer", "goccy", "library to compare safejson with")
	ours := flag.String("ours", "safejson", "safejson's library to compare: safejson, or safejsonv2 for compat/v2")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: paired [-ours lib] [-peer lib] results.txt")
		os.Exit(2)
	}
	f, err := os.Open(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	// The n-th run of a benchmark belongs to pass n.
	times := map[key]map[string][]float64{}
	var order []key
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := line.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		k := key{m[1], m[2]}
		if times[k] == nil {
			times[k] = map[string][]float64{}
			order = append(order, k)
		}
		ns, _ := strconv.ParseFloat(m[4], 64)
		times[k][m[3]] = append(times[k][m[3]], ns)
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	medians := map[string]map[string][]float64{} // type set -> op -> medians
	var ops []string
	for _, k := range order {
		ours, theirs := times[k][*ours], times[k][*peer]
		n := min(len(ours), len(theirs))
		if n == 0 {
			continue
		}
		ratios := make([]float64, n)
		for i := range n {
			ratios[i] = theirs[i] / ours[i]
		}
		med := bench.Median(ratios)
		slices.Sort(ratios)
		if !slices.Contains(ops, k.op) {
			ops = append(ops, k.op)
		}
		fmt.Printf("%-10s %-20s %.2f× [%.2f–%.2f] over %d passes\n", k.op, k.corpus, med, ratios[0], ratios[n-1], n)
		for _, set := range typeSets {
			if slices.Contains(set.corpora, k.corpus) {
				if medians[set.name] == nil {
					medians[set.name] = map[string][]float64{}
				}
				medians[set.name][k.op] = append(medians[set.name][k.op], med)
			}
		}
	}
	for _, set := range typeSets {
		for _, op := range ops {
			if ms := medians[set.name][op]; len(ms) == len(set.corpora) {
				sum := 0.0
				for _, m := range ms {
					sum += math.Log(m)
				}
				fmt.Printf("%-10s geometric mean of the medians over the typed corpora (%s): %.2f×\n", op, set.name, math.Exp(sum/float64(len(ms))))
			}
		}
	}
}
