// Command firstuse measures what the first Marshal and Unmarshal of a type
// cost, and how that cost grows with the number of types a program has
// already used. For each count N it starts one process per library, makes
// N distinct struct types with reflect.StructOf (5 fields each, not timed),
// then times by process CPU time one Marshal and one Unmarshal of each.
// Type caches only grow, so every measurement needs a fresh process.
//
//	go run ./cmd/firstuse [-libs std,safejson,goccy] [-n 10,1000,100000]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/safejson/safejson/bench"
)

func main() {
	libNames := flag.String("libs", "std,safejson,goccy", "comma-separated libraries")
	counts := flag.String("n", "10,100,1000,10000,100000", "comma-separated numbers of types")
	child := flag.String("child", "", "measure one library (lib:n) in this process and print ns/type")
	profile := flag.String("cpuprofile", "", "with -child: write a CPU profile to this file")
	memProfile := flag.String("memprofile", "", "with -child: write a heap profile of what the measured calls allocated to this file")
	flag.Parse()

	if *child != "" {
		lib, n, err := parseChild(*child)
		if err == nil && *profile != "" {
			var f *os.File
			if f, err = os.Create(*profile); err == nil {
				err = pprof.StartCPUProfile(f)
				defer pprof.StopCPUProfile()
			}
		}
		if err == nil && *memProfile != "" {
			runtime.MemProfileRate = 512
		}
		if err == nil {
			var per time.Duration
			per, err = measure(lib, n)
			fmt.Println(per.Nanoseconds())
		}
		if err == nil && *memProfile != "" {
			err = writeHeapProfile(*memProfile)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "firstuse:", err)
			os.Exit(1)
		}
		return
	}

	libs := strings.Split(*libNames, ",")
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "types\t%s\t\n", strings.Join(slices.Collect(func(yield func(string) bool) {
		for _, l := range libs {
			if !yield(l + " µs/type") {
				return
			}
		}
	}), "\t"))
	for _, c := range strings.Split(*counts, ",") {
		fmt.Fprintf(tw, "%s\t", c)
		for _, l := range libs {
			out, err := exec.Command(os.Args[0], "-child", l+":"+c).Output()
			if err != nil {
				fmt.Fprintf(os.Stderr, "firstuse: %s with %s types: %v\n", l, c, err)
				os.Exit(1)
			}
			ns, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
			if err != nil {
				fmt.Fprintln(os.Stderr, "firstuse:", err)
				os.Exit(1)
			}
			fmt.Fprintf(tw, "%.1f\t", float64(ns)/1e3)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

func parseChild(s string) (bench.Library, int, error) {
	name, count, _ := strings.Cut(s, ":")
	n, err := strconv.Atoi(count)
	if err != nil || n < 1 {
		return bench.Library{}, 0, fmt.Errorf("bad type count %q", count)
	}
	i := slices.IndexFunc(bench.Libraries(), func(l bench.Library) bool { return l.Name == name })
	if i < 0 {
		return bench.Library{}, 0, fmt.Errorf("no library %q", name)
	}
	return bench.Libraries()[i], n, nil
}

// measure returns the CPU time per type of one Marshal and one Unmarshal of
// each of n new types, after checking the library against encoding/json on
// the first.
func measure(lib bench.Library, n int) (time.Duration, error) {
	values := make([]reflect.Value, n)
	for i := range values {
		values[i] = newValue(i)
	}
	if err := check(lib, newValue(n)); err != nil {
		return 0, err
	}
	start := bench.CPUTime()
	for _, v := range values {
		data, err := lib.Marshal(v.Interface())
		if err != nil {
			return 0, err
		}
		if err := lib.Unmarshal(data, reflect.New(v.Type()).Interface()); err != nil {
			return 0, err
		}
	}
	return (bench.CPUTime() - start) / time.Duration(n), nil
}

// newValue returns a value of the i'th type: a struct whose five fields are
// named after i, so no two types are alike.
func newValue(i int) reflect.Value {
	kinds := []reflect.Type{
		reflect.TypeFor[int64](), reflect.TypeFor[string](), reflect.TypeFor[bool](),
		reflect.TypeFor[float64](), reflect.TypeFor[[]string](),
	}
	fields := make([]reflect.StructField, len(kinds))
	for j, t := range kinds {
		name := fmt.Sprintf("F%d_%d", i, j)
		fields[j] = reflect.StructField{Name: name, Type: t, Tag: reflect.StructTag(`json:"` + strings.ToLower(name) + `,omitempty"`)}
	}
	v := reflect.New(reflect.StructOf(fields)).Elem()
	v.Field(0).SetInt(int64(i))
	v.Field(1).SetString("type " + strconv.Itoa(i))
	v.Field(2).SetBool(i%2 == 0)
	v.Field(3).SetFloat(float64(i) / 4)
	v.Field(4).Set(reflect.ValueOf([]string{"a", "b"}))
	return v
}

// check compares one round trip through lib with encoding/json's.
func check(lib bench.Library, v reflect.Value) error {
	std := bench.Libraries()[0]
	want, _ := std.Marshal(v.Interface())
	got, err := lib.Marshal(v.Interface())
	if err != nil || !bytes.Equal(got, want) {
		return fmt.Errorf("%s: Marshal gave %q, %v; encoding/json %q", lib.Name, got, err, want)
	}
	back := reflect.New(v.Type())
	if err := lib.Unmarshal(want, back.Interface()); err != nil || !reflect.DeepEqual(back.Elem().Interface(), v.Interface()) {
		return fmt.Errorf("%s: Unmarshal of %s gave %+v, %v", lib.Name, want, back.Elem(), err)
	}
	return nil
}

// writeHeapProfile writes the heap profile, allocations included, to path.
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
