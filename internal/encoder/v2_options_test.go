//go:build goexperiment.jsonv2 && go1.27

package encoder_test

import (
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"reflect"
	"testing"

	"github.com/safejson/safejson/internal/encoder"
	"github.com/safejson/safejson/internal/typefuncs"
	"github.com/safejson/safejson/internal/v2opts"
)

// optionChoices are the options the v2 preset runs that change what it
// writes, one of which each bit of a fuzzed selector turns on.
var optionChoices = []jsonv2.Options{
	jsontext.EscapeForHTML(true),
	jsontext.EscapeForJS(true),
	jsontext.AllowInvalidUTF8(true),
	jsontext.WithIndent("  "),
	jsontext.WithIndentPrefix("\t"),
	jsontext.SpaceAfterColon(true),
	jsontext.SpaceAfterColon(false),
	jsontext.SpaceAfterComma(true),
	jsontext.AllowDuplicateNames(true),
	jsontext.PreserveRawStrings(true),
	jsontext.CanonicalizeRawInts(true),
	jsonv2.StringifyNumbers(true),
	jsonv2.FormatNilSliceAsNull(true),
	jsonv2.OmitZeroStructFields(true),
	// Functions for a type some values reach, and for one none does.
	jsonv2.WithMarshalers(jsonv2.MarshalFunc(func(t text) ([]byte, error) { return []byte(`"func"`), nil })),
	jsonv2.WithMarshalers(jsonv2.MarshalFunc(func(complex64) ([]byte, error) { return []byte(`"never"`), nil })),
}

// funcTypesRead reports whether this build reads the types of v2's
// functions, as internal/typefuncs tests that the usual build does.
func funcTypesRead() bool {
	got := typefuncs.Marshalers([]jsonv2.Options{optionChoices[len(optionChoices)-1]})
	return len(got) == 1 && got[0] == reflect.TypeFor[complex64]()
}

// optionsOf returns the options sel's bits choose, with Deterministic
// last.
func optionsOf(sel uint16) []jsonv2.Options {
	var opts []jsonv2.Options
	for i, o := range optionChoices {
		if sel&(1<<i) != 0 {
			opts = append(opts, o)
		}
	}
	return append(opts, jsonv2.Deterministic(true))
}

// checkOptions compares MarshalV2 under opts with encoding/json/v2's
// Marshal: where MarshalV2 writes, it must write v2's bytes, and v2 must
// succeed. It reports whether MarshalV2 wrote.
func checkOptions(t *testing.T, v any, opts []jsonv2.Options) bool {
	t.Helper()
	f, ok := v2opts.Of(opts)
	if !ok {
		t.Fatalf("Of(%v) leaves the options to v2", opts)
	}
	o := encoder.OptionsV2{Flags: f, Opts: opts}
	if f&v2opts.Multiline != 0 {
		prefix, indent := v2opts.Layout(opts)
		o.Layout = &encoder.Layout{Prefix: prefix, Indent: indent}
	}
	got, ok := encoder.MarshalV2(v, &o)
	if !ok {
		return false
	}
	want, err := jsonv2.Marshal(v, opts...)
	switch {
	case err != nil:
		t.Errorf("MarshalV2(%#v, %v) wrote %s; encoding/json/v2 fails: %v", v, opts, got, err)
	case string(got) != string(want):
		t.Errorf("MarshalV2(%#v, %v):\n got %s\nwant %s", v, opts, got, want)
	}
	return true
}

// optionShapes are values whose text the options change: strings, names,
// numbers, nil slices, zero fields, method text and json.Number.
type optionShapes struct {
	S    string
	N    []int
	Z    struct{ A int }
	Q    int64 `json:",string"`
	R    rawJSON
	Num  json.Number
	Keys map[string]any
}

// FuzzOptionsV2 writes a fuzzed string in several places under a fuzzed
// choice of the options, against encoding/json/v2.
func FuzzOptionsV2(f *testing.F) {
	for i, s := range []string{"", "a<b>&c", "\u2028\u2029", "\xff\xfe", `{"a":[1, "\u0041"],"a":2}`, "1e2", " [1.0, -0] ", `{"<":"\u2029"}`} {
		f.Add(s, uint16(i*2731))
	}
	f.Fuzz(func(t *testing.T, s string, sel uint16) {
		opts := optionsOf(sel)
		checkOptions(t, s, opts)
		checkOptions(t, map[string]any{s: []any{s, 1.5, nil}, "k": map[string]any{}}, opts)
		checkOptions(t, optionShapes{S: s, Q: -7, R: rawJSON(s), Num: json.Number(s), Keys: map[string]any{s: s}}, opts)
		checkOptions(t, []any{rawJSON(s), []string(nil), map[text]rawJSON{text(s): "[]"}}, opts)
		checkOptions(t, map[string]any{"t": writesToken(s), "r": []writesRaw{writesRaw(s)}}, opts)
	})
}

// writesToken's MarshalJSONTo writes its string as a string token, and
// writesRaw's its text as a value.
type (
	writesToken string
	writesRaw   string
)

func (w writesToken) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.String(string(w)))
}

func (w writesRaw) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteValue(jsontext.Value(w))
}

// TestOptionsV2 runs every single option, and every pair, over values
// like the fuzz target's; each set must be one MarshalV2 writes with.
func TestOptionsV2(t *testing.T) {
	for i := range optionChoices {
		for j := i; j < len(optionChoices); j++ {
			opts := optionsOf(1<<i | 1<<j)
			wrote := false
			for _, s := range []string{"", "a<b>&c\u2028", "\xff", `{"b":1,"a":[1e2, "\u0041\/"]}`, "12.50"} {
				r := checkOptions(t, optionShapes{S: s, R: rawJSON(s), Num: json.Number(s), Keys: map[string]any{s: []any{}}}, opts)
				wrote = checkOptions(t, []any{s, map[text]int{text(s): 1}}, opts) || r || wrote
				wrote = checkOptions(t, struct {
					L []string
					A [2]string
				}{[]string{"ok", s}, [2]string{s, "<"}}, opts) || wrote
				checkOptions(t, []any{writesToken(s), writesRaw(s)}, opts)
			}
			// A build that cannot read the functions' types (-tags
			// safejson_safe) leaves every call with them to v2.
			if !wrote && (funcTypesRead() || i < len(optionChoices)-2 && j < len(optionChoices)-2) {
				t.Errorf("MarshalV2 left every value to v2 under %v", opts)
			}
		}
	}
}
