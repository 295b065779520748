package numparse

import (
	"math"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// TestFloatIsStrconvs compares Float with strconv.ParseFloat on random
// decimals of every length and exponent, and on edge cases: where Float
// takes a number, it must end where the number does and give strconv's
// value, bit for bit.
func TestFloatIsStrconvs(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	cases := []string{"0", "-0", "1", "0.1", "1e22", "1e23", "9007199254740993", "4.9e-324", "2.2250738585072014e-308",
		"1.7976931348623157e308", "1.7976931348623159e308", "1e-400", "123456789012345678", "1234567890123456789",
		"12345678901234567890", "0.00000000000000000001234", "1e0001", "1E+5", "-1.5e-5", "01", "1.", ".5", "-", "1e", "1e+",
		// 16 and 17 digits below 2^53 take the exact path; at 2^53 and
		// past it, eiselLemire.
		"-65.61361699999998", "4.350833100000005", "0.1234567890123456", "9007199254740991e-22",
		"9007199254740992e-22", "9007199254740993e-22", "43.508331000000055", "1.7976931348623157"}
	for range 200000 {
		var b strings.Builder
		if rng.Intn(3) == 0 {
			b.WriteByte('-')
		}
		b.WriteString(strconv.FormatUint(rng.Uint64()>>rng.Intn(64), 10))
		if rng.Intn(2) == 0 {
			b.WriteByte('.')
			// Ratios open their fractions with zeros, as 0.000698.
			b.WriteString(strings.Repeat("0", rng.Intn(3)*rng.Intn(8)))
			b.WriteString(strconv.FormatUint(rng.Uint64()>>rng.Intn(64), 10))
		}
		if rng.Intn(2) == 0 {
			b.WriteString("e" + strconv.Itoa(rng.Intn(700)-350))
		}
		cases = append(cases, b.String())
	}
	taken := 0
	for k, s := range cases {
		data := []byte(s)
		if k%2 == 1 {
			// A number in a document has more after it, which the digits
			// read eight at a time must not take in.
			data = append(data, `,"12345678"]`...)
		}
		f, end, ok := Float(data, 0)
		if !ok {
			continue
		}
		want, err := strconv.ParseFloat(s, 64)
		switch {
		case end != len(s):
			// The exponent went on past four digits: only the caller's
			// check of the byte at end can tell.
			if !strings.ContainsAny(s[end:end+1], "0123456789") {
				t.Errorf("Float(%q) ended at %d", s, end)
			}
		case err != nil || math.Float64bits(f) != math.Float64bits(want):
			t.Errorf("Float(%q) = %v; strconv: %v, %v", s, f, want, err)
		default:
			taken++
		}
	}
	// Longer mantissas, a third or so of these, are left to strconv.
	if taken < len(cases)/2 {
		t.Errorf("Float took only %d of %d numbers", taken, len(cases))
	}
}
