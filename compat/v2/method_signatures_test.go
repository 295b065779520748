//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"

	ours "github.com/safejson/safejson/compat/v2"
)

// Types with methods named as those encoding/json/v2 calls, but of other
// signatures (but MarshalJSON and UnmarshalJSON, which go vet holds to
// theirs): v2 asserts its interfaces, so to it these types have no such
// methods.

type wrongText struct{ A int }

func (wrongText) MarshalText() string                             { return "text" }
func (*wrongText) UnmarshalText(string) error                     { return nil }
func (wrongText) AppendText([]byte) []byte                        { return nil }
func (wrongText) MarshalJSONTo(*jsontext.Encoder) bool            { return true }
func (*wrongText) UnmarshalJSONFrom(*jsontext.Decoder, int) error { return nil }
func (wrongText) IsZero() int                                     { return 1 }

type WrongKey string

func (WrongKey) MarshalText() string         { return "key" }
func (*WrongKey) UnmarshalText(string) error { return nil }

type WrongExported struct{ C int }

func (WrongExported) MarshalText() ([]byte, int) { return nil, 0 }

type wrongPromoted struct {
	WrongExported
	D int
}

type wrongFields struct {
	Value   wrongText        `json:",omitzero"`
	Pointer *wrongText       `json:",omitempty"`
	Keys    map[WrongKey]int `json:"keys"`
	Inline  map[WrongKey]int `json:",inline"`
	Slice   []wrongText      `json:"slice"`
	Array   [2]WrongExported `json:"array"`
}

// TestMethodsOfOtherSignatures: such types marshal and unmarshal by their
// kind, as encoding/json/v2's do, wherever they stand.
func TestMethodsOfOtherSignatures(t *testing.T) {
	values := []any{
		wrongText{1},
		&wrongText{2},
		wrongPromoted{WrongExported{5}, 6},
		map[WrongKey]wrongText{"k": {7}},
		wrongFields{Value: wrongText{8}, Keys: map[WrongKey]int{"a": 1, "b": 2}, Inline: map[WrongKey]int{"c": 3}, Slice: []wrongText{{9}}},
		wrongFields{},
	}
	for _, v := range values {
		want := marshalOutcome(jsonv2.Marshal, v, false, jsonv2.Deterministic(true))
		got := marshalOutcome(ours.Marshal, v, false, ours.Deterministic(true))
		if want != got {
			t.Errorf("Marshal(%#v)\n got %+v\nwant %+v", v, got, want)
		}
	}
	texts := []string{
		`{"A":1}`, `{"C":5,"D":6}`, `{"k":{"A":7}}`, `"text"`, `null`, `{"keys":{"a":"x"}}`,
		`{"Value":{"A":8},"Pointer":{"A":9},"keys":{"a":1},"c":3,"slice":[{"A":1}],"array":[{"C":1},{"C":2}]}`,
	}
	targets := []func() any{
		func() any { return new(wrongText) },
		func() any { return new(wrongPromoted) },
		func() any { return new(map[WrongKey]wrongText) },
		func() any { return new(wrongFields) },
	}
	for _, text := range texts {
		for _, newTarget := range targets {
			want := decodeOutcome(func(v any) error { return jsonv2.Unmarshal([]byte(text), v) }, newTarget)
			got := decodeOutcome(func(v any) error { return ours.Unmarshal([]byte(text), v) }, newTarget)
			if d := cmp.Diff(want, got, cmp.Exporter(func(reflect.Type) bool { return true })); d != "" {
				t.Errorf("Unmarshal(%s) into %v (-want +got):\n%s", text, reflect.TypeOf(newTarget()), d)
			}
		}
	}
}
