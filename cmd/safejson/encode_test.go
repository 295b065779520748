package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/internal/corpus"
)

func runEncode(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := encodeCmd(args, strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestEncodeMatchesEncodingJSON re-encodes a corpus whose objects have
// sorted keys, so that encoding/json's Marshal of the decoded value (which
// sorts keys) is the expected text.
func TestEncodeMatchesEncodingJSON(t *testing.T) {
	var v any
	src, err := corpus.Load("canada_geometry")
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	std, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var indented bytes.Buffer
	json.Indent(&indented, std, "", "\t")

	dir := t.TempDir()
	file := filepath.Join(dir, "in.json")
	if err := os.WriteFile(file, std, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		stdin string
		args  []string
		want  string
	}{
		{string(std), nil, string(std) + "\n"},
		{"", []string{file}, string(std) + "\n"},
		{string(std), []string{"-indent", "\t", "-"}, indented.String() + "\n"},
		{`{"a":"</b>","b":["\u0041",1.50]} true`, nil, `{"a":"\u003c/b\u003e","b":["A",1.50]}` + "\ntrue\n"},
		{`{"b":"</b>","a":null}`, []string{"-script-safe"}, `{"b":"\u003c\/b\u003e","a":null}` + "\n"},
	}
	for _, c := range cases {
		code, out, errOut := runEncode(t, c.stdin, c.args...)
		if code != 0 || out != c.want {
			t.Errorf("encode %v: exit %d, stderr %q, output %.200q; want %.200q", c.args, code, errOut, out, c.want)
		}
	}
}

// failingWriter fails every write, as a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestEncodeErrors checks the whole message and the exit status of each
// way encode can fail, and that it writes nothing to stdout where it fails
// before reading the input.
func TestEncodeErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.json")
	usage := "usage: safejson encode [-script-safe] [-indent S] [INPUT]\nRun 'safejson encode -h' for details.\n"
	cases := []struct {
		name     string
		stdin    string
		args     []string
		stdout   io.Writer
		wantCode int
		want     string
	}{
		{"invalid JSON", `{"a":[1,}`, nil, nil, 1,
			"safejson encode: stdin: invalid JSON after 9 bytes: invalid character '}' looking for beginning of value\n"},
		{"truncated JSON", `{"a":[1,`, []string{"-"}, nil, 1,
			"safejson encode: stdin: invalid JSON after 8 bytes: unexpected end of JSON input\n"},
		{"missing file", "", []string{missing}, nil, 1,
			"safejson encode: cannot open " + missing + ": " + openReason(t, missing) + "\n"},
		{"unreadable file", "", []string{dir}, nil, 1,
			"safejson encode: cannot read " + dir + ": " + readReason(t, dir) + "\n"},
		{"write error", "[1]", nil, failingWriter{}, 1,
			"safejson encode: cannot write stdout: no space left on device\n"},
		{"unknown flag", "", []string{"-pretty"}, nil, 2,
			"safejson encode: flag provided but not defined: -pretty\n" + usage},
		{"flag without value", "", []string{"-indent"}, nil, 2,
			"safejson encode: flag needs an argument: -indent\n" + usage},
		{"indent not space", "", []string{"-indent", "x"}, nil, 2,
			"safejson encode: -indent \"x\": use only spaces and tabs, so that the output stays valid JSON\n" + usage},
		{"two inputs", "", []string{"a.json", "b.json"}, nil, 2,
			"safejson encode: 2 inputs given (a.json b.json); encode reads one INPUT, or stdin\n" + usage},
	}
	for _, c := range cases {
		var stdout bytes.Buffer
		var stderr strings.Builder
		w := c.stdout
		if w == nil {
			w = &stdout
		}
		code := encodeCmd(c.args, strings.NewReader(c.stdin), w, &stderr)
		if code != c.wantCode {
			t.Errorf("%s: exit %d, want %d", c.name, code, c.wantCode)
		}
		if diff := cmp.Diff(c.want, stderr.String()); diff != "" {
			t.Errorf("%s: stderr (-want +got):\n%s", c.name, diff)
		}
		if c.stdin == "" && stdout.Len() != 0 {
			t.Errorf("%s: stdout %q, want nothing", c.name, stdout.String())
		}
	}
}

// osReason is what the operating system says of err, a *fs.PathError,
// for the messages that quote it.
func osReason(t *testing.T, err error) string {
	t.Helper()
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		t.Fatalf("got %v, want a *fs.PathError", err)
	}
	return pe.Err.Error()
}

// openReason is what the operating system says when name cannot be
// opened, and readReason when it can but cannot be read.
func openReason(t *testing.T, name string) string {
	t.Helper()
	_, err := os.Open(name)
	return osReason(t, err)
}

func readReason(t *testing.T, name string) string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, err = f.Read(make([]byte, 1))
	return osReason(t, err)
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := write("good.json", `{"a":"\u003c\/b\u003e"} [1]`)
	slash := write("slash.json", `{"a":"ok"} {"b":"x/y"}`)
	broken := write("broken.json", `[1,`)
	missing := filepath.Join(dir, "missing.json")

	var stdout, stderr strings.Builder
	if code := checkCmd([]string{good}, &stdout, &stderr); code != 0 || stdout.Len() != 0 || stderr.Len() != 0 {
		t.Errorf("check good: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	code := checkCmd([]string{good, slash, broken, missing, dir}, &stdout, &stderr)
	want := slash + ": byte 18: unescaped '/'\n" + broken + ": invalid JSON after 3 bytes: unexpected end of JSON input\n"
	wantErr := "safejson check: cannot open " + missing + ": " + openReason(t, missing) + "\n" +
		"safejson check: cannot read " + dir + ": " + readReason(t, dir) + "\n" +
		"safejson check: to make valid JSON script-safe, run 'safejson encode -script-safe'\n"
	if code != 1 {
		t.Errorf("check: exit %d, want 1", code)
	}
	if diff := cmp.Diff(want, stdout.String()); diff != "" {
		t.Errorf("check: stdout (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(wantErr, stderr.String()); diff != "" {
		t.Errorf("check: stderr (-want +got):\n%s", diff)
	}

	usage := "usage: safejson check FILE...\nRun 'safejson check -h' for details.\n"
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "safejson check: no FILE given; name the files to check\n" + usage},
		{[]string{"-v", good}, "safejson check: flag provided but not defined: -v\n" + usage},
	} {
		stdout.Reset()
		stderr.Reset()
		if code := checkCmd(c.args, &stdout, &stderr); code != 2 || stdout.Len() != 0 {
			t.Errorf("check %q: exit %d, stdout %q; want 2 and nothing", c.args, code, stdout.String())
		}
		if diff := cmp.Diff(c.want, stderr.String()); diff != "" {
			t.Errorf("check %q: stderr (-want +got):\n%s", c.args, diff)
		}
	}
}
