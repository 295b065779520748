package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/safejson/safejson/conformance"
)

func TestConformPasses(t *testing.T) {
	wants := []string{"first failing seed", "from seed 5", "no differences"}
	for _, p := range conformance.Properties() {
		wants = append(wants, p.Name)
	}
	if _, stderr := runReports(t, []string{"conform", "-n", "20", "-seed", "5"}, wants...); stderr != "" {
		t.Errorf("stderr is not a terminal but got %q", stderr)
	}
}

// TestConformFails runs an implementation that lacks Marshal: the table
// counts the failures, names the first failing seed, and the exit is 1.
func TestConformFails(t *testing.T) {
	impl := conformance.Compat()
	impl.Marshal = nil
	var out, errOut bytes.Buffer
	code := conform([]string{"-n", "10", "-seed", "40", "-run", "^Marshal$"}, impl, &out, &errOut)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, out.String())
	}
	if !regexp.MustCompile(`(?m)^Marshal +10 +10 +0 +40$`).MatchString(out.String()) {
		t.Errorf("no table row for 10 cases, 10 failures, first seed 40:\n%s", out.String())
	}
	for _, want := range []string{"missing API", "seed 40"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestConformFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-n", "0"},
		{"-run", "("},
		{"-run", "NoSuchProperty"},
		{"-bogus"},
		{"-oracle-timeout", "0"},
		{"-oracle-timeout", "-1s"},
	} {
		var out, errOut bytes.Buffer
		if code := run(append([]string{"conform"}, args...), &out, &errOut); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

func TestConformDuration(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"conform", "-duration", "1ns", "-seed", "1", "-run", "Valid"}, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out.String(), errOut.String())
	}
	if !strings.Contains(out.String(), "Valid") {
		t.Errorf("output:\n%s", out.String())
	}
}

// TestConformReportsNoReturn: cases where encoding/json did not return
// have their own column and summary, show their first case, and are no
// failure.
func TestConformReportsNoReturn(t *testing.T) {
	first := &conformance.Failure{Property: "Indent", Impl: "safejson/compat", Seed: 6000811, Input: `text "\"a\"\n  "`, Type: "[]byte",
		Mismatch: conformance.Mismatch{Kind: conformance.KindNoReturn, Call: "Indent", Diff: "did not return within 5s"}}
	results := []conformance.Result{
		{Property: "Indent", Cases: 40, NoReturn: 4, TimedOut: 3, FirstNoReturn: first, Stopped: true},
		{Property: "Valid", Cases: 100},
	}
	var out bytes.Buffer
	if code := report(&out, conformance.Compat(), 1, time.Second, results); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
	for _, want := range []string{
		"did not return",
		"encoding/json did not return in 4 cases (3 calls ran past the deadline",
		"stopped early, to leave no more calls of encoding/json running: Indent (3 left running)",
		"seed 6000811",
		"no differences",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if !regexp.MustCompile(`(?m)^Indent +40 +0 +4 +-$`).MatchString(out.String()) {
		t.Errorf("no row for 40 cases, 0 failures, 4 that did not return:\n%s", out.String())
	}
}
