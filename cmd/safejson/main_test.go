package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBenchChecksAndReports(t *testing.T) {
	runReports(t, []string{"bench", "-benchtime", "1ms", "-corpus", "small"},
		"equals encoding/json's on all 1 inputs", "small", "speed-up")
}

// TestBenchRandom checks that bench -random checks and times compat
// against encoding/json on random type sets.
func TestBenchRandom(t *testing.T) {
	runReports(t, []string{"bench", "-random", "3", "-seed", "5", "-passes", "1", "-round", "1ms"},
		"3 random type sets from seed 5", "safejson equals encoding/json on all 3 type sets", "std  Unmarshal")
}

// TestBenchTypeSetB checks that set B is measured and checked too.
func TestBenchTypeSetB(t *testing.T) {
	runReports(t, []string{"bench", "-benchtime", "1ms", "-corpus", "string_unicode/b"},
		"equals encoding/json's on all 1 inputs", "string_unicode/b")
}

// runReports runs a command line that must succeed, checks that its output
// says each of wants, and returns what it wrote to stdout and stderr.
func runReports(t *testing.T, args []string, wants ...string) (stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(args, &out, &errOut); code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errOut.String())
	}
	for _, want := range wants {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	return out.String(), errOut.String()
}

// TestHelp checks that each command's -h prints its synopsis, what it does
// and every flag to stdout, and exits 0.
func TestHelp(t *testing.T) {
	commands := []struct {
		name  string
		flags []string
	}{
		{"bench", []string{"-benchtime D", "-corpus NAME", "-random N", "-seed S", "-passes P", "-round D"}},
		{"encode", []string{"-indent S", "-o FILE", "-script-safe"}},
		{"check", nil},
		{"conform", []string{"-n int", "-seed int", "-duration duration", "-run string", "-oracle-timeout duration"}},
	}
	for _, c := range commands {
		for _, h := range []string{"-h", "-help", "--help"} {
			var out, errOut bytes.Buffer
			code := run([]string{c.name, h}, &out, &errOut)
			if code != 0 || errOut.Len() != 0 {
				t.Errorf("%s %s: exit %d, stderr %q; want 0 and nothing", c.name, h, code, errOut.String())
			}
			help := out.String()
			if !strings.HasPrefix(help, "usage: safejson "+c.name+" ") || !strings.Contains(help, "\nExit status: 0 ") {
				t.Errorf("%s %s: help lacks the synopsis or the exit status:\n%s", c.name, h, help)
			}
			for _, f := range c.flags {
				if !strings.Contains(help, "\n  "+f+"\n") {
					t.Errorf("%s %s: help lacks flag %q:\n%s", c.name, h, f, help)
				}
			}
		}
	}
	for _, args := range [][]string{{"-h"}, {"help"}} {
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != 0 || errOut.Len() != 0 || !strings.HasPrefix(out.String(), "usage: safejson <command>") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out.String(), errOut.String())
		}
	}
}

// TestUsageErrors checks the whole message and the exit status of each
// mistake in a command line outside encode and check (see
// TestEncodeErrors and TestCheck).
func TestUsageErrors(t *testing.T) {
	benchUsage := "usage: safejson bench [-benchtime D] [-corpus NAME] | -random N [-seed S] [-passes P] [-round D]\nRun 'safejson bench -h' for details.\n"
	conformUsage := "usage: safejson conform [-n N] [-seed S] [-duration D] [-run REGEXP] [-oracle-timeout D]\nRun 'safejson conform -h' for details.\n"
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"unknown command", []string{"frobnicate"},
			"safejson: unknown command \"frobnicate\"\nThe commands are bench, conform, encode and check; run 'safejson -h' for what each does.\n"},
		{"unknown flag", []string{"bench", "-x"},
			"safejson bench: flag provided but not defined: -x\n" + benchUsage},
		{"bad duration", []string{"bench", "-benchtime", "fast"},
			"safejson bench: invalid value \"fast\" for flag -benchtime: want a positive duration such as 500ms or 2s\n" + benchUsage},
		{"zero duration", []string{"bench", "-benchtime", "0s"},
			"safejson bench: invalid value \"0s\" for flag -benchtime: want a positive duration such as 500ms or 2s\n" + benchUsage},
		{"unknown corpus", []string{"bench", "-corpus", "nope"},
			"safejson bench: -corpus \"nope\": no such input; the inputs are canada_geometry, citm_catalog, golang_source, synthea_fhir, twitter_status, " +
				"twitter_status/any, citm_catalog/any, small, canada_geometry/b, citm_catalog/b, golang_source/b, string_unicode/b, synthea_fhir/b, twitter_status/b\n" + benchUsage},
		{"argument", []string{"bench", "small"},
			"safejson bench: unexpected argument \"small\"; bench takes only flags\n" + benchUsage},
		{"conform: negative n", []string{"conform", "-n", "-1"},
			"safejson conform: -n -1: give a number of cases, or 0 with -duration for no limit\n" + conformUsage},
		{"conform: no limit", []string{"conform", "-n", "0"},
			"safejson conform: -n 0 lifts the limit on cases: give a -duration too\n" + conformUsage},
		{"conform: oracle timeout", []string{"conform", "-oracle-timeout", "0s"},
			"safejson conform: -oracle-timeout 0s: give a positive duration such as 5s\n" + conformUsage},
		{"conform: no property", []string{"conform", "-run", "^Nope$"},
			"safejson conform: -run \"^Nope$\" matches no property; the properties are " + propertyNames() + "\n" + conformUsage},
		{"conform: argument", []string{"conform", "100"},
			"safejson conform: unexpected argument \"100\"; conform takes only flags\n" + conformUsage},
		{"conform: unknown flag", []string{"conform", "-cases", "5"},
			"safejson conform: flag provided but not defined: -cases\n" + conformUsage},
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		code := run(c.args, &out, &errOut)
		if code != 2 || out.Len() != 0 {
			t.Errorf("%s: exit %d, stdout %q; want 2 and nothing", c.name, code, out.String())
		}
		if diff := cmp.Diff(c.want, errOut.String()); diff != "" {
			t.Errorf("%s: stderr (-want +got):\n%s", c.name, diff)
		}
	}
	var out, errOut bytes.Buffer
	if code := run(nil, &out, &errOut); code != 2 || !strings.HasPrefix(errOut.String(), "usage: safejson <command>") {
		t.Errorf("no command: exit %d, stderr %q; want 2 and the usage", code, errOut.String())
	}
}
