package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/jsonstream"
	"github.com/safejson/safejson/internal/syntax"
)

const encodeHelp = `encode re-encodes the JSON values in INPUT, or in stdin if INPUT is absent or
"-", as encoding/json writes them, each followed by a newline. It keeps
object keys in their order and numbers as they are written, and needs memory
only for the largest single token.

Without -o, the output streams to stdout; on invalid input, the values
before the error have already been written. With -o FILE, the output goes
to a temporary file in FILE's directory, which is synced and renamed over
FILE only once the whole input is encoded; FILE keeps its permissions. On
any error, the temporary file is removed and FILE is left as it was. INPUT
and FILE may be the same file.

Invalid input is reported with its byte offset, counted as encoding/json
counts it: the number of bytes read when the error was found.

Exit status: 0 on success, 1 if the input is invalid or a file cannot be
read or written, 2 for a usage error.
`

// encodeCmd re-encodes the JSON values of a file or stdin to stdout or to
// the file named by -o.
func encodeCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := &command{name: "encode", args: "[-o FILE] [-script-safe] [-indent S] [INPUT]", help: encodeHelp, stdout: stdout, stderr: stderr}
	flags := c.flags()
	out := flags.String("o", "", "write to `FILE`, replaced only once the whole input is encoded (default: stdout)")
	scriptSafe := flags.Bool("script-safe", false, "escape strings for HTML <script> elements (see package safe)")
	indent := flags.String("indent", "", "indent nested values with `S`, of spaces and tabs (as encoding/json's Indent)")
	if code, done := c.parse(flags, args); done {
		return code
	}
	switch {
	case flags.NArg() > 1:
		return c.usageError("%d inputs given (%s); encode reads one INPUT, or stdin", flags.NArg(), strings.Join(flags.Args(), " "))
	case strings.Trim(*indent, " \t") != "":
		return c.usageError("-indent %q: use only spaces and tabs, so that the output stays valid JSON", *indent)
	}
	setO := false
	flags.Visit(func(f *flag.Flag) { setO = setO || f.Name == "o" })
	if setO && *out == "" {
		return c.usageError("-o needs a file name; leave it out to write to stdout")
	}

	inName, in := "stdin", stdin
	if arg := flags.Arg(0); arg != "" && arg != "-" {
		f, err := os.Open(arg)
		if err != nil {
			return c.fail("%s", describe(arg, err))
		}
		defer f.Close()
		inName, in = arg, f
	}
	o := jsonstream.Options{Escape: escape.HTML, Indented: *indent != "", Indent: *indent}
	if *scriptSafe {
		o.Escape = escape.Script
	}
	var err error
	if *out == "" {
		err = reencode(stdout, "stdout", in, inName, o)
	} else {
		err = replaceFile(*out, func(w io.Writer) error { return reencode(w, *out, in, inName, o) })
	}
	if err != nil {
		return c.fail("%v", err)
	}
	return 0
}

// reencode re-encodes in to w. Its errors name the input, with the byte
// offset where the input is at fault, or the output where writing failed.
func reencode(w io.Writer, outName string, in io.Reader, inName string, o jsonstream.Options) error {
	ew := &errWriter{w: w}
	err := jsonstream.Reencode(ew, in, o)
	switch {
	case err == nil:
		return nil
	case ew.err != nil && errors.Is(err, ew.err):
		return fmt.Errorf("cannot write %s: %v", outName, reason(err))
	}
	return errors.New(describe(inName, err))
}

// errWriter remembers its writer's error, which tells a failed write
// from a failed read.
type errWriter struct {
	w   io.Writer
	err error
}

func (w *errWriter) Write(p []byte) (int, error) {
	n, err := w.w.Write(p)
	if err != nil && w.err == nil {
		w.err = err
	}
	return n, err
}

const checkHelp = `check reports, for each FILE that is not valid, script-safe JSON, the place
of its first problem, one line per file on stdout. Script-safe JSON is what
package safe writes: valid JSON in which every '<', '>', '&' and '/', U+2028,
U+2029 and invalid UTF-8 in strings is escaped, so that it can sit inside an
HTML <script> element. 'safejson encode -script-safe -o FILE FILE' makes a
valid file script-safe.

A script-safety problem is reported as "FILE: byte N: what", where N is the
index, from 0, of the byte to escape. Invalid JSON is reported as "FILE:
invalid JSON after N bytes: what", where N counts the bytes read when the
error was found, as encoding/json counts it.

Exit status: 0 if every FILE is valid and script-safe, 1 if any is not or
cannot be read, 2 for a usage error.
`

// checkCmd checks that each file holds valid, script-safe JSON.
func checkCmd(args []string, stdout, stderr io.Writer) int {
	c := &command{name: "check", args: "FILE...", help: checkHelp, stdout: stdout, stderr: stderr}
	flags := c.flags()
	if code, done := c.parse(flags, args); done {
		return code
	}
	if flags.NArg() == 0 {
		return c.usageError("no FILE given; name the files to check")
	}
	status, hazards := 0, false
	for _, name := range flags.Args() {
		err := checkFile(name)
		var h *syntax.Hazard
		var se *json.SyntaxError
		switch {
		case err == nil:
			continue
		case errors.As(err, &h):
			hazards = true
			fmt.Fprintln(stdout, describe(name, err))
		case errors.As(err, &se):
			fmt.Fprintln(stdout, describe(name, err))
		default:
			c.fail("%s", describe(name, err))
		}
		status = 1
	}
	if hazards {
		fmt.Fprintln(stderr, "safejson check: to make a valid file script-safe, run 'safejson encode -script-safe -o FILE FILE'")
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
	var pe *fs.PathError
	switch {
	case errors.As(err, &h):
		return fmt.Sprintf("%s: byte %d: %s", name, h.Offset, h.What)
	case errors.As(err, &se):
		return fmt.Sprintf("%s: invalid JSON after %d bytes: %s", name, se.Offset, se)
	case errors.As(err, &pe) && pe.Op == "open":
		return fmt.Sprintf("cannot open %s: %v", name, pe.Err)
	}
	return fmt.Sprintf("cannot read %s: %v", name, reason(err))
}

// reason is the cause of a file system error without the operation and
// path, which the message around it words for the user.
func reason(err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	var se *os.SyscallError
	switch {
	case errors.As(err, &pe):
		return pe.Err
	case errors.As(err, &le):
		return le.Err
	case errors.As(err, &se):
		return se.Err
	}
	return err
}
