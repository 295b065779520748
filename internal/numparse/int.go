package numparse

import (
	"encoding/binary"
	"math/bits"

	"github.com/safejson/safejson/internal/grammar"
)

// Int reads the JSON integer at data[i] when it has one to sixteen digits,
// nothing after it goes on a number, and 24 bytes or more are there from
// i: the usual ids, counts and timestamps. Their digits are read as two
// words at offsets into one array, with no test of the length of their
// own. Otherwise ok is false and the caller reads the number its own way,
// with IntNearEnd where fewer than 24 bytes are left.
func Int(data []byte, i int) (v int64, end int, ok bool) {
	if i < 0 || len(data)-i < 24 {
		return 0, 0, false
	}
	b := (*[24]byte)(data[i:])
	j := 0
	if b[0] == '-' {
		j = 1
	}
	w := binary.LittleEndian.Uint64(b[j:])
	k := bits.TrailingZeros64(grammar.NonDigits(w)) >> 3
	if k == 0 || k > 1 && w&0xFF == '0' {
		// No digit, or a leading zero.
		return 0, 0, false
	}
	var u uint64
	if k < 8 {
		u = EightDigits(w << (64 - 8*k))
	} else {
		next := binary.LittleEndian.Uint64(b[j+8:])
		more := bits.TrailingZeros64(grammar.NonDigits(next)) >> 3
		if more == 8 {
			// Sixteen digits; a seventeenth is found below.
			u = EightDigits(w)*1e8 + EightDigits(next)
		} else {
			// With no digit in next, the shift leaves nothing.
			u = EightDigits(w)*pow10u[more] + EightDigits(next<<(64-8*more))
		}
		k += more
	}
	if grammar.Is(b[j+k], grammar.InNumber) {
		return 0, 0, false
	}
	if j == 1 {
		return -int64(u), i + j + k, true
	}
	return int64(u), i + j + k, true
}

// IntNearEnd is Int for an integer of one to seven digits with fewer than
// 24 bytes from i, in an input of eight bytes or more: the number that
// ends a small document. Int stays a function that calls none, with no
// frame of its own, for the numbers it reads. Its digits are read as one word: the eight bytes
// from the first digit, or where fewer are left, the eight that end the
// input, shifted so that the bytes past the end read as zeros, which are
// not digits.
func IntNearEnd(data []byte, i int) (v int64, end int, ok bool) {
	if i < 0 || i >= len(data) || len(data) < 8 {
		return 0, 0, false
	}
	j := i
	if data[j] == '-' {
		j++
	}
	var w uint64
	if left := len(data) - j; left >= 8 {
		w = binary.LittleEndian.Uint64(data[j:])
	} else {
		w = binary.LittleEndian.Uint64(data[len(data)-8:]) >> (8 * (8 - left))
	}
	k := bits.TrailingZeros64(grammar.NonDigits(w)) >> 3
	if k == 0 || k == 8 || k > 1 && w&0xFF == '0' {
		// No digit, eight or more, or a leading zero.
		return 0, 0, false
	}
	if end = j + k; end < len(data) && grammar.Is(data[end], grammar.InNumber) {
		return 0, 0, false
	}
	u := int64(EightDigits(w << (64 - 8*k)))
	if j > i {
		return -u, end, true
	}
	return u, end, true
}

// Uint reads the JSON integer at data[i] when it has no sign, one to
// twenty digits and fits in a uint64, nothing after it goes on a number,
// and 24 bytes or more are there from i: ids and hashes drawn from the
// whole range. Otherwise ok is false and the caller reads the number its
// own way. Its digits are read as up to three words.
func Uint(data []byte, i int) (v uint64, end int, ok bool) {
	if i < 0 || len(data)-i < 24 {
		return 0, 0, false
	}
	b := (*[24]byte)(data[i:])
	w := binary.LittleEndian.Uint64(b[:])
	k := bits.TrailingZeros64(grammar.NonDigits(w)) >> 3
	if k == 0 || k > 1 && w&0xFF == '0' {
		return 0, 0, false
	}
	switch {
	case k < 8:
		v = EightDigits(w << (64 - 8*k))
	default:
		w1 := binary.LittleEndian.Uint64(b[8:])
		k1 := bits.TrailingZeros64(grammar.NonDigits(w1)) >> 3
		if k1 < 8 {
			// With no digit in w1, the shift leaves nothing.
			v, k = EightDigits(w)*pow10u[k1]+EightDigits(w1<<(64-8*k1)), 8+k1
			break
		}
		w2 := binary.LittleEndian.Uint64(b[16:])
		k2 := bits.TrailingZeros64(grammar.NonDigits(w2)) >> 3
		if k2 > 4 {
			return 0, 0, false // more than twenty digits
		}
		hi, lo := bits.Mul64(EightDigits(w)*1e8+EightDigits(w1), pow10u[k2])
		sum, carry := bits.Add64(lo, EightDigits(w2<<(64-8*k2)), 0)
		if hi != 0 || carry != 0 {
			return 0, 0, false // past the range of uint64
		}
		v, k = sum, 16+k2
	}
	if grammar.Is(b[k], grammar.InNumber) {
		return 0, 0, false
	}
	return v, i + k, true
}
