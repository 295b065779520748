package compat_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/safejson/safejson/compat"
)

// Tag options that Go 1.27's encoding/json (v2's rules) understands and Go
// 1.26's ignores: embed, case:, format:, and malformed options. Each case
// is compared with the toolchain running the test.

type embedNamed struct {
	X int
	I Inner `json:",embed"`
}

type embedNamedTagged struct {
	I Inner `json:"i,embed"`
}

type embedMap struct {
	A int
	M map[string]any `json:",embed"`
	B string         `json:",omitempty"`
}

type embedMapOnly struct {
	M map[string]int `json:",embed"`
}

type myKey string

type embedMapNamedKey struct {
	Z int
	M map[myKey]*Inner `json:",embed"`
}

type embedMapMethods struct {
	M map[string]ptrJSON `json:",embed"`
}

type embedMapPtr struct {
	M *map[string]int `json:",embed"`
}

type embedMapIntKey struct {
	M map[int]int `json:",embed"`
}

type embedTwoMaps struct {
	M1 map[string]int `json:",embed"`
	M2 map[string]int `json:",embed"`
}

type embedDeepMap struct {
	embedMap
	C int
}

type embedRaw struct {
	A int
	R compat.RawMessage `json:",embed"`
}

type formatTag struct {
	T time.Time `json:",format:RFC3339"`
}

type formatQuoted struct {
	A int `json:",format:'2006-01'"`
}

type formatBehindPtr struct {
	N int
	P *formatTag
}

func TestEncodeTagOptions(t *testing.T) {
	m := map[string]int{"k": 1}
	runEncodeCases(t, []encodeCase{
		{"embed/named", embedNamed{1, Inner{2, 3}}},
		{"embed/namedTagged", embedNamedTagged{Inner{2, 3}}},
		{"embed/map", embedMap{1, map[string]any{"z": 1, "a": "<b>", "A": 2}, "s"}},
		{"embed/mapNil", embedMap{A: 1}},
		{"embed/mapEmpty", embedMap{A: 1, M: map[string]any{}}},
		{"embed/mapOnly", embedMapOnly{map[string]int{"b": 2, "a": 1}}},
		{"embed/mapOnlyEmpty", embedMapOnly{}},
		{"embed/mapNamedKey", embedMapNamedKey{1, map[myKey]*Inner{"x": {1, 2}, "n": nil}}},
		{"embed/mapPtr", embedMapPtr{&m}},
		{"embed/mapMethods", embedMapMethods{map[string]ptrJSON{"p": {"x"}}}},
		{"embed/mapMethodsAddressable", &embedMapMethods{map[string]ptrJSON{"p": {"x"}}}},
		{"embed/mapPtrNil", embedMapPtr{}},
		{"embed/mapIntKey", embedMapIntKey{map[int]int{1: 2}}},
		{"embed/twoMaps", embedTwoMaps{map[string]int{"a": 1}, map[string]int{"b": 2}}},
		{"embed/deepMap", embedDeepMap{embedMap{1, map[string]any{"x": nil}, ""}, 3}},
		{"embed/inSlice", []embedMapOnly{{map[string]int{"a": 1}}, {}, {map[string]int{"b": 2}}}},
		{"embed/ptrInSlice", []*embedMap{{A: 1, M: map[string]any{"x": 1}}, nil}},
		{"embed/valueError", embedMap{M: map[string]any{"f": func() {}}}},
		{"embed/raw", embedRaw{1, compat.RawMessage(`{"x":1,"y":[2]}`)}},
		{"embed/rawEmpty", embedRaw{A: 1}},
		{"embed/rawSpaced", embedRaw{1, compat.RawMessage(" {\"x\" : 1 ,\n\"<\":\"\\u2028<\u2028\"} ")}},
		{"embed/rawEmptyObject", embedRaw{1, compat.RawMessage(`{}`)}},
		{"embed/rawArray", embedRaw{1, compat.RawMessage(`[1]`)}},
		{"embed/rawNull", embedRaw{1, compat.RawMessage(`null`)}},
		{"embed/rawBadValue", embedRaw{1, compat.RawMessage(`{"x":}`)}},
		{"embed/rawUnclosed", embedRaw{1, compat.RawMessage(`{`)}},
		{"embed/rawSpace", embedRaw{1, compat.RawMessage(` `)}},
		{"embed/rawTrailing", embedRaw{1, compat.RawMessage(`{"a":1}x`)}},
		{"case", newStruct(tagged(`json:",case:ignore"`, `json:"b,case:strict"`, `json:",case:bogus"`, `json:",case"`,
			`json:",case:ignore,case:strict"`, `json:"f,omitEmpty"`, `json:"g,omit_empty,string"`), 1, 2, 3, 4, 5, 6, 7)},
		{"format/time", formatTag{time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)}},
		{"format/ptr", &formatTag{}},
		{"format/quoted", formatQuoted{1}},
		{"format/missing", newStruct(tagged(`json:",format"`, `json:",format:"`), 1, 2)},
		{"format/behindNilPtr", formatBehindPtr{N: 1}},
		{"format/behindPtr", formatBehindPtr{1, &formatTag{}}},
		{"format/inSlice", []formatQuoted{{1}}},
		{"format/inMap", map[string]formatQuoted{"k": {1}}},
		{"format/emptySlice", []formatQuoted{}},
	})
}

// tagged returns int fields A, B, ... with the given tags, which go vet
// and staticcheck rightly reject in source.
func tagged(tags ...string) []reflect.StructField {
	fs := make([]reflect.StructField, len(tags))
	for i, tag := range tags {
		fs[i] = intField(string(rune('A'+i)), tag)
	}
	return fs
}
