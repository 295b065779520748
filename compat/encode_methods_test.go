package compat_test

// Encoding table tests: MarshalJSON, MarshalText and IsZero, their output and
// the corners of method sets.

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/jsontest"
	"github.com/safejson/safejson/internal/semantics"
)

func marshalerFieldsValue() marshalerFields {
	return marshalerFields{
		VJ: valJSON{"vj"}, PJ: ptrJSON{"pj"}, VT: valText{"vt"}, PT: ptrText{"pt"}, PJVT: ptrJSONValText{"x"},
		A: [2]ptrJSON{{"a0"}, {"a1"}}, S: []ptrJSON{{"s0"}}, M: map[string]ptrJSON{"m": {"m0"}},
		MP: map[string]*ptrJSON{"m": {"mp0"}, "nil": nil}, I: ptrJSON{"i"},
		PVJ: &valJSON{"pvj"}, PPJ: &ptrJSON{"ppj"}, PVT: &valText{"pvt"}, PPT: &ptrText{"ppt"},
	}
}

func TestEncodeMarshalers(t *testing.T) {
	mf := marshalerFieldsValue()
	arr := [2]ptrJSON{{"a"}, {"b"}}
	var nilValJSON *valJSON
	var nilPtrJSON *ptrJSON
	var nilValText *valText
	var nilPtrText *ptrText
	runEncodeCases(t, []encodeCase{
		{"fields/value", mf},
		{"fields/addressable", &mf},
		{"fields/inSlice", []marshalerFields{mf}},
		{"fields/inArray", [1]marshalerFields{mf}},
		{"fields/inMap", map[string]marshalerFields{"k": mf}},
		{"fields/inAny", []any{mf}},
		{"fields/zero", marshalerFields{}},
		{"fields/zero/addressable", &marshalerFields{}},
		{"valJSON", valJSON{"x"}},
		{"valJSON/ptr", &valJSON{"x"}},
		{"ptrJSON/value", ptrJSON{"x"}},
		{"ptrJSON/ptr", &ptrJSON{"x"}},
		{"ptrJSON/ptrptr", ptr(&ptrJSON{"x"})},
		{"valText", valText{"x"}},
		{"ptrText/value", ptrText{"x"}},
		{"ptrText/ptr", &ptrText{"x"}},
		{"array/value", arr},
		{"array/addressable", &arr},
		{"slice", []ptrJSON{{"a"}, {"b"}}},
		{"sliceOfText", []ptrText{{"a"}}},
		{"mapValues", map[string]ptrJSON{"a": {"a"}}},
		{"mapTextValues", map[string]ptrText{"a": {"a"}}},
		{"anyHoldingValue", any(ptrJSON{"x"})},
		{"anyInStruct", struct{ V any }{ptrJSON{"x"}}},
		{"anyInStructAddressable", &struct{ V any }{ptrJSON{"x"}}},
		{"nilPtr/valJSON", nilValJSON},
		{"nilPtr/ptrJSON", nilPtrJSON},
		{"nilPtr/valText", nilValText},
		{"nilPtr/ptrText", nilPtrText},
		{"nilPtr/inSlice", []*ptrJSON{nil, {"x"}}},
		{"nilPtr/inAny", []any{nilValJSON, nilPtrText}},
		{"both", bothMarshalers{"x"}},
		{"ptrJSONValText/value", ptrJSONValText{"x"}},
		{"ptrJSONValText/ptr", &ptrJSONValText{"x"}},
		{"ptrJSONValText/inSlice", []ptrJSONValText{{"x"}}},
		{"ptrJSONValText/inMap", map[string]ptrJSONValText{"k": {"x"}}},
		{"jsonInt", []jsonInt{1, -2}},
		{"textInt", []textInt{1, -2}},
		{"ptrTextInt/value", ptrTextInt(3)},
		{"ptrTextInt/slice", []ptrTextInt{3}},
		{"textString", textString("<x>")},
		{"textFloat/nan", textFloat(math.NaN())},
		{"textBool", textBool(true)},
		{"failJSON", failJSON{}},
		{"failJSON/field", struct{ F failJSON }{}},
		{"failJSON/inSlice", []any{1, failJSON{}}},
		{"failJSON/mapValue", map[string]failJSON{"a": {}}},
		{"failJSON/partial", failJSONPartial{}},
		{"failJSON/wrapped", wrappedFailJSON{}},
		{"failText", failText{}},
		{"failText/field", struct{ F failText }{}},
		{"failText/partial", failTextPartial{}},
		{"failText/ptr", &failText{}},
		{"panicJSON", panicJSON{}},
		{"panicText", panicText{}},
		{"promotedNilPtrPanics", []any{promotedNilPtrJSON{}}},
		{"time", time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.UTC)},
		{"time/zone", time.Date(2024, 3, 5, 7, 8, 9, 0, time.FixedZone("", -1800))},
		{"time/zoneSeconds", time.Date(2024, 3, 5, 7, 8, 9, 0, time.FixedZone("", 3601))},
		{"time/badZone", time.Date(2024, 3, 5, 7, 8, 9, 0, time.FixedZone("", 24*3600))},
		{"time/year10000", time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"time/yearMinus1", time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"time/ptrNil", (*time.Time)(nil)},
		{"time/inMapValue", map[string]time.Time{"t": {}}},
		{"duration", time.Duration(1500) * time.Millisecond},
	})
}

// TestEncodeMarshalerOutput feeds MarshalJSON and MarshalText output of every
// shape through the encoder: whitespace is compacted, invalid JSON is a
// *MarshalerError, and HTML characters are escaped only when asked.
func TestEncodeMarshalerOutput(t *testing.T) {
	outputs := []string{
		`1`, ` 1 `, "\n\t{ \"a\" : [ 1 , 2 ] }\r\n", `"<>&"`, "\"\u2028\u2029\"", "\"raw\xff\xfe\"", `"\u003c"`,
		`{"</script>":"<!--"}`, `null`, `true`, `[]`, `{}`, `-0`, `1e400`, `"\ud800"`,
		``, ` `, `{`, `}`, `1 2`, `nul`, `"abc`, `[1,]`, `{"a":1,}`, `01`, `-`, `1.`, "\"\x01\"", `"\q"`,
		"\u2028", `<>`, "\xff", `{"a" 1}`, `[1 2]`, `"a"x`,
		// Texts the encoder copies as they are, and their near misses.
		`""`, `"Mon Jan 02 15:04:05 -0700 2006"`, `"a/b"`, `"a\"b"`, `"a"b"`, `"`, `"a\"`, "\"tab\t\"",
		`0`, `-12.5e+3`, `1234567890123456789012345678901234567890`, `1.5E-7`, `-01`, `0x1`, `1e`, `+1`, `1 `,
	}
	var cases []encodeCase
	for i, s := range outputs {
		name := fmt.Sprintf("%d/%.40q", i, s)
		cases = append(cases,
			encodeCase{"json/" + name, rawJSON(s)},
			encodeCase{"jsonField/" + name, struct {
				A int
				R rawJSON
				B int
			}{1, rawJSON(s), 2}},
			encodeCase{"text/" + name, rawText(s)},
			encodeCase{"textInSlice/" + name, []rawText{rawText(s)}},
		)
	}
	runEncodeCases(t, cases)

	// The scanner that validates marshaler output allows 10000 levels;
	// Go 1.27's counts them from where the output goes.
	deep := func(n int) rawJSON { return rawJSON(strings.Repeat("[", n) + strings.Repeat("]", n)) }
	runEncodeCasesModes(t, []encodeCase{
		{"depth9999/inSlice", []rawJSON{deep(9999)}},
		{"depth10000/inSlice", []rawJSON{deep(10000)}},
		{"depth9998/inStructs", []struct{ R rawJSON }{{deep(9998)}}},
		{"depth9999/inStructs", []struct{ R rawJSON }{{deep(9999)}}},
		{"depth10000/afterStrings", []any{"[[[[", map[string]any{"{": deep(9998)}}},
		{"depth10000", rawJSON(strings.Repeat("[", 10000) + strings.Repeat("]", 10000))},
		{"depth10001", rawJSON(strings.Repeat("[", 10001) + strings.Repeat("]", 10001))},
		{"depth10001/text", rawText(strings.Repeat("[", 10001) + strings.Repeat("]", 10001))},
	}, compactModes)
}

// TestEncodeMarshalerDepthAround puts a MarshalJSON text just short of and
// just past Go 1.27's depth limit inside values whose own nesting comes
// from every kind of step the encoder takes: struct members and arrays by
// value, interfaces, maps, slices and runs of struct pointers. The encoder
// skips the depth scan where a count of those steps shows the limit out of
// reach, so a step it failed to count would lose the error.
func TestEncodeMarshalerDepthAround(t *testing.T) {
	arrays := func(n int) func(rawJSON) any {
		return func(r rawJSON) any {
			v := reflect.ValueOf(r)
			for range n {
				a := reflect.New(reflect.ArrayOf(1, v.Type())).Elem()
				a.Index(0).Set(v)
				v = a
			}
			return v.Interface()
		}
	}
	type direct struct{ P *[1]rawJSON }
	shapes := map[string]func(rawJSON) any{
		"arrays":   arrays(3),
		"arrays40": arrays(40),
		"structs": func(r rawJSON) any {
			type c struct{ R rawJSON }
			type b struct{ B c }
			return struct{ A b }{b{c{r}}}
		},
		"directInterface": func(r rawJSON) any {
			return struct{ A [1]any }{[1]any{direct{&[1]rawJSON{r}}}}
		},
		"mapOfArrays": func(r rawJSON) any {
			return map[string][1]struct{ R rawJSON }{"k": {{r}}}
		},
		"sliceOfStructs": func(r rawJSON) any {
			return []struct{ A [1]rawJSON }{{[1]rawJSON{"0"}}, {[1]rawJSON{r}}}
		},
		"runOfPointers": func(r rawJSON) any {
			type s struct{ A [1]rawJSON }
			return []*s{{[1]rawJSON{"0"}}, {[1]rawJSON{r}}}
		},
		"anys": func(r rawJSON) any {
			return map[string]any{"a": []any{[1]rawJSON{r}}}
		},
	}
	var cases []encodeCase
	for name, shape := range shapes {
		out, err := json.Marshal(shape("0"))
		if err != nil {
			t.Fatal(err)
		}
		around := jsontest.BracketDepth(out)
		for _, d := range []int{grammar.MaxDepth - around, grammar.MaxDepth - around + 1} {
			raw := rawJSON(strings.Repeat("[", d) + "0" + strings.Repeat("]", d))
			cases = append(cases, encodeCase{fmt.Sprintf("%s/%d", name, d), shape(raw)})
		}
	}
	runEncodeCasesModes(t, cases, compactModes)
}

func TestEncodeMethodSetCorners(t *testing.T) {
	sk := sliceKinds{PS: ptrJSONSlice{1}, PB: ptrTextBytes("b"), A: [1]ptrTextBytes{ptrTextBytes("a")}}
	var nilPtrJSON *ptrJSON
	var nilValJSON *valJSON
	my, ti, ji, f, b := MyInt(1), textInt(2), jsonInt(3), 1e21, true
	// Keys with equal texts would come out in random order, so each text
	// is used once. Go 1.27 sorts them by the names it writes, with each
	// byte of invalid UTF-8 replaced by U+FFFD, so those must differ.
	hostile := map[hostileKey]int{}
	texts := map[string]bool{}
	for i, s := range hostileStrings() {
		name := s
		if semantics.OnV2 {
			name = string([]rune(s))
		}
		if !texts[name] {
			texts[name] = true
			hostile[hostileKey(i)] = i
		}
	}
	runEncodeCases(t, []encodeCase{
		{"ambiguous", ambiguousMarshalers{valJSON{"v"}, bothMarshalers{"b"}}},
		{"ambiguous/ptr", &ambiguousMarshalers{}},
		{"promotedPtrEmbed/set", promotedPtrEmbed{&ptrJSON{"p"}, 1}},
		{"promotedPtrEmbed/nil", []any{promotedPtrEmbed{nil, 1}}},
		{"promotedTextInt", promotedTextInt{5, 1}},
		{"promotedTextInt/mapKey", map[promotedTextInt]int{{1, 2}: 3}},
		{"promotedJSONInt", promotedJSONInt{5, 1}},
		{"sliceKinds/value", sk},
		{"sliceKinds/addressable", &sk},
		{"sliceKinds/nil", &sliceKinds{}},
		{"ptrTextBytes/inMap", map[string]ptrTextBytes{"k": ptrTextBytes("v")}},
		{"hostileTextKeys", hostile},
		{"generic/fail", failGeneric[int]{}},
		{"generic/failNested", failGeneric[map[string]Inner]{}},
		{"generic/struct", generic[MyString, *Inner]{M: map[MyString]*Inner{"a": {1, 2}}, S: []*Inner{nil}}},
		{"generic/unsupported", generic[float64, int]{}},
		{"reentrant", []any{reentrant{map[string]any{"<": []any{1, "x"}}}, strings.Repeat("y", 100), reentrant{[]byte("z")}}},
		{"reentrant/error", reentrant{make(chan int)}},
		{"interfaceFields/nil", interfaceFields{}},
		{"interfaceFields/set", interfaceFields{M: valJSON{"m"}, T: valText{"t"}, S: stringer("s"), E: errBoom, IZ: zeroVal{42}}},
		{"interfaceFields/marshalerHoldsNilPtr", interfaceFields{M: nilPtrJSON}},
		{"interfaceFields/marshalerHoldsNilValuePtr", interfaceFields{M: nilValJSON}},
		{"interfaceFields/textHoldsPtr", interfaceFields{T: &ptrText{"p"}}},
		{"interfaceFields/errorWithMarshaler", interfaceFields{E: &compat.UnsupportedTypeError{Type: intType}}},
		{"onlyUnexported", onlyUnexported{1, 2}},
		{"stringOptPtrs/nil", stringOptPtrs{}},
		{"stringOptPtrs/set", stringOptPtrs{&my, &ti, &ji, &f, &b}},
		{"bigArray", [1000]int{1: 1, 999: 9}},
		{"wideStruct", wideStruct()},
		{"wideStruct/zero", reflect.New(reflect.TypeOf(wideStruct())).Elem().Interface()},
		{"mapOfEmptyStructs", map[string]struct{}{"a": {}, "b": {}}},
		{"sliceOfEmptyStructs", make([]struct{}, 3)},
	})
}
