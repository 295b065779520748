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
		// go-json-experiment's v1 emulation on top of its v2 engine
		// (Go 1.25+ encoding/json with GOEXPERIMENT=jsonv2).
		v1APILibrary("jsonexpv1", jsonv1.Marshal, jsonv1.NewEncoder, jsonv1.Unmarshal),
		// go-json-experiment's v2 API with default options: no HTML
		// escaping, unsorted map keys, nil slices and maps as [] and {}.
		v2APILibrary("jsonexpv2", jsonv2.Marshal, jsontext.NewEncoder, jsonv2.MarshalEncode, jsonv2.Unmarshal),
		v1APILibrary("goccy", goccy.Marshal, goccy.NewEncoder, goccy.Unmarshal),
		// goccy/go-json's drop-in for encoding/json/v2, default options.
		v2APILibrary("goccyv2", goccyv2.Marshal, goccytext.NewEncoder, goccyv2.MarshalEncode, goccyv2.Unmarshal),
		v1APILibrary("sonic", sonic.ConfigStd.Marshal, sonic.ConfigStd.NewEncoder, sonic.ConfigStd.Unmarshal),
		// sonic's fastest configuration: no HTML escaping, no key
		// sorting, no UTF-8 checks, so not encoding/json's output.
		v1APILibrary("sonicfast", sonic.ConfigDefault.Marshal, sonic.ConfigDefault.NewEncoder, sonic.ConfigDefault.Unmarshal),
		v1APILibrary("segmentio", segmentio.Marshal, segmentio.NewEncoder, segmentio.Unmarshal),
		v1APILibrary("jsoniter", jsoniter.ConfigCompatibleWithStandardLibrary.Marshal,
			jsoniter.ConfigCompatibleWithStandardLibrary.NewEncoder, jsoniter.ConfigCompatibleWithStandardLibrary.Unmarshal),
	)
}

// v1APILibrary is a package with encoding/json's API, whose Encoder is E.
func v1APILibrary[E Encoder](name string,
	marshal func(any) ([]byte, error),
	newEncoder func(io.Writer) E,
	unmarshal func([]byte, any) error,
) Library {
	return Library{Name: name, Marshal: marshal, NewEncoder: func(w io.Writer) Encoder { return newEncoder(w) }, Unmarshal: unmarshal}
}

// v2APILibrary is a package with encoding/json/v2's API, called with its
// default options; the jsontext Encoder its package makes is E, its options
// O.
func v2APILibrary[O, E any](name string,
	marshal func(any, ...O) ([]byte, error),
	newEncoder func(io.Writer, ...O) *E,
	marshalEncode func(*E, any, ...O) error,
	unmarshal func([]byte, any, ...O) error,
) Library {
	return Library{
		Name:       name,
		Marshal:    func(v any) ([]byte, error) { return marshal(v) },
		NewEncoder: func(w io.Writer) Encoder { return v2APIEncoder[O, E]{newEncoder(w), marshalEncode} },
		Unmarshal:  func(data []byte, v any) error { return unmarshal(data, v) },
	}
}

// v2APIEncoder is the v2 equivalent of a reused json.Encoder: a jsontext
// Encoder, which also ends each top-level value with a newline.
type v2APIEncoder[O, E any] struct {
	enc           *E
	marshalEncode func(*E, any, ...O) error
}

func (e v2APIEncoder[O, E]) Encode(v any) error { return e.marshalEncode(e.enc, v) }
