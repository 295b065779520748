package compat_test

// Encoding table tests: bytes, floats, integers, Number, strings, RawMessage
// and the kinds encoding/json refuses.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"

	"github.com/safejson/safejson/compat"
)

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
