// Command safejson is the command-line face of safejson.
//
// Usage:
//
//	safejson bench [-benchtime D] [-corpus NAME]
//	safejson conform [-n N] [-seed S] [-duration D] [-run REGEXP] [-oracle-timeout D]
//	safejson encode [-o FILE] [-script-safe] [-indent S] [INPUT]
//	safejson check FILE...
//
// bench checks, on the corpora built into the binary, that safejson's
// compat.Marshal writes the same bytes as encoding/json, then prints a
// side-by-side table of throughput and allocations. Each corpus is measured
// in both sets of Go types of internal/corpus: NAME is set A, NAME/b set B.
//
// encode re-encodes the JSON values of INPUT (or stdin) as encoding/json
// would write them, keeping object keys in order, streaming in memory
// bounded by the largest single token. -script-safe makes the output safe
// inside an HTML <script> element. Invalid input stops it with an error
// naming the offset. The output streams to stdout, or with -o FILE goes to
// a temporary file that replaces FILE only when the whole input is encoded,
// so that FILE is never left half-written.
//
// check exits 1 after naming, for each FILE that is not valid, script-safe
// JSON, the offset of its first problem.
//
// Each command's -h describes it in full. Exit status is 0 on success, 1
// when the work fails (invalid input, a file that cannot be read or
// written, a difference found) and 2 for a usage error.
package main

import (
	"errors"
	"flag"
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
	fmt.Fprintf(stderr, "safejson: unknown command %q\nThe commands are bench, conform, encode and check; run 'safejson -h' for what each does.\n", args[0])
	return 2
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: safejson <command> [arguments]

commands:
  bench    check compat.Marshal against encoding/json on the built-in
           corpora and compare their speed and allocations
  conform  [-n N] [-seed S] [-duration D] [-run REGEXP] [-oracle-timeout D]:
           hold safejson to encoding/json on generated types, values and
           texts
  encode   [-o FILE] [-script-safe] [-indent S] [INPUT]: re-encode JSON text
           from INPUT or stdin, keeping key order, in memory bounded by the
           largest token, to stdout or to FILE, which is replaced only
           once the whole input is encoded
  check    FILE...: report the first place each file is not valid,
           script-safe JSON; exit 1 if any is not

Run 'safejson <command> -h' for a command's flags.
Exit status: 0 on success, 1 when the work fails, 2 for a usage error.
`)
}

// command is what a subcommand's -h and usage errors say about it.
type command struct {
	name   string // as typed after "safejson"
	args   string // the synopsis of its arguments
	help   string // what it does, printed by -h before the flags
	stdout io.Writer
	stderr io.Writer
}

// flags returns an empty flag set whose errors parse reports.
func (c *command) flags() *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parse parses args into fs. On -h it prints the help to stdout; on a bad
// flag, the error and the synopsis to stderr. done says the command is
// over, with the exit status code.
func (c *command) parse(fs *flag.FlagSet, args []string) (code int, done bool) {
	err := fs.Parse(args)
	switch {
	case err == nil:
		return 0, false
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprintf(c.stdout, "usage: safejson %s %s\n\n%s", c.name, c.args, c.help)
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintln(c.stdout, "\nflags:")
			fs.SetOutput(c.stdout)
			fs.PrintDefaults()
			fs.SetOutput(io.Discard)
		}
		return 0, true
	}
	return c.usageError("%v", err), true
}

// usageError reports a mistake in the command line and returns exit
// status 2.
func (c *command) usageError(format string, a ...any) int {
	fmt.Fprintf(c.stderr, "safejson %s: %s\nusage: safejson %s %s\nRun 'safejson %s -h' for details.\n",
		c.name, fmt.Sprintf(format, a...), c.name, c.args, c.name)
	return 2
}

// fail reports a failure of the work and returns exit status 1.
func (c *command) fail(format string, a ...any) int {
	fmt.Fprintf(c.stderr, "safejson %s: %s\n", c.name, fmt.Sprintf(format, a...))
	return 1
}
