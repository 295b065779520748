// Package jsontest is test support: it describes encoding/json's errors
// in full, so that tests compare them as values, with cmp.Diff, and holds
// the small readings of JSON texts that the tests of several packages
// share.
package jsontest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
)

// ErrorInfo describes an error in full: its type, message and, for the
// types that have them, offsets and paths.
type ErrorInfo struct {
	Type   string
	Msg    string
	Offset int64
	Value  string
	GoType string
	Struct string
	Field  string
}

// Describe returns err in full, or nil for nil.
func Describe(err error) *ErrorInfo {
	if err == nil {
		return nil
	}
	e := &ErrorInfo{Type: fmt.Sprintf("%T", err), Msg: err.Error()}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		e.Offset = se.Offset
	case errors.As(err, &te):
		e.Offset, e.Value, e.Struct, e.Field = te.Offset, te.Value, te.Struct, te.Field
		if te.Type != nil {
			e.GoType = te.Type.String()
		}
	}
	return e
}

// BracketDepth is the deepest nesting of brackets and braces in text,
// counting those inside strings too: exact for texts whose strings hold
// none.
func BracketDepth(text []byte) int {
	depth, deepest := 0, 0
	for _, c := range text {
		switch c {
		case '[', '{':
			depth++
			deepest = max(deepest, depth)
		case ']', '}':
			depth--
		}
	}
	return deepest
}

// RawReplacement replaces each \ufffd escape in JSON text with a raw
// U+FFFD and leaves the other escapes as they are. Go 1.27's encoding/json
// writes each byte of invalid UTF-8 as a raw U+FFFD where Go 1.26, and
// safejson's script-safe output under both, write the escape.
func RawReplacement(text []byte) []byte {
	var out []byte
	for i := 0; i < len(text); i++ {
		switch {
		case bytes.HasPrefix(text[i:], []byte(`\ufffd`)):
			out = append(out, "\uFFFD"...)
			i += len(`\ufffd`) - 1
		case text[i] == '\\' && i+1 < len(text):
			out = append(out, text[i], text[i+1])
			i++
		default:
			out = append(out, text[i])
		}
	}
	return out
}

// DecodeNumbers decodes one JSON value from text as encoding/json's Decoder
// does with UseNumber: into any, with numbers kept as their text.
func DecodeNumbers(text []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

// FirstDifference shows where got first differs from want: both lengths,
// the offset, and each text around it.
func FirstDifference(want, got string) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	lo := max(i-40, 0)
	return fmt.Sprintf("lengths %d and %d, first difference at byte %d:\n\twant: %q\n\tgot:  %q",
		len(want), len(got), i, want[lo:min(i+60, len(want))], got[lo:min(i+60, len(got))])
}

// DecodeAny decodes text into any with encoding/json, failing tb if it
// does not decode.
func DecodeAny(tb testing.TB, text []byte) any {
	tb.Helper()
	var v any
	if err := json.Unmarshal(text, &v); err != nil {
		tb.Fatalf("decoding %.80q: %v", text, err)
	}
	return v
}
