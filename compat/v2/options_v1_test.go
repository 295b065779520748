//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"bytes"
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"runtime"
	"strings"
	"testing"

	ours "github.com/safejson/safejson/compat/v2"
	"github.com/safejson/safejson/internal/v2opts"
)

// TestDefaultOptionsV1 holds Marshal and Unmarshal with DefaultOptionsV1,
// which compat/v2 runs on the v1 engines, to encoding/json/v2 with the
// same options, on conformance's random values, and on texts that fail in
// several ways (partial values included).
func TestDefaultOptionsV1(t *testing.T) {
	v1 := json.DefaultOptionsV1()
	optionSets := [][]jsonv2.Options{
		{v1},
		{jsonv2.Deterministic(false), v1, jsonv2.Deterministic(true)},
		// DefaultOptionsV1 leaves these be: not encoding/json's calls.
		{jsonv2.RejectUnknownMembers(true), v1},
		{jsonv2.StringifyNumbers(true), v1},
		// Its own settings after it, and legacy ones before it.
		{json.FormatDurationAsNano(false), v1, json.OmitEmptyWithLegacySemantics(true), jsontext.EscapeForJS(true)},
		{v1, jsontext.AllowInvalidUTF8(true), json.CallMethodsWithLegacySemantics(true), jsonv2.MatchCaseInsensitiveNames(true)},
		// A layout, before or after it, lays its text out.
		{v1, jsontext.WithIndent("  ")},
		{jsontext.WithIndentPrefix("\t"), v1, jsontext.SpaceAfterComma(true)},
		{jsontext.Multiline(true), v1, jsontext.SpaceAfterColon(false)},
		{v1, jsonv2.JoinOptions(jsontext.WithIndent(" "), jsontext.SpaceAfterColon(true), jsontext.SpaceAfterComma(true))},
	}
	cases := 2000
	if testing.Short() {
		cases = 300
	}
	for i, v := range randomValues(2031, cases) {
		opts := optionSets[i%len(optionSets)]
		want := marshalOutcome(jsonv2.Marshal, v, false, opts...)
		got := marshalOutcome(ours.Marshal, v, false, opts...)
		// Members whose names tie come out in map order from the
		// standard library (see compat's differences).
		if want != got && !stdMayGive(got, v, false, opts...) {
			t.Errorf("case %d: Marshal(%T value, %v)\n got %+v\nwant %+v", i, v, opts, got, want)
		}
	}
	checkUnmarshalInputs(t, optionSets)
}

// TestEngineOptions holds Marshal with FormatNilSliceAsNull,
// FormatNilMapAsNull, StringifyNumbers, OmitZeroStructFields,
// MatchCaseInsensitiveNames, jsontext's layouts (WithIndent,
// WithIndentPrefix, Multiline, SpaceAfterColon, SpaceAfterComma), escapes
// (EscapeForHTML, EscapeForJS), AllowInvalidUTF8, AllowDuplicateNames
// (with names that repeat) and the options that rewrite raw text (with
// MarshalJSON text and json.Number), which the engine runs, alone, combined and joined, to encoding/json/v2 on random values
// and on nil slices, maps and byte slices, numbers, characters to escape
// and invalid UTF-8 at every depth.
func TestEngineOptions(t *testing.T) {
	type nested struct {
		S  []int
		B  []byte
		M  map[string]int
		MS map[string]string
		A  any
		P  *[]string
		E  []int `json:",omitempty"`
		L  []nested
		N  json.Number
		Q  int64 `json:",string"`
		F  [2]float32
		U  map[string]uint16
	}
	fixed := []any{
		nested{}, []nested{{}, {L: []nested{{}}}}, map[string]nested{"k": {}},
		[]any{[]any(nil), map[string]any(nil)}, map[string]any{"a": []any(nil), "m": map[string]any(nil)},
		[]byte(nil), []int(nil), map[int]bool(nil), &nested{P: new([]string)},
		nested{N: "12", Q: -3, F: [2]float32{1.5, 2}, U: map[string]uint16{"u": 7}}, []any{1.5, true, json.Number("")},
		[]any{"<a href=\"x\">&amp;</a>\u2028\u2029", map[string]string{"<k>": "\u2029&", "\u2028": ">"}},
		map[string]rawJSON{"<": `"\u003c\u2028 \u0026"`, "b": `{"<":"\u003E","a":["&\u2029"]}`, "c": `"\u003C<"`},
		invalidUTF8{S: "a\xffb", L: []string{"\xed\xa0\x80", "ok", "\xe6\x97"}, A: []any{"\xc0\xaf<", 1}, M: map[string]string{"k": "\xf4\x90\x80\x80"}, T: textOf("\xfe")},
		map[string]int{"\xff": 1}, []rawJSON{`"\xff"`},
		map[sameText]int{1: 7, 2: 7}, rawJSON(`{"a":1,"a":2}`), rawJSON(`[{"k":[]},{"k":{}}]`),
		[]any{json.Number("1.0e2"), json.Number("-0"), rawJSON(`{"b":1E+2,"a":"\u0041\/"}`), rawJSON(`[100000000000000000000, -0.0]`)},
	}
	optionSets := [][]jsonv2.Options{
		{jsonv2.FormatNilSliceAsNull(true)},
		{jsonv2.FormatNilMapAsNull(true)},
		{jsonv2.FormatNilSliceAsNull(true), jsonv2.FormatNilMapAsNull(true)},
		{jsonv2.FormatNilMapAsNull(true), jsonv2.FormatNilMapAsNull(false)},
		{jsonv2.StringifyNumbers(true)},
		{jsonv2.StringifyNumbers(true), jsonv2.FormatNilSliceAsNull(true)},
		{jsontext.WithIndent("  ")},
		{jsontext.Multiline(true)},
		{jsontext.WithIndentPrefix(" "), jsontext.WithIndent("\t")},
		{jsontext.WithIndent(""), jsonv2.StringifyNumbers(true)},
		{jsonv2.JoinOptions(jsontext.WithIndent("  "), jsonv2.FormatNilMapAsNull(true))},
		{jsontext.WithIndent("  "), jsontext.Multiline(false)},
		{jsonv2.JoinOptions(jsontext.WithIndentPrefix("\t"), jsonv2.JoinOptions(jsontext.Multiline(true)))},
		{jsonv2.OmitZeroStructFields(true)},
		{jsonv2.OmitZeroStructFields(true), jsontext.WithIndent(" ")},
		{jsonv2.JoinOptions(jsonv2.OmitZeroStructFields(true), jsonv2.FormatNilSliceAsNull(true)), jsonv2.OmitZeroStructFields(false)},
		{jsonv2.JoinOptions(jsonv2.OmitZeroStructFields(true), jsonv2.StringifyNumbers(true))},
		{jsontext.EscapeForHTML(true)},
		{jsontext.EscapeForJS(true)},
		{jsonv2.JoinOptions(jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true)), jsontext.WithIndent("  ")},
		{jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true), jsontext.EscapeForHTML(false)},
		{jsontext.AllowInvalidUTF8(true)},
		{jsonv2.JoinOptions(jsontext.AllowInvalidUTF8(true), jsontext.EscapeForHTML(true)), jsontext.WithIndent(" ")},
		{jsontext.AllowInvalidUTF8(true), jsontext.AllowInvalidUTF8(false)},
		{jsontext.SpaceAfterColon(true)},
		{jsontext.SpaceAfterComma(true), jsontext.EscapeForHTML(true)},
		{jsonv2.JoinOptions(jsontext.SpaceAfterColon(true), jsontext.SpaceAfterComma(true)), jsonv2.StringifyNumbers(true)},
		{jsontext.SpaceAfterColon(false), jsontext.WithIndent("  ")},
		{jsontext.Multiline(true), jsontext.SpaceAfterComma(true), jsontext.WithIndentPrefix("\t")},
		{jsonv2.MatchCaseInsensitiveNames(true), jsontext.AllowDuplicateNames(true)},
		{jsonv2.JoinOptions(jsontext.AllowDuplicateNames(true), jsonv2.OmitZeroStructFields(true))},
		{jsontext.CanonicalizeRawInts(true), jsontext.CanonicalizeRawFloats(true)},
		{jsontext.PreserveRawStrings(true), jsontext.EscapeForHTML(true)},
		{jsonv2.JoinOptions(jsontext.ReorderRawObjects(true), jsonv2.StringifyNumbers(true))},
	}
	for _, opts := range optionSets {
		if _, ok := v2opts.Of(opts); !ok {
			t.Errorf("Of(%v) leaves the options to the standard library", opts)
		}
	}
	for i, v := range append(fixed, randomValues(2032, 1500)...) {
		for _, opts := range optionSets {
			opts = append(opts, jsonv2.Deterministic(true))
			want := marshalOutcome(jsonv2.Marshal, v, false, opts...)
			got := marshalOutcome(ours.Marshal, v, false, opts...)
			// Where members fail, which one v2 meets first depends on its
			// map order (the names of text-keyed maps are all made before
			// they are sorted), so it is asked again.
			if want != got && !(want.Err != "" && stdGivesExactly(got, v, opts...)) {
				t.Errorf("case %d: Marshal(%T value, %v)\n got %+v\nwant %+v", i, v, opts, got, want)
			}
		}
	}
}

// stdGivesExactly reports whether encoding/json/v2 gives o for v in one of
// a few thousand more calls: which member fails first can be one in tens.
func stdGivesExactly(o outcome, v any, opts ...jsonv2.Options) bool {
	for range 3000 {
		if marshalOutcome(jsonv2.Marshal, v, false, opts...) == o {
			return true
		}
	}
	return false
}

// sameText is a map key whose keys all have one text: their names repeat,
// and come out in the map's order, so the tests give them one value.
type sameText int

func (sameText) MarshalText() ([]byte, error) { return []byte("same"), nil }

// rawJSON is JSON text a MarshalJSON method returns as it is.
type rawJSON string

func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// invalidUTF8 holds invalid UTF-8 where the engine writes strings.
type invalidUTF8 struct {
	S string
	L []string
	A []any
	M map[string]string
	T textOf
}

// textOf is text from a MarshalText method.
type textOf string

func (t textOf) MarshalText() ([]byte, error) { return []byte(t), nil }

// engineSeen is a MarshalJSON type that records whether safejson's
// encoder is among its callers.
type engineSeen struct{ seen *bool }

func (e engineSeen) MarshalJSON() ([]byte, error) {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, "github.com/safejson/safejson/internal/encoder.") && e.seen != nil {
			*e.seen = true
		}
		if !more {
			return []byte("1"), nil
		}
	}
}

// TestV1LayoutOnEngine: under DefaultOptionsV1 with a layout, before or
// after it, Marshal runs on safejson's encoder; MarshalWrite leaves it to
// the standard library, and so does Marshal a value that fails, whose
// error counts offsets in the text laid out.
func TestV1LayoutOnEngine(t *testing.T) {
	v1 := json.DefaultOptionsV1()
	for _, opts := range [][]jsonv2.Options{
		{v1, jsontext.WithIndent("  ")},
		{jsontext.Multiline(true), v1},
		{v1, jsontext.SpaceAfterComma(true)},
	} {
		var seen bool
		v := []any{engineSeen{&seen}, map[string]int{"a": 1}}
		got, err := ours.Marshal(v, opts...)
		want, _ := jsonv2.Marshal(v, opts...)
		if err != nil || string(got) != string(want) || !seen {
			t.Errorf("Marshal(%v) = %q, %v (on the engine: %v), want %q", opts, got, err, seen, want)
		}
		bad := map[string]any{"a": []any{1, rawJSON(`[1,`)}}
		_, werr := jsonv2.Marshal(bad, opts...)
		_, gerr := ours.Marshal(bad, opts...)
		var wsyn, gsyn *json.SyntaxError
		if !errors.As(werr, &wsyn) || !errors.As(gerr, &gsyn) || gerr.Error() != werr.Error() || gsyn.Offset != wsyn.Offset {
			t.Errorf("Marshal(%v) of bad text: error %v, want %v (offsets %+v, %+v)", opts, gerr, werr, gsyn, wsyn)
		}
		seen = false
		var buf bytes.Buffer
		if err := ours.MarshalWrite(&buf, v, opts...); err != nil || buf.String() != string(want) || seen {
			t.Errorf("MarshalWrite(%v) = %q, %v (on the engine: %v), want %q", opts, buf.String(), err, seen, want)
		}
	}
}
