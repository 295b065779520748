package conformance

import (
	"fmt"
	"time"
)

// DefaultOracleTimeout is how long a call of encoding/json may run before
// its case counts as "encoding/json did not return", when Config leaves
// OracleTimeout zero, and in Check.
const DefaultOracleTimeout = 5 * time.Second

// defaultMaxTimeouts is Config.MaxTimeouts's default.
const defaultMaxTimeouts = 3

// oracle calls encoding/json for the checks of one run of a property. A
// goroutine cannot be stopped from outside, so a call that runs past the
// deadline is left running (a loop keeps a core busy until the process
// exits); after budget of those the run starts no more calls.
type oracle struct {
	timeout  time.Duration
	budget   int
	timedOut int
}

func newOracle(timeout time.Duration, budget int) *oracle {
	if timeout <= 0 {
		timeout = DefaultOracleTimeout
	}
	if budget <= 0 {
		budget = defaultMaxTimeouts
	}
	return &oracle{timeout: timeout, budget: budget}
}

// exhausted reports whether the run has left as many calls behind as it may.
func (o *oracle) exhausted() bool { return o.timedOut >= o.budget }

// noReturn is what a check panics with, through oracle.run, when
// encoding/json does not return; checkSafely turns it into the case's
// outcome, which is not a difference.
type noReturn struct {
	call string
	what string
}

// run calls f, an encoding/json call, under the deadline and returns what
// it did. Past the deadline it panics with noReturn.
func (o *oracle) run(call string, f func() (any, error)) outcome {
	if o.exhausted() {
		panic(noReturn{call, fmt.Sprintf("not called: %d calls of this property have run past the deadline", o.timedOut)})
	}
	done := make(chan outcome, 1)
	go func() { done <- observe(f) }()
	timer := time.NewTimer(o.timeout)
	defer timer.Stop()
	select {
	case out := <-done:
		return out
	case <-timer.C:
		o.timedOut++
		panic(noReturn{call, fmt.Sprintf("did not return within %v; the call is left running", o.timeout)})
	}
}

// loops reports a call that is known never to return, without making it.
func (o *oracle) loops(call, why string) {
	panic(noReturn{call, "not called: it never returns (" + why + ")"})
}

// compareRun calls run with encoding/json, under the oracle, then with
// impl, and compares what each did.
func (o *oracle) compareRun(call string, impl Impl, run func(Impl) (any, error)) *Mismatch {
	std := Std()
	want := o.run(call, func() (any, error) { return run(std) })
	return compare(call, want, observe(func() (any, error) { return run(impl) }))
}

// compareTied is compareRun for output whose tied names follow map order:
// ties puts them in one order and asks encoding/json again where that is
// not enough.
func (o *oracle) compareTied(call string, ties tieOrder, impl Impl, run func(Impl) (any, error)) *Mismatch {
	std := Std()
	got := observe(func() (any, error) { return run(impl) })
	return ties.compare(call, func() outcome { return o.run(call, func() (any, error) { return run(std) }) }, got)
}
