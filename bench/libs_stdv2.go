//go:build goexperiment.jsonv2 && go1.27

package bench

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"io"
)

// stdV2Libraries returns Go 1.27's encoding/json/v2 with its default
// options (no HTML escaping, unsorted map keys, nil slices and maps as []
// and {}). Under Go 1.27 "std" is encoding/json's v1 running on it.
func stdV2Libraries() []Library {
	return []Library{{
		Name:       "stdv2",
		Marshal:    func(v any) ([]byte, error) { return jsonv2.Marshal(v) },
		NewEncoder: func(w io.Writer) Encoder { return stdV2Encoder{jsontext.NewEncoder(w)} },
		Unmarshal:  func(data []byte, v any) error { return jsonv2.Unmarshal(data, v) },
	}}
}

// stdV2Encoder writes one value per call to a reused jsontext.Encoder.
type stdV2Encoder struct{ enc *jsontext.Encoder }

func (e stdV2Encoder) Encode(v any) error { return jsonv2.MarshalEncode(e.enc, v) }
