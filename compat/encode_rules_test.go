package compat_test

// Table tests for encoding. Each case is only a Go value: its expected output,
// in every mode of encodeModes, is what encoding/json produces at test time.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/jsontest"
	"github.com/safejson/safejson/internal/semantics"
)

type encodeCase struct {
	name string
	in   any
}

func runEncodeCases(t *testing.T, cases []encodeCase) {
	t.Helper()
	runEncodeCasesModes(t, cases, encodeModes)
}

// compactModes leaves out indentation, whose output grows with the square of
// the nesting depth, for the very deep cases.
var compactModes = modesNamed("Marshal", "Encoder", "Encoder/noEscapeHTML")

func runEncodeCasesModes(t *testing.T, cases []encodeCase, modes []encodeMode) {
	t.Helper()
	seen := map[string]bool{}
	for _, tc := range cases {
		if seen[tc.name] {
			t.Fatalf("duplicate case name %q", tc.name)
		}
		seen[tc.name] = true
		t.Run(tc.name, func(t *testing.T) {
			for _, d := range encodeDiffsModes(tc.in, modes) {
				t.Errorf("%T %s", tc.in, d)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

var intType = reflect.TypeFor[int]()

// newStruct builds a value of a struct type made with reflect.StructOf, for
// tags that go vet rejects in source and for names too long to write out.
func newStruct(fields []reflect.StructField, values ...any) any {
	v := reflect.New(reflect.StructOf(fields)).Elem()
	for i, x := range values {
		v.Field(i).Set(reflect.ValueOf(x))
	}
	return v.Interface()
}

func intField(name, tag string) reflect.StructField {
	return reflect.StructField{Name: name, Type: intType, Tag: reflect.StructTag(tag)}
}

func TestEncodeTags(t *testing.T) {
	runEncodeCases(t, []encodeCase{
		{"dash/zero", dashTags{}},
		{"dash/set", dashTags{Skip: 1, Dash: 2, Fn: func() {}, Ch: make(chan int), private: 3, Plain: 4}},
		{"dash/ptr", &dashTags{Dash: 2}},
		{"dashComma/omitempty", newStruct([]reflect.StructField{intField("A", `json:"-,omitempty"`)}, 0)},
		{"dashComma/omitempty/set", newStruct([]reflect.StructField{intField("A", `json:"-,omitempty"`)}, 7)},
		{"dashComma/twice", newStruct([]reflect.StructField{intField("A", `json:"-,"`), intField("B", `json:"-,"`)}, 1, 2)},
		{"dash/withOptions", newStruct([]reflect.StructField{intField("A", `json:"-,string"`)}, 1)},
		{"unexported/tagged", newStruct([]reflect.StructField{
			intField("A", ""),
			{Name: "b", PkgPath: "compat_test", Type: intType, Tag: `json:"b"`},
		}, 1)},
		{"duplicate/tagged", newStruct([]reflect.StructField{intField("A", `json:"same"`), intField("B", `json:"same"`), intField("C", "")}, 1, 2, 3)},
		{"duplicate/taggedAndGoName", newStruct([]reflect.StructField{intField("A", `json:"B"`), intField("B", "")}, 1, 2)},
		{"duplicate/tagRenamesOver", tagRenamesOver{A: 1, B: 2}},
		{"duplicate/caseOnly", caseTags{A: 1, B: 2}},
		{"duplicate/embeddedBothTagged", newStruct([]reflect.StructField{
			{Name: "TaggedX", Type: reflect.TypeFor[TaggedX](), Anonymous: true},
			{Name: "TaggedX2", Type: reflect.TypeFor[TaggedX2](), Anonymous: true},
		}, TaggedX{1}, TaggedX2{2})},
		{"duplicate/threeTaggedOneUntagged", newStruct([]reflect.StructField{
			intField("A", `json:"x"`), intField("B", `json:"x"`), intField("C", `json:"x"`), intField("X", ""),
		}, 1, 2, 3, 4)},
		{"unsupportedField/nil", unsupportedFields{N: 1}},
		{"unsupportedField/chan", withChan{}},
		{"unsupportedField/complex", withComplex{C: 1 + 2i}},
		{"options/unknown", newStruct([]reflect.StructField{intField("A", `json:"a,bogus,omitempty"`)}, 0)},
		{"options/spaces", newStruct([]reflect.StructField{intField("A", `json:"a, omitempty"`)}, 0)},
		{"options/emptyName", newStruct([]reflect.StructField{intField("A", `json:",omitempty"`)}, 0)},
		{"otherKeyOnly", newStruct([]reflect.StructField{intField("A", `xml:"x" yaml:"y"`)}, 1)},
		{"malformedTag", newStruct([]reflect.StructField{intField("A", `json:x`)}, 1)},
		{"emptyStruct", struct{}{}},
		{"onlySkipped", struct {
			A int `json:"-"`
			b int
		}{1, 2}},
	})
}

func TestEncodeOmitEmpty(t *testing.T) {
	n := 0
	var nilPtr *valJSON
	runEncodeCases(t, []encodeCase{
		{"zero", omitEmptyAll{}},
		{"zero/ptr", &omitEmptyAll{}},
		{"emptyNonNil", omitEmptyAll{Map: map[string]int{}, Slice: []int{}, Bytes: []byte{}, Raw: compat.RawMessage{}}},
		{"set", omitEmptyAll{
			Bool: true, Int: -1, Int8: 1, Int16: 1, Int32: 1, Int64: 1, Uint: 1, Uint8: 1, Uint16: 1, Uint32: 1,
			Uint64: 1, Uintptr: 1, Float32: 0.5, Float64: -0.5, String: "s", Ptr: &n, Iface: 0,
			Map: map[string]int{"a": 0}, Slice: []int{0}, Bytes: []byte{0}, Array2: [2]int{1, 2},
			Inner: Inner{1, 2}, Time: time.Date(2024, 3, 5, 7, 8, 9, 0, time.UTC), Number: "0",
			Raw: compat.RawMessage(`0`), Named: "n", ZeroVal: zeroVal{42}, Marsh: &valJSON{"m"},
		}},
		{"negativeZeroFloats", omitEmptyAll{Float32: float32(math.Copysign(0, -1)), Float64: math.Copysign(0, -1)}},
		{"ifaceHoldingNilPtr", omitEmptyAll{Iface: nilPtr}},
		{"ifaceHoldingZero", omitEmptyAll{Iface: ""}},
		{"ptrToZero", omitEmptyAll{Ptr: new(int)}},
		{"func/nil", struct {
			F func() `json:",omitempty"`
		}{}},
		{"chan/nil", struct {
			C chan int `json:",omitempty"`
		}{}},
		{"complex/zero", struct {
			C complex128 `json:",omitempty"`
		}{}},
		{"unsafePointer/nil", struct {
			P unsafe.Pointer `json:",omitempty"`
		}{}},
		{"arrayOfZeroStructs", struct {
			A [1]struct{} `json:",omitempty"`
		}{}},
		{"namedContainers", struct {
			M MyMap   `json:",omitempty"`
			S MySlice `json:",omitempty"`
		}{M: MyMap{}, S: MySlice{}}},
	})
}

func TestEncodeOmitZero(t *testing.T) {
	n := 0
	var nilZeroPtr *zeroPtr
	runEncodeCases(t, []encodeCase{
		{"zero", omitZeroAll{}},
		{"zero/ptr", &omitZeroAll{}},
		{"emptyNonNil", omitZeroAll{Map: map[string]int{}, Slice: []int{}, Raw: compat.RawMessage{}, BothS: []int{}}},
		{"set", omitZeroAll{
			Bool: true, Int: 1, Uint64: 1, Float32: 1, Float64: 1, String: "s", Ptr: &n, Iface: 0,
			Map: map[string]int{}, Slice: []int{}, Array2: [2]int{0, 1}, Inner: Inner{A: 1},
			Time: time.Date(2024, 3, 5, 7, 8, 9, 1, time.UTC), PTime: &time.Time{}, Number: "1", Raw: compat.RawMessage(`1`),
			ZV: zeroVal{1}, PZV: &zeroVal{1}, ZP: zeroPtr{1}, PZP: &zeroPtr{1}, ZI: 1, Odd: oddZero{1},
			IZ: zeroVal{1}, Both: 1, BothS: []int{1}, ArrZV: [2]zeroVal{{42}, {42}},
		}},
		{"isZeroMethodSaysZero", omitZeroAll{ZV: zeroVal{42}, PZV: &zeroVal{42}, ZP: zeroPtr{42}, PZP: &zeroPtr{42}, ZI: -1, IZ: zeroVal{42}}},
		{"isZeroMethodSaysZero/addressable", &omitZeroAll{ZV: zeroVal{42}, ZP: zeroPtr{42}}},
		{"isZeroMethodSaysNonZero", omitZeroAll{ZV: zeroVal{0}, ZP: zeroPtr{0}, ZI: 0}},
		{"iface/nilPtr", omitZeroAll{IZ: nilZeroPtr}},
		{"iface/ptrZero", omitZeroAll{IZ: &zeroPtr{42}}},
		{"iface/ptrNonZero", omitZeroAll{IZ: &zeroPtr{1}}},
		{"negativeZeroFloats", omitZeroAll{Float32: float32(math.Copysign(0, -1)), Float64: math.Copysign(0, -1)}},
		{"nan", omitZeroAll{Float64: math.NaN()}},
		{"funcSet", omitZeroAll{Func: func() {}}},
		{"chanSet", omitZeroAll{Chan: make(chan int)}},
		{"complexSet", omitZeroAll{Complex: 1i}},
		{"timeInLocation", omitZeroAll{Time: time.Date(1, 1, 1, 0, 0, 0, 0, time.FixedZone("X", 3600))}},
		{"timeZeroInLocation", omitZeroAll{Time: time.Time{}.In(time.FixedZone("X", 3600))}},
		{"arrayOfNaN", struct {
			A [1]float64 `json:",omitzero"`
		}{[1]float64{math.NaN()}}},
		{"structWithIsZeroField", struct {
			S struct{ Z zeroVal } `json:",omitzero"`
		}{}},
	})
}

func TestEncodeStringOption(t *testing.T) {
	n, s := 42, "s"
	pn := &n
	zero := 0
	runEncodeCases(t, []encodeCase{
		{"zero", stringOpt{}},
		{"zero/ptr", &stringOpt{}},
		{"set", stringOpt{
			Int: -5, Int8: -128, Uint64: math.MaxUint64, Uintptr: 7, Float32: 0.1, Float64: 1e21, Bool: true,
			String: `<a href="x">&amp;</a>`, PInt: &n, PPInt: &pn, PString: &s, Named: 3, NamedF: 1e-7,
			NamedPtr: &n, Iface: 5, Slice: []int{1}, Map: map[string]int{"a": 1}, Struct: Inner{1, 2},
			Number: "12.5e3", JSONInt: 4, TextInt: 5, Bytes: []byte("hi"), Raw: compat.RawMessage(`{"a":1}`),
			Omit: 1, Renamed: true,
		}},
		{"stringWithEscapes", stringOpt{String: "quote\" backslash\\ nl\n u2028\u2028 bad\xff ctl\x01"}},
		{"emptyString", stringOpt{String: ""}},
		{"omitZeroWithString", stringOpt{Omit: zero}},
		{"floats", stringOpt{Float32: 3.4e38, Float64: 5e-324}},
		{"nan", stringOpt{Float64: math.NaN()}},
		{"inf32", stringOpt{Float32: float32(math.Inf(-1))}},
		{"invalidNumber", stringOpt{Number: "1."}},
		{"nilPtrs", stringOpt{PPInt: new(*int)}},
		{"interfaceHoldingPtr", stringOpt{Iface: &n}},
		{"nested", struct {
			Outer stringOpt
			List  []stringOpt
		}{Outer: stringOpt{Int: 1}, List: []stringOpt{{Bool: true}}}},
		{"valueTextMarshaler", struct {
			T textString `json:",string"`
			F textFloat  `json:",string"`
			B textBool   `json:",string"`
		}{"x", 1.5, true}},
		{"stringInMapOfStruct", map[string]stringOpt{"a": {Int: 1, String: "<"}}},
	})
}

// TestEncodeTagNames runs every ASCII character, and a few others, through
// isValidTag: valid names are used, invalid ones fall back to the Go name.
func TestEncodeTagNames(t *testing.T) {
	var names []string
	for c := rune(0); c < 0x80; c++ {
		names = append(names, string(c), "a"+string(c)+"z")
	}
	for _, c := range "éǅ日٣²Ⅻ😀\u00a0\u200b\u2028\ufffd«…\U0001D7D8" {
		names = append(names, string(c), "a"+string(c)+"z")
	}
	names = append(names, "\xff", "a\xffz", "a\xc3", strings.Repeat("long", 1000), "a b c", "-", "--", "-x", "0", "123")

	var cases []encodeCase
	for i, name := range names {
		v := newStruct([]reflect.StructField{
			intField("F", "json:"+strconv.Quote(name)),
			intField("G", `json:"g"`),
		}, i, -i)
		cases = append(cases, encodeCase{fmt.Sprintf("%d/%+q", i, name), v})
	}
	cases = append(cases,
		encodeCase{"htmlTags", htmlTags{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}},
		encodeCase{"nonASCIIFields", nonASCIIFields{1, "g", true, 2, 3, 4}},
		encodeCase{"longGoName", newStruct([]reflect.StructField{
			intField("L"+strings.Repeat("o", 3000)+"ng", ""),
		}, 1)},
		encodeCase{"longTagWithEscapes", newStruct([]reflect.StructField{
			intField("F", "json:"+strconv.Quote(strings.Repeat("<&>", 500))),
		}, 1)},
	)
	runEncodeCases(t, cases)
}

func TestEncodeEmbedded(t *testing.T) {
	var nilStringer fmt.Stringer
	runEncodeCases(t, []encodeCase{
		{"depthWins", depthWins{Inner{1, 2}, "outer"}},
		{"taggedBeatsPlain", taggedBeatsPlain{PlainX{1}, TaggedX{2}}},
		{"plainConflict", plainConflict{PlainX{1}, PlainX2{2}}},
		{"shallowerWins", shallowerWins{WrapTagged{TaggedX{1}}, "outer"}},
		{"twoPaths", twoPaths{PathA{Leaf{1}}, PathB{Leaf{2}}}},
		{"twoPathsShadowed", twoPathsShadowed{PathA{Leaf{1}}, PathB{Leaf{2}}, "top"}},
		{"ptrEmbed/nil", ptrEmbed{C: 1}},
		{"ptrEmbed/set", ptrEmbed{&Inner{1, 2}, 3}},
		{"ptrEmbed/addressable", &ptrEmbed{&Inner{1, 2}, 3}},
		{"groups/nil", groupOuter{}},
		{"groups/emptyInner", groupOuter{groupInner: &groupInner{}}},
		{"groups/set", groupOuter{&Inner{1, 2}, 3, &groupInner{"s", ptr(4), []string{"l"}, failableJSON{}, &groupDeep{5, "d", []int{6}}}, "outer"}},
		{"groups/deepEmpty", groupOuter{groupInner: &groupInner{groupDeep: &groupDeep{}}}},
		{"groups/onlyDeep", struct{ *groupInner }{&groupInner{groupDeep: &groupDeep{D1: 1}}}},
		{"groups/only/nil", struct{ *Inner }{}},
		{"groups/only/set", struct{ *Inner }{&Inner{1, 2}}},
		{"groups/inSlice", []groupOuter{{}, {X: 1, groupInner: &groupInner{S: "a"}}, {Inner: &Inner{}}}},
		{"groups/inPtrSlice", []*groupOuter{{}, nil, {Inner: &Inner{1, 2}, groupInner: &groupInner{}}}},
		{"groups/failing", groupOuter{X: 1, groupInner: &groupInner{S: "s", J: failableJSON{true}}}},
		{"unexportedPtrEmbed/nil", unexportedPtrEmbed{C: 1}},
		{"unexportedPtrEmbed/set", unexportedPtrEmbed{&inner{X: 1, y: 2}, 3}},
		{"unexportedEmbed", unexportedEmbed{inner{X: 1, y: 2}, 3}},
		{"nonStructEmbed/zero", nonStructEmbed{}},
		{"nonStructEmbed/set", nonStructEmbed{"s", ptr(MyInt(2)), 3, 4}},
		{"ifaceEmbed/nil", ifaceEmbed{nilStringer, 1}},
		{"ifaceEmbed/set", ifaceEmbed{stringer("str"), 1}},
		{"ifaceEmbed/struct", ifaceEmbed{time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC), 1}},
		{"anyEmbed", anyEmbed{MyAny(map[string]int{"a": 1}), 2}},
		{"promotedValJSON", promotedValJSON{valJSON{"v"}, 1}},
		{"promotedValJSON/ptr", &promotedValJSON{valJSON{"v"}, 1}},
		{"promotedPtrJSON/value", promotedPtrJSON{ptrJSON{"p"}, 1}},
		{"promotedPtrJSON/addressable", &promotedPtrJSON{ptrJSON{"p"}, 1}},
		{"promotedPtrJSON/inSlice", []promotedPtrJSON{{ptrJSON{"p"}, 1}}},
		{"promotedNilPtrJSON/set", promotedNilPtrJSON{&valJSON{"v"}, 1}},
		{"promotedNilPtrJSON/nil", promotedNilPtrJSON{nil, 1}},
		{"promotedText", promotedText{valText{"t"}, 1}},
		{"promotedTime", promotedTime{time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.UTC), 1}},
		{"promotedTime/badYear", promotedTime{time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), 1}},
		{"namedEmbed", namedEmbed{Inner{1, 2}, 3}},
		{"skippedEmbed", skippedEmbed{Inner{1, 2}, 3}},
		{"optionsOnlyEmbed", optionsOnlyEmbed{Inner{}, 3}},
		{"recursive/nil", Rec{X: 1}},
		{"recursive/set", Rec{&Rec{X: 2}, 1}},
		{"embeddedTimePtr", struct {
			*time.Time
			N int
		}{nil, 1}},
		{"embeddedStructOfMarshalers", struct {
			marshalerFields
			Extra int
		}{marshalerFields{PJ: ptrJSON{"x"}}, 1}},
	})
}

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

func TestEncodeMaps(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	bigString := map[string]int{}
	for i := range 300 {
		bigString[randomKey(r)+strconv.Itoa(i)] = i
	}
	bigInt := map[int]int{}
	for i := range 1000 {
		bigInt[int(r.Int64())>>r.IntN(64)] = i
	}
	bigInt[0], bigInt[-1] = 0, -1
	bigUint16 := map[uint16]bool{}
	for i := range 300 {
		bigUint16[uint16(i*211)] = i%2 == 0
	}
	nested := map[string]any{
		"b": map[string]any{"z": []any{1.5, "x", nil, map[string]any{}}, "a": true},
		"a": []any{map[string]any{"k": "v"}},
	}
	runEncodeCases(t, []encodeCase{
		{"string", map[string]int{"b": 1, "a": 2, "": 3, "A": 4, "é": 5, "<": 6, "aa": 7, "a\x00": 8}},
		{"namedString", map[MyString]int{"b": 1, "a": 2}},
		{"int", map[int]string{-1: "a", 10: "b", 2: "c", 0: "d", -10: "e", math.MinInt: "min", math.MaxInt: "max"}},
		{"int8", map[int8]bool{-128: true, 127: false, 0: true, -1: false}},
		{"int16", map[int16]int{-300: 1, 300: 2}},
		{"uint8", map[uint8]int{255: 1, 0: 2, 10: 3}},
		{"uint64", map[uint64]int{math.MaxUint64: 1, 0: 2, 10: 3, 2: 4}},
		{"uintptr", map[uintptr]int{1: 1, 20: 2}},
		{"namedInt", map[MyInt]int{3: 1, 20: 2}},
		{"textInt", map[textInt]int{1: 1, 2: 2, 10: 10, -1: -1}},
		{"ptrTextInt", map[ptrTextInt]int{1: 1, 10: 10}},
		{"ptrToPtrTextInt", map[*ptrTextInt]int{nil: 0, ptr(ptrTextInt(5)): 5}},
		{"valText", map[valText]int{{"b"}: 1, {"a"}: 2}},
		{"ptrText", map[*ptrText]int{nil: 1, {"a"}: 2}},
		{"textString", map[textString]int{"b": 1, "a": 2}},
		// Go 1.27 sorts keys of string kind by their raw text, unless the key
		// type has JSON or text methods (called or not): then by the names
		// written, invalid UTF-8 replaced.
		{"invalidUTF8/string", map[string]int{"\x87/a": 1, "\xde\"b": 2, "\xffz": 3, "a": 4}},
		{"invalidUTF8/namedString", map[MyString]int{"\x87/a": 1, "\xde\"b": 2, "\xffz": 3}},
		{"invalidUTF8/textString", map[textString]int{"\x87/a": 1, "\xde\"b": 2, "\xffz": 3, "a": 4}},
		{"invalidUTF8/textString/strings", map[textString]string{"\x87/a": "1", "\xde\"b": "2"}},
		{"invalidUTF8/unmarshalString", map[unmarshalString]int{"\x87/a": 1, "\xde\"b": 2}},
		{"textFloat", map[textFloat]int{1.5: 1, -2: 2}},
		{"textBool", map[textBool]int{true: 1, false: 0}},
		{"jsonInt", map[jsonInt]int{1: 1, 2: 2}},
		{"failTextKey", map[failTextInt]int{1: 1, -1: -1}},
		{"failTextKey/ok", map[failTextInt]int{1: 1, 2: 2}},
		{"timeKey", map[time.Time]int{time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC): 1, {}: 0}},
		{"timeKey/bad", map[time.Time]int{time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC): 1}},
		{"unsupportedKey/float", map[float64]int{1: 1}},
		{"unsupportedKey/bool", map[bool]int{true: 1}},
		{"unsupportedKey/struct", map[struct{ A int }]int{{1}: 1}},
		{"unsupportedKey/array", map[[2]int]int{{1, 2}: 1}},
		{"unsupportedKey/any", map[any]int{"a": 1}},
		{"unsupportedKey/ptrInt", map[*int]int{nil: 1}},
		{"unsupportedKey/ptrTextStruct", map[ptrText]int{{"a"}: 1}},
		{"unsupportedKey/nilMap", map[float64]int(nil)},
		{"unsupportedKey/emptyMap", map[complex64]int{}},
		{"unsupportedKey/inField", struct{ M map[bool]int }{}},
		{"nil", map[string]int(nil)},
		{"empty", map[string]int{}},
		{"nested", nested},
		{"nestedNamed", map[string]MyMap{"a": {"x": 1}, "b": nil}},
		{"bigString", bigString},
		{"bigInt", bigInt},
		{"bigUint16", bigUint16},
		{"escapedKeys", stringKeyMap(hostileStrings())},
		{"valueMarshalers", map[string]any{"vj": valJSON{"a"}, "pj": ptrJSON{"b"}, "ppj": &ptrJSON{"c"}, "vt": valText{"d"}}},
		{"ptrValues", map[string]*ptrJSON{"a": {"a"}, "nil": nil}},
		{"bytesValues", map[string][]byte{"a": []byte("abc"), "nil": nil}},
		{"unsupportedValue", map[string]any{"a": 1, "b": math.Inf(1)}},
		{"funcValue", map[string]func(){"f": nil}},
		{"funcValue/empty", map[string]func(){}},
		{"ptrToMap", &map[string]int{"a": 1}},
		{"mapOfMaps", map[int]map[textInt]map[string]int{1: {2: {"3": 4}}}},
	})
}

func randomKey(r *rand.Rand) string {
	const alphabet = "abcAB01-_<>&\"\\ é日\x00\x1f"
	var b strings.Builder
	for range r.IntN(6) {
		b.WriteString(string([]rune(alphabet)[r.IntN(len([]rune(alphabet)))]))
	}
	return b.String()
}

func stringKeyMap(keys []string) map[string]int {
	m := make(map[string]int, len(keys))
	for i, k := range keys {
		m[k] = i
	}
	return m
}

func TestEncodeBytes(t *testing.T) {
	var cases []encodeCase
	for n := range 10 {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(0xfb + i*37)
		}
		cases = append(cases, encodeCase{fmt.Sprintf("len%d", n), b})
	}
	big := bytes.Repeat([]byte{0, 0xff, '<', 'a'}, 1000)
	cases = append(cases, []encodeCase{
		{"nil", []byte(nil)},
		{"empty", []byte{}},
		{"big", big},
		{"uint8Slice", []uint8{1, 2, 3}},
		{"named", namedBytes("abc")},
		{"namedNil", namedBytes(nil)},
		{"plainByteElems", []plainByte{1, 2, 3}},
		{"namedPlainByteElems", namedPlainBytes{1, 2, 3}},
		{"jsonByteElems", []jsonByte{1, 2, 3}},
		{"jsonByteElemsNil", []jsonByte(nil)},
		{"textByteElems", []textByte{1, 2, 3}},
		{"array", [4]byte{1, 2, 3, 4}},
		{"arrayEmpty", [0]byte{}},
		{"arrayOfTextByte", [2]textByte{1, 2}},
		{"arrayOfTextByte/addressable", &[2]textByte{1, 2}},
		{"ptr", &[]byte{1}},
		{"ptrNil", (*[]byte)(nil)},
		{"inAny", []any{[]byte("x"), []byte(nil)}},
		{"sliceOfSlices", [][]byte{[]byte("a"), nil, {}}},
		{"inStruct", struct {
			B []byte
			N []byte
			E []byte `json:",omitempty"`
			//lint:ignore SA5008 the string option on a non-numeric field is the case under test
			S  []byte `json:",string"`
			A  [3]byte
			NB namedBytes
		}{B: []byte("<>&"), A: [3]byte{1, 2, 3}, NB: namedBytes{0}}},
		{"rawMessageIsNotBytes", []compat.RawMessage{compat.RawMessage(`"x"`)}},
	}...)
	runEncodeCases(t, cases)
}

// floatEdgeCases are the float64 values around encoding/json's formatting
// cut-offs and the ends of the range.
func floatEdgeCases() []float64 {
	fs := []float64{
		0, math.Copysign(0, -1), 1, -1, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 100, 1e6, 123456789,
		1e20, 1e21, math.Nextafter(1e21, 0), math.Nextafter(1e21, 2e21), 999999999999999999999, 1e22, 1e100, 1e300, 1.7976931348623157e308,
		1e-6, 1e-7, math.Nextafter(1e-6, 0), math.Nextafter(1e-6, 1), 1e-9, 1e-10, 1.5e-9, 1e-300,
		5e-324, math.SmallestNonzeroFloat64, 2.2250738585072014e-308, math.MaxFloat64, -math.MaxFloat64,
		1 << 53, 1<<53 + 1, 1 << 63, 1 << 64, 123456789012345678, 0.000001234, 12345678901234567890,
		-1e21, -1e-7, -0.5, 3.141592653589793, 2.718281828459045, 1.5e300, 9.999999999999999e22,
	}
	var out []float64
	for _, f := range fs {
		out = append(out, f, -f)
	}
	return out
}

func float32EdgeCases() []float32 {
	fs := []float32{
		0, 1, 0.1, 0.2, 1.0 / 3, 3.4e38, math.MaxFloat32, math.SmallestNonzeroFloat32, 1e-45, 1.17549435e-38,
		1e20, 1e21, math.Nextafter32(1e21, 0), math.Nextafter32(1e21, 2e21), 1e-6, math.Nextafter32(1e-6, 0),
		math.Nextafter32(1e-6, 1), 1e-7, 16777216, 16777217, 1e10, 123456.789,
	}
	var out []float32
	for _, f := range fs {
		out = append(out, f, -f)
	}
	return out
}

func TestEncodeFloats(t *testing.T) {
	var cases []encodeCase
	for i, f := range floatEdgeCases() {
		cases = append(cases, encodeCase{fmt.Sprintf("64/%d/%v", i, f), f})
		cases = append(cases, encodeCase{fmt.Sprintf("64/string/%d/%v", i, f), struct {
			F float64 `json:",string"`
		}{f}})
	}
	for i, f := range float32EdgeCases() {
		cases = append(cases, encodeCase{fmt.Sprintf("32/%d/%v", i, f), f})
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		cases = append(cases,
			encodeCase{fmt.Sprintf("64/%v", f), f},
			encodeCase{fmt.Sprintf("32/%v", f), float32(f)},
			encodeCase{fmt.Sprintf("field/%v", f), struct{ F float64 }{f}},
			encodeCase{fmt.Sprintf("mapValue/%v", f), map[string]float64{"a": 1, "f": f}},
			encodeCase{fmt.Sprintf("sliceElem/%v", f), []float64{1, f}},
			encodeCase{fmt.Sprintf("anyElem/%v", f), []any{1, f}},
			encodeCase{fmt.Sprintf("named/%v", f), MyFloat(f)},
		)
	}
	cases = append(cases,
		encodeCase{"float32InStruct", struct {
			A float32
			B *float32
		}{0.1, ptr(float32(1e21))}},
		encodeCase{"float32Slice", float32EdgeCases()},
		encodeCase{"float64Slice", floatEdgeCases()},
	)
	runEncodeCases(t, cases)
}

// floatModes is a smaller set of modes for the many random floats: floats
// contain nothing to escape, so Marshal and one Encoder suffice.
var floatModes = modesNamed("Marshal", "Encoder")

func TestEncodeFloatBits(t *testing.T) {
	r := rand.New(rand.NewPCG(0x5afe, 0x150))
	budget := newFailureBudget(t, 10)
	var f64s []float64
	var f32s []float32
	for range 20000 {
		f64 := math.Float64frombits(r.Uint64())
		if diffs := encodeDiffsModes(f64, floatModes); diffs != nil {
			budget.fail("float64 %v (bits %#x): %s", f64, math.Float64bits(f64), diffs[0])
		}
		f32 := math.Float32frombits(r.Uint32())
		if diffs := encodeDiffsModes(f32, floatModes); diffs != nil {
			budget.fail("float32 %v (bits %#x): %s", f32, math.Float32bits(f32), diffs[0])
		}
		// Decimal-looking values, which exercise shortest formatting.
		dec := float64(r.Int64N(1e12)) / math.Pow10(r.IntN(40)-10)
		if diffs := encodeDiffsModes(dec, floatModes); diffs != nil {
			budget.fail("float64 %v (bits %#x): %s", dec, math.Float64bits(dec), diffs[0])
		}
		if diffs := encodeDiffsModes(float32(dec), floatModes); diffs != nil {
			budget.fail("float32 %v: %s", float32(dec), diffs[0])
		}
		f64s = append(f64s, f64, dec)
		f32s = append(f32s, f32, float32(dec))
	}
	// Slices, struct fields and map values may have their own loops.
	for len(f64s) > 0 {
		n := min(len(f64s), 200)
		batch := []any{f64s[:n], f32s[:n], struct{ F []float64 }{f64s[:n]}, map[string][]float32{"f": f32s[:n]}}
		f64s, f32s = f64s[n:], f32s[n:]
		for _, v := range batch {
			if diffs := encodeDiffsModes(v, floatModes); diffs != nil {
				budget.fail("%T: %s", v, diffs[0])
			}
		}
	}
}

func TestEncodeIntegers(t *testing.T) {
	runEncodeCases(t, []encodeCase{
		{"int", []int{0, 1, -1, math.MaxInt, math.MinInt}},
		{"int8", []int8{math.MinInt8, math.MaxInt8}},
		{"int16", []int16{math.MinInt16, math.MaxInt16}},
		{"int32", []int32{math.MinInt32, math.MaxInt32}},
		{"int64", []int64{math.MinInt64, math.MaxInt64}},
		{"uint", []uint{0, math.MaxUint}},
		{"uint16", []uint16{math.MaxUint16}},
		{"uint32", []uint32{math.MaxUint32}},
		{"uint64", []uint64{math.MaxUint64}},
		{"uintptr", []uintptr{0, ^uintptr(0)}},
		{"named", []MyInt{-3}},
		{"bool", []bool{true, false}},
		{"topLevelInt", 42},
		{"topLevelBool", false},
	})
}

func TestEncodeNumber(t *testing.T) {
	numbers := []compat.Number{
		"", "0", "-0", "1", "-1", "1.5", "1e10", "1E+2", "1e-2", "-1.5e-300", "123456789012345678901234567890",
		"0.0", "1.0e0", "abc", "1.", "-", "01", "1e", "1e+", ".5", "+1", " 1", "1 ", "0x10", "NaN", "Infinity",
		"1_000", "--1", "1e5.5", "\"1\"", "1\x00",
	}
	var cases []encodeCase
	for i, n := range numbers {
		name := fmt.Sprintf("%d/%q", i, string(n))
		cases = append(cases,
			encodeCase{"top/" + name, n},
			encodeCase{"field/" + name, struct{ N compat.Number }{n}},
			encodeCase{"stringTag/" + name, struct {
				N compat.Number `json:",string"`
			}{n}},
			encodeCase{"inAny/" + name, []any{n}},
			encodeCase{"ptr/" + name, &n},
		)
	}
	cases = append(cases,
		encodeCase{"mapKey", map[compat.Number]int{"1": 1, "abc": 2}},
		encodeCase{"mapValue", map[string]compat.Number{"a": "1", "b": "2.5"}},
		encodeCase{"mapValueInvalid", map[string]compat.Number{"a": "x"}},
		encodeCase{"namedNumber", []json.Number{"7"}},
	)
	runEncodeCases(t, cases)
}

// hostileStrings covers every escaping rule of the string encoder: each ASCII
// byte, HTML characters, U+2028/U+2029, invalid UTF-8 of every kind, and
// special characters at every offset of a machine word.
func hostileStrings() []string {
	var ss []string
	for b := 0; b < 0x80; b++ {
		ss = append(ss, string([]byte{byte(b)}), "a"+string([]byte{byte(b)})+"z")
	}
	ss = append(ss,
		"", "é", "日本語", "😀", "\u2028", "\u2029", "a\u2028b\u2029c", "\u00a0", "\ufeff", "\ufffd", "\u007f\u0080\u009f",
		"\x80", "a\x80b", "\xc3", "a\xc3", "\xe2\x82", "\xe2\x82z", "\xf0\x9f\x98", "\xf0\x9f\x98z", "\xc0\xaf", "\xc1\xbf",
		"\xe0\x80\xaf", "\xf0\x80\x80\xaf", "\xed\xa0\x80", "\xed\xbf\xbf", "\xed\xa0\x80\xed\xb0\x80", "\xf4\x90\x80\x80",
		"\xf5\x80\x80\x80", "\xff", "\xfe", "\xff\xfe\xfd", "\xe2\x80", "\xe2\x80<", "\xe2\x80\xa8\xe2\x80", "é\xff日",
		"</script>", "<!--<script>", "&amp;", `\u2028`, `"\"`, "\\\"", "\r\n\t\b\f",
		strings.Repeat("a", 2000), strings.Repeat("日本", 700), strings.Repeat("a", 1023)+"<", strings.Repeat("a", 1024)+"\xff",
		strings.Repeat("abcdefg<", 300), strings.Repeat("\x00", 100), strings.Repeat("é\u2028", 200),
	)
	for _, special := range []string{"<", ">", "&", "\x00", "\x1f", "\"", "\\", "\x7f", "\xff", "\u2028", "é", "\xe2\x80"} {
		for i := range 34 {
			ss = append(ss, strings.Repeat("x", i)+special+strings.Repeat("y", 40-i))
		}
	}
	return ss
}

func TestEncodeStrings(t *testing.T) {
	ss := hostileStrings()
	var cases []encodeCase
	for i, s := range ss {
		name := fmt.Sprintf("%d/%.30q", i, s)
		cases = append(cases,
			encodeCase{name, s},
			encodeCase{"named/" + name, MyString(s)},
			encodeCase{"stringTag/" + name, struct {
				S string `json:",string"`
			}{s}},
			encodeCase{"text/" + name, rawText(s)},
		)
	}
	cases = append(cases,
		encodeCase{"all/slice", ss},
		encodeCase{"all/concatenated", strings.Join(ss, "")},
	)
	runEncodeCases(t, cases)
}

func TestEncodeInterfaces(t *testing.T) {
	var nilInner *Inner
	var nilAny any
	runEncodeCases(t, []encodeCase{
		{"nil", nilAny},
		{"nilInStruct", struct{ V any }{}},
		{"kinds", []any{true, 1, int8(-1), uint64(1 << 63), 1.5, float32(0.1), "s", []int{1}, map[string]int{"a": 1},
			Inner{1, 2}, &Inner{3, 4}, nilInner, [2]bool{}, MyString("m"), compat.Number("1"), compat.RawMessage(`{}`)}},
		{"nested", []any{[]any{[]any{map[string]any{"a": []any{nil}}}}}},
		{"ptrToAny", ptr(any(ptr(any(1))))},
		{"stringer", struct{ S fmt.Stringer }{stringer("<s>")}},
		{"stringerNil", struct{ S fmt.Stringer }{}},
		{"error", struct{ E error }{errBoom}},
		{"func", []any{func() {}}},
		{"chan", struct{ V any }{make(chan int)}},
		{"complex", []any{1i}},
		{"anyHoldingAny", []MyAny{MyAny(1), nil}},
		{"isZeroerField", struct{ Z isZeroer }{zeroVal{1}}},
	})
}

func TestEncodePointers(t *testing.T) {
	n := 5
	pn := &n
	var nilSlice *[]int
	runEncodeCases(t, []encodeCase{
		{"nil", (*int)(nil)},
		{"ptr", &n},
		{"ptrPtr", &pn},
		{"ptrPtrNil", new(*int)},
		{"ptrToSlice", &[]int{1}},
		{"ptrToNilSlice", nilSlice},
		{"ptrToStruct", &Inner{1, 2}},
		{"ptrToArray", &[2]string{"a", "b"}},
		{"namedPtr", IntPtr(&n)},
		{"structOfPtrs", struct {
			A *int
			B **int
			C *string
			D *Inner
		}{A: &n, B: &pn}},
		{"sharedPtr", []*int{&n, &n, &n}},
	})
	runEncodeCasesModes(t, []encodeCase{
		{"deepList", deepList(2000)},
		{"deepAnySlice", deepAnySlice(2000)},
		{"deepAnyMap", deepAnyMap(2000)},
		{"deepSharedLeaf", deepShared(1500)},
	}, compactModes)
}

func deepList(n int) *node {
	var head *node
	for i := range n {
		head = &node{Name: strconv.Itoa(i), Next: head}
	}
	return head
}

func deepAnySlice(n int) any {
	var v any = "leaf"
	for range n {
		v = []any{v}
	}
	return v
}

func deepAnyMap(n int) any {
	var v any = "leaf"
	for i := range n {
		v = map[string]any{strconv.Itoa(i): v}
	}
	return v
}

// deepShared puts the same pointer twice on one path deeper than the depth at
// which encoding/json starts looking for cycles. That is not a cycle.
func deepShared(n int) any {
	leaf := &node{Name: "leaf"}
	var v any = []any{leaf, leaf}
	for range n {
		v = &cycleAny{V: v}
	}
	return v
}

func TestEncodeCycles(t *testing.T) {
	self := &node{Name: "self"}
	self.Next = self
	a, b := &node{Name: "a"}, &node{Name: "b"}
	a.Next, b.Next = b, a
	ca := &cycleAny{}
	ca.V = ca
	m := map[string]any{"k": 1}
	m["self"] = m
	s := make([]any, 2)
	s[0], s[1] = 1, s
	cm := cycleMap{}
	cm["x"] = cm
	cs := make(cycleSlice, 1)
	cs[0] = cs
	long := deepList(1500)
	tail := long
	for tail.Next != nil {
		tail = tail.Next
	}
	tail.Next = long
	runEncodeCasesModes(t, []encodeCase{
		{"selfPtr", self},
		{"twoNodes", a},
		{"anyField", ca},
		{"map", m},
		{"slice", s},
		{"namedMap", cm},
		{"namedSlice", cs},
		{"longLoop", long},
		{"insideStruct", struct {
			OK  int
			Bad *node
		}{1, self}},
		{"insideMapValue", map[string]any{"a": 1, "b": ca}},
	}, encodeModes)
	tail.Next = nil // let the garbage collector take the loop
}

func TestEncodeUnsupported(t *testing.T) {
	runEncodeCases(t, []encodeCase{
		{"chan", make(chan int)},
		{"chanNil", (chan int)(nil)},
		{"chanRecv", make(<-chan string)},
		{"func", func() {}},
		{"funcNil", (func())(nil)},
		{"complex64", complex64(1)},
		{"complex128", complex128(0)},
		{"unsafePointer", unsafe.Pointer(nil)},
		{"field", unsupportedFields{}},
		{"fieldInPtr", &withChan{}},
		{"sliceNil", ([]func())(nil)},
		{"sliceEmpty", []func(){}},
		{"sliceElem", []func(){nil}},
		{"arrayEmpty", [0]chan int{}},
		{"arrayElem", [1]chan int{}},
		{"ptrNil", (*func())(nil)},
		{"ptr", ptr(func() {})},
		{"afterOutput", []any{1, "x", map[string]any{"a": make(chan int)}}},
		{"mapElem", map[string]complex128{"a": 1}},
		{"mapNil", map[string]chan int(nil)},
	})
}

func TestEncodeRawMessage(t *testing.T) {
	raws := []string{
		`{"a": 1}`, " [1, 2,\n3] ", `"<>&"`, "\"\u2028\"", "\"\xff\"", `null`, `1`,
		`{`, `1 2`, ``, ` `, `"unterminated`, `{"a":}`,
	}
	var cases []encodeCase
	for i, s := range raws {
		raw := compat.RawMessage(s)
		name := fmt.Sprintf("%d/%q", i, s)
		cases = append(cases,
			encodeCase{"value/" + name, raw},
			encodeCase{"ptr/" + name, &raw},
			encodeCase{"field/" + name, struct {
				R compat.RawMessage
				P *compat.RawMessage
			}{raw, &raw}},
			encodeCase{"mapValue/" + name, map[string]compat.RawMessage{"r": raw}},
		)
	}
	cases = append(cases,
		encodeCase{"nil", compat.RawMessage(nil)},
		encodeCase{"nilPtr", (*compat.RawMessage)(nil)},
		encodeCase{"nilInField", struct{ R compat.RawMessage }{}},
		encodeCase{"empty", compat.RawMessage{}},
		encodeCase{"jsonRawMessage", json.RawMessage(`{"x" : true}`)},
	)
	runEncodeCases(t, cases)
}

// TestEncoderSequence encodes several values, some failing, on one Encoder:
// a failed Encode must leave nothing behind for the next one.
func TestEncoderSequence(t *testing.T) {
	values := []any{
		map[string]any{"a": "<b>"}, make(chan int), 1.5, math.NaN(), "\u2028", failJSON{}, []int{1},
		rawJSON("{ }"), rawJSON("{"), nil, struct{ S string }{"&"},
	}
	setups := map[string]func(streamEncoder){
		"default":  func(streamEncoder) {},
		"noEscape": func(e streamEncoder) { e.SetEscapeHTML(false) },
		"indent":   func(e streamEncoder) { e.SetIndent(">", "\t") },
	}
	for name, setup := range setups {
		t.Run(name, func(t *testing.T) {
			run := func(api encodingAPI) (string, []*errReport) {
				var buf bytes.Buffer
				enc := api.NewEncoder(&buf)
				setup(enc)
				var errs []*errReport
				for _, v := range values {
					errs = append(errs, reportErr(enc.Encode(v)))
				}
				return buf.String(), errs
			}
			wantOut, wantErrs := run(stdAPI)
			gotOut, gotErrs := run(compatAPI)
			if diff := cmp.Diff(wantOut, gotOut); diff != "" {
				t.Errorf("output (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(wantErrs, gotErrs); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
		})
	}
}

// failingWriter accepts limit bytes, then fails every write.
type failingWriter struct {
	buf   bytes.Buffer
	limit int
	calls int
}

var errWrite = errors.New("write failed")

func (w *failingWriter) Write(p []byte) (int, error) {
	w.calls++
	if w.buf.Len()+len(p) > w.limit {
		n := w.limit - w.buf.Len()
		w.buf.Write(p[:n])
		return n, errWrite
	}
	return w.buf.Write(p)
}

// TestEncoderWriteError checks that a write error sticks: later calls return
// it without writing.
func TestEncoderWriteError(t *testing.T) {
	for _, limit := range []int{0, 3, 10, 1000} {
		t.Run(strconv.Itoa(limit), func(t *testing.T) {
			type result struct {
				Written string
				Calls   int
				Errs    []*errReport
			}
			run := func(api encodingAPI) result {
				w := &failingWriter{limit: limit}
				enc := api.NewEncoder(w)
				var errs []*errReport
				for _, v := range []any{"hello", map[string]int{"a": 1}, make(chan int), 3} {
					errs = append(errs, reportErr(enc.Encode(v)))
				}
				return result{w.buf.String(), w.calls, errs}
			}
			if diff := cmp.Diff(run(stdAPI), run(compatAPI)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestMarshalResultIsFresh checks that compat's results do not share memory
// with its inputs or with each other.
func TestMarshalResultIsFresh(t *testing.T) {
	raw := compat.RawMessage(`{"a":1}`)
	out, err := compat.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	for i := range out {
		out[i] = 'X'
	}
	if string(raw) != `{"a":1}` {
		t.Errorf("writing to Marshal's result changed its RawMessage input to %q", raw)
	}

	first, err := compat.Marshal(map[string]string{"k": "first"})
	if err != nil {
		t.Fatal(err)
	}
	keep := string(first)
	for range 10 {
		if _, err := compat.Marshal(map[string]string{"k": strings.Repeat("second", 10)}); err != nil {
			t.Fatal(err)
		}
	}
	if string(first) != keep {
		t.Errorf("a later Marshal changed an earlier result from %q to %q", keep, first)
	}

	var buf bytes.Buffer
	enc := compat.NewEncoder(&buf)
	if err := enc.Encode(raw); err != nil {
		t.Fatal(err)
	}
	written := buf.Bytes()
	keep = string(written)
	if err := enc.Encode("another value"); err != nil {
		t.Fatal(err)
	}
	if string(written) != keep {
		t.Errorf("Encoder changed bytes already handed to the writer: %q, then %q", keep, written)
	}
}

// TestEncodeConcurrent runs compat on shared types from several goroutines
// with different escaping settings. Under -race it finds unsynchronized
// caches; without it, options leaking between calls.
func TestEncodeConcurrent(t *testing.T) {
	values := []any{
		marshalerFieldsValue(), omitZeroAll{}, stringOpt{String: "<&>"}, hostileStrings(),
		map[string]any{"<": []any{"&", 1.5}}, htmlTags{},
	}
	want := make([][]outcome, len(values))
	for i, v := range values {
		for _, m := range encodeModes {
			want[i] = append(want[i], callMode(m, stdAPI, v))
		}
	}
	var wg sync.WaitGroup
	errs := make(chan string, 100)
	for g := range 4 {
		wg.Go(func() {
			for iter := range 50 {
				i := (g + iter) % len(values)
				for j, m := range encodeModes {
					if diff := cmp.Diff(want[i][j], callMode(m, compatAPI, values[i])); diff != "" {
						select {
						case errs <- fmt.Sprintf("value %d, %s (-want +got):\n%s", i, m.name, diff):
						default:
						}
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
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

// wideStruct has more fields than fit in a 64-bit mask, with every other
// one omitempty.
func wideStruct() any {
	var fields []reflect.StructField
	var values []any
	for i := range 150 {
		tag := fmt.Sprintf(`json:"f%03d"`, i)
		if i%2 == 1 {
			tag = fmt.Sprintf(`json:"f%03d,omitempty"`, i)
		}
		fields = append(fields, intField(fmt.Sprintf("F%d", i), tag))
		values = append(values, i%3)
	}
	return newStruct(fields, values...)
}

// TestEncodeMixedCycles builds cycles through pointers, maps and slices in
// several orders. encoding/json names in its error the first value it sees
// again after 1000 levels, so the level counting must match too.
func TestEncodeMixedCycles(t *testing.T) {
	var cases []encodeCase
	for _, order := range []string{"pm", "ps", "ms", "pms", "psm", "mps", "spm", "ppm", "mss", "pmsp"} {
		for _, prefix := range []int{0, 1, 2, 7} {
			cases = append(cases, encodeCase{fmt.Sprintf("%s/prefix%d", order, prefix), mixedCycle(order, prefix)})
		}
	}
	runEncodeCasesModes(t, cases, compactModes)

	// Not cycles: the same values shared between siblings, just above and
	// below the depth where checking starts.
	var ok []encodeCase
	for _, depth := range []int{998, 999, 1000, 1001, 1002} {
		ok = append(ok, encodeCase{fmt.Sprintf("sharedSiblings/%d", depth), deepShared(depth)})
		ok = append(ok, encodeCase{fmt.Sprintf("list/%d", depth), deepList(depth)})
	}
	runEncodeCasesModes(t, ok, compactModes)
}

// mixedCycle returns a value whose cycle passes through a pointer (p), a
// map (m) and a slice (s) in the given order, reached after prefix
// non-cyclic levels.
func mixedCycle(order string, prefix int) any {
	head := &cycleAny{}
	var cur any = head
	link := func(next any) {
		switch c := cur.(type) {
		case *cycleAny:
			c.V = next
		case map[string]any:
			c["k"] = next
		case []any:
			c[0] = next
		}
		cur = next
	}
	for _, k := range order[1:] {
		switch k {
		case 'p':
			link(&cycleAny{})
		case 'm':
			link(map[string]any{"other": 1})
		case 's':
			link(make([]any, 1))
		}
	}
	switch order[0] {
	case 'm':
		m := map[string]any{"k": head}
		link(m)
		return wrap(m, prefix)
	case 's':
		s := []any{head}
		link(s)
		return wrap(s, prefix)
	}
	link(head)
	return wrap(head, prefix)
}

func wrap(v any, n int) any {
	for range n {
		v = []any{v}
	}
	return v
}

// TestEncodePointerShaped encodes values that interfaces hold in their data
// word, alone, many side by side, and nested deeply, plus the named map and
// slice types that must not take a fast path for map[string]any and []any.
func TestEncodePointerShaped(t *testing.T) {
	n := 7
	shaped := []any{
		ptrShaped{&Inner{1, 2}}, ptrShaped{}, ptrShapedNested{}, ptrShapedNested{struct{ M map[string]int }{map[string]int{"a": 1}}},
		ptrShapedArray{&n}, ptrShapedArray{}, ptrShapedJSON{&n}, ptrShapedJSON{}, ptrShapedPtrJSON{&n},
		mapJSON{"a": 1}, mapJSON(nil), mapPtrText{"a": 1}, anyMapJSON{"a": 1}, anyMapJSON(nil), anySliceText{1},
		namedAnyMap{"a": []any{1}}, namedAnyMap(nil), namedAnySlice{map[string]any{"b": 2}}, namedAnySlice(nil),
		funcJSON(nil), funcJSON(func() {}), chanText(nil), chanText(make(chan int)),
		struct{ F funcJSON }{}, struct{ C chanText }{}, [1]funcJSON{}, &n, map[string]int{"m": 1},
	}
	var cases []encodeCase
	for i, v := range shaped {
		cases = append(cases,
			encodeCase{fmt.Sprintf("%d/%T", i, v), v},
			encodeCase{fmt.Sprintf("%d/inAny/%T", i, v), []any{v, v}},
			encodeCase{fmt.Sprintf("%d/inMap/%T", i, v), map[string]any{"a": v, "b": v}},
			encodeCase{fmt.Sprintf("%d/inStruct/%T", i, v), struct{ V, W any }{v, v}},
			encodeCase{fmt.Sprintf("%d/inStructPtr/%T", i, v), &struct{ V any }{v}},
		)
	}
	wide := make([]any, 0, 200)
	for i := range 200 {
		wide = append(wide, shaped[i%len(shaped)])
	}
	cases = append(cases, encodeCase{"wide", wide})
	cases = append(cases, encodeCase{"wideMap", map[string]any{"w": wide, "x": []any{wide, wide}}})
	runEncodeCases(t, cases)

	// Each level is a pointer-shaped struct holding the next in an interface.
	type level struct{ V any }
	var deep []encodeCase
	for _, depth := range []int{31, 32, 33, 64, 1500} {
		var v any = ptrShapedJSON{&n}
		for i := range depth {
			switch i % 3 {
			case 0:
				v = ptrShaped{&Inner{i, i}}.wrapAny(v)
			case 1:
				v = map[string]any{"d": v}
			default:
				v = &level{v}
			}
		}
		deep = append(deep, encodeCase{fmt.Sprintf("deep%d", depth), v})
	}
	runEncodeCasesModes(t, deep, compactModes)
}

// wrapAny returns a pointer-shaped value next to v in a slice.
func (p ptrShaped) wrapAny(v any) any { return []any{p, v} }
