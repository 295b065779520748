package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/leanovate/gopter"
	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/semantics"
)

// loopInput is the six bytes on which Go 1.27.3's encoding/json.Indent
// never returns, with prefix ">" and an empty indent; Go 1.26 returns them
// unchanged.
var loopInput = syntaxInput{Text: []byte("\"a\"\n  "), Prefix: ">"}

// loopSeed is the case of the Indent property that generates loopInput.
const loopSeed = 6000811

// onlyCase is a generator that always gives in.
func onlyCase(in any) gopter.Gen {
	return func(*gopter.GenParameters) *gopter.GenResult { return gopter.NewGenResult(in, gopter.NoShrinker) }
}

func propertyNamed(t *testing.T, name string) Property {
	t.Helper()
	for _, p := range Properties() {
		if p.Name == name {
			return p
		}
	}
	t.Fatalf("no property %s", name)
	return Property{}
}

// TestIndentLoopReported: on the input where Go 1.27's Indent loops,
// compat.Indent returns, and the Indent property reports that
// encoding/json does not return, apart from the differences, instead of
// hanging; where encoding/json returns, the two agree.
func TestIndentLoopReported(t *testing.T) {
	done := make(chan string, 1)
	go func() {
		var buf bytes.Buffer
		err := compat.Indent(&buf, bytes.Clone(loopInput.Text), loopInput.Prefix, loopInput.Indent)
		done <- fmt.Sprintf("%q, %v", buf.String(), err)
	}()
	select {
	case got := <-done:
		t.Logf("compat.Indent gave %s", got)
	case <-time.After(10 * time.Second):
		t.Fatal("compat.Indent did not return")
	}

	if got := indentLoops(loopInput.Text, loopInput.Prefix, loopInput.Indent); got != semantics.OnV2 {
		t.Errorf("indentLoops = %v under %s", got, Oracle())
	}
	res := propertyNamed(t, "Indent").Run(Compat(), Config{Cases: 1, Seed: loopSeed})
	if res.FirstNoReturn == nil && res.First == nil {
		if in, _ := describe(mustGen(t, propertyNamed(t, "Indent"), loopSeed)); !strings.Contains(in, `text "\"a\"\n  " (prefix ">", indent ""`) {
			t.Fatalf("seed %d generates %s, not the loop's input", loopSeed, in)
		}
	}
	if res.Failures != 0 {
		t.Errorf("counted as a difference:\n%s", res.First)
	}
	if !semantics.OnV2 {
		if res.NoReturn != 0 {
			t.Errorf("%s returns on it, but the case counts as not returning:\n%s", Oracle(), res.FirstNoReturn)
		}
		return
	}
	if res.NoReturn != 1 || res.FirstNoReturn == nil || res.TimedOut != 0 {
		t.Fatalf("no return %d, timed out %d, want 1 known loop", res.NoReturn, res.TimedOut)
	}
	report := res.FirstNoReturn.String()
	for _, want := range []string{"did not return in Indent", fmt.Sprint("seed ", loopSeed), `"\"a\"\n  "`, "golang/go#81547", `"dst<\"a\"\n> "`} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
}

// TestOracleDeadline calls the real encoding/json.Indent on loopInput
// under a deadline, without the shortcut for the known loop, in a child
// process, which takes the call it leaves running with it when it exits.
// Go 1.27's call runs past the deadline; Go 1.26's returns.
func TestOracleDeadline(t *testing.T) {
	if os.Getenv("CONFORMANCE_DEADLINE_CHILD") != "" {
		realIndent := Property{Name: "Indent", gen: onlyCase(loopInput), check: func(o *oracle, impl Impl, x any) *Mismatch {
			in := x.(syntaxInput)
			want := o.run("Indent", func() (any, error) {
				var buf bytes.Buffer
				err := json.Indent(&buf, bytes.Clone(in.Text), in.Prefix, in.Indent)
				return buf.String(), err
			})
			return compare("Indent", want, outcome{Value: "none"})
		}}
		res := realIndent.Run(Compat(), Config{Cases: 5, Seed: 1, OracleTimeout: 200 * time.Millisecond, MaxTimeouts: 2})
		fmt.Printf("cases %d failures %d noreturn %d timedout %d stopped %v\n", res.Cases, res.Failures, res.NoReturn, res.TimedOut, res.Stopped)
		if res.FirstNoReturn != nil {
			fmt.Println(res.FirstNoReturn)
		}
		os.Exit(0)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestOracleDeadline$")
	cmd.Env = append(os.Environ(), "CONFORMANCE_DEADLINE_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	// Each case differs from the stub's "none" where encoding/json
	// returns; where it does not, two calls run past the deadline and
	// the property stops.
	want := "cases 5 failures 5 noreturn 0 timedout 0 stopped false"
	if semantics.OnV2 {
		want = "cases 2 failures 0 noreturn 2 timedout 2 stopped true"
	}
	if !strings.HasPrefix(string(out), want+"\n") {
		t.Fatalf("under %s, child says:\n%s\nwant %q", Oracle(), out, want)
	}
	if semantics.OnV2 && !strings.Contains(string(out), "did not return within 200ms") {
		t.Errorf("report lacks the deadline:\n%s", out)
	}
}

// TestCampaignGoesOnPastHangs: a property whose oracle never returns is
// counted apart and stops after MaxTimeouts calls; the others run all
// their cases. (The stuck calls here block rather than spin, and are let
// go at the end.)
func TestCampaignGoesOnPastHangs(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	stuck := Property{Name: "Stuck", gen: onlyCase(1), check: func(o *oracle, _ Impl, _ any) *Mismatch {
		o.run("Stuck", func() (any, error) { <-release; return nil, nil })
		return nil
	}}
	props := append([]Property{stuck}, syntaxProperties()[:1]...)
	res := Campaign(props, Compat(), Config{Cases: 120, Seed: 3, OracleTimeout: 20 * time.Millisecond, MaxTimeouts: 2}, nil)
	if r := res[0]; r.Cases != 2 || r.NoReturn != 2 || r.TimedOut != 2 || !r.Stopped || r.Failures != 0 || r.FirstNoReturn == nil {
		t.Errorf("stuck property: %+v", r)
	}
	if r := res[1]; r.Cases != 120 || r.NoReturn != 0 || r.Stopped || r.Failures != 0 {
		t.Errorf("%s: %+v", r.Property, r)
	}
}
