package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestBenchChecksAndReports(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"bench", "-benchtime", "1ms", "-corpus", "small"}, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d, stderr: %s", code, errOut.String())
	}
	for _, want := range []string{"equals encoding/json's on all 1 inputs", "small", "speed-up"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

// TestBenchTypeSetB checks that set B is measured and checked too.
func TestBenchTypeSetB(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"bench", "-benchtime", "1ms", "-corpus", "string_unicode/b"}, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d, stderr: %s", code, errOut.String())
	}
	for _, want := range []string{"equals encoding/json's on all 1 inputs", "string_unicode/b"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestBenchUnknownCorpus(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"bench", "-corpus", "nope"}, &out, &errOut); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(errOut.String(), `no corpus named "nope"`) {
		t.Errorf("stderr = %q", errOut.String())
	}
}

func TestUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(nil, &out, &errOut); code != 2 {
		t.Errorf("no command: exit %d, want 2", code)
	}
	if code := run([]string{"frobnicate"}, &out, &errOut); code != 2 {
		t.Errorf("unknown command: exit %d, want 2", code)
	}
	if !strings.Contains(errOut.String(), `unknown command "frobnicate"`) {
		t.Errorf("stderr = %q", errOut.String())
	}
}
