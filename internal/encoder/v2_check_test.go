//go:build goexperiment.jsonv2 && go1.27

package encoder_test

// The differential check of the v2 preset's Append against encoding/json/v2,
// which the v2 encoding tests run each value through.

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"testing"

	"github.com/safejson/safejson/internal/encoder"
	"github.com/safejson/safejson/internal/v2opts"
)

// check compares Append with encoding/json/v2's Marshal with Deterministic
// map order: where Append writes, it must write v2's bytes, and where v2
// fails, Append must leave the value to it. It reports whether Append wrote.
func check(t *testing.T, v any) bool {
	t.Helper()
	want, werr := stdMarshal(v)
	got, ok, panicked := engineAppend(v, true)
	switch {
	case panicked != nil:
		// A method panicked: v2 must have called it too, and let the
		// same panic through.
		if werr == nil || werr.Error() != fmt.Sprintf("panic: %v", panicked) {
			t.Errorf("Append(%#v) panicked with %v; encoding/json/v2 gives %s, %v", v, panicked, want, werr)
		}
		return true
	case !ok:
		return false
	case werr != nil:
		t.Errorf("Append(%#v) wrote %s; encoding/json/v2 fails: %v", v, got, werr)
	case string(got) != string(want):
		t.Errorf("Append(%#v):\n got %s\nwant %s", v, got, want)
	}
	// In the maps' own order: the same members.
	unsorted, ok, _ := engineAppend(v, false)
	if !ok {
		t.Errorf("Append(%#v) wrote it sorted but not in map order", v)
	} else if canonical(unsorted) != canonical(got) {
		t.Errorf("Append(%#v) in map order:\n got %s\nsorted %s", v, unsorted, got)
	}
	return true
}

// canonical is a JSON text with its object members sorted (RFC 8785).
func canonical(b []byte) string {
	v := jsontext.Value(bytes.Clone(b))
	if err := v.Canonicalize(); err != nil {
		return "invalid: " + err.Error()
	}
	return string(v)
}

// stdMarshal is encoding/json/v2's Marshal, with a panic (from the random
// values' marshalers) turned into an error.
func stdMarshal(v any) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return jsonv2.Marshal(v, jsonv2.Deterministic(true))
}

// engineAppend is Append, with a panic (from a method) caught.
func engineAppend(v any, sorted bool) (out []byte, ok bool, panicked any) {
	defer func() { panicked = recover() }()
	var o encoder.OptionsV2
	if sorted {
		o.Flags = v2opts.Sorted
	}
	out, ok = encoder.AppendV2(nil, v, o)
	return out, ok, nil
}
