package compat_test

// Marshalers that misbehave: they panic, return text that is not JSON, nest
// past the depth limit, reuse their output buffer, or return huge output.

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/safejson/safejson/compat"
)

// panicJSONWith panics in MarshalJSON with the value it holds.
type panicJSONWith struct{ V any }

func (p panicJSONWith) MarshalJSON() ([]byte, error) { panic(p.V) }

// panicTextWith panics in MarshalText with the value it holds.
type panicTextWith struct{ V any }

func (p panicTextWith) MarshalText() ([]byte, error) { panic(p.V) }

// indexPanic panics with a runtime error of its own making.
type indexPanic []int

func (s indexPanic) MarshalJSON() ([]byte, error) { return []byte{byte(s[len(s)])}, nil }

// reusedBuf returns the same backing array on every call, with new
// contents each time: what a marshaler with a scratch buffer does.
type reusedBuf struct {
	buf *[]byte
	s   string
}

func (r reusedBuf) MarshalJSON() ([]byte, error) {
	*r.buf = append((*r.buf)[:0], r.s...)
	return *r.buf, nil
}

func TestHostileMarshalerPanics(t *testing.T) {
	keys := map[string]any{}
	for _, k := range []string{"q", "b", "z", "a", "m"} {
		keys[k] = panicJSONWith{"panic under key " + k}
	}
	runEncodeCases(t, []encodeCase{
		{"string", panicJSONWith{"boom"}},
		{"error", panicJSONWith{errBoom}},
		{"jsonError", panicJSONWith{&json.UnsupportedValueError{Str: "x"}}},
		{"nil", panicJSONWith{nil}},
		{"runtimeError", indexPanic{1}},
		{"text", panicTextWith{"boom"}},
		{"textMapKey", map[panicTextWith]int{{"key"}: 1}},
		{"inSlice", []any{1, "a", panicJSONWith{"late"}}},
		{"deep", []any{deepList(1500), &cycleAny{V: panicJSONWith{"deep"}}}},
		{"firstKeyInOrder", keys},
		{"afterError", map[string]any{"a": failJSON{}, "b": panicJSONWith{"after error"}}},
	})
}

// TestHostileAfterPanic checks that a panic leaves nothing behind: the next
// encoding, through the same Encoder, of a value deep enough for cycle
// detection and sharing a pointer with the one that panicked, succeeds.
func TestHostileAfterPanic(t *testing.T) {
	shared := deepShared(1500)
	var buf bytes.Buffer
	enc := compat.NewEncoder(&buf)
	enc.SetIndent("", " ")
	for range 3 {
		func() {
			defer func() {
				if r := recover(); r != "again" {
					t.Errorf("recovered %v, want the marshaler's panic", r)
				}
			}()
			enc.Encode([]any{shared, panicJSONWith{"again"}})
		}()
	}
	if buf.Len() != 0 {
		t.Errorf("Encoder wrote %d bytes before a panic", buf.Len())
	}
	want, wantErr := json.MarshalIndent(shared, "", " ")
	gotErr := enc.Encode(shared)
	checkSame(t, "Encoder after panic", append(want, '\n'), buf.Bytes(), wantErr, gotErr)
	got, gotErr := compat.Marshal(shared)
	want, wantErr = json.Marshal(shared)
	checkSame(t, "Marshal after panic", want, got, wantErr, gotErr)
}

func TestHostileMarshalerOutput(t *testing.T) {
	var cases []encodeCase
	for _, text := range []string{
		"", " ", "{", "}", "[1,]", "1 2", "nul", "tru", `"\x"`, `"abc`, "\"\x01\"", `{"a":1}x`, "01",
		"1.", "-", "NaN", "Infinity", "'a'", "\xff", `"\xff"`, "\u2028", "[" + strings.Repeat(" ", 1000),
		deepText(10000), deepText(10001), nestedObjects(10001), strings.Repeat("[", 10001),
	} {
		cases = append(cases,
			encodeCase{"json/" + summarizeText(text), rawJSON(text)},
			encodeCase{"text/" + summarizeText(text), rawText(text)})
	}
	// Texts that reach the depth limit only with the depth they are
	// written at, and fail later: Go 1.27 reports the depth first.
	for _, text := range []string{strings.Repeat("[", 10000), strings.Repeat("[", 9999) + `{"a"\}`, deepText(9999) + "x"} {
		cases = append(cases,
			encodeCase{"nested/json/" + summarizeText(text), struct{ U rawJSON }{rawJSON(text)}},
			encodeCase{"nested/raw/" + summarizeText(text), []any{&struct{ M json.RawMessage }{json.RawMessage(text)}}})
	}
	// The same after a long output full of marshalers, whose depth the
	// encoder learns as it goes, and maps whose members it reorders and
	// an embedded map it merges in between.
	filler := make([]any, 3000)
	for i := range filler {
		filler[i] = rawJSON(`[{"k":[1]}]`)
	}
	for _, deep := range []int{9994, 9995, 9996, 10000} {
		var nest any = rawJSON(strings.Repeat("[", deep) + strings.Repeat("]", deep))
		for range 3 {
			nest = []any{nest}
		}
		name := "afterLongOutput/" + itoa(deep)
		cases = append(cases, encodeCase{name, []any{
			map[string]any{"z": filler, "a": []any{filler, map[string]rawJSON{"y": "[]", "b": "{}"}}},
			map[int]any{3: filler, 1: []any{map[int]rawJSON{9: "[[]]", 2: "{}"}, filler}, 2: "x"},
			struct {
				E map[string]any `json:",inline"`
				F []any
			}{map[string]any{"q": filler, "p": 1}, filler},
			map[string]any{"last": nest},
		}})
	}
	buf := new([]byte)
	cases = append(cases, encodeCase{"reusedBuffer", []any{
		reusedBuf{buf, `"first"`}, reusedBuf{buf, `{"second":2}`}, reusedBuf{buf, `3`},
		map[string]reusedBuf{"a": {buf, `"a"`}, "b": {buf, `"b"`}},
	}})
	seen := map[string]bool{}
	for _, c := range cases {
		if seen[c.name] {
			t.Fatalf("two cases named %q", c.name)
		}
		seen[c.name] = true
	}
	runEncodeCasesModes(t, cases, compactModes)
}

func summarizeText(s string) string {
	if len(s) > 12 {
		return strings.NewReplacer("/", "_").Replace(s[:6]) + "..." + itoa(len(s))
	}
	return strings.NewReplacer("/", "_").Replace(s)
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// hugeJSON is valid JSON of about size bytes that compaction and HTML
// escaping both change: numbers and strings with <, > and &, spread over
// lines.
func hugeJSON(size int) string {
	row := "\n  [1, -2.5e+10, \"<a href='x'>&amp;</a>\", {\"k\" : null}],"
	return "[" + strings.Repeat(row, size/len(row)) + "0\n]"
}

// TestHostileMarshalerHugeOutput encodes marshalers that return 32 MB
// and checks that the cost stays linear in the output.
func TestHostileMarshalerHugeOutput(t *testing.T) {
	size := 32 << 20
	if testing.Short() {
		size = 4 << 20
	}
	for _, v := range []struct {
		name string
		v    any
	}{
		{"json", rawJSON(hugeJSON(size))},
		{"jsonString", rawJSON(`"` + strings.Repeat("<&>é", size/20) + `"`)},
		{"text", rawText(hostileString(size))},
		{"jsonInvalidAtEnd", rawJSON(hugeJSON(size) + "]")},
	} {
		want, wantErr := json.Marshal(v.v)
		var got []byte
		var gotErr error
		alloc := allocated(func() { got, gotErr = compat.Marshal(v.v) })
		checkSame(t, v.name, want, got, wantErr, gotErr)
		if gotErr == nil {
			checkAllocs(t, v.name, alloc, len(got))
		}
		var mErr *json.MarshalerError
		if wantErr != nil && !errors.As(gotErr, &mErr) {
			t.Errorf("%s: error %T is not a *json.MarshalerError", v.name, gotErr)
		}
	}
}
