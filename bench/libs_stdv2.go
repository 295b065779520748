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
	return []Library{v2APILibrary("stdv2", jsonv2.Marshal, jsonv2.MarshalEncode, jsonv2.Unmarshal)}
}

// v2APILibrary is a package with encoding/json/v2's API over the standard
// library's jsontext, called with its default options.
func v2APILibrary(name string,
	marshal func(any, ...jsonv2.Options) ([]byte, error),
	marshalEncode func(*jsontext.Encoder, any, ...jsonv2.Options) error,
	unmarshal func([]byte, any, ...jsonv2.Options) error,
) Library {
	return Library{
		Name:       name,
		Marshal:    func(v any) ([]byte, error) { return marshal(v) },
		NewEncoder: func(w io.Writer) Encoder { return jsontextEncoder{jsontext.NewEncoder(w), marshalEncode} },
		Unmarshal:  func(data []byte, v any) error { return unmarshal(data, v) },
	}
}

// jsontextEncoder writes one value per call to a reused jsontext.Encoder.
type jsontextEncoder struct {
	enc           *jsontext.Encoder
	marshalEncode func(*jsontext.Encoder, any, ...jsonv2.Options) error
}

func (e jsontextEncoder) Encode(v any) error { return e.marshalEncode(e.enc, v) }
