package compat_test

// Encoding table tests: maps, interfaces and pointers, including the
// pointer-shaped values that interfaces hold in their data word.

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/safejson/safejson/compat"
)

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
