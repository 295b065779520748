package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/conformance"
	"github.com/safejson/safejson/internal/corpus/setb"
	"github.com/safejson/safejson/internal/jsontest"
)

// The differential tests of set B: compat must give encoding/json's bytes,
// values and errors on these types too. (compat's own tests cover set A.)

// errorReport describes an error by its type, message and, for
// encoding/json's error types, their fields, so that two errors compare
// equal only if a caller could not tell them apart.
func errorReport(err error) string {
	if err == nil {
		return ""
	}
	s := fmt.Sprintf("%T: %v", err, err)
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		s += fmt.Sprintf(" {Value %q Type %v Offset %d Struct %q Field %q}",
			typeErr.Value, typeErr.Type, typeErr.Offset, typeErr.Struct, typeErr.Field)
	case errors.As(err, &syntaxErr):
		s += fmt.Sprintf(" {Offset %d}", syntaxErr.Offset)
	}
	for e := errors.Unwrap(err); e != nil; e = errors.Unwrap(e) {
		s += fmt.Sprintf(" <- %T", e)
	}
	return s
}

// encodeOutcomes encodes v in each way with impl: with Marshal and an
// indenting Encoder that does not escape HTML, and, but under -short (with
// -race and on emulated ports), with MarshalIndent and a plain Encoder too.
func encodeOutcomes(impl conformance.Impl, v any) map[string]string {
	outcome := func(b []byte, err error) string { return fmt.Sprintf("%s\nerror: %s", b, errorReport(err)) }
	encode := func(escapeHTML bool, indent string) ([]byte, error) {
		var buf bytes.Buffer
		enc := impl.NewEncoder(&buf)
		enc.SetEscapeHTML(escapeHTML)
		enc.SetIndent("", indent)
		err := enc.Encode(v)
		return buf.Bytes(), err
	}
	outcomes := map[string]string{
		"Marshal":                     outcome(impl.Marshal(v)),
		"Encoder/noEscapeHTML/indent": outcome(encode(false, "  ")),
	}
	if !testing.Short() {
		outcomes["MarshalIndent"] = outcome(impl.MarshalIndent(v, "", "\t"))
		outcomes["Encoder"] = outcome(encode(true, ""))
	}
	return outcomes
}

// checkEncode compares compat with encoding/json on v in every way, and on
// the value v points to (whose fields are not addressable) with Marshal.
func checkEncode(t *testing.T, v any) {
	t.Helper()
	want, got := encodeOutcomes(conformance.Std(), v), encodeOutcomes(conformance.Compat(), v)
	for way := range want {
		if want[way] != got[way] {
			t.Errorf("%T %s: compat differs from encoding/json: %s", v, way, jsontest.FirstDifference(want[way], got[way]))
		}
	}
	elem := reflect.ValueOf(v).Elem().Interface()
	wantOut, wantErr := json.Marshal(elem)
	gotOut, gotErr := compat.Marshal(elem)
	if w, g := errorReport(wantErr), errorReport(gotErr); w != g || !bytes.Equal(wantOut, gotOut) {
		t.Errorf("%T Marshal: compat differs from encoding/json: error %q, want %q; %s", elem, g, w, jsontest.FirstDifference(string(wantOut), string(gotOut)))
	}
}

// checkDecode decodes data into new values of c's type with encoding/json
// and with compat, by Unmarshal and by a Decoder that disallows unknown
// fields, and compares the errors and the values, including what an error
// leaves behind.
func checkDecode(t *testing.T, c Case, data []byte) {
	t.Helper()
	disallowUnknown := func(impl conformance.Impl) func([]byte, any) error {
		return func(data []byte, v any) error {
			dec := impl.NewDecoder(bytes.NewReader(data))
			dec.DisallowUnknownFields()
			return dec.Decode(v)
		}
	}
	std, ours := conformance.Std(), conformance.Compat()
	ways := []struct {
		name      string
		std, ours func(data []byte, v any) error
	}{
		{"Unmarshal", std.Unmarshal, ours.Unmarshal},
		{"Decoder/DisallowUnknownFields", disallowUnknown(std), disallowUnknown(ours)},
	}
	for _, way := range ways {
		want, got := c.New(), c.New()
		wantErr, gotErr := way.std(data, want), way.ours(data, got)
		if w, g := errorReport(wantErr), errorReport(gotErr); w != g {
			t.Errorf("%s into %T: error differs:\n\twant: %s\n\tgot:  %s", way.name, want, w, g)
		}
		if d := diffValues(want, got); d != "" {
			t.Errorf("%s into %T: value differs (-encoding/json +compat):\n%.3000s", way.name, want, d)
		}
	}
}

func TestTypedBCompat(t *testing.T) {
	forEachCase(t, TypedB(), func(t *testing.T, c Case, data []byte) {
		v, err := c.Decode()
		if err != nil {
			t.Fatal(err)
		}
		checkEncode(t, v)
		checkDecode(t, c, data)
	})
}

// TestTypedBCompatDecodeErrors decodes broken copies of the corpora: cut
// short, and with one value changed to one that its Go type of set B
// rejects (in the type's own methods, in the engine's numbers, ,string
// fields and map keys).
func TestTypedBCompatDecodeErrors(t *testing.T) {
	edits := map[string][][2]string{
		"twitter_status": {
			{`"created_at": "Sun Aug 31 00:29:15 +0000 2014"`, `"created_at": "Sunday Aug 31 00:29:15 +0000 2014"`},
			{`"created_at": "Sun Aug 31 00:29:15 +0000 2014"`, `"created_at": 1409444955`},
			{`"id_str": "505874924095815681"`, `"id_str": "50587492409581568x"`},
			{`"id_str": "505874924095815681"`, `"id_str": 505874924095815681`},
			{`"retweet_count": 0`, `"retweet_count": -1`},
			{`"followers_count": 262`, `"followers_count": 99999999999`},
			{`"id": 505874924095815700`, `"id": 5.5`},
			{`"place": null`, `"place": {"id": [}`},
		},
		"citm_catalog": {
			{`"start": 1372701600000`, `"start": "1372701600000"`},
			{`"205705993"`, `"x205705993"`},
			{`"205705993"`, `"4294967296"`},
			{`"amount": 90250`, `"amount": 90250.5`},
		},
		"canada_geometry": {
			{`[-65.61361699999998,43.42027300000001]`, `[-65.61361699999998,43.42027300000001,7]`},
			{`[-65.61361699999998,43.42027300000001]`, `"-65.61361699999998,43.42027300000001"`},
			{`{"name":"Canada"}`, `{"name":1}`},
		},
		"golang_source": {
			{`"touches":1,`, `"touches":-1,`},
			{`"min_t":1316289444`, `"min_t":1316289444.5`},
			{`"min_t":1316289444`, `"min_t":"1316289444"`},
		},
		"synthea_fhir": {
			{`"birthDate": "1931-03-30"`, `"birthDate": "1931-02-30"`},
			{`"birthDate": "1931-03-30"`, `"birthDate": 1931`},
			{`"issued": "2002-10-18T22:53:43.228-04:00"`, `"issued": "2002-10-18 22:53:43"`},
			{`"sequence": 1`, `"sequence": -1`},
			{`"value": 129.16`, `"value": "12x"`},
			{`"value": 129.16`, `"value": "129.16"`},
		},
		"string_unicode": {
			{`"Arabic"`, `"Arabian"`},
		},
		"string_escaped": {
			{`"\u0041\u0072\u0061\u0062\u0069\u0063"`, `"\u0041\u0072\u0061\u0062\u0069\u0061\u006e"`},
		},
	}
	forEachCase(t, TypedB(), func(t *testing.T, c Case, data []byte) {
		for _, e := range edits[c.Name] {
			if !bytes.Contains(data, []byte(e[0])) {
				t.Fatalf("the corpus has no %s to edit", e[0])
			}
			t.Run(e[1], func(t *testing.T) {
				checkDecode(t, c, bytes.Replace(data, []byte(e[0]), []byte(e[1]), 1))
			})
		}
		// -short, used with -race and on emulated ports, cuts each
		// corpus in two places instead of seven.
		cuts := 8
		if testing.Short() {
			cuts = 3
		}
		for i := 1; i < cuts; i++ {
			cut := len(data) * i / cuts
			t.Run(fmt.Sprintf("cut at %d", cut), func(t *testing.T) {
				checkDecode(t, c, data[:cut])
			})
		}
	})
	for name := range edits {
		if _, err := Load(name); err != nil {
			t.Errorf("edits for %s: %v", name, err)
		}
	}
}

// TestTypedBCompatEncodeErrors encodes set B values that their own methods
// refuse to write.
func TestTypedBCompatEncodeErrors(t *testing.T) {
	var fhir *setb.Bundle
	if v, err := (Case{Name: "synthea_fhir", Set: "b", New: func() any { return new(setb.Bundle) }}).Decode(); err != nil {
		t.Fatal(err)
	} else {
		fhir = v.(*setb.Bundle)
	}
	var person *setb.Person
	for _, e := range fhir.Entry {
		if e.Resource.Person != nil && e.Resource.BirthDate != nil {
			person = e.Resource.Person
			break
		}
	}
	if person == nil {
		t.Fatal("synthea_fhir has no resource with a birth date")
	}
	person.BirthDate.Year = 12000

	samples := setb.BlockSamples{1: "a", 0: "b"}
	tooLate := setb.BlockSamples{255: strings.Repeat("x", 10)}
	for _, v := range []any{fhir, &samples, &tooLate} {
		checkEncode(t, v)
		if _, err := json.Marshal(v); err == nil {
			t.Errorf("encoding/json encodes %T without an error; the case tests nothing", v)
		}
	}
}
