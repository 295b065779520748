package conformance

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"
)

// Check asserts that safejson and encoding/json agree on each value:
// Marshal of the value and of a pointer to it, MarshalIndent, the Encoder
// with HTML escaping on and off and with an indent, and decoding
// encoding/json's text into a new value of the same type, with Unmarshal
// and with a Decoder reading two copies of it in small chunks. Bytes, decoded
// values, error types and error messages must all be equal; each
// difference is reported through t.Errorf with a cmp.Diff (-want +got).
// It also holds the value's ScriptSafe encoding (package safe) and its
// encodings under policy.TimePrecision(3), (9) with TimeUTC, and (0) to
// the invariants of those options.
//
// Where encoding/json's own output varies from call to call (see the
// package documentation), any output it can give is accepted. Each call of
// encoding/json runs under a deadline of DefaultOracleTimeout; one that
// does not return in time is reported through t.Errorf as "encoding/json
// did not return", since nothing was compared, and left running.
//
// It is the test to write before switching imports:
//
//	func TestSafejsonAgrees(t *testing.T) {
//		conformance.Check(t, sampleOrder(), &Invoice{}, map[string]Item{"": {}})
//	}
//
// Check uses only t's Helper and Errorf methods.
func Check(t testing.TB, values ...any) {
	t.Helper()
	check(t, Compat(), newOracle(DefaultOracleTimeout, 0), values...)
}

func check(t testing.TB, impl Impl, o *oracle, values ...any) {
	t.Helper()
	for i, v := range values {
		for _, m := range checkValue(o, impl, v) {
			if m.Kind == KindNoReturn {
				t.Errorf("conformance.Check: value %d (%T): %s did not return in %s: %s\nvalue: %s",
					i, v, Oracle(), m.Call, m.Diff, formatValue(v))
				continue
			}
			t.Errorf("conformance.Check: value %d (%T) differs from %s in %s (%s)\nvalue: %s\n(-want +got):\n%s",
				i, v, Oracle(), m.Call, m.Kind, formatValue(v), m.Diff)
		}
	}
}

// checkValue runs the encoding properties on v in fixed settings, then
// Unmarshal on encoding/json's encoding of v, and returns the mismatches,
// one per property at most.
func checkValue(o *oracle, impl Impl, v any) []Mismatch {
	var out []Mismatch
	for _, p := range encodeProperties() {
		for _, in := range []encodeInput{
			{V: v, EscapeHTML: true},
			{V: v, EscapeHTML: false},
			{V: v, Indent: "\t", EscapeHTML: true},
			{V: v, Prefix: "> ", Indent: "  "},
		} {
			if m := p.checkSafely(o, impl, in); m != nil {
				out = append(out, *m)
				break
			}
		}
	}
	for _, p := range scriptSafeProperties()[:1] {
		if m := p.checkSafely(o, impl, encodeInput{V: v, Indent: "  "}); m != nil {
			out = append(out, *m)
		}
	}
	for _, p := range timeProperties() {
		for _, in := range []timeInput{{V: v, Digits: 3}, {V: v, Digits: 9, UTC: true}, {V: v, Digits: 0}} {
			if m := p.checkSafely(o, impl, in); m != nil {
				out = append(out, *m)
				break
			}
		}
	}
	if v == nil {
		return out
	}
	for _, m := range out {
		if m.Kind == KindNoReturn {
			return out
		}
	}
	// The Marshal property has just made this call under the deadline.
	text, err := marshalQuietly(v)
	if err != nil {
		return out
	}
	t := reflect.TypeOf(v)
	for _, p := range decodeProperties() {
		if m := p.checkSafely(o, impl, decodeInput{Type: t, Text: text}); m != nil {
			out = append(out, *m)
		}
	}
	// Two copies in a stream, read a few bytes at a time.
	stream := streamInput{Type: t, Stream: append(append(bytes.Clone(text), '\n'), text...), Chunk: 3,
		Ops: []streamOp{opDecode, opMore, opDecode, opMore}}
	for _, p := range streamProperties() {
		if m := p.checkSafely(o, impl, stream); m != nil {
			out = append(out, *m)
		}
	}
	return out
}

// String names the kind of a mismatch for logs; it makes Mismatch print
// well with %v.
func (m Mismatch) String() string {
	return fmt.Sprintf("%s (%s):\n%s", m.Call, m.Kind, m.Diff)
}
