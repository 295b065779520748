package decoder

import (
	"fmt"
	"strings"
	"testing"
)

// TestIntegerFields decodes integers of every length into integer fields,
// which the struct loop reads itself (int, int64, uint and uint64) or
// through their decoders, near the end of the input and far from it, and
// compares with encoding/json: the ends of the ranges and past them, signs,
// leading zeros, fractions and exponents, and numbers that go on.
func TestIntegerFields(t *testing.T) {
	type uints struct {
		U uint64
		V uint
		W *uint64
		X uint8
		Y uint32
		I int64
		J int
		K int8
		L *int64
	}
	numbers := []string{"0", "-0", "7", "-7", "00", "01", "255", "256", "4294967295", "4294967296",
		"9999999999999999", "10000000000000000", "123456789012345678", "1234567890123456789",
		"18446744073709551615", "18446744073709551616", "99999999999999999999", "100000000000000000000",
		"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
		"-12345678901234567", "-123456789012345678", "-1234567890123456789", "-99999999999999999999", "-01", "-",
		"1.0", "1e3", "18446744073709551615.5", "1844674407370955161e1", "-18446744073709551615", "1x", `"1"`, "null", "true"}
	for _, n := range numbers {
		for _, field := range []string{"U", "V", "W", "X", "Y", "I", "J", "K", "L"} {
			for _, in := range []string{
				fmt.Sprintf(`{%q:%s}`, field, n),
				fmt.Sprintf(`{%q:%s,"pad":"%s"}`, field, n, strings.Repeat("x", 30)),
				fmt.Sprintf(`[{%q:%s},{%q:%s}]`, field, n, field, n),
			} {
				mk := func() any { return new(uints) }
				if in[0] == '[' {
					mk = func() any { return new([]uints) }
				}
				if d := diffUnmarshal([]byte(in), mk, Options{}); d != "" {
					t.Errorf("%s: %s", in, d)
				}
			}
		}
	}
}
