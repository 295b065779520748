//go:build goexperiment.jsonv2 && go1.27 && !nosafejson

package bench

import (
	"encoding/json/jsontext"
	"io"

	jsonv2 "github.com/safejson/safejson/compat/v2"
)

// safejsonV2Libraries returns safejson's compat/v2 with its default options,
// which must match stdv2 (map members in sorted order, one of the orders
// stdv2 may write).
func safejsonV2Libraries() []Library {
	return []Library{{
		Name:       "safejsonv2",
		Marshal:    func(v any) ([]byte, error) { return jsonv2.Marshal(v) },
		NewEncoder: func(w io.Writer) Encoder { return safejsonV2Encoder{jsontext.NewEncoder(w)} },
		Unmarshal:  func(data []byte, v any) error { return jsonv2.Unmarshal(data, v) },
	}}
}

// safejsonV2Encoder writes one value per call to a reused jsontext.Encoder.
type safejsonV2Encoder struct{ enc *jsontext.Encoder }

func (e safejsonV2Encoder) Encode(v any) error { return jsonv2.MarshalEncode(e.enc, v) }
