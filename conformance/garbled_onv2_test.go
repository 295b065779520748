//go:build goexperiment.jsonv2 && go1.27

package conformance

import (
	"bytes"
	jsonv2 "encoding/json/v2"
	"testing"
	"testing/iotest"
)

// TestMaskQuotedSurrogatePair takes the standard library's own errors for
// one bad surrogate pair, read whole and one byte at a time: they quote
// different spans of the input, and the mask must make them agree, but
// not with an error of another kind.
func TestMaskQuotedSurrogatePair(t *testing.T) {
	in := []byte("[{\"\\udc00x\": \t\t1}]")
	var v any
	whole := observe(func() (any, error) { return nil, jsonv2.Unmarshal(in, &v) })
	byByte := observe(func() (any, error) {
		return nil, jsonv2.UnmarshalRead(iotest.OneByteReader(bytes.NewReader(in)), &v)
	})
	if compare("whole against one byte", whole, byByte) == nil {
		t.Fatalf("both quote the same span, nothing to mask: %+v", whole.Err)
	}
	if m := compare("masked", maskQuoted(whole), maskQuoted(byByte)); m != nil {
		t.Errorf("masked errors differ: %v", m)
	}
	other := observe(func() (any, error) { return nil, jsonv2.Unmarshal([]byte(`["\uzzzz"]`), &v) })
	if compare("escape against surrogate pair", maskQuoted(whole), maskQuoted(other)) == nil {
		t.Errorf("an invalid escape sequence masks to an invalid surrogate pair: %+v", other.Err)
	}
}
