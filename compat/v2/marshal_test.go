//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"testing"

	ours "github.com/safejson/safejson/compat/v2"
	"github.com/safejson/safejson/conformance"
	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/encoder"
)

// outcome is what a Marshal call did, comparable across the two packages.
type outcome struct {
	Out   string
	Err   string
	Panic string
}

func marshalOutcome(marshal func(any, ...jsonv2.Options) ([]byte, error), v any, canonical bool, opts ...jsonv2.Options) (o outcome) {
	defer func() {
		if r := recover(); r != nil {
			o = outcome{Panic: fmt.Sprint(r)}
		}
	}()
	b, err := marshal(v, opts...)
	if err != nil {
		return outcome{Err: fmt.Sprintf("%T %v", err, err)}
	}
	if canonical {
		// Without Deterministic, v2 writes map members in random order.
		val := jsontext.Value(b)
		if err := val.Canonicalize(); err != nil {
			return outcome{Err: "canonicalize: " + err.Error()}
		}
		b = val
	}
	return outcome{Out: string(b)}
}

// TestMarshalRandomValues holds Marshal, on safejson's engine or not, to
// encoding/json/v2 on conformance's random values, with Deterministic (the
// same bytes) and without it (the same members, in any order; whether it
// fails, and how, where the order cannot matter).
func TestMarshalRandomValues(t *testing.T) {
	cases := 3000
	if testing.Short() {
		cases = 500
	}
	for i, v := range randomValues(2027, cases) {
		want := marshalOutcome(jsonv2.Marshal, v, false, jsonv2.Deterministic(true))
		got := marshalOutcome(ours.Marshal, v, false, ours.Deterministic(true))
		if !encoder.WritesV2(v) {
			// The standard library's result, but from a run whose map
			// order may have made another member's error the first.
			if sameKind(want, got) != nil {
				t.Errorf("case %d, Deterministic, left to v2: Marshal(%#v)\n got %+v\nwant %+v", i, v, got, want)
			}
		} else if want != got {
			t.Errorf("case %d, Deterministic: Marshal(%#v)\n got %+v\nwant %+v", i, v, got, want)
		}
		want = marshalOutcome(jsonv2.Marshal, v, true)
		got = marshalOutcome(ours.Marshal, v, true)
		if sameKind(want, got) != nil && !stdMayGive(got, v, true) {
			t.Errorf("case %d: Marshal(%#v)\n got %+v\nwant %+v", i, v, got, want)
		}
	}
}

// randomValues draws n of conformance's random values from seed.
func randomValues(seed int64, n int) []any {
	var values []any
	conformance.Draw(conformance.Values(), seed, n, func(_ int, v any) { values = append(values, v) })
	return values
}

// stdMayGive reports whether encoding/json/v2 gives o for v in one of a
// few more runs: without Deterministic it visits map members in random
// order, so which error or panic it meets first varies from run to run.
func stdMayGive(o outcome, v any, canonical bool, opts ...jsonv2.Options) bool {
	for range 50 {
		if sameKind(marshalOutcome(jsonv2.Marshal, v, canonical, opts...), o) == nil {
			return true
		}
	}
	return false
}

// sameKind compares outcomes without Deterministic, where the error text
// may name any of the failing members: the same output, or both an error,
// or both a panic.
func sameKind(a, b outcome) error {
	if a.Out != b.Out || (a.Err == "") != (b.Err == "") || (a.Panic == "") != (b.Panic == "") {
		return fmt.Errorf("%+v and %+v differ", a, b)
	}
	return nil
}

func TestMarshalCorpora(t *testing.T) {
	for _, c := range corpus.Typed() {
		v, err := corpus.DecodeTyped(c.Name)
		if err != nil {
			t.Fatal(err)
		}
		want := marshalOutcome(jsonv2.Marshal, v, false, jsonv2.Deterministic(true))
		got := marshalOutcome(ours.Marshal, v, false, ours.Deterministic(true))
		if want != got {
			t.Errorf("%s: Marshal with Deterministic differs from encoding/json/v2's", c.Name)
		}
		want = marshalOutcome(jsonv2.Marshal, v, true)
		got = marshalOutcome(ours.Marshal, v, true)
		if want != got {
			t.Errorf("%s: Marshal differs from encoding/json/v2's in its members", c.Name)
		}
	}
}
