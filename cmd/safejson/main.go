// Command safejson is the command-line face of safejson.
//
// Usage:
//
//	safejson bench [-benchtime D] [-corpus NAME]
//	safejson conform [-n N] [-seed S] [-duration D]
//	safejson encode [-script-safe] [-indent S] [FILE]
//	safejson check FILE...
//
// bench checks, on the corpora built into the binary, that safejson's
// compat.Marshal writes the same bytes as encoding/json, then prints a
// side-by-side table of throughput and allocations. Each corpus is measured
// in both sets of Go types of internal/corpus: NAME is set A, NAME/b set B.
//
// encode re-encodes the JSON values of FILE (or stdin) to stdout as
// encoding/json would write them, keeping object keys in order, streaming in
// memory bounded by the largest single token. -script-safe makes the output
// safe inside an HTML <script> element. Invalid input stops it with an
// error naming the offset.
//
// check exits 1 after naming, for each FILE that is not valid, script-safe
// JSON, the offset of its first problem.
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
	case "encode":
		return encodeCmd(args[1:], os.Stdin, stdout, stderr)
	case "check":
		return checkCmd(args[1:], stdout, stderr)
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
  encode   [-script-safe] [-indent S] [FILE]: re-encode JSON text from FILE
           or stdin, keeping key order, in memory bounded by the largest token
  check    FILE...: report the first place each file is not valid,
           script-safe JSON; exit 1 if any is not
`)
}
