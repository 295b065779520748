package jsonstream

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
)

// An escape cut off by the end of input, in a string read after the end of
// input had been seen, made the refill skip its shift while the string
// scanner still adjusted its indexes: the same bytes were re-read forever,
// writing the previous value again each time. Found by FuzzReencode
// (testdata/fuzz/FuzzReencode/36b92c945788b89d).
func TestReencodeEscapeCutOffAfterEndOfInput(t *testing.T) {
	for _, tc := range []struct{ first, last string }{
		{`"\""`, `"\`},
		{`"\u0041"`, `"ab\`},
		{`"\n" `, `"\u00`},
		{`["\t"]`, `"x\`},
	} {
		var out bytes.Buffer
		err := Reencode(&out, bytes.NewReader([]byte(tc.first+tc.last)), optionSets[0])
		want, wantErr := oracle([]byte(tc.first), optionSets[0])
		if wantErr != nil {
			t.Fatal(wantErr)
		}
		if out.String() != string(want) {
			t.Errorf("%q%q: wrote %.100q, want %q", tc.first, tc.last, out.String(), want)
		}
		// The error is the one encoding/json's scanner gives for the last
		// value alone, counted from the start of the stream.
		var se, lastErr *json.SyntaxError
		if !errors.As(json.Unmarshal([]byte(tc.last), new(any)), &lastErr) {
			t.Fatalf("encoding/json accepts %q", tc.last)
		}
		if !errors.As(err, &se) || se.Error() != lastErr.Error() || se.Offset != lastErr.Offset+int64(len(tc.first)) {
			t.Errorf("%q%q: error %v, want %q at offset %d", tc.first, tc.last, err, lastErr, lastErr.Offset+int64(len(tc.first)))
		}
	}
}
