package bench

import (
	stdjson "encoding/json"
	"io"
	"slices"

	"github.com/bytedance/sonic"
	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"
	goccy "github.com/goccy/go-json"
	goccytext "github.com/goccy/go-json/jsontext"
	goccyv2 "github.com/goccy/go-json/v2"
	jsoniter "github.com/json-iterator/go"
	segmentio "github.com/segmentio/encoding/json"
)

// Encoder writes one JSON value per call to the writer it was made with.
type Encoder interface {
	Encode(v any) error
}

// Library is one JSON implementation under test.
type Library struct {
	Name       string // the lib= key of benchmark names
	Marshal    func(v any) ([]byte, error)
	NewEncoder func(w io.Writer) Encoder
	Unmarshal  func(data []byte, v any) error

	// Compatible libraries must give encoding/json's exact bytes and values;
	// TestInputs fails if they do not. For the others it only reports.
	Compatible bool
}

// Named returns the libraries of Libraries and the policy libraries
// ("safe") whose names are in names, in that order.
func Named(names []string) []Library {
	var libs []Library
	for _, l := range append(Libraries(), policyLibraries()...) {
		if slices.Contains(names, l.Name) {
			libs = append(libs, l)
		}
	}
	return libs
}

// Libraries returns the libraries in the order they are reported.
// encoding/json ("std") is first: it is the reference.
func Libraries() []Library {
	libs := []Library{{
		Name:       "std",
		Marshal:    stdjson.Marshal,
		NewEncoder: func(w io.Writer) Encoder { return stdjson.NewEncoder(w) },
		Unmarshal:  stdjson.Unmarshal,
		Compatible: true,
	}}
	libs = append(libs, safejsonLibraries()...)
	libs = append(libs, stdV2Libraries()...)
	libs = append(libs, safejsonV2Libraries()...)
	return append(libs,
		Library{
			// go-json-experiment's v1 emulation on top of its v2 engine
			// (Go 1.25+ encoding/json with GOEXPERIMENT=jsonv2).
			Name:       "jsonexpv1",
			Marshal:    jsonv1.Marshal,
			NewEncoder: func(w io.Writer) Encoder { return jsonv1.NewEncoder(w) },
			Unmarshal:  jsonv1.Unmarshal,
		},
		Library{
			// go-json-experiment's v2 API with default options: no HTML
			// escaping, unsorted map keys, nil slices and maps as [] and {}.
			Name:       "jsonexpv2",
			Marshal:    func(v any) ([]byte, error) { return jsonv2.Marshal(v) },
			NewEncoder: func(w io.Writer) Encoder { return v2Encoder{jsontext.NewEncoder(w)} },
			Unmarshal:  func(data []byte, v any) error { return jsonv2.Unmarshal(data, v) },
		},
		Library{
			Name:       "goccy",
			Marshal:    goccy.Marshal,
			NewEncoder: func(w io.Writer) Encoder { return goccy.NewEncoder(w) },
			Unmarshal:  goccy.Unmarshal,
		},
		Library{
			// goccy/go-json's drop-in for encoding/json/v2, default options.
			Name:       "goccyv2",
			Marshal:    func(v any) ([]byte, error) { return goccyv2.Marshal(v) },
			NewEncoder: func(w io.Writer) Encoder { return goccyV2Encoder{goccytext.NewEncoder(w)} },
			Unmarshal:  func(data []byte, v any) error { return goccyv2.Unmarshal(data, v) },
		},
		Library{
			Name:       "sonic",
			Marshal:    sonic.ConfigStd.Marshal,
			NewEncoder: func(w io.Writer) Encoder { return sonic.ConfigStd.NewEncoder(w) },
			Unmarshal:  sonic.ConfigStd.Unmarshal,
		},
		Library{
			// sonic's fastest configuration: no HTML escaping, no key
			// sorting, no UTF-8 checks, so not encoding/json's output.
			Name:       "sonicfast",
			Marshal:    sonic.ConfigDefault.Marshal,
			NewEncoder: func(w io.Writer) Encoder { return sonic.ConfigDefault.NewEncoder(w) },
			Unmarshal:  sonic.ConfigDefault.Unmarshal,
		},
		Library{
			Name:       "segmentio",
			Marshal:    segmentio.Marshal,
			NewEncoder: func(w io.Writer) Encoder { return segmentio.NewEncoder(w) },
			Unmarshal:  segmentio.Unmarshal,
		},
		Library{
			Name:       "jsoniter",
			Marshal:    jsoniter.ConfigCompatibleWithStandardLibrary.Marshal,
			NewEncoder: func(w io.Writer) Encoder { return jsoniter.ConfigCompatibleWithStandardLibrary.NewEncoder(w) },
			Unmarshal:  jsoniter.ConfigCompatibleWithStandardLibrary.Unmarshal,
		},
	)
}

// v2Encoder is the v2 equivalent of a reused json.Encoder: a jsontext
// encoder, which also ends each top-level value with a newline.
type v2Encoder struct{ enc *jsontext.Encoder }

func (e v2Encoder) Encode(v any) error { return jsonv2.MarshalEncode(e.enc, v) }

// goccyV2Encoder is goccyv2's: a reused goccy jsontext encoder.
type goccyV2Encoder struct{ enc *goccytext.Encoder }

func (e goccyV2Encoder) Encode(v any) error { return goccyv2.MarshalEncode(e.enc, v) }
