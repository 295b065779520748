package decoder

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/internal/jsontest"
	"github.com/safejson/safejson/internal/mem"
)

// TestArgumentSequence passes one state arguments in an order that takes
// every branch of argument: a type first seen, then seen last, a nil
// pointer of the type seen last, values that are not pointers, nil, and
// another pointer type; each call's result equals encoding/json's.
func TestArgumentSequence(t *testing.T) {
	type rec struct{ A, B int }
	var r1, r2 rec
	var n int
	args := []func() any{
		func() any { return &r1 },
		func() any { return &r2 },
		func() any { return (*rec)(nil) },
		func() any { return &r1 },
		func() any { return rec{} },
		func() any { return nil },
		func() any { return &n },
		func() any { return (*int)(nil) },
		func() any { return &r2 },
		func() any { return 7 },
	}
	data := []byte(`{"A":1,"B":2}`)
	// what a pooled state keeps of the call before
	var lastType mem.TypeID
	var lastDec *typeDec
	for i, arg := range args {
		want, got := arg(), arg()
		wantErr := json.Unmarshal(data, want)
		d := getState(data, Options{})
		d.argType, d.argDec = lastType, lastDec
		_, gotErr := d.unmarshal(got)
		lastType, lastDec = d.argType, d.argDec
		putState(d)
		if diff := cmp.Diff(jsontest.Describe(wantErr), jsontest.Describe(gotErr)); diff != "" {
			t.Errorf("argument %d (%T): error (-want +got):\n%s", i, got, diff)
		}
		if wantErr == nil {
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("argument %d (%T): value (-want +got):\n%s", i, got, diff)
			}
		}
	}
}
