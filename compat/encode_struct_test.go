package compat_test

// Encoding table tests: struct fields, their tags, options and embedding.

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/safejson/safejson/compat"
)

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
