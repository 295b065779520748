package numfmt

import (
	"math/bits"
	"slices"
)

// Integer formatting with a two-digit table, written from the end of a
// small buffer; strconv's general entry points cost more than the digits
// for the short numbers that JSON documents are full of.

const digitPairs = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

// AppendUint appends the decimal form of u. The digits are written in
// place at the end of b, which avoids a copy (and a memmove call) per number.
func AppendUint(b []byte, u uint64) []byte {
	if u < 10 {
		return append(b, byte('0'+u))
	}
	n := decimalLen(u)
	b = slices.Grow(b, n)
	b = b[:len(b)+n]
	putUint(b[len(b)-n:], u)
	return b
}

var powersOf10 = [...]uint64{
	1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
}

// decimalLen returns the number of decimal digits of u > 0.
func decimalLen(u uint64) int {
	// 1233/4096 approximates log10(2).
	t := bits.Len64(u) * 1233 >> 12
	if u < powersOf10[t] {
		return t
	}
	return t + 1
}

// AppendInt appends the decimal form of v.
func AppendInt(b []byte, v int64) []byte {
	if v < 0 {
		return AppendUint(append(b, '-'), uint64(-v))
	}
	return AppendUint(b, uint64(v))
}

// putUint writes u's digits into buf, which has exactly their length.
// Eight digits at a time are split off with one 64-bit division and written
// with 32-bit arithmetic, which is much cheaper than dividing by 100 in
// 64 bits for every pair.
func putUint(buf []byte, u uint64) {
	i := len(buf)
	for u >= 1e8 {
		q := u / 1e8
		r := uint32(u - q*1e8)
		hi, lo := r/10000, r%10000
		i -= 8
		put2(buf[i:], hi/100)
		put2(buf[i+2:], hi%100)
		put2(buf[i+4:], lo/100)
		put2(buf[i+6:], lo%100)
		u = q
	}
	r := uint32(u)
	for r >= 100 {
		q := r / 100
		i -= 2
		put2(buf[i:], r-q*100)
		r = q
	}
	if r >= 10 {
		put2(buf[i-2:], r)
	} else {
		buf[i-1] = byte('0' + r)
	}
}

func put2(b []byte, v uint32) {
	b[0], b[1] = digitPairs[v*2], digitPairs[v*2+1]
}
