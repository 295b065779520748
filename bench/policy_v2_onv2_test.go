//go:build goexperiment.jsonv2 && go1.27 && !nosafejson

package bench

import (
	"testing"

	ours "github.com/safejson/safejson/compat/v2"
	"github.com/safejson/safejson/policy"
)

// BenchmarkSafeMarshalV2: Policy.MarshalV2 with ScriptSafe against
// compat/v2's Marshal on the typed corpora, in both type sets (set B as
// corpus=NAME_b): what ScriptSafe costs a v2 caller.
func BenchmarkSafeMarshalV2(b *testing.B) {
	safe := policy.New(policy.ScriptSafe())
	benchTypedMarshal(b, []namedMarshal{
		{"compatv2", func(v any) ([]byte, error) { return ours.Marshal(v) }},
		{"safev2", func(v any) ([]byte, error) { return safe.MarshalV2(v) }},
	})
}
