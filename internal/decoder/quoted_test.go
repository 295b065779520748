package decoder

import (
	"strings"
	"testing"
)

// quotedKinds has a `,string` field of each kind quotedLeaf reads, and a
// named one.
type quotedKinds struct {
	B   bool    `json:",string"`
	I   int     `json:",string"`
	I8  int8    `json:",string"`
	I16 int16   `json:",string"`
	I32 int32   `json:",string"`
	I64 int64   `json:",string"`
	U   uint    `json:",string"`
	U8  uint8   `json:",string"`
	U16 uint16  `json:",string"`
	U32 uint32  `json:",string"`
	U64 uint64  `json:",string"`
	UP  uintptr `json:",string"`
	F32 float32 `json:",string"`
	F64 float64 `json:",string"`
	N   named   `json:",string"`
}

type named int16

// TestQuotedLeaves holds the `,string` fields that quotedLeaf reads to
// encoding/json, on the texts it takes and on the ones it leaves to the
// reading of each toolchain, into zero and filled targets.
func TestQuotedLeaves(t *testing.T) {
	texts := []string{
		`"1"`, `"-0"`, `"007"`, `"-1"`, `"127"`, `"128"`, `"-129"`, `"255"`, `"256"`, `"65536"`,
		`"4294967296"`, `"9223372036854775807"`, `"9223372036854775808"`, `"18446744073709551615"`,
		`"18446744073709551616"`, `"1.5"`, `"1e3"`, `"-1e400"`, `"1e39"`, `"0x10"`, `"0x1p-2"`, `"-inf"`,
		`"NaN"`, `"1_0"`, `"+1"`, `" 1"`, `"1 "`, `""`, `"-"`, `"\u0031"`, `"true"`, `"false"`, `"null"`,
		`"True"`, `1`, `true`, `null`, `"\"1\""`, `"1`, `{}`,
	}
	fields := []string{"B", "I", "I8", "I16", "I32", "I64", "U", "U8", "U16", "U32", "U64", "UP", "F32", "F64", "N"}
	diffMembers(t, fields, texts, "",
		func() any { return new(quotedKinds) },
		func() any { return &quotedKinds{B: true, I: 5, U8: 7, F64: 2.5, N: 3} })
	// Many in a row, as a slice of records holds them.
	var b strings.Builder
	b.WriteString("[")
	for i := range 50 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"B":"true","I64":"-12","U8":"200","F64":"0.25","N":"-7"}`)
	}
	b.WriteString("]")
	if d := diffUnmarshal([]byte(b.String()), func() any { return new([]quotedKinds) }, Options{}); d != "" {
		t.Errorf("Unmarshal of records: %s", d)
	}
}

// quotedStrings has `,string` string fields that quotedString reads, a
// named one, and one beside them whose type has a method, which it leaves
// to quotedValue.
type quotedStrings struct {
	S string      `json:",string"`
	N namedString `json:",string"`
	T textString  `json:",string"`
	P string      // not quoted, after the others in the arena
}

type namedString string

// textString has UnmarshalText, so a `,string` of it is not a plain string.
type textString string

func (s *textString) UnmarshalText(b []byte) error {
	*s = textString("text:" + string(b))
	return nil
}

// TestQuotedStrings holds `,string` string fields to encoding/json on the
// usual texts (a string that holds a quoted string, with and without
// escapes, and long enough for an allocation of its own) and on the ones
// encoding/json rejects or reads in its own ways, into zero and filled
// targets, one at a time and many in a row.
func TestQuotedStrings(t *testing.T) {
	long := strings.Repeat(`ab\\\"\u00e9`, 200)
	texts := []string{
		`"\"abc\""`, `"\"\""`, `"\"a\\\"b\\u00e9\\n\""`, `"\"\\'\""`, `"\"` + long + `\""`,
		`"abc"`, `""`, `"null"`, `null`, `"\"unterminated"`, `"\"a\"b\""`, `"\"\\x\""`, `"\"\\u12\""`,
		`"\"\u0001\""`, `"true"`, `"123"`, `123`, `true`, `{}`, `[]`, `"\"\xff\""`, `"\"tab\there\""`,
		`"\"a\" "`, `" \"a\""`,
	}
	diffMembers(t, []string{"S", "N", "T"}, texts, `,"P":"after"`,
		func() any { return new(quotedStrings) },
		func() any { return &quotedStrings{S: "s", N: "n", T: "t", P: "p"} })
	var b strings.Builder
	b.WriteString("[")
	for i := range 60 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"S":"\"record \\\"` + strings.Repeat("x", i*7) + `\\\"\"","N":"\"n\"","P":"plain"}`)
	}
	b.WriteString("]")
	if d := diffUnmarshal([]byte(b.String()), func() any { return new([]quotedStrings) }, Options{}); d != "" {
		t.Errorf("Unmarshal of records: %s", d)
	}
}

// diffMembers compares Unmarshal of {"F":text<rest>} with encoding/json's,
// for each field name F and text, into each of targets.
func diffMembers(t *testing.T, fields, texts []string, rest string, targets ...func() any) {
	t.Helper()
	for _, f := range fields {
		for _, text := range texts {
			data := `{"` + f + `":` + text + rest + `}`
			for _, mk := range targets {
				if d := diffUnmarshal([]byte(data), mk, Options{}); d != "" {
					t.Errorf("Unmarshal(%s): %s", data, d)
				}
			}
		}
	}
}
