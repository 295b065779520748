package decoder

import (
	"fmt"
	"strings"
	"testing"
)

type (
	mapKeyName string
	mapScore   int16
	mapFlag    bool
	mapLabel   string
)

// TestTypedMaps decodes objects into maps of plain string keys and plain
// string, bool, integer and float values, which are written as typed maps,
// and compares with encoding/json: every kind and size, named keys and
// values, maps that already hold entries, values of the wrong type, out
// of range or null, syntax errors after some members are stored, and
// truncation at every offset.
func TestTypedMaps(t *testing.T) {
	targets := map[string]func() any{
		"int8":    func() any { return new(map[string]int8) },
		"int16":   func() any { return new(map[string]int16) },
		"int32":   func() any { return new(map[string]int32) },
		"int64":   func() any { return new(map[string]int64) },
		"int":     func() any { return new(map[string]int) },
		"uint8":   func() any { return new(map[string]uint8) },
		"uint16":  func() any { return new(map[string]uint16) },
		"uint32":  func() any { return new(map[string]uint32) },
		"uint64":  func() any { return new(map[string]uint64) },
		"uint":    func() any { return new(map[string]uint) },
		"uintptr": func() any { return new(map[string]uintptr) },
		"float32": func() any { return new(map[string]float32) },
		"float64": func() any { return new(map[string]float64) },
		"bool":    func() any { return new(map[string]bool) },
		"string":  func() any { return new(map[string]string) },
		"named":   func() any { return new(map[mapKeyName]mapScore) },
		"named bool": func() any {
			return &map[mapKeyName]mapFlag{"old": true}
		},
		"named string": func() any { return &map[mapKeyName]mapLabel{"a": "old", "k": "old"} },
		"filled":       func() any { return &map[string]int{"a": 7, "z": 9} },
		"in a struct": func() any {
			return &struct {
				A map[string]float64
				B *map[string]uint8
				C []map[string]bool
			}{}
		},
	}
	inputs := []string{
		`{}`, `null`, `{"a":1}`, `{"a":1,"b":-2,"a":3}`, `{"a":-128,"b":127,"c":255,"d":32767}`,
		`{"a":1e3}`, `{"a":1.5}`, `{"a":-0}`, `{"a":18446744073709551615,"b":-9223372036854775808}`,
		`{"a":3.4e39}`, `{"a":1e400}`, `{"a":true,"b":false}`, `{"a":null,"b":2}`, `{"a":"1"}`,
		`{"a":"x","b":"y\u00e9\n"}`, `{"a":[1],"b":{"c":2},"d":3}`, `{"\u00e9":1,"":2}`,
		`{"a":1,"b":2,}`, `{"a":1 "b":2}`, `{"a":01}`, `{"a":1,"b":tru}`, ` { "a" : 1 , "b" : 2 } `,
		`[1,2]`, `"x"`, `7`, `{"A":{"a":1},"B":{"b":2},"C":[{"c":true},null,{}]}`,
	}
	for _, in := range inputs {
		for name, mk := range targets {
			if d := diffUnmarshal([]byte(in), mk, Options{}); d != "" {
				t.Errorf("%s into %s: %s", in, name, d)
			}
		}
	}
	long := `{"a":1,"bb":-22,"ccc":333,"dddd":true,"e":"five","f":6.5}`
	for n := range len(long) {
		for name, mk := range targets {
			if d := diffUnmarshal([]byte(long[:n]), mk, Options{}); d != "" {
				t.Errorf("%q into %s: %s", long[:n], name, d)
			}
		}
	}
	var many strings.Builder
	many.WriteByte('{')
	for i := range 300 {
		if i > 0 {
			many.WriteByte(',')
		}
		fmt.Fprintf(&many, `"k%d":%d`, i%250, i*7-900)
	}
	many.WriteByte('}')
	for name, mk := range targets {
		if d := diffUnmarshal([]byte(many.String()), mk, Options{}); d != "" {
			t.Errorf("300 members into %s: %s", name, d)
		}
	}
}
