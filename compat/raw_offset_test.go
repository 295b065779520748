package compat_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/jsontest"
)

type rawHolder struct {
	A []json.RawMessage
	B any
}

// TestRawTextErrorOffsets: a RawMessage that is not valid JSON fails with
// a syntax error whose offset counts in the whole output. Go 1.27 places a
// '}' or ']' that stands where an array element should be, after a comma,
// at the delimiter rather than past it; other bytes, and the same text in
// a first element or a member's value, past it. Marshal, MarshalIndent and
// an indenting Encoder against encoding/json, in every position.
func TestRawTextErrorOffsets(t *testing.T) {
	for _, raw := range []string{"}", "]", " }", "\n]", "\t}", "x", ",", ":", "1}", "{]", "[}"} {
		r := json.RawMessage(raw)
		for _, v := range []any{
			[]json.RawMessage{r},
			[]json.RawMessage{json.RawMessage("1"), r},
			[]any{[]any{1, r}},
			rawHolder{A: []json.RawMessage{json.RawMessage("2"), r}},
			rawHolder{B: []any{"x", r}},
			map[string]any{"k": []any{true, r}, "l": r},
		} {
			_, wantErr := json.Marshal(v)
			_, gotErr := compat.Marshal(v)
			if d := cmp.Diff(jsontest.Describe(wantErr), jsontest.Describe(gotErr)); d != "" {
				t.Errorf("Marshal(%#v) error (-want +got):\n%s", v, d)
			}
			_, wantErr = json.MarshalIndent(v, ">", "  ")
			_, gotErr = compat.MarshalIndent(v, ">", "  ")
			if d := cmp.Diff(jsontest.Describe(wantErr), jsontest.Describe(gotErr)); d != "" {
				t.Errorf("MarshalIndent(%#v) error (-want +got):\n%s", v, d)
			}
			var wb, gb bytes.Buffer
			we, ge := json.NewEncoder(&wb), compat.NewEncoder(&gb)
			we.SetIndent("", "\t")
			ge.SetIndent("", "\t")
			if d := cmp.Diff(jsontest.Describe(we.Encode(v)), jsontest.Describe(ge.Encode(v))); d != "" {
				t.Errorf("Encoder.Encode(%#v) error (-want +got):\n%s", v, d)
			}
		}
	}
}
