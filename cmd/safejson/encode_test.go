package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
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
	usage := "usage: safejson encode [-o FILE] [-script-safe] [-indent S] [INPUT]\nRun 'safejson encode -h' for details.\n"
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
		{"empty -o", "", []string{"-o", ""}, nil, 2,
			"safejson encode: -o needs a file name; leave it out to write to stdout\n" + usage},
		{"flag without value", "", []string{"-indent"}, nil, 2,
			"safejson encode: flag needs an argument: -indent\n" + usage},
		{"missing -o value", "", []string{"-o"}, nil, 2,
			"safejson encode: flag needs an argument: -o\n" + usage},
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

// createReason is what the operating system says when a file cannot be
// created in dir.
func createReason(t *testing.T, dir string) string {
	t.Helper()
	_, err := os.Create(filepath.Join(dir, "probe"))
	return osReason(t, err)
}

// writeFile writes a file of mode 0644 in dir and returns its path.
func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// dirNames lists dir, to show that a command left no file behind.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// fileState is what must not change when encode -o fails.
type fileState struct {
	Content string
	Mode    fs.FileMode
}

func stateOf(t *testing.T, name string) fileState {
	t.Helper()
	content, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	return fileState{string(content), fi.Mode()}
}

// TestEncodeOutputFile checks encode -o: FILE is replaced when the input
// is valid, keeping its permissions, and is otherwise left as it was,
// with no temporary file left beside it.
func TestEncodeOutputFile(t *testing.T) {
	in := t.TempDir()
	write := func(name, content string) string { return writeFile(t, in, name, content) }
	v := map[string]any{"a": "</script>", "b": []any{1.5, nil, true}}
	std, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	valid := write("valid.json", string(std))
	truncated := write("truncated.json", string(std[:len(std)-3]))
	var se *json.SyntaxError
	if err := json.Unmarshal(std[:len(std)-3], &v); !errors.As(err, &se) {
		t.Fatalf("truncated input: encoding/json gives %v, want a syntax error", err)
	}

	t.Run("valid input replaces FILE", func(t *testing.T) {
		out := t.TempDir()
		file := filepath.Join(out, "out.json")
		if err := os.WriteFile(file, []byte("old contents, longer than the new ones"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(file, 0o640); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := runEncode(t, "", "-o", file, valid)
		if code != 0 || stdout != "" || stderr != "" {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
		}
		if diff := cmp.Diff(fileState{string(std) + "\n", 0o640}, stateOf(t, file)); diff != "" {
			t.Errorf("FILE (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{"out.json"}, dirNames(t, out)); diff != "" {
			t.Errorf("directory (-want +got):\n%s", diff)
		}
	})

	t.Run("valid input creates FILE as os.Create would", func(t *testing.T) {
		out := t.TempDir()
		file := filepath.Join(out, "new.json")
		code, _, stderr := runEncode(t, string(std), "-o", file)
		if code != 0 || stderr != "" {
			t.Fatalf("exit %d, stderr %q", code, stderr)
		}
		ref, err := os.Create(filepath.Join(out, "ref"))
		if err != nil {
			t.Fatal(err)
		}
		ref.Close()
		if diff := cmp.Diff(fileState{string(std) + "\n", stateOf(t, ref.Name()).Mode}, stateOf(t, file)); diff != "" {
			t.Errorf("FILE (-want +got):\n%s", diff)
		}
	})

	t.Run("FILE may be the input", func(t *testing.T) {
		file := writeFile(t, t.TempDir(), "same.json", `{"a":"</b>"}`)
		if code, _, stderr := runEncode(t, "", "-script-safe", "-o", file, file); code != 0 || stderr != "" {
			t.Fatalf("exit %d, stderr %q", code, stderr)
		}
		if diff := cmp.Diff(fileState{`{"a":"\u003c\/b\u003e"}` + "\n", 0o644}, stateOf(t, file)); diff != "" {
			t.Errorf("FILE (-want +got):\n%s", diff)
		}
	})

	failures := []struct {
		name  string
		stdin string
		args  []string // before -o FILE
		input string   // after -o FILE
		want  string   // with FILE for the file's name
	}{
		{"truncated input", "", nil, truncated,
			"safejson encode: " + truncated + fmt.Sprintf(": invalid JSON after %d bytes: %s", se.Offset, se)},
		{"invalid stdin", `[1,2]` + "\n" + `{"a":[1,}`, []string{"-indent", "\t"}, "",
			"safejson encode: stdin: invalid JSON after 15 bytes: invalid character '}' looking for beginning of value"},
		{"read error", "", nil, in,
			"safejson encode: cannot read " + in + ": " + readReason(t, in)},
	}
	for _, c := range failures {
		t.Run(c.name+" leaves FILE unchanged", func(t *testing.T) {
			out := t.TempDir()
			file := filepath.Join(out, "out.json")
			if err := os.WriteFile(file, []byte("precious\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			args := append(append(c.args, "-o", file), c.input)
			code, stdout, stderr := runEncode(t, c.stdin, args...)
			if want := c.want + "; " + file + " left unchanged\n"; code != 1 || stdout != "" || stderr != want {
				t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant 1, nothing, and:\n%s", code, stdout, stderr, want)
			}
			if diff := cmp.Diff(fileState{"precious\n", 0o600}, stateOf(t, file)); diff != "" {
				t.Errorf("FILE (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff([]string{"out.json"}, dirNames(t, out)); diff != "" {
				t.Errorf("directory (-want +got):\n%s", diff)
			}
		})
		t.Run(c.name+" creates no FILE", func(t *testing.T) {
			out := t.TempDir()
			file := filepath.Join(out, "out.json")
			code, _, stderr := runEncode(t, c.stdin, append(append(c.args, "-o", file), c.input)...)
			if want := c.want + "; " + file + " not created\n"; code != 1 || stderr != want {
				t.Errorf("exit %d, stderr:\n%s\nwant 1 and:\n%s", code, stderr, want)
			}
			if names := dirNames(t, out); len(names) != 0 {
				t.Errorf("directory holds %q, want nothing", names)
			}
		})
	}
}

// TestEncodeUnwritableOutput checks encode -o where FILE cannot be
// written. Tests may run as root, whom permissions do not stop, so FILE is
// made unwritable by its path: a directory that does not exist, a regular
// file used as a directory, a directory, a device.
func TestEncodeUnwritableOutput(t *testing.T) {
	root := t.TempDir()
	input := writeFile(t, root, "in.json", `{"a":1}`)
	cases := []struct {
		name string
		file string
		want string
	}{
		{"missing directory", filepath.Join(root, "nodir", "out.json"),
			"cannot write " + filepath.Join(root, "nodir", "out.json") + ": cannot create a file in " + filepath.Join(root, "nodir") + ": " + createReason(t, filepath.Join(root, "nodir"))},
		{"path through a file", filepath.Join(input, "out.json"),
			"cannot write " + filepath.Join(input, "out.json") + ": cannot create a file in " + input + ": " + createReason(t, input)},
		{"directory", root,
			"cannot write " + root + ": it is a directory; name a file to write"},
		{"device", os.DevNull,
			"cannot write " + os.DevNull + ": not a regular file; to write to a device or pipe, leave out -o and redirect the standard output"},
	}
	for _, c := range cases {
		code, stdout, stderr := runEncode(t, "", "-o", c.file, input)
		if want := "safejson encode: " + c.want + "\n"; code != 1 || stdout != "" || stderr != want {
			t.Errorf("%s: exit %d, stdout %q, stderr:\n%s\nwant 1, nothing, and:\n%s", c.name, code, stdout, stderr, want)
		}
		if diff := cmp.Diff([]string{"in.json"}, dirNames(t, root)); diff != "" {
			t.Errorf("%s: directory (-want +got):\n%s", c.name, diff)
		}
	}
}

// TestReplaceFileWriteError checks that a write that fails half-way
// leaves FILE as it was and removes the temporary file.
func TestReplaceFileWriteError(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "out.json", "precious\n")
	err := replaceFile(file, func(w io.Writer) error {
		if _, err := w.Write([]byte(`{"half":`)); err != nil {
			return err
		}
		return errors.New("cannot write " + file + ": no space left on device")
	})
	want := "cannot write " + file + ": no space left on device; " + file + " left unchanged"
	if err == nil || err.Error() != want {
		t.Errorf("replaceFile: %v, want %s", err, want)
	}
	if diff := cmp.Diff(fileState{"precious\n", 0o644}, stateOf(t, file)); diff != "" {
		t.Errorf("FILE (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"out.json"}, dirNames(t, dir)); diff != "" {
		t.Errorf("directory (-want +got):\n%s", diff)
	}
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string { return writeFile(t, dir, name, content) }
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
		"safejson check: to make a valid file script-safe, run 'safejson encode -script-safe -o FILE FILE'\n"
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
