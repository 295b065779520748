package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

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

func TestEncodeErrors(t *testing.T) {
	code, _, errOut := runEncode(t, `{"a":[1,}`)
	if want := "safejson encode: stdin: invalid JSON after 9 bytes: invalid character '}' looking for beginning of value\n"; code != 1 || errOut != want {
		t.Errorf("invalid input: exit %d, stderr %q; want 1, %q", code, errOut, want)
	}
	if code, _, errOut := runEncode(t, "", filepath.Join(t.TempDir(), "missing.json")); code != 1 || !strings.Contains(errOut, "missing.json") {
		t.Errorf("missing file: exit %d, stderr %q", code, errOut)
	}
	if code, _, _ := runEncode(t, "", "a", "b"); code != 2 {
		t.Errorf("two files: exit %d, want 2", code)
	}
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

	var stdout, stderr bytes.Buffer
	if code := checkCmd([]string{good}, &stdout, &stderr); code != 0 || stdout.Len() != 0 {
		t.Errorf("check good: exit %d, output %q", code, stdout.String())
	}
	stdout.Reset()
	code := checkCmd([]string{good, slash, broken}, &stdout, &stderr)
	want := slash + ": byte 18: unescaped '/'\n" + broken + ": invalid JSON after 3 bytes: unexpected end of JSON input\n"
	if code != 1 || stdout.String() != want {
		t.Errorf("check: exit %d, output %q; want 1, %q", code, stdout.String(), want)
	}
	if code := checkCmd(nil, &stdout, &stderr); code != 2 {
		t.Errorf("check without files: exit %d, want 2", code)
	}
}
