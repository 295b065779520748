package compat_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/policy"
)

// soakModes mix the entry points, escaping modes and indentation, so that
// calls with different options run side by side on the same types.
var soakModes = modesNamed("Marshal", "MarshalIndent/prefix", "Encoder/noEscapeHTML", "Encoder/twice/toggleEscapeHTML")

// soakPolicies have no oracle in encoding/json; their results are checked
// against each other and against a single-threaded run after the soak.
var soakPolicies = []policy.Policy{
	policy.New(policy.ScriptSafe()),
	policy.New(policy.TimePrecision(3)),
	policy.New(policy.TimePrecision(0), policy.TimeUTC()),
	policy.New(policy.ScriptSafe(), policy.TimePrecision(9), policy.Indent("", "\t")),
	policy.New(policy.EscapeHTML(false), policy.TimeUTC()),
}

// policyMode encodes through p, half the time with an Encoder.
func policyMode(p policy.Policy) encodeMode {
	return encodeMode{p.String(), func(_ encodingAPI, v any) outcome {
		b, err := p.Marshal(v)
		var buf bytes.Buffer
		encErr := p.NewEncoder(&buf).Encode(v)
		o := outcome{Out: string(b), Err: reportErr(err)}
		if (err == nil) != (encErr == nil) || err == nil && buf.String() != string(b)+"\n" {
			o.Broken = fmt.Sprintf("Encoder wrote %q (error %v) where Marshal wrote %q (error %v)", buf.String(), encErr, b, err)
		}
		return o
	}}
}

// soakValues returns values of the typed-differential types, of struct
// types that this test builds with reflect.StructOf and that no encoding
// has seen yet, and of any.
func soakValues() []any {
	g := &valueGen{rand.New(rand.NewPCG(0x50a4, 1))}
	var values []any
	for _, typ := range diffTypes {
		p := reflect.New(typ)
		g.fill(p.Elem(), 0)
		values = append(values, p.Interface())
	}
	for i := range 60 {
		// A field no other test uses makes each type new to the cache.
		typ := reflect.StructOf([]reflect.StructField{
			{Name: fmt.Sprintf("Soak%d", i), Type: reflect.TypeFor[int](), Tag: `json:"soak,omitempty"`},
			{Name: "Body", Type: g.structType(0)},
			{Name: "Ptr", Type: reflect.PointerTo(g.structType(0))},
		})
		p := reflect.New(typ)
		g.fill(p.Elem(), 0)
		values = append(values, p.Elem().Interface(), p.Interface())
	}
	for range 20 {
		values = append(values, g.tree(0))
	}
	return values
}

// TestSoakConcurrent encodes many values in many modes and policies from
// many goroutines at once, each in its own order, while the struct types
// among them are compiled for the first time. compat's results must equal
// encoding/json's, computed beforehand; each policy's must be the same in
// every goroutine and equal a single-threaded run afterwards. Run it with
// -race.
func TestSoakConcurrent(t *testing.T) {
	values := soakValues()
	want := make([][]outcome, len(values))
	for i, v := range values {
		for _, m := range soakModes {
			want[i] = append(want[i], callMode(m, stdAPI, v))
		}
	}
	var policyModes []encodeMode
	for _, p := range soakPolicies {
		policyModes = append(policyModes, policyMode(p))
	}
	// firstSeen holds, per value and policy, the first result any goroutine
	// got; every later one must equal it.
	firstSeen := make([][]atomic.Pointer[outcome], len(values))
	for i := range firstSeen {
		firstSeen[i] = make([]atomic.Pointer[outcome], len(policyModes))
	}

	workers, rounds := 8, 10
	if testing.Short() {
		rounds = 2
	}
	var (
		mu       sync.Mutex
		failures []string
		wg       sync.WaitGroup
	)
	fail := func(format string, args ...any) {
		mu.Lock()
		failures = append(failures, fmt.Sprintf(format, args...))
		mu.Unlock()
	}
	for w := range workers {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(w), 2))
			for range rounds {
				for _, i := range r.Perm(len(values)) {
					for j, m := range soakModes {
						if got := callMode(m, compatAPI, values[i]); !reflect.DeepEqual(want[i][j], got) {
							fail("worker %d, value %d (%T), %s (-want +got):\n%s", w, i, values[i], m.name, cmp.Diff(want[i][j], got))
						}
					}
					for j, m := range policyModes {
						got := callMode(m, compatAPI, values[i])
						if firstSeen[i][j].CompareAndSwap(nil, &got) {
							continue
						}
						if first := firstSeen[i][j].Load(); !reflect.DeepEqual(*first, got) {
							fail("worker %d, value %d (%T), %s differs from another goroutine's (-first +got):\n%s",
								w, i, values[i], m.name, cmp.Diff(*first, got))
						}
					}
				}
			}
		})
	}
	wg.Wait()
	for i, v := range values {
		for j, m := range policyModes {
			if got, first := callMode(m, compatAPI, v), firstSeen[i][j].Load(); !reflect.DeepEqual(*first, got) {
				fail("value %d (%T), %s: concurrent run differs from single-threaded (-concurrent +single):\n%s",
					i, v, m.name, cmp.Diff(*first, got))
			}
		}
	}
	for i, f := range failures {
		if i == 5 {
			t.Fatalf("... and %d more", len(failures)-i)
		}
		t.Error(f)
	}
}
