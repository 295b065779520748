//go:build goexperiment.jsonv2 && go1.27

package grammar_test

import (
	"encoding/json/jsontext"
	"testing"

	"github.com/safejson/safejson/internal/grammar"
)

// TestAppendBodyStrict holds AppendBody, strict, to jsontext's unquoting
// with its default options, which rejects invalid UTF-8 and lone
// surrogates.
func TestAppendBodyStrict(t *testing.T) {
	for _, body := range randomBodies(50000) {
		text := []byte(`"` + body + `"`)
		want, err := jsontext.AppendUnquote(nil, text)
		for _, i := range []int{1, grammar.PlainEnd(text, 1)} {
			got, end, ok := grammar.AppendBody([]byte(body[:i-1]), text, i, true)
			if whole := ok && end == len(text); whole != (err == nil) || whole && string(got) != string(want) {
				t.Fatalf("AppendBody(%q, %d, strict) = %q, %d, %v; jsontext: %q, %v", text, i, got, end, ok, want, err)
			}
		}
	}
}
