package numparse

import (
	"math"
	"math/rand"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// jsonNumber is the grammar of a JSON number.
var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)

// TestFloatIsStrconvs compares Float with strconv.ParseFloat on random
// decimals of every length and exponent, and on edge cases: where Float
// takes a number, it must end where the number does and give strconv's
// value, bit for bit.
func TestFloatIsStrconvs(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	cases := []string{"0", "-0", "1", "0.1", "1e22", "1e23", "9007199254740993", "4.9e-324", "2.2250738585072014e-308",
		"1.7976931348623157e308", "1.7976931348623159e308", "1e-400", "123456789012345678", "1234567890123456789",
		"12345678901234567890", "0.00000000000000000001234", "1e0001", "1e12345", "1.5e+00001", "1.5.3", "1.5-2", "7+1", "0.5e5.1", "1E+5", "-1.5e-5", "01", "1.", ".5", "-", "1e", "1e+",
		// 16 and 17 digits below 2^53 take the exact path; at 2^53 and
		// past it, eiselLemire.
		"-65.61361699999998", "4.350833100000005", "0.1234567890123456", "9007199254740991e-22",
		"9007199254740992e-22", "9007199254740993e-22", "43.508331000000055", "1.7976931348623157",
		// Integer and fraction digits of every count around the words'
		// sizes, leading zeros, and fractions that end at once.
		"1234567.5", "12345678.5", "0.12345678", "0.123456789", "0.1234567890123456", "0.12345678901234567",
		"0.00000000000000000000000", "0.0016666666666666668", "-0.0", "1.e5", "1.5e3", "1.5E-3", "00.5", "-.5", "1.x"}
	for n := range 22 {
		cases = append(cases, "7."+strings.Repeat("3", n), strings.Repeat("9", n+1)+".25", "0."+strings.Repeat("0", n)+"47")
	}
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
	// A number in a document has more after it, which the digits read
	// eight at a time must not take in; with 32 bytes or more from its
	// start, words are read with no test of the length.
	tails := []string{"", `,"12345678"]`, `,"1234567890123456789012345678901"]`}
	taken := 0
	for k, s := range cases {
		data := []byte(s + tails[k%len(tails)])
		if len(s) < 8 {
			// Short ones, edge cases most of them, with every tail.
			for _, tail := range tails {
				checkFloat(t, s, []byte(s+tail))
			}
		}
		if checkFloat(t, s, data) {
			taken++
		}
	}
	// Longer mantissas, a third or so of these, are left to strconv.
	if taken < len(cases)/2 {
		t.Errorf("Float took only %d of %d numbers", taken, len(cases))
	}
}

// checkFloat reports whether Float took s at the start of data, and fails
// t if it took it wrongly.
func checkFloat(t *testing.T, s string, data []byte) bool {
	t.Helper()
	f, end, ok := Float(data, 0)
	if !ok {
		return false
	}
	want, err := strconv.ParseFloat(s, 64)
	switch {
	case end != len(s):
		t.Errorf("Float(%q) ended at %d", s, end)
	case !jsonNumber.MatchString(s):
		t.Errorf("Float(%q) took what is no JSON number", s)
	case err != nil || math.Float64bits(f) != math.Float64bits(want):
		t.Errorf("Float(%q) = %v; strconv: %v, %v", s, f, want, err)
	}
	return true
}

// TestToFloat32 reads decimals into float32 through Float and ToFloat32
// and compares with strconv.ParseFloat(s, 32), which encoding/json uses:
// random decimals across float32's range, the exact midpoints between
// neighbouring float32s (which ToFloat32 must decline), decimals of up to
// 19 digits around them, and the ends of the range.
func TestToFloat32(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	cases := []string{"0", "-0", "1", "0.1", "3.4028235e38", "3.4028236e38", "3.40282356779733661637539395458142568448e38",
		"3.4028235677973366e38", "3.402823567797337e38", "1.17549435e-38", "1.1754942e-38", "1e-45", "1.4e-45", "7e-46",
		"16777217", "16777216.5", "33554433", "0.000244140625", "1e-39", "3.4e39"}
	for range 200000 {
		x := math.Float32frombits(rng.Uint32())
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			continue
		}
		up := math.Nextafter32(x, float32(math.Inf(1)))
		cases = append(cases, strconv.FormatFloat(float64(x), 'e', -1, 32), strconv.FormatFloat(float64(x), 'e', rng.Intn(18), 64))
		if !math.IsInf(float64(up), 0) {
			mid := (float64(x) + float64(up)) / 2
			cases = append(cases, strconv.FormatFloat(mid, 'e', -1, 64), strconv.FormatFloat(mid, 'e', 16+rng.Intn(3), 64))
		}
		cases = append(cases, strconv.FormatInt(rng.Int63n(1e18), 10)+"e"+strconv.Itoa(rng.Intn(90)-60))
	}
	taken := 0
	for _, s := range cases {
		f, end, ok := Float([]byte(s), 0)
		if !ok || end != len(s) {
			continue
		}
		got, ok := ToFloat32(f)
		want, err := strconv.ParseFloat(s, 32)
		if !ok {
			if err == nil && f == float64(float32(f)) && math.Abs(f) >= 0x1p-126 {
				// Declining costs only speed, but a normal float32's own
				// value is no halfway case.
				t.Errorf("ToFloat32(%s = %v) declined", s, f)
			}
			continue
		}
		taken++
		if err != nil || math.Float32bits(got) != math.Float32bits(float32(want)) {
			t.Fatalf("ToFloat32 of %q = %v; strconv: %v, %v", s, got, float32(want), err)
		}
	}
	if taken < len(cases)/2 {
		t.Fatalf("only %d of %d cases taken", taken, len(cases))
	}
}
