// Command safejson is the command-line face of safejson.
//
// Usage:
//
//	safejson bench [-benchtime D] [-corpus NAME]
//
// bench checks, on the corpora built into the binary, that safejson's
// compat.Marshal writes the same bytes as encoding/json, then prints a
// side-by-side table of throughput and allocations.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "bench":
		return benchCmd(args[1:], stdout, stderr)
	case "conform":
		return conformCmd(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "safejson: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: safejson <command> [arguments]

commands:
  bench    check compat.Marshal against encoding/json on the built-in
           corpora and compare their speed and allocations
  conform  [-n N] [-seed S] [-duration D] [-run REGEXP]: hold safejson to
           encoding/json on generated types, values and texts
`)
}
