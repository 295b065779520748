package compat_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// fuzzModes are the modes each fuzz input goes through: compact with and
// without HTML escaping, and indented.
var fuzzModes = modesNamed("Marshal", "MarshalIndent/prefix", "Encoder/noEscapeHTML")

func addJSONSeeds(f *testing.F) {
	for _, s := range jsonTexts {
		f.Add([]byte(s))
	}
	for _, s := range []string{
		`{"</script>":"<!--<script>","\u2028":"\ud800","k":[1e21,1e-7,-0,0.1]}`,
		`[{"a":{"b":[null,false,"x\u0000y"]}},12345678901234567890]`,
		`{"b":1,"a":2,"":3,"é":4,"A":5}`,
	} {
		f.Add([]byte(s))
	}
}

// FuzzMarshalAny decodes the input with encoding/json (inputs that do not
// decode are not JSON and are filtered out) and encodes the result with both
// packages, once as float64 numbers and once with UseNumber.
func FuzzMarshalAny(f *testing.F) {
	addJSONSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return
		}
		for _, d := range encodeDiffsModes(v, fuzzModes) {
			t.Errorf("decoded %q: %s", data, d)
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var n any
		if err := dec.Decode(&n); err != nil {
			t.Fatalf("UseNumber decode of %q failed after plain decode succeeded: %v", data, err)
		}
		for _, d := range encodeDiffsModes(n, fuzzModes) {
			t.Errorf("decoded %q with UseNumber: %s", data, d)
		}
	})
}

// FuzzMarshalString encodes arbitrary bytes as a string value, a map key, a
// quoted field, TextMarshaler output and RawMessage.
func FuzzMarshalString(f *testing.F) {
	for _, s := range hostileStrings() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		values := []any{
			s,
			map[string]string{s: s},
			struct {
				S string `json:",string"`
			}{s},
			rawText(s),
			rawJSON(s),
			rawJSON(`"` + s + `"`),
		}
		for _, v := range values {
			for _, d := range encodeDiffsModes(v, fuzzModes) {
				t.Errorf("%T %q: %s", v, s, d)
			}
		}
	})
}

// FuzzSyntax compares Valid, Compact, Indent and HTMLEscape on any bytes.
func FuzzSyntax(f *testing.F) {
	addJSONSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if d := syntaxDiff(data); d != "" {
			t.Errorf("%q (-want +got):\n%s", data, d)
		}
	})
}

// FuzzFloat compares the formatting of any float64 and float32 bit pattern,
// plain and with the string option.
func FuzzFloat(f *testing.F) {
	for _, x := range floatEdgeCases() {
		f.Add(math.Float64bits(x))
	}
	for _, x := range float32EdgeCases() {
		f.Add(uint64(math.Float32bits(x)))
	}
	f.Fuzz(func(t *testing.T, bits uint64) {
		f64 := math.Float64frombits(bits)
		f32 := math.Float32frombits(uint32(bits))
		values := []any{f64, f32, struct {
			F float64 `json:",string"`
			G float32 `json:",string"`
		}{f64, f32}, []float64{f64, f64}, []float32{f32}, []any{f64, f32}}
		for _, v := range values {
			for _, d := range encodeDiffsModes(v, floatModes) {
				t.Errorf("%#x: %v: %s", bits, v, d)
			}
		}
	})
}

// FuzzMarshalTyped fills a value of one of diffTypes, or of a struct type
// built with reflect.StructOf, with choices read from the input, and encodes
// it and a pointer to it with both packages.
func FuzzMarshalTyped(f *testing.F) {
	for i := range len(diffTypes) + 1 {
		f.Add([]byte{byte(i)})
		f.Add(append([]byte{byte(i)}, "\x01\x02\x03\x04\x05\x06\x07\x08</script>\xff\xfe\u2028"...))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		g := &valueGen{rand.New(&byteSource{b: data[1:]})}
		var typ reflect.Type
		if i := int(data[0]); i < len(diffTypes) {
			typ = diffTypes[i]
		} else {
			typ = g.structType(0)
		}
		p := reflect.New(typ)
		g.fill(p.Elem(), 0)
		for _, v := range []any{p.Elem().Interface(), p.Interface()} {
			for _, d := range encodeDiffsModes(v, fuzzModes) {
				t.Errorf("%v from %q: %s\n%s", typ, data, describe(v), d)
			}
		}
	})
}

// byteSource is a rand.Source that reads the fuzzer's input, so that a small
// change of input makes a small change of the generated value. Once the input
// is used up it continues with a fixed stream: a source of only zeros would
// make rand.IntN loop forever.
type byteSource struct {
	b    []byte
	tail *rand.PCG
}

func (s *byteSource) Uint64() uint64 {
	if len(s.b) == 0 {
		if s.tail == nil {
			s.tail = rand.NewPCG(1, 2)
		}
		return s.tail.Uint64()
	}
	var w [8]byte
	n := copy(w[:], s.b)
	s.b = s.b[n:]
	return binary.LittleEndian.Uint64(w[:])
}
