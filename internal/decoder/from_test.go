//go:build goexperiment.jsonv2 && go1.27

package decoder

import (
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"testing"
)

// Types with UnmarshalJSONFrom methods, which v1 on v2 calls with its
// jsontext.Decoder: what they see of it (offset, depth, path) is kept.

type fromVal struct{ Seen string }

func (v *fromVal) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	at, ptr := dec.InputOffset(), dec.StackPointer()
	val, err := dec.ReadValue()
	if err != nil {
		return err
	}
	if string(val) == `"fail"` {
		return errBoom
	}
	v.Seen = fmt.Sprintf("%d %d %q %s", at, dec.StackDepth(), ptr, val)
	return nil
}

// fromNested decodes its value with encoding/json/v2 through the decoder.
type fromNested struct{ In Inner }

func (v *fromNested) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	return jsonv2.UnmarshalDecode(dec, &v.In)
}

// fromAny decodes its value into an any through the decoder: what the
// numbers become depends on the caller's UseNumber.
type fromAny struct{ V any }

func (v *fromAny) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	return jsonv2.UnmarshalDecode(dec, &v.V)
}

// fromNone reads nothing.
type fromNone struct{ N int }

func (*fromNone) UnmarshalJSONFrom(*jsontext.Decoder) error { return nil }

// fromTwo reads its value and the token after it.
type fromTwo struct{ N int }

func (*fromTwo) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	if _, err := dec.ReadValue(); err != nil {
		return err
	}
	_, err := dec.ReadToken()
	return err
}

// fromDeclines declines without reading; its UnmarshalJSON takes over.
type fromDeclines struct{ Raw string }

func (*fromDeclines) UnmarshalJSONFrom(*jsontext.Decoder) error { return errors.ErrUnsupported }
func (v *fromDeclines) UnmarshalJSON(b []byte) error            { v.Raw = string(b); return nil }

// numberInside has json.Number's UnmarshalJSONFrom, promoted.
type numberInside struct{ json.Number }

type fromFields struct {
	V  fromVal
	VP *fromVal
	N  fromNested
	S  []fromVal
	M  map[string]fromNested
	D  fromDeclines
	Z  fromNone
	NI numberInside
	X  int
}

var fromTargets = map[string]func() any{
	"fromVal":      func() any { return new(fromVal) },
	"fromNested":   func() any { return new(fromNested) },
	"fromAnyValue": func() any { return new(fromAny) },
	"fromAnyField": func() any { return new(struct{ A fromAny }) },
	"fromNone":     func() any { return new(fromNone) },
	"fromDeclines": func() any { return new(fromDeclines) },
	"numberInside": func() any { return new(numberInside) },
	"fromSlice":    func() any { return new([]fromVal) },
	"fromMap":      func() any { return new(map[string]*fromNested) },
	"fromFields":   func() any { return new(fromFields) },
	"fromAny":      func() any { var x any = &fromVal{}; return &x },
}

var fromInputs = []string{
	`{"V":1,"VP":{"a":[1,2]},"N":{"x":1,"y":"s"},"S":[1,"a",{"b":null}],"M":{"k":{"x":2},"j":null},"D":[1],"Z":3,"NI":"12","X":4}`,
	`{"N":{"x":"bad","y":2},"X":"after"}`, `{"M":{"a":{"x":[1]}}}`, `{"S":[1,"fail",2],"X":5}`, `{"NI":true}`, `{"NI":"1x"}`,
	`[{"x":1}, "s", 3]`, ` {"a" : {"x" : 1}} `, `{"Z":{"deep":[1,2]},"X":7}`, `"fail"`, `null`, `{"VP":null}`,
}

func TestUnmarshalJSONFrom(t *testing.T) {
	// Twice: the options that UseNumber gives methods once pointed into
	// a decoder that encoding/json reuses, and the second pass differed.
	for pass := range 2 {
		for _, o := range []Options{{}, {UseNumber: true}, {DisallowUnknownFields: true}} {
			for _, in := range append(fromInputs, `{"A":{"n":9223372036854775807,"f":1.5}}`, `[1e400]`) {
				for name, mk := range fromTargets {
					if d := diffUnmarshal([]byte(in), mk, o); d != "" {
						t.Errorf("pass %d: Unmarshal(%q) into %s with %+v: %s", pass, in, name, o, d)
					}
				}
			}
		}
	}
	for _, in := range inputs {
		for name, mk := range fromTargets {
			if d := diffUnmarshal([]byte(in), mk, Options{}); d != "" {
				t.Errorf("Unmarshal(%q) into %s: %s", in, name, d)
			}
		}
	}
}

// A method that reads more than its value fails as in v1 on v2.
func TestUnmarshalJSONFromReadsTooMuch(t *testing.T) {
	for _, in := range []string{`[1,2]`, `{"a":1}`, `{"N":1}`} {
		for _, mk := range []func() any{
			func() any { return new([]fromTwo) },
			func() any { return new(map[string]fromTwo) },
			func() any { return new(struct{ N fromTwo }) },
		} {
			if d := diffUnmarshal([]byte(in), mk, Options{}); d != "" {
				t.Errorf("Unmarshal(%q) into %T: %s", in, mk(), d)
			}
		}
	}
}
