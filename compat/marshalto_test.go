//go:build goexperiment.jsonv2 && go1.27

package compat_test

import (
	"errors"
	"testing"

	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
)

// Go 1.27's encoding/json calls MarshalJSONTo methods: well-behaved and
// misbehaving ones, compared with the toolchain.

// toMode says what a toJSON method does.
type toMode int

const (
	toString toMode = iota
	toNothing
	toTwo
	toUnclosed
	toError
	toUnsupported
	toUnsupportedAfterWrite
	toBadToken
	toNested
	toOptions
)

type toJSON struct {
	Mode toMode
	S    string
}

func (v toJSON) MarshalJSONTo(enc *jsontext.Encoder) error {
	switch v.Mode {
	case toString:
		return enc.WriteToken(jsontext.String(v.S))
	case toNothing:
		return nil
	case toTwo:
		if err := enc.WriteToken(jsontext.Int(1)); err != nil {
			return err
		}
		return enc.WriteToken(jsontext.Int(2))
	case toUnclosed:
		if err := enc.WriteToken(jsontext.BeginObject); err != nil {
			return err
		}
		return enc.WriteToken(jsontext.String(v.S))
	case toError:
		return errors.New("to: boom")
	case toUnsupported:
		return errors.ErrUnsupported
	case toUnsupportedAfterWrite:
		if err := enc.WriteToken(jsontext.Null); err != nil {
			return err
		}
		return errors.ErrUnsupported
	case toBadToken:
		return enc.WriteToken(jsontext.EndObject)
	case toNested:
		return jsonv2.MarshalEncode(enc, map[string]any{"s": v.S, "n": nil, "f": []float64{1e21, 0.5}})
	case toOptions:
		html, _ := jsonv2.GetOption(enc.Options(), jsontext.EscapeForHTML)
		return enc.WriteToken(jsontext.Bool(html))
	}
	return nil
}

// ptrToJSON has its method on the pointer.
type ptrToJSON struct{ S string }

func (v *ptrToJSON) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.String("ptr:" + v.S))
}

// toAndJSON has both methods; MarshalJSON is the fallback.
type toAndJSON struct{ Unsupported bool }

func (v toAndJSON) MarshalJSONTo(enc *jsontext.Encoder) error {
	if v.Unsupported {
		return errors.ErrUnsupported
	}
	return enc.WriteToken(jsontext.String("to"))
}

func (v toAndJSON) MarshalJSON() ([]byte, error) { return []byte(`"json"`), nil }

func TestEncodeMarshalJSONTo(t *testing.T) {
	hostile := "<a href='x'>&amp;\u2028\xff</a>"
	runEncodeCases(t, []encodeCase{
		{"string", toJSON{toString, hostile}},
		{"nothing", toJSON{Mode: toNothing}},
		{"two", toJSON{Mode: toTwo}},
		{"unclosed", toJSON{toUnclosed, "k"}},
		{"error", toJSON{Mode: toError}},
		{"unsupported", toJSON{Mode: toUnsupported, S: "s"}},
		{"unsupportedAfterWrite", toJSON{Mode: toUnsupportedAfterWrite}},
		{"badToken", toJSON{Mode: toBadToken}},
		{"nested", toJSON{toNested, hostile}},
		{"options", toJSON{Mode: toOptions}},
		{"inField", struct {
			A int
			T toJSON
			B int
		}{1, toJSON{toString, "x"}, 2}},
		{"errorInField", struct {
			A int
			T toJSON
		}{1, toJSON{Mode: toTwo}}},
		{"badTokenInField", struct {
			A string
			T toJSON
		}{"abc", toJSON{Mode: toBadToken}}},
		{"inSlice", []toJSON{{toString, "a"}, {toNested, "b"}}},
		{"twoInSlice", []toJSON{{toString, "a"}, {Mode: toTwo}}},
		{"unclosedInField", struct{ T toJSON }{toJSON{toUnclosed, "k"}}},
		{"nothingInMap", map[string]toJSON{"k": {Mode: toNothing}}},
		{"badTokenInSlice", []toJSON{{Mode: toBadToken}}},
		{"unsupportedInField", struct{ T toJSON }{toJSON{Mode: toUnsupported}}},
		{"inMap", map[string]toJSON{"k": {toString, "v"}}},
		{"inAny", []any{toJSON{toString, "a"}, &toJSON{toString, "b"}}},
		{"nilPtr", (*toJSON)(nil)},
		{"ptr/value", ptrToJSON{"v"}},
		{"ptr/addressable", &struct{ P ptrToJSON }{ptrToJSON{"a"}}},
		{"ptr/inMap", map[string]ptrToJSON{"k": {"m"}}},
		{"ptr/pointer", &ptrToJSON{"p"}},
		{"fallback/no", toAndJSON{}},
		{"fallback/yes", toAndJSON{Unsupported: true}},
		{"mapKey", map[toJSON]int{{toString, "k"}: 1}},
	})
}
