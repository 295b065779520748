//go:build goexperiment.jsonv2 && go1.27

package jsontext_test

import (
	"bytes"
	"encoding/json/jsontext"
	"errors"
	"io"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	ours "github.com/safejson/safejson/compat/jsontext"
	"github.com/safejson/safejson/internal/apidiff"
)

// leftOut says why a name of encoding/json/jsontext is not here.
var leftOut = map[string]string{
	"Internal": "the standard library's hook between its own packages",
}

func TestAPINames(t *testing.T) {
	want, got, err := apidiff.Reexports("encoding/json/jsontext", ".", leftOut)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("exported names differ from encoding/json/jsontext's (-want +got):\n%s", diff)
	}
}

// Each type is the standard library's: a value of one is a value of the
// other, with no conversion.
func TestTypesAreAliases(t *testing.T) {
	pairs := []struct{ std, ours reflect.Type }{
		{reflect.TypeFor[jsontext.Decoder](), reflect.TypeFor[ours.Decoder]()},
		{reflect.TypeFor[jsontext.Encoder](), reflect.TypeFor[ours.Encoder]()},
		{reflect.TypeFor[jsontext.Kind](), reflect.TypeFor[ours.Kind]()},
		{reflect.TypeFor[jsontext.Options](), reflect.TypeFor[ours.Options]()},
		{reflect.TypeFor[jsontext.Pointer](), reflect.TypeFor[ours.Pointer]()},
		{reflect.TypeFor[jsontext.SyntacticError](), reflect.TypeFor[ours.SyntacticError]()},
		{reflect.TypeFor[jsontext.Token](), reflect.TypeFor[ours.Token]()},
		{reflect.TypeFor[jsontext.Value](), reflect.TypeFor[ours.Value]()},
	}
	for _, p := range pairs {
		if p.std != p.ours {
			t.Errorf("%v is not %v", p.ours, p.std)
		}
	}
}

// The tokens and errors are the standard library's values: errors.Is holds
// across the two packages, and a token of either is the same token (Token
// is not comparable with ==).
func TestVariablesAreTheStandardLibrarys(t *testing.T) {
	tokens := []struct {
		name      string
		ours, std jsontext.Token
	}{
		{"Null", ours.Null, jsontext.Null}, {"False", ours.False, jsontext.False}, {"True", ours.True, jsontext.True},
		{"BeginObject", ours.BeginObject, jsontext.BeginObject}, {"EndObject", ours.EndObject, jsontext.EndObject},
		{"BeginArray", ours.BeginArray, jsontext.BeginArray}, {"EndArray", ours.EndArray, jsontext.EndArray},
	}
	for _, tok := range tokens {
		if !reflect.DeepEqual(tok.ours, tok.std) || tok.ours.Kind() != tok.std.Kind() {
			t.Errorf("%s: %v is not encoding/json/jsontext's", tok.name, tok.ours)
		}
	}
	if ours.ErrDuplicateName != jsontext.ErrDuplicateName || ours.ErrNonStringName != jsontext.ErrNonStringName {
		t.Error("the sentinel errors are not encoding/json/jsontext's")
	}

	// What a user writes with only the import swapped: tokens written
	// through ours, errors from a Decoder tested against ours.
	var buf bytes.Buffer
	enc := ours.NewEncoder(&buf)
	for _, tok := range []jsontext.Token{ours.BeginObject, ours.String("a"), ours.Null, ours.String("b"),
		ours.BeginArray, ours.True, ours.False, ours.EndArray, ours.EndObject} {
		if err := enc.WriteToken(tok); err != nil {
			t.Fatalf("WriteToken(%v): %v", tok, err)
		}
	}
	if got, want := buf.String(), "{\"a\":null,\"b\":[true,false]}\n"; got != want {
		t.Errorf("tokens wrote %q, want %q", got, want)
	}
	dec := ours.NewDecoder(strings.NewReader(`{"a":1,"a":2}`))
	var err error
	for err == nil {
		_, err = dec.ReadToken()
	}
	if !errors.Is(err, ours.ErrDuplicateName) || !errors.Is(err, jsontext.ErrDuplicateName) {
		t.Errorf("repeated name: %v does not match ErrDuplicateName", err)
	}
	enc = ours.NewEncoder(io.Discard)
	if err := enc.WriteToken(ours.BeginObject); err != nil {
		t.Fatal(err)
	}
	if err := enc.WriteToken(ours.Null); !errors.Is(err, ours.ErrNonStringName) || !errors.Is(err, jsontext.ErrNonStringName) {
		t.Errorf("null as a name: %v does not match ErrNonStringName", err)
	}
}

func TestKindsAreTheStandardLibrarys(t *testing.T) {
	kinds := [][2]jsontext.Kind{
		{ours.KindInvalid, jsontext.KindInvalid}, {ours.KindNull, jsontext.KindNull},
		{ours.KindFalse, jsontext.KindFalse}, {ours.KindTrue, jsontext.KindTrue},
		{ours.KindString, jsontext.KindString}, {ours.KindNumber, jsontext.KindNumber},
		{ours.KindBeginObject, jsontext.KindBeginObject}, {ours.KindEndObject, jsontext.KindEndObject},
		{ours.KindBeginArray, jsontext.KindBeginArray}, {ours.KindEndArray, jsontext.KindEndArray},
	}
	for _, k := range kinds {
		if k[0] != k[1] {
			t.Errorf("kind %v is not %v", k[0], k[1])
		}
	}
}

// transcript writes a stream of tokens and values with an Encoder made from
// opts and reads it back with a Decoder, recording everything.
func transcript(newEnc func(*bytes.Buffer, ...jsontext.Options) *jsontext.Encoder, newDec func(*strings.Reader, ...jsontext.Options) *jsontext.Decoder, tokens []jsontext.Token, opts ...jsontext.Options) []string {
	var buf bytes.Buffer
	enc := newEnc(&buf, opts...)
	var out []string
	for _, tok := range tokens {
		if err := enc.WriteToken(tok); err != nil {
			out = append(out, "write error: "+err.Error())
		}
	}
	out = append(out, buf.String())
	dec := newDec(strings.NewReader(buf.String()+` {"a":1,"a":2} "\xff"`), opts...)
	for {
		tok, err := dec.ReadToken()
		if err != nil {
			return append(out, "read error: "+err.Error())
		}
		out = append(out, tok.Kind().String()+" "+tok.String())
	}
}

// TestFunctions runs every function of the package beside the standard
// library's.
func TestFunctions(t *testing.T) {
	type tokenFuncs struct {
		Bool    func(bool) jsontext.Token
		Float   func(float64) jsontext.Token
		Float32 func(float32) jsontext.Token
		Int     func(int64) jsontext.Token
		Uint    func(uint64) jsontext.Token
		String  func(string) jsontext.Token
	}
	stream := func(f tokenFuncs) []jsontext.Token {
		return []jsontext.Token{
			jsontext.BeginObject, f.String("k</script>\u2028"), f.Bool(true), f.String("f"), f.Float(1.5e300),
			f.String("f32"), f.Float32(0.1), f.String("i"), f.Int(-7), f.String("u"), f.Uint(1 << 63),
			f.String("k</script>\u2028"), jsontext.Null, jsontext.EndObject, jsontext.EndArray,
		}
	}
	stdFuncs := tokenFuncs{jsontext.Bool, jsontext.Float, jsontext.Float32, jsontext.Int, jsontext.Uint, jsontext.String}
	ourFuncs := tokenFuncs{ours.Bool, ours.Float, ours.Float32, ours.Int, ours.Uint, ours.String}
	options := [][2]func(bool) jsontext.Options{
		{jsontext.AllowDuplicateNames, ours.AllowDuplicateNames}, {jsontext.AllowInvalidUTF8, ours.AllowInvalidUTF8},
		{jsontext.CanonicalizeRawFloats, ours.CanonicalizeRawFloats}, {jsontext.CanonicalizeRawInts, ours.CanonicalizeRawInts},
		{jsontext.EscapeForHTML, ours.EscapeForHTML}, {jsontext.EscapeForJS, ours.EscapeForJS},
		{jsontext.Multiline, ours.Multiline}, {jsontext.PreserveRawStrings, ours.PreserveRawStrings},
		{jsontext.ReorderRawObjects, ours.ReorderRawObjects}, {jsontext.SpaceAfterColon, ours.SpaceAfterColon},
		{jsontext.SpaceAfterComma, ours.SpaceAfterComma},
	}
	stdEnc := func(b *bytes.Buffer, o ...jsontext.Options) *jsontext.Encoder { return jsontext.NewEncoder(b, o...) }
	ourEnc := func(b *bytes.Buffer, o ...jsontext.Options) *jsontext.Encoder { return ours.NewEncoder(b, o...) }
	stdDec := func(r *strings.Reader, o ...jsontext.Options) *jsontext.Decoder { return jsontext.NewDecoder(r, o...) }
	ourDec := func(r *strings.Reader, o ...jsontext.Options) *jsontext.Decoder { return ours.NewDecoder(r, o...) }
	for i, o := range options {
		for _, v := range []bool{true, false} {
			want := transcript(stdEnc, stdDec, stream(stdFuncs), o[0](v), jsontext.WithIndent("\t"), jsontext.WithIndentPrefix(" "))
			got := transcript(ourEnc, ourDec, stream(ourFuncs), o[1](v), ours.WithIndent("\t"), ours.WithIndentPrefix(" "))
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("option %d (%v) (-encoding/json/jsontext +ours):\n%s", i, v, diff)
			}
		}
	}

	type appendResult struct {
		Out string
		Err string
	}
	result := func(b []byte, err error) appendResult {
		r := appendResult{Out: string(b)}
		if err != nil {
			r.Err = err.Error()
		}
		return r
	}
	for _, src := range []string{`{"b" : [1.0, 2e0], "a":"\u0041"}`, `"a\u2028</"`, "\"\xff\"", `{"a":1,"a":2}`, `[`} {
		pairs := [][2]appendResult{
			{result(jsontext.AppendFormat(nil, src, jsontext.Multiline(true))), result(ours.AppendFormat(nil, src, ours.Multiline(true)))},
			{result(jsontext.AppendQuote(nil, src)), result(ours.AppendQuote(nil, src))},
			{result(jsontext.AppendUnquote(nil, src)), result(ours.AppendUnquote(nil, src))},
		}
		for i, p := range pairs {
			if p[0] != p[1] {
				t.Errorf("function %d of %q: got %+v, encoding/json/jsontext %+v", i, src, p[1], p[0])
			}
		}
	}
	for _, f := range []float64{0.1, 1e21, math.Copysign(0, -1), 123456789} {
		for _, bits := range []int{32, 64} {
			if w, g := jsontext.AppendFloat(nil, f, bits), ours.AppendFloat(nil, f, bits); !bytes.Equal(w, g) {
				t.Errorf("AppendFloat(%v, %d) = %s, encoding/json/jsontext %s", f, bits, g, w)
			}
		}
	}
}
