// Package numfmt writes numbers the way encoding/json does. Floats are the
// shortest decimal that rounds back to the value, in ECMAScript's notation.
//
// The shortest decimal is found with Raffaello Giulietti's Schubfach method
// ("The Schubfach way to render doubles", 2020), which needs one 128-bit
// multiplication per bound. Tests compare every result with strconv, which
// is what encoding/json uses.
package numfmt

import (
	"math"
	"math/bits"
	"slices"
	"strconv"
)

const (
	fracBits = 52
	qMin     = -1074 // exponent of the smallest subnormal's unit
	cMin     = 1 << fracBits
)

// AppendFloat appends f, a float64 or (bits 32) a float32, as
// ECMAScript's Number.prototype.toString writes it, which is what
// encoding/json and encoding/json/v2 write: plain decimal within [1e-6,
// 1e21), otherwise exponent form without a zero-padded exponent. f must be
// finite.
func AppendFloat(b []byte, f float64, bits int) []byte {
	if bits == 64 {
		return AppendFloat64(b, f)
	}
	return appendFloat32(b, float32(f))
}

// Parameters of float32: its fraction's bits and its smallest normal
// significand.
const (
	fracBits32 = 23
	cMin32     = 1 << fracBits32
)

// appendFloat32 is AppendFloat64 for a float32: the shortest decimal
// that rounds back to f as a float32, found by the same method over
// float32's spacing.
func appendFloat32(dst []byte, f float32) []byte {
	if f == 0 {
		if math.Signbit(float64(f)) {
			return append(dst, "-0"...)
		}
		return append(dst, '0')
	}
	b := math.Float32bits(f)
	be := int(b>>fracBits32) & 0xff
	if be == 0 {
		return appendStrconv(dst, float64(f), 32)
	}
	c := uint64(b&(cMin32-1) | cMin32)
	// An integer below 2^24 is its own shortest decimal: no decimal of
	// fewer digits comes within half a unit of it.
	x := 150 - be
	integer := x >= 0 && x <= bits.TrailingZeros64(c)
	if c == cMin32 && !integer {
		// A power of two, whose gap below is half the gap above, which
		// toDecimal knows of for float64 only; strconv's ties at these
		// values also differ between Go 1.26 and Go 1.27 (2^-12).
		return appendStrconv(dst, float64(f), 32)
	}
	if b>>31 != 0 {
		dst = append(dst, '-')
	}
	if integer {
		return AppendUint(dst, c>>x)
	}
	d, e := toDecimal(be-150, c)
	return appendECMAScript(dst, d, e)
}

// appendStrconv is AppendFloat by strconv, as encoding/json writes floats.
func appendStrconv(b []byte, f float64, bits int) []byte {
	abs := math.Abs(f)
	format := byte('f')
	// A float32 must be compared as float32, or values just below a
	// cut-off would round across it.
	if abs != 0 && (bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21)) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, bits)
	if format == 'e' {
		// strconv writes e-07; ECMAScript writes e-7.
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// AppendFloat64 appends f as encoding/json writes a float64: 'f' notation
// for 1e-6 <= |f| < 1e21, else 'e' notation with no padded exponent. f must
// be finite.
func AppendFloat64(dst []byte, f float64) []byte {
	if f == 0 {
		if math.Signbit(f) {
			return append(dst, "-0"...)
		}
		return append(dst, '0')
	}
	b := math.Float64bits(f)
	be := int(b>>fracBits) & 0x7ff
	if be == 0 {
		// Subnormals are rare, and for the smallest of them the method
		// below can miss a shorter decimal (it keeps two digits, as Java's
		// rendering requires): leave them to strconv.
		return strconv.AppendFloat(dst, f, 'e', -1, 64)
	}
	// |f| is c·2^-x. Integers below 2^53 are their own shortest decimal.
	// So are sixteenths below 10^11 (9.5, 0.25, 1.0625): f is exactly its
	// integer part and one of 15 fractions of at most 4 digits, and with at
	// most 15 digits in all no other decimal of as few digits comes within
	// half an ulp of it. Both are found from the bits, with no conversion
	// between float and integer.
	c := b&(cMin-1) | cMin
	if x := 1075 - be; x >= 0 && x <= bits.TrailingZeros64(c)+4 {
		i := c << 4 >> x // 16·|f|, exactly
		if i&15 == 0 || i < 16e11 {
			if b>>63 != 0 {
				dst = append(dst, '-')
			}
			return append(AppendUint(dst, i>>4), sixteenths[i&15]...)
		}
	}
	if b>>63 != 0 {
		dst = append(dst, '-')
	}
	d, e := toDecimal(be-1075, c)
	return appendECMAScript(dst, d, e)
}

// sixteenths[k] is the decimal fraction k/16 for 0 < k < 16, as the
// shortest decimal writes it.
var sixteenths = [16]string{"", ".0625", ".125", ".1875", ".25", ".3125", ".375", ".4375",
	".5", ".5625", ".625", ".6875", ".75", ".8125", ".875", ".9375"}

// toDecimal returns d and e with d·10^e the shortest decimal that rounds
// to the normal float64 c·2^q, or to the float32 c·2^q where c is not a
// power of two (whose gaps to its neighbours are then equal, as they are
// for any c but float64's cMin). d may end in zeros.
func toDecimal(q int, c uint64) (uint64, int) {
	out := c & 1
	cb := c << 2
	cbr := cb + 2
	var cbl uint64
	var k int
	if c != cMin || q == qMin {
		cbl = cb - 2
		k = floorLog10Pow2(q)
	} else {
		// At a power of two the gap below is half the gap above.
		cbl = cb - 1
		k = floorLog10ThreeQuartersPow2(q)
	}
	h := q + floorLog2Pow10(-k) + 2
	g1, g0 := pow10(-k)
	vb := roundToOdd(g1, g0, cb<<h)
	vbl := roundToOdd(g1, g0, cbl<<h)
	vbr := roundToOdd(g1, g0, cbr<<h)

	// The choices below are arithmetic, not branches: they follow the
	// float's last digits, which a branch predictor cannot guess.
	// Of s and s+1 one or both round to the value; take s+1 if s does not,
	// or if both do and s+1 is closer (ties to even).
	s := vb >> 2
	uin := b2u(vbl+out <= s<<2)
	win := b2u((s+1)<<2+out <= vbr)
	mid := s<<2 + 2
	d := s + (1 - uin | win&(b2u(vb > mid)|b2u(vb == mid)&s))
	if s >= 100 {
		// The decimal with one digit fewer wins when exactly one of its
		// two candidates rounds to the value.
		sp := s / 10
		upin := b2u(vbl+out <= sp*10<<2)
		wpin := b2u((sp+1)*10<<2+out <= vbr)
		m := -(upin ^ wpin)
		d = d&^m | (sp+wpin)*10&m
	}
	return d, k
}

// b2u is 1 for true and 0 for false; the compiler makes it a flag move.
func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// roundToOdd returns the top bits of g·cp, with the lowest bit set when any
// bit below was set, which keeps the comparisons above exact.
func roundToOdd(g1, g0, cp uint64) uint64 {
	x1, _ := bits.Mul64(g0, cp)
	y1, y0 := bits.Mul64(g1, cp)
	z := y0>>1 + x1
	vbp := y1 + z>>63
	return vbp | (z&(1<<63-1)+(1<<63-1))>>63
}

// The products need 64 bits wherever int is 32.
func floorLog10Pow2(e int) int { return int((int64(e) * 661971961083) >> 41) }
func floorLog10ThreeQuartersPow2(e int) int {
	return int((int64(e)*661971961083 - 274743187321) >> 41)
}
func floorLog2Pow10(e int) int { return int((int64(e) * 913124641741) >> 38) }

// appendECMAScript writes d·10^e in ECMAScript's Number-to-String form.
func appendECMAScript(dst []byte, d uint64, e int) []byte {
	// Schubfach's d often carries many trailing zeros (9.5 comes back as
	// 95000000000000000e-16). Most floats of 17 digits have none, so that
	// is checked first.
	if d%10 == 0 {
		d, e = stripZeros(d, e)
	}
	n := decimalLen(d)
	// point is where the decimal point goes, counted from the first digit.
	point := n + e
	start := len(dst)
	switch {
	case 0 < point && point < n:
		// The usual case, d.ddd: write the digits in place one byte to the
		// right, then move the integer digits left over the point's place.
		dst = appendDigits(append(dst, 0), d, n)
		for j := start; j < start+point; j++ {
			dst[j] = dst[j+1]
		}
		dst[start+point] = '.'
		return dst
	case point > 21 || point < -5:
		// 'e' notation: d.ddde±x. The exponent is at least 21 or at most
		// -7, so it never needs strconv's zero padding.
		var arr [20]byte
		buf := appendDigits(arr[:0], d, n)
		dst = append(dst, buf[0])
		if n > 1 {
			dst = append(dst, '.')
			dst = append(dst, buf[1:n]...)
		}
		x := point - 1
		dst = append(dst, 'e')
		if x < 0 {
			dst = append(dst, '-')
			x = -x
		} else {
			dst = append(dst, '+')
		}
		return AppendUint(dst, uint64(x))
	case point <= 0:
		// 0.000ddd
		z := 2 - point
		dst = slices.Grow(dst, z+n)[:start+z]
		dst[start], dst[start+1] = '0', '.'
		for j := start + 2; j < start+z; j++ {
			dst[j] = '0'
		}
		return appendDigits(dst, d, n)
	}
	// ddd000
	dst = appendDigits(slices.Grow(dst, point), d, n)
	for range point - n {
		dst = append(dst, '0')
	}
	return dst
}

// stripZeros moves d's trailing zeros into e, in steps of 16, 8, 4, 2 and
// 1: enough for the at most 17 digits of d, with no loop.
func stripZeros(d uint64, e int) (uint64, int) {
	if d%1e16 == 0 {
		d /= 1e16
		e += 16
	}
	if d%1e8 == 0 {
		d /= 1e8
		e += 8
	}
	if d%1e4 == 0 {
		d /= 1e4
		e += 4
	}
	if d%100 == 0 {
		d /= 100
		e += 2
	}
	if d%10 == 0 {
		d /= 10
		e++
	}
	return d, e
}

func pow10(e int) (g1, g0 uint64) {
	g := &pow10Table[e-eMin]
	return g[0], g[1]
}
