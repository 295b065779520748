package conformance

import (
	"math"
	"math/rand"
	"strings"
)

// hostilePieces are the fragments that hostile strings are assembled from:
// HTML breakouts, JavaScript line terminators, invalid UTF-8, control bytes
// and every character with a short escape.
func hostilePieces() []string {
	return []string{
		"</script>", "<!--", "-->", "<script>", "</SCRIPT", "<", ">", "&", "&amp;", "/", "\\/",
		"\u2028", "\u2029", "\ufeff", "\ufffd", "\u00e9", "\u65e5\u672c", "\U0001f600",
		"\xff", "\xfe", "\xc0\x80", "\xe2\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\x80",
		"\x00", "\x01", "\x1f", "\x7f", "\b", "\f", "\n", "\r", "\t",
		"\"", "\\", "'", "`", " ", "a", "Zz", "0", "null", "\\u0041", "%",
	}
}

// randString returns a hostile string. Long clean and long escaped runs are
// included because escaping code takes different paths for them.
func randString(r *rand.Rand, size int) string {
	switch r.Intn(10) {
	case 0:
		return ""
	case 1:
		return longRun(r, 16+r.Intn(200))
	}
	pieces := hostilePieces()
	var b strings.Builder
	for n := r.Intn(size/2 + 3); n > 0; n-- {
		switch r.Intn(8) {
		case 0:
			b.WriteString(longRun(r, 8+r.Intn(64)))
		case 1:
			b.WriteByte(byte(r.Intn(256)))
		case 2:
			b.WriteRune(rune(r.Intn(0x11000)))
		default:
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
	}
	return b.String()
}

// longRun is a run of one kind: clean ASCII, characters that all need
// escaping, or multi-byte text.
func longRun(r *rand.Rand, n int) string {
	unit := []string{"a", "xyz0123", "<", "\"", "\x01", "\u2028", "\u00e9", "\u65e5", "\xff", "/"}[r.Intn(10)]
	return strings.Repeat(unit, n/len(unit)+1)
}

// randName returns a short identifier-like word, sometimes from a small pool
// so that names collide on purpose.
func randName(r *rand.Rand) string {
	pool := []string{"A", "B", "X", "Y", "Z", "L", "M", "Name", "ID", "Label", "EmbA", "\u00c4rger", "Kinds", "S"}
	if r.Intn(4) > 0 {
		return pool[r.Intn(len(pool))]
	}
	const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_"
	b := []byte{"ABCDEFGHIJKLMNOPQRSTUVWXYZ"[r.Intn(26)]}
	for n := r.Intn(6); n > 0; n-- {
		b = append(b, letters[r.Intn(len(letters))])
	}
	return string(b)
}

// randTagName returns a JSON name for a tag: plain, colliding, empty, or one
// that encoding/json rejects as invalid (and then ignores).
func randTagName(r *rand.Rand) string {
	pool := []string{"", "a", "b", "x", "X", "A", "Name", "-", "<x>", "a b", "a\"b", "\u00fc", "$%&", "a\\b", "b", "y"}
	if r.Intn(3) > 0 {
		return pool[r.Intn(len(pool))]
	}
	return strings.ToLower(randName(r))
}

// randFloat64 favours the values where formatting switches notation or
// precision, and the values that cannot be encoded.
func randFloat64(r *rand.Rand) float64 {
	special := []float64{
		0, math.Copysign(0, -1), 1, -1, 0.1, 1e21, 1e20, 999999999999999999999, 1e21 - 65536,
		1e-6, 1e-7, 9.99999e-7, 0.000001000001, 123456789, 1.5e300, math.MaxFloat64,
		math.SmallestNonzeroFloat64, 2.2250738585072014e-308, 1 << 53, 1<<53 + 1,
		math.Inf(1), math.Inf(-1), math.NaN(), 5e-324, 4.940656458412465441765687928682213723651e-324,
		float64(float32(0.1)), 100, 1e100, 12345.678e-10,
	}
	switch r.Intn(5) {
	case 0, 1:
		return special[r.Intn(len(special))]
	case 2:
		return math.Float64frombits(r.Uint64())
	case 3:
		return float64(r.Intn(2000)-1000) * math.Pow(10, float64(r.Intn(50)-25))
	}
	return r.NormFloat64() * math.Pow(10, float64(r.Intn(40)-20))
}

// randFloat32 is the float32 counterpart: its shortest formatting differs
// from float64's for the same value.
func randFloat32(r *rand.Rand) float32 {
	special := []float32{
		0, float32(math.Copysign(0, -1)), 0.1, 1e21, 1e20, 1e-6, 1e-7, 16777217, math.MaxFloat32,
		math.SmallestNonzeroFloat32, 3.4e38, float32(math.Inf(1)), float32(math.NaN()), 1.00000012,
	}
	switch r.Intn(3) {
	case 0:
		return special[r.Intn(len(special))]
	case 1:
		return math.Float32frombits(r.Uint32())
	}
	return float32(randFloat64(r))
}

// randInt64 favours boundaries.
func randInt64(r *rand.Rand) int64 {
	switch r.Intn(4) {
	case 0:
		return []int64{0, 1, -1, math.MaxInt64, math.MinInt64, math.MaxInt32, math.MinInt32, 1 << 53, -(1 << 53) - 1, 9}[r.Intn(10)]
	case 1:
		return int64(r.Intn(200) - 100)
	}
	return r.Int63() >> r.Intn(63) * int64(1-2*r.Intn(2))
}

// randNumber returns the text of a json.Number: valid literals in every
// form, and invalid ones that the encoder must reject.
func randNumber(r *rand.Rand) string {
	pool := []string{
		"", "0", "-0", "1", "-1.5", "1e3", "1E+3", "1e-3", "0.0", "123456789012345678901234567890",
		"1.7976931348623157e309", "-0.0e-0", "01", "1.", ".5", "+1", "1e", "abc", "0x10", "NaN", " 1", "1 ", "--1", "1e+", "\u0661",
	}
	if r.Intn(3) == 0 {
		return formatNumberLike(r)
	}
	return pool[r.Intn(len(pool))]
}

// formatNumberLike builds a syntactically valid JSON number.
func formatNumberLike(r *rand.Rand) string {
	var b []byte
	if r.Intn(2) == 0 {
		b = append(b, '-')
	}
	if r.Intn(3) == 0 {
		b = append(b, '0')
	} else {
		b = append(b, byte('1'+r.Intn(9)))
		for n := r.Intn(20); n > 0; n-- {
			b = append(b, byte('0'+r.Intn(10)))
		}
	}
	if r.Intn(2) == 0 {
		b = append(b, '.')
		for n := 1 + r.Intn(20); n > 0; n-- {
			b = append(b, byte('0'+r.Intn(10)))
		}
	}
	if r.Intn(2) == 0 {
		b = append(b, "eE"[r.Intn(2)])
		if k := r.Intn(3); k < 2 {
			b = append(b, "+-"[k])
		}
		for n := 1 + r.Intn(3); n > 0; n-- {
			b = append(b, byte('0'+r.Intn(10)))
		}
	}
	return string(b)
}
