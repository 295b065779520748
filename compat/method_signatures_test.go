package compat_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/compat"
)

// Types with methods named as those encoding/json calls, but of other
// signatures (but MarshalJSON and UnmarshalJSON, which go vet holds to
// theirs): the standard library asserts its interfaces, so to it these
// types have no such methods.

type wrongText struct{ A int }

func (wrongText) MarshalText() string          { return "text" }
func (*wrongText) UnmarshalText(string) error  { return nil }
func (wrongText) AppendText([]byte) []byte     { return nil }
func (wrongText) MarshalJSONTo() error         { return nil }
func (*wrongText) UnmarshalJSONFrom(int) error { return nil }
func (wrongText) IsZero() int                  { return 1 }

type WrongKey string

func (WrongKey) MarshalText() string         { return "key" }
func (*WrongKey) UnmarshalText(string) error { return nil }

type wrongEmbedded struct {
	wrongText `json:"named"`
	B         int
}

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
	Nested  map[string]wrongEmbedded
}

// TestMethodsOfOtherSignatures: such types encode and decode by their
// kind, as encoding/json's do, wherever they stand.
func TestMethodsOfOtherSignatures(t *testing.T) {
	values := []any{
		wrongText{1},
		&wrongText{2},
		wrongEmbedded{wrongText{3}, 4},
		wrongPromoted{WrongExported{5}, 6},
		map[WrongKey]wrongText{"k": {7}},
		wrongFields{
			Value:  wrongText{8},
			Keys:   map[WrongKey]int{"a": 1, "b": 2},
			Inline: map[WrongKey]int{"c": 3},
			Slice:  []wrongText{{9}},
			Nested: map[string]wrongEmbedded{"n": {wrongText{10}, 11}},
		},
		wrongFields{},
	}
	for _, v := range values {
		for _, d := range encodeDiffs(v) {
			t.Errorf("%#v: %s", v, d)
		}
	}
	texts := []string{
		`{"A":1}`, `{"named":{"A":2},"B":3,"A":4}`, `{"C":5,"D":6}`, `{"k":{"A":7}}`,
		`{"Value":{"A":8},"Pointer":{"A":9},"keys":{"a":1},"c":3,"slice":[{"A":1}],"array":[{"C":1},{"C":2}],"Nested":{"n":{"named":{"A":1},"B":2}}}`,
		`"text"`, `null`, `{"keys":{"a":"x"}}`,
	}
	targets := []func() any{
		func() any { return new(wrongText) },
		func() any { return new(wrongEmbedded) },
		func() any { return new(wrongPromoted) },
		func() any { return new(map[WrongKey]wrongText) },
		func() any { return new(wrongFields) },
	}
	for _, text := range texts {
		for _, newTarget := range targets {
			want := runUnmarshal(json.Unmarshal, []byte(text), newTarget())
			got := runUnmarshal(compat.Unmarshal, []byte(text), newTarget())
			if d := cmp.Diff(want, got, decodeCmp); d != "" {
				t.Errorf("Unmarshal(%s) into %v (-want +got):\n%s", text, reflect.TypeOf(newTarget()), d)
			}
		}
	}
}
