//go:build goexperiment.jsonv2 && go1.27 && !nosafejson

package bench

import (
	"testing"

	ours "github.com/safejson/safejson/compat/v2"
	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/policy"
)

// BenchmarkSafeMarshalV2: Policy.MarshalV2 with ScriptSafe against
// compat/v2's Marshal on the typed corpora, in both type sets (set B as
// corpus=NAME_b): what ScriptSafe costs a v2 caller.
func BenchmarkSafeMarshalV2(b *testing.B) {
	safe := policy.New(policy.ScriptSafe())
	for _, c := range append(corpus.Typed(), corpus.TypedB()...) {
		if c.Set == "b" && c.Name == "string_escaped" {
			continue // decodes to the same value as string_unicode
		}
		v, err := c.Decode()
		if err != nil {
			b.Fatal(err)
		}
		name := c.Name
		if c.Set == "b" {
			name += "_b"
		}
		size := stdSize(b, v)
		for _, lib := range []struct {
			name    string
			marshal func(any) ([]byte, error)
		}{
			{"compatv2", func(v any) ([]byte, error) { return ours.Marshal(v) }},
			{"safev2", func(v any) ([]byte, error) { return safe.MarshalV2(v) }},
		} {
			b.Run("corpus="+name+"/lib="+lib.name, func(b *testing.B) { benchMarshal(b, lib.marshal, v, size) })
		}
	}
}
