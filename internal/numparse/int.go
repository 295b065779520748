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
// own. Otherwise ok is false and the caller reads the number its own way.
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
