//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"

	ours "github.com/safejson/safejson/compat/v2"
	"github.com/safejson/safejson/internal/encoder"
	"github.com/safejson/safejson/internal/v2opts"
)

// MarshalJSONTo methods, well-behaved and not, held to encoding/json/v2
// under each option set, at the top, as members, elements, map values and
// in interfaces.

type toMode int

const (
	toString toMode = iota
	toNested
	toOptions
	toEmpty
	toTime
	toDuplicate
	toInvalidUTF8
	toDeep
	toPlace
	toUnsupported
	// The rest fail, or write other than one value.
	toNothing
	toTwo
	toUnclosed
	toError
	toBadToken
)

type toJSON struct {
	Mode toMode
	S    string
}

func (v toJSON) MarshalJSONTo(enc *jsontext.Encoder) error {
	switch v.Mode {
	case toString:
		return enc.WriteToken(jsontext.String(v.S))
	case toNested:
		return jsonv2.MarshalEncode(enc, map[string]any{"s": v.S, "n": []int(nil), "f": []float64{1e21, 0.5}, "i": 7})
	case toOptions:
		// What the method sees of the call's options.
		html, _ := jsonv2.GetOption(enc.Options(), jsontext.EscapeForHTML)
		det, detSet := jsonv2.GetOption(enc.Options(), jsonv2.Deterministic)
		str, _ := jsonv2.GetOption(enc.Options(), jsonv2.StringifyNumbers)
		return jsonv2.MarshalEncode(enc, []bool{html, det, detSet, str})
	case toEmpty:
		return enc.WriteToken(jsontext.String(""))
	case toTime:
		return jsonv2.MarshalEncode(enc, time.Date(2026, 12, 6, 7, 8, 9, 123456789, time.UTC))
	case toDuplicate:
		return enc.WriteValue(jsontext.Value(`{"a":1,"a":2}`))
	case toInvalidUTF8:
		return enc.WriteToken(jsontext.String("a\xffb"))
	case toDeep:
		n := len(v.S)
		return enc.WriteValue(jsontext.Value(strings.Repeat("[", n) + strings.Repeat("]", n)))
	case toPlace:
		// Where the method writes: at the top, as a member's value or as
		// an element (not how many came before it, nor the depth: see
		// README's differences).
		kind, _ := enc.StackIndex(enc.StackDepth())
		return enc.WriteToken(jsontext.String(kind.String()))
	case toTwo:
		if err := enc.WriteToken(jsontext.Int(1)); err != nil {
			return err
		}
		return enc.WriteToken(jsontext.Int(2))
	case toUnclosed:
		return enc.WriteToken(jsontext.BeginArray)
	case toError:
		return errors.New("to: boom")
	case toUnsupported:
		return errors.ErrUnsupported
	case toBadToken:
		return enc.WriteToken(jsontext.EndObject)
	}
	return nil
}

// ptrToJSON has its method on the pointer.
type ptrToJSON struct{ S string }

func (v *ptrToJSON) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.String("ptr:" + v.S))
}

type toHolder struct {
	A  int
	T  toJSON
	P  *toJSON
	E  toJSON `json:",omitempty"`
	Z  toJSON `json:",omitzero"`
	Q  ptrToJSON
	L  []toJSON
	M  map[string]toJSON
	X  any
	QP *ptrToJSON
}

func TestMarshalJSONTo(t *testing.T) {
	hostile := "<a href='x'>&amp;\u2028</a>"
	wellBehaved := []any{
		toJSON{toString, hostile},
		toJSON{Mode: toNested, S: hostile},
		toJSON{Mode: toOptions},
		toJSON{Mode: toTime},
		toJSON{Mode: toDuplicate},
		toJSON{Mode: toInvalidUTF8},
		toJSON{Mode: toDeep, S: strings.Repeat("x", 300)},
		toJSON{Mode: toPlace},
		// ErrUnsupported with nothing written: the struct's own encoding.
		toJSON{Mode: toUnsupported, S: "s"},
		[]any{toJSON{Mode: toUnsupported}, map[string]toJSON{"k": {Mode: toUnsupported}}},
		struct{ A, B toJSON }{toJSON{Mode: toPlace}, toJSON{Mode: toPlace}},
		[]toJSON{{Mode: toPlace}, {Mode: toPlace}},
		map[string]toJSON{"k": {Mode: toPlace}},
		&toJSON{toString, "p"},
		ptrToJSON{"v"},
		&ptrToJSON{"p"},
		toHolder{
			A: 1, T: toJSON{toString, "t"}, P: &toJSON{Mode: toNested}, E: toJSON{Mode: toEmpty},
			Q: ptrToJSON{"q"}, L: []toJSON{{toString, "a"}, {Mode: toOptions}},
			M: map[string]toJSON{"k": {toString, "v"}}, X: toJSON{toString, "x"}, QP: &ptrToJSON{"qp"},
		},
		toHolder{E: toJSON{toString, "not empty"}, Z: toJSON{toString, "not zero"}},
		[]any{toJSON{toString, "a"}, &toJSON{Mode: toNested}, map[string]any{"m": toJSON{toString, "m"}}},
		map[string]ptrToJSON{"k": {"m"}},
		[2]toJSON{{toString, "a"}, {Mode: toTime}},
	}
	failing := []any{
		toJSON{Mode: toNothing},
		toJSON{Mode: toTwo},
		toJSON{Mode: toUnclosed},
		toJSON{Mode: toError},
		toJSON{Mode: toBadToken},
		toJSON{Mode: toDeep, S: strings.Repeat("x", 10001)},
		// Deep enough only with the arrays around it.
		[][][]toJSON{{{{Mode: toDeep, S: strings.Repeat("x", 9998)}}}},
		toHolder{T: toJSON{Mode: toTwo}},
		[]toJSON{{toString, "a"}, {Mode: toNothing}},
		map[string]toJSON{"k": {Mode: toBadToken}},
		[]any{toJSON{Mode: toError}},
	}
	optionSets := [][]jsonv2.Options{
		nil,
		{jsonv2.Deterministic(true)},
		{jsonv2.Deterministic(false), jsontext.EscapeForHTML(true)},
		{jsonv2.StringifyNumbers(true), jsonv2.FormatNilSliceAsNull(true), jsonv2.Deterministic(true)},
		{jsontext.AllowInvalidUTF8(true), jsontext.EscapeForJS(true)},
		{jsontext.AllowDuplicateNames(true)},
		{jsontext.WithIndent("  "), jsonv2.Deterministic(true)},
		{jsontext.SpaceAfterComma(true)},
	}
	for _, opts := range optionSets {
		f, known := v2opts.Of(opts)
		// Where map members can come in any order, compare them sorted.
		canonical := f&v2opts.Sorted == 0
		onEngine := known && f&(v2opts.Multiline|v2opts.SpaceColon|v2opts.SpaceComma) == 0
		o := encoder.OptionsV2{Flags: f, Opts: opts}
		if f&v2opts.Multiline != 0 {
			prefix, indent := v2opts.Layout(opts)
			o.Layout = &encoder.Layout{Prefix: prefix, Indent: indent}
		}
		for i, v := range wellBehaved {
			want := marshalOutcome(jsonv2.Marshal, v, canonical, opts...)
			got := marshalOutcome(ours.Marshal, v, canonical, opts...)
			if got != want {
				t.Errorf("%v, value %d: Marshal(%#v)\n got %+v\nwant %+v", opts, i, v, got, want)
			}
			_, ran := encoder.MarshalV2(v, &o)
			if want.Err == "" && ran != onEngine {
				t.Errorf("%v, value %d: %#v on the engine: %v, want %v", opts, i, v, ran, onEngine)
			}
		}
		for i, v := range failing {
			want := marshalOutcome(jsonv2.Marshal, v, canonical, opts...)
			got := marshalOutcome(ours.Marshal, v, canonical, opts...)
			if got != want {
				t.Errorf("%v, failing value %d: Marshal(%#v)\n got %+v\nwant %+v", opts, i, v, got, want)
			}
			if _, ran := encoder.MarshalV2(v, &o); ran {
				t.Errorf("%v, failing value %d: %#v written on the engine", opts, i, v)
			}
		}
	}
}

// countedTo counts the calls of its MarshalJSONTo, which hands the value to
// v2's encoding of its map.
type countedTo map[string]int

func (c *countedTo) MarshalJSONTo(*jsontext.Encoder) error {
	(*c)["called"]++
	return errors.ErrUnsupported
}

// TestMarshalJSONToCalledOnce: a method that returns errors.ErrUnsupported
// having written nothing is called once, as v2 calls it, and the value is
// written as its kind.
func TestMarshalJSONToCalledOnce(t *testing.T) {
	for _, opts := range [][]jsonv2.Options{{jsonv2.Deterministic(true)}, {jsonv2.Deterministic(true), jsontext.WithIndent(" ")}} {
		want, werr := jsonv2.Marshal(&countedTo{"fizz": 123}, opts...)
		got, gerr := ours.Marshal(&countedTo{"fizz": 123}, opts...)
		if string(got) != string(want) || (gerr == nil) != (werr == nil) {
			t.Errorf("%v: Marshal = %s, %v; want %s, %v", opts, got, gerr, want, werr)
		}
	}
}
