package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/jsonstream"
	"github.com/safejson/safejson/internal/syntax"
)

// encodeCmd re-encodes the JSON values of a file or stdin to stdout.
func encodeCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("encode", flag.ContinueOnError)
	fs.SetOutput(stderr)
	scriptSafe := fs.Bool("script-safe", false, "escape strings for HTML <script> elements (see package safe)")
	indent := fs.String("indent", "", "indent nested values with this string (as encoding/json's Indent)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: safejson encode [-script-safe] [-indent S] [FILE]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 1 {
		fs.Usage()
		return 2
	}
	name, in := "stdin", stdin
	if fs.NArg() == 1 && fs.Arg(0) != "-" {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			fmt.Fprintln(stderr, "safejson encode:", err)
			return 1
		}
		defer f.Close()
		name, in = fs.Arg(0), f
	}
	o := jsonstream.Options{Escape: escape.HTML, Indented: *indent != "", Indent: *indent}
	if *scriptSafe {
		o.Escape = escape.Script
	}
	if err := jsonstream.Reencode(stdout, in, o); err != nil {
		fmt.Fprintf(stderr, "safejson encode: %s\n", describe(name, err))
		return 1
	}
	return 0
}

// checkCmd checks that each file holds valid, script-safe JSON.
func checkCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, "usage: safejson check FILE...") }
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	status := 0
	for _, name := range fs.Args() {
		if err := checkFile(name); err != nil {
			fmt.Fprintln(stdout, describe(name, err))
			status = 1
		}
	}
	return status
}

func checkFile(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	return jsonstream.Check(f)
}

// describe names the file and the place of a problem in it. A hazard's
// offset is the index of the byte to change; a syntax error's is, as in
// encoding/json, the number of bytes read when it was found.
func describe(name string, err error) string {
	var h *syntax.Hazard
	var se *json.SyntaxError
	switch {
	case errors.As(err, &h):
		return fmt.Sprintf("%s: byte %d: %s", name, h.Offset, h.What)
	case errors.As(err, &se):
		return fmt.Sprintf("%s: invalid JSON after %d bytes: %s", name, se.Offset, se)
	}
	return fmt.Sprintf("%s: %v", name, err)
}
