//go:build goexperiment.jsonv2 && go1.27

package safe_test

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"reflect"
	"testing"

	"github.com/safejson/safejson/conformance"
	"github.com/safejson/safejson/internal/jsontest"
	"github.com/safejson/safejson/safe"
)

// TestMarshalV2 holds MarshalV2 to encoding/json/v2 on random values: v2's
// errors, and otherwise a script-safe text that decodes to v2's value.
func TestMarshalV2(t *testing.T) {
	det := jsonv2.Deterministic(true)
	conformance.Draw(conformance.Values(), 2028, 1000, func(i int, v any) {
		want, werr := marshalV2(func() ([]byte, error) { return jsonv2.Marshal(v, det, jsontext.Multiline(i%2 == 0)) })
		got, gerr := marshalV2(func() ([]byte, error) { return safe.MarshalV2(v, det, jsontext.Multiline(i%2 == 0)) })
		// Which error comes first can depend on v2's random map order
		// (compat/v2's tests compare the texts where it cannot).
		if (werr == nil) != (gerr == nil) {
			t.Errorf("case %d: MarshalV2 error %v; encoding/json/v2 %v", i, gerr, werr)
			return
		}
		if werr != nil {
			return
		}
		if err := safe.Check(got); err != nil {
			t.Errorf("case %d: MarshalV2 output is not script-safe: %v\n%s", i, err, got)
		}
		// With Deterministic, v2 writes one text, and the policy's is it
		// through Escape.
		if esc, err := safe.Escape(nil, want); err != nil || !bytes.Equal(got, esc) {
			t.Errorf("case %d: MarshalV2 = %s\nEscape(encoding/json/v2) = %s (%v)", i, got, esc, err)
		}
		// Decoded with numbers kept as text: v2 may write numbers (from
		// json.Number or RawMessage) that no float64 holds.
		wantV, err := jsontest.DecodeNumbers(want)
		if err != nil {
			t.Fatalf("case %d: v2's own output does not decode: %v", i, err)
		}
		if gotV, err := jsontest.DecodeNumbers(got); err != nil || !reflect.DeepEqual(wantV, gotV) {
			t.Errorf("case %d: MarshalV2 output decodes to %v (%v); v2's to %v", i, gotV, err, wantV)
		}
	})
}

// marshalV2 runs f with a panic (from the random values' marshalers) as an
// error.
func marshalV2(f func() ([]byte, error)) (b []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return f()
}

func ExampleMarshalV2() {
	type page struct {
		Title string            `json:"title"`
		Tags  []string          `json:"tags"`
		Meta  map[string]string `json:"meta"`
	}
	b, err := safe.MarshalV2(page{Title: "</script><script>alert(1)</script>"}, jsonv2.Deterministic(true))
	fmt.Println(string(b), err)
	// Output: {"title":"\u003c\/script\u003e\u003cscript\u003ealert(1)\u003c\/script\u003e","tags":[],"meta":{}} <nil>
}
