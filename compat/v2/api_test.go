//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	ours "github.com/safejson/safejson/compat/v2"
	"github.com/safejson/safejson/internal/apidiff"
)

func TestAPINames(t *testing.T) {
	want, got, err := apidiff.Reexports("encoding/json/v2", ".", nil)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("exported names differ from encoding/json/v2's (-want +got):\n%s", diff)
	}
}

// ErrUnknownName is the standard library's value: errors.Is matches what
// either package returns against either spelling.
func TestErrUnknownNameIsTheStandardLibrarys(t *testing.T) {
	if ours.ErrUnknownName != jsonv2.ErrUnknownName {
		t.Fatal("ErrUnknownName is not encoding/json/v2's")
	}
	var v struct{ A int }
	for _, in := range []string{`{"B":1}`, `{"A":1,"B":1}`} {
		err := ours.Unmarshal([]byte(in), &v, ours.RejectUnknownMembers(true))
		if !errors.Is(err, ours.ErrUnknownName) || !errors.Is(err, jsonv2.ErrUnknownName) {
			t.Errorf("Unmarshal(%s): %v does not match ErrUnknownName", in, err)
		}
	}
}

func TestTypesAreAliases(t *testing.T) {
	pairs := []struct{ std, ours reflect.Type }{
		{reflect.TypeFor[jsonv2.Options](), reflect.TypeFor[ours.Options]()},
		{reflect.TypeFor[jsonv2.Marshaler](), reflect.TypeFor[ours.Marshaler]()},
		{reflect.TypeFor[jsonv2.MarshalerTo](), reflect.TypeFor[ours.MarshalerTo]()},
		{reflect.TypeFor[jsonv2.Marshalers](), reflect.TypeFor[ours.Marshalers]()},
		{reflect.TypeFor[jsonv2.SemanticError](), reflect.TypeFor[ours.SemanticError]()},
		{reflect.TypeFor[jsonv2.Unmarshaler](), reflect.TypeFor[ours.Unmarshaler]()},
		{reflect.TypeFor[jsonv2.UnmarshalerFrom](), reflect.TypeFor[ours.UnmarshalerFrom]()},
		{reflect.TypeFor[jsonv2.Unmarshalers](), reflect.TypeFor[ours.Unmarshalers]()},
	}
	for _, p := range pairs {
		if p.std != p.ours {
			t.Errorf("%v is not %v", p.ours, p.std)
		}
	}
}

// api is one of the two packages, as the functions the test calls.
type api struct {
	Marshal         func(any, ...jsonv2.Options) ([]byte, error)
	MarshalWrite    func(*bytes.Buffer, any, ...jsonv2.Options) error
	MarshalEncode   func(*jsontext.Encoder, any, ...jsonv2.Options) error
	Unmarshal       func([]byte, any, ...jsonv2.Options) error
	UnmarshalRead   func(*strings.Reader, any, ...jsonv2.Options) error
	UnmarshalDecode func(*jsontext.Decoder, any, ...jsonv2.Options) error
	options         []jsonv2.Options
}

// The caller's marshalers and unmarshalers that each API's options carry,
// built with its own MarshalFunc and the like.

func upperText(s string) ([]byte, error) { return []byte(`"` + strings.ToUpper(s) + `"`), nil }

func writeSeconds(enc *jsontext.Encoder, d time.Duration) error {
	return enc.WriteToken(jsontext.Float(d.Seconds()))
}

func lowerText(b []byte, s *string) error { *s = strings.ToLower(string(b)); return nil }

func countBytes(dec *jsontext.Decoder, n *int) error {
	v, err := dec.ReadValue()
	*n = len(v)
	return err
}

func stdAPI() api {
	upper := jsonv2.MarshalFunc(upperText)
	seconds := jsonv2.MarshalToFunc(writeSeconds)
	lower := jsonv2.UnmarshalFunc(lowerText)
	count := jsonv2.UnmarshalFromFunc(countBytes)
	return api{
		Marshal:         jsonv2.Marshal,
		MarshalWrite:    func(b *bytes.Buffer, v any, o ...jsonv2.Options) error { return jsonv2.MarshalWrite(b, v, o...) },
		MarshalEncode:   jsonv2.MarshalEncode,
		Unmarshal:       jsonv2.Unmarshal,
		UnmarshalRead:   func(r *strings.Reader, v any, o ...jsonv2.Options) error { return jsonv2.UnmarshalRead(r, v, o...) },
		UnmarshalDecode: jsonv2.UnmarshalDecode,
		options: []jsonv2.Options{
			nil, jsonv2.DefaultOptionsV2(), jsonv2.Deterministic(true), jsonv2.FormatNilMapAsNull(true),
			jsonv2.FormatNilSliceAsNull(true), jsonv2.MatchCaseInsensitiveNames(true), jsonv2.OmitZeroStructFields(true),
			jsonv2.RejectUnknownMembers(true), jsonv2.StringifyNumbers(true),
			jsonv2.WithMarshalers(jsonv2.JoinMarshalers(upper, seconds)),
			jsonv2.WithUnmarshalers(jsonv2.JoinUnmarshalers(lower, count)),
			jsonv2.JoinOptions(jsonv2.Deterministic(true), jsontext.Multiline(true), jsonv2.StringifyNumbers(true)),
		},
	}
}

func oursAPI() api {
	upper := ours.MarshalFunc(upperText)
	seconds := ours.MarshalToFunc(writeSeconds)
	lower := ours.UnmarshalFunc(lowerText)
	count := ours.UnmarshalFromFunc(countBytes)
	return api{
		Marshal:         ours.Marshal,
		MarshalWrite:    func(b *bytes.Buffer, v any, o ...jsonv2.Options) error { return ours.MarshalWrite(b, v, o...) },
		MarshalEncode:   ours.MarshalEncode,
		Unmarshal:       ours.Unmarshal,
		UnmarshalRead:   func(r *strings.Reader, v any, o ...jsonv2.Options) error { return ours.UnmarshalRead(r, v, o...) },
		UnmarshalDecode: ours.UnmarshalDecode,
		options: []jsonv2.Options{
			nil, ours.DefaultOptionsV2(), ours.Deterministic(true), ours.FormatNilMapAsNull(true),
			ours.FormatNilSliceAsNull(true), ours.MatchCaseInsensitiveNames(true), ours.OmitZeroStructFields(true),
			ours.RejectUnknownMembers(true), ours.StringifyNumbers(true),
			ours.WithMarshalers(ours.JoinMarshalers(upper, seconds)),
			ours.WithUnmarshalers(ours.JoinUnmarshalers(lower, count)),
			ours.JoinOptions(ours.Deterministic(true), jsontext.Multiline(true), ours.StringifyNumbers(true)),
		},
	}
}

type record struct {
	Name  string
	Count int
	Wait  time.Duration
	Tags  []string
	Attrs map[string]string
	Inner struct{ A, B int }
	Skip  *record `json:",omitzero"`
}

// transcript runs every entry point of a with each of its options.
func (a api) transcript() []string {
	var out []string
	note := func(what string, b []byte, err error) {
		var se *jsonv2.SemanticError
		var sy *jsontext.SyntacticError
		out = append(out, fmt.Sprintf("%s: %s err=%v semantic=%v syntactic=%v unknown=%v",
			what, b, err, errors.As(err, &se), errors.As(err, &sy), errors.Is(err, jsonv2.ErrUnknownName)))
	}
	v := record{Name: "x</script>", Count: 3, Wait: 1500 * time.Millisecond, Attrs: map[string]string{"a": "1"}}
	inputs := []string{
		`{"Name":"X","count":"7","Tags":null,"Attrs":{"k":"v"},"Inner":{"A":1}}`,
		`{"Name":"X","Extra":1}`, `{"Name":"X","Name":"Y"}`, "{\"Name\":\"\xff\"}", `{"Count":1.5}`, `{"Name":`,
	}
	for i, o := range a.options {
		b, err := a.Marshal(v, o)
		note(fmt.Sprintf("Marshal %d", i), b, err)
		var buf bytes.Buffer
		err = a.MarshalWrite(&buf, v, o)
		note(fmt.Sprintf("MarshalWrite %d", i), buf.Bytes(), err)
		buf.Reset()
		enc := jsontext.NewEncoder(&buf)
		err = a.MarshalEncode(enc, []any{v, 1}, o)
		note(fmt.Sprintf("MarshalEncode %d", i), buf.Bytes(), err)
		for _, in := range inputs {
			var r1, r2, r3 record
			err := a.Unmarshal([]byte(in), &r1, o)
			b, _ := jsonv2.Marshal(r1, jsonv2.Deterministic(true))
			note(fmt.Sprintf("Unmarshal %d %s", i, in), b, err)
			err = a.UnmarshalRead(strings.NewReader(in), &r2, o)
			b, _ = jsonv2.Marshal(r2, jsonv2.Deterministic(true))
			note(fmt.Sprintf("UnmarshalRead %d %s", i, in), b, err)
			err = a.UnmarshalDecode(jsontext.NewDecoder(strings.NewReader(in+" "+in)), &r3, o)
			b, _ = jsonv2.Marshal(r3, jsonv2.Deterministic(true))
			note(fmt.Sprintf("UnmarshalDecode %d %s", i, in), b, err)
		}
	}
	return out
}

// TestFunctions runs every entry point and option beside the standard
// library's. Map order is random where Deterministic is not set, so the
// map marshaled holds one entry.
func TestFunctions(t *testing.T) {
	if diff := cmp.Diff(stdAPI().transcript(), oursAPI().transcript()); diff != "" {
		t.Errorf("(-encoding/json/v2 +ours):\n%s", diff)
	}
}

func TestGetOption(t *testing.T) {
	opts := ours.JoinOptions(ours.Deterministic(true), ours.StringifyNumbers(false))
	for _, setter := range []func(bool) jsonv2.Options{ours.Deterministic, jsonv2.Deterministic, ours.StringifyNumbers, ours.RejectUnknownMembers} {
		gv, gok := ours.GetOption(opts, setter)
		wv, wok := jsonv2.GetOption(opts, setter)
		if gv != wv || gok != wok {
			t.Errorf("GetOption = %v, %v; encoding/json/v2 %v, %v", gv, gok, wv, wok)
		}
	}
}
