//go:build goexperiment.jsonv2 && go1.27

package safe

import jsonv2 "encoding/json/v2"

// MarshalV2 returns the script-safe JSON encoding of v under
// encoding/json/v2's semantics and the given v2 options (Go 1.27 only):
// the text [github.com/safejson/safejson/compat/v2.Marshal] writes, with
// every string made script-safe by [Escape]. The escapes reach everything
// in the text, jsontext.Value, MarshalJSONTo output and the output of
// WithMarshalers functions included, and the text decodes to the same
// value as v2's. Errors are v2's. It is
// [github.com/safejson/safejson/policy.Policy.MarshalV2] under
// policy.New(policy.ScriptSafe()).
func MarshalV2(v any, opts ...jsonv2.Options) ([]byte, error) {
	return scriptSafe.MarshalV2(v, opts...)
}
