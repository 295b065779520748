// Package numparse converts the decimal numbers most JSON documents hold
// to float64 without strconv's second reading of the digits, and leaves
// the others to strconv.
package numparse

import (
	"encoding/binary"
	"math"
	"math/bits"

	"github.com/safejson/safejson/internal/grammar"
)

// pow10 holds the powers of ten that float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// leadingZeros counts the zeros that open the digits of num, as in
// 0.000ddd: they hold no digit of the mantissa, so 0.0016666666666666668
// has 17 significant digits, not 20.
func leadingZeros(num []byte) int {
	n := 0
	for _, c := range num {
		switch c {
		case '0':
			n++
		case '.':
		default:
			return n
		}
	}
	return n
}

// Float reads the JSON number at data[i:], of at most 19 digits, and
// returns its value and where it ends. If the digits, taken as an
// integer, are below 2^53 and the decimal exponent is at most 22 in size,
// the value is one exactly rounded operation on exact operands; otherwise
// eiselLemire works it out when it can. Either way it is the value
// strconv.ParseFloat gives. ok is false, too, where what follows could
// go on a number (such as an exponent of more than four digits).
//
// Most numbers in a document have 32 bytes or more after their start.
// Their integer digits and the first sixteen of their fraction are read
// as words with no test of the length; the rest take floatNearEnd.
func Float(data []byte, i int) (f float64, end int, ok bool) {
	if i < 0 || len(data)-i < 32 {
		return floatNearEnd(data, i)
	}
	// Offsets into one array of 32 bytes need no test of their own.
	b := (*[32]byte)(data[i:])
	neg := b[0] == '-'
	j := 0
	if neg {
		j = 1
	}
	start := j
	w := binary.LittleEndian.Uint64(b[j:])
	k := bits.TrailingZeros64(grammar.NonDigits(w)) >> 3
	if k == 0 || k == 8 || k > 1 && w&0xFF == '0' {
		// No digit, eight or more, or a leading zero.
		return floatNearEnd(data, i)
	}
	m := EightDigits(w << (64 - 8*k))
	j += k
	digits, exp := k, 0
	end = i + j
	if b[j] == '.' {
		j++
		w = binary.LittleEndian.Uint64(b[j:])
		nd := grammar.NonDigits(w)
		n := 0
		if nd == 0 {
			m = m*1e8 + EightDigits(w)
			w = binary.LittleEndian.Uint64(b[j+8:])
			nd = grammar.NonDigits(w)
			n = 8
		}
		if nd != 0 {
			// The up to seven digits that end the run.
			k := bits.TrailingZeros64(nd) >> 3
			m = m*pow10u[k&7] + EightDigits(w<<(64-8*k))
			n += k
			end = i + j + n
		} else {
			m, end = digitRun(data, i+j+16, m*1e8+EightDigits(w))
			n = end - (i + j)
		}
		if n == 0 {
			return 0, 0, false
		}
		digits += n
		exp = -n
	}
	if end < len(data) && grammar.Is(data[end], grammar.InNumber) {
		// An exponent, or no JSON number.
		return floatNearEnd(data, i)
	}
	if digits > 19 {
		if digits -= leadingZeros(data[i+start : end]); digits > 19 {
			return 0, 0, false
		}
	}
	// floatNearEnd's cases, for exp of 0 or below, written again here:
	// a shared function, not inlined, cost canada_geometry 7% more
	// instructions.
	if m < 1<<53 && exp >= -22 {
		f = float64(m) / pow10[-exp]
	} else if m == 0 {
		f = 0
	} else if f, ok = eiselLemire(m, exp); !ok {
		return 0, 0, false
	}
	if neg {
		f = -f
	}
	return f, end, true
}

// floatNearEnd is Float for numbers near the end of the input, and for
// those with an exponent, or eight integer digits or more.
func floatNearEnd(data []byte, i int) (f float64, end int, ok bool) {
	neg := i < len(data) && data[i] == '-'
	if neg {
		i++
	}
	start := i
	m, i := bytewiseDigits(data, i, 0)
	digits := i - start
	if digits == 0 || digits > 1 && data[start] == '0' {
		return 0, 0, false
	}
	exp := 0
	if i < len(data) && data[i] == '.' {
		i++
		fstart := i
		m, i = digitRun(data, i, m)
		if i == fstart {
			return 0, 0, false
		}
		digits += i - fstart
		exp = fstart - i
	}
	if i < len(data) && data[i]|0x20 == 'e' {
		i++
		eneg := i < len(data) && data[i] == '-'
		if i < len(data) && (data[i] == '-' || data[i] == '+') {
			i++
		}
		estart, e := i, 0
		for i < len(data) && data[i]-'0' < 10 && i-estart < 4 {
			e = e*10 + int(data[i]-'0')
			i++
		}
		if i == estart {
			return 0, 0, false
		}
		if eneg {
			e = -e
		}
		exp += e
	}
	if digits > 19 {
		digits -= leadingZeros(data[start:i])
	}
	if digits > 19 {
		return 0, 0, false
	}
	switch {
	case m == 0:
	case m < 1<<53 && exp >= -22 && exp <= 22:
		f = float64(m)
		if exp < 0 {
			f /= pow10[-exp]
		} else {
			f *= pow10[exp]
		}
	default:
		if f, ok = eiselLemire(m, exp); !ok {
			return 0, 0, false
		}
	}
	if neg {
		f = -f
	}
	if i < len(data) && grammar.Is(data[i], grammar.InNumber) {
		return 0, 0, false
	}
	return f, i, true
}

// pow10u holds 10^k for the k < 8 digits that end a run.
var pow10u = [8]uint64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7}

// digitRun appends the decimal digits at data[i:] to m, as m*10 + digit
// for each, modulo 2^64, and returns m and the index after them. Fractions
// run long (coordinates, ratios), so it reads words of eight bytes: eight
// digits at once, and the up to seven that end the run, found by where
// the first non-digit is, at once too.
func digitRun(data []byte, i int, m uint64) (uint64, int) {
	for len(data)-i >= 8 {
		v := binary.LittleEndian.Uint64(data[i:])
		if nd := grammar.NonDigits(v); nd != 0 {
			k := bits.TrailingZeros64(nd) >> 3
			// Shifting the k digits to the top of the word leaves zeros,
			// leading zeros of the number, below them.
			return m*pow10u[k] + EightDigits(v<<(64-8*k)), i + k
		}
		m = m*1e8 + EightDigits(v)
		i += 8
	}
	return bytewiseDigits(data, i, m)
}

// bytewiseDigits is digitRun a byte at a time: for the digits before a
// point, which are few, and the end of the input.
func bytewiseDigits(data []byte, i int, m uint64) (uint64, int) {
	for i < len(data) && data[i]-'0' < 10 {
		m = m*10 + uint64(data[i]-'0')
		i++
	}
	return m, i
}

// EightDigits returns the number that the eight ASCII digits of v write,
// the first in its low byte (a byte of zero reads as the digit 0): pairs,
// then fours, then all eight, each step one multiply that scales the high
// part and adds the low.
func EightDigits(v uint64) uint64 {
	v &= grammar.LSB * 0x0F
	v = v * (10<<8 + 1) >> 8 & 0x00FF00FF00FF00FF
	v = v * (100<<16 + 1) >> 16 & 0x0000FFFF0000FFFF
	return v * (10000<<32 + 1) >> 32
}

// ToFloat32 rounds f, the float64 nearest a decimal, to the float32
// nearest that decimal. Rounding twice gives the float32 rounding once
// does unless f lies exactly halfway between two float32s: the decimal
// may lie on either side of f, and ok is false. Values outside float32's
// normal range, where its precision narrows or it overflows, are also left
// to the caller.
func ToFloat32(f float64) (_ float32, ok bool) {
	b := math.Float64bits(f)
	e := int(b>>52) & 0x7ff
	switch {
	case b<<1 == 0: // ±0
		return float32(f), true
	case e < 1023-126 || e > 1023+127:
		return 0, false
	case b&(1<<29-1) == 1<<28: // halfway: the bits float32 drops are 100…0
		return 0, false
	}
	r := float32(f)
	return r, !math.IsInf(float64(r), 0)
}
