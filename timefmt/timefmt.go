package timefmt

import (
	"encoding/binary"
	"slices"
	"time"
)

// MaxDigits is the largest precision Append accepts: nanoseconds.
const MaxDigits = 9

// Reasons for which an instant has no RFC 3339 form. Their texts are those
// time.Time.MarshalJSON and MarshalText wrap with their own prefixes.
const (
	yearRange = "year outside of range [0,9999]"
	zoneRange = "timezone hour outside of range [0,23]"
)

// Error says why an instant cannot be written. Its message is the one
// [time.Time.MarshalText] gives without the "Time.MarshalText: " prefix.
type Error struct {
	// Reason is "year outside of range [0,9999]" or
	// "timezone hour outside of range [0,23]".
	Reason string
}

func (e *Error) Error() string { return e.Reason }

// Seconds from the Unix epoch to 0000-01-01T00:00:00 and to
// 10000-01-01T00:00:00 (proleptic Gregorian), the bounds of a 4-digit year.
const (
	minSec = -62167219200
	endSec = 253402300800
)

// zeroTime is the zero time with every fractional digit, less the "Z".
const zeroTime = "0001-01-01T00:00:00.000000000"

// maxLen is the longest text Append writes.
const maxLen = len("2006-01-02T15:04:05.999999999-07:00")

// Append appends t in RFC 3339 form with exactly digits fractional-second
// digits (0 to 9; 0 writes no decimal point), truncated, and no quotes.
// The zone is written as Go writes it: "Z" for a zero offset, otherwise
// ±hh:mm. With utc set, t is converted to UTC first and always ends in "Z".
//
// It returns dst unchanged and an *Error for an instant RFC 3339 cannot
// express, and panics if digits is outside [0, MaxDigits], which is a bug in
// the caller.
func Append(dst []byte, t time.Time, digits int, utc bool) ([]byte, error) {
	if uint(digits) > MaxDigits {
		panic("timefmt: digits must be in [0, 9]")
	}
	return appendRFC3339(dst, t, digits, false, utc)
}

// AppendTrimmed appends t as time.Time.MarshalText does (RFC 3339 with the
// nanoseconds' trailing zeros dropped), converted to UTC first if utc is set.
func AppendTrimmed(dst []byte, t time.Time, utc bool) ([]byte, error) {
	return appendRFC3339(dst, t, MaxDigits, true, utc)
}

func appendRFC3339(dst []byte, t time.Time, digits int, trim, utc bool) ([]byte, error) {
	if t == (time.Time{}) {
		// The zero time, which fills every record field never set, is
		// in UTC: one copy.
		if trim || digits == 0 {
			return append(dst, "0001-01-01T00:00:00Z"...), nil
		}
		return append(append(dst, zeroTime[:20+digits]...), 'Z'), nil
	}
	sec := t.Unix()
	offset := 0
	if !utc {
		_, offset = t.Zone()
	}
	// The local wall clock is sec+offset; check its year before any
	// arithmetic can overflow.
	local, ok := addSec(sec, offset)
	if !ok || local < minSec || local >= endSec {
		return dst, &Error{yearRange}
	}
	zone := offset / 60 // minutes, truncated toward zero as Go does
	if zone >= 24*60 || zone <= -24*60 {
		return dst, &Error{zoneRange}
	}

	n0 := len(dst)
	if cap(dst)-n0 < maxLen {
		dst = slices.Grow(dst, maxLen)
	}
	buf := (*[maxLen]byte)(dst[n0 : n0+maxLen])
	since0 := uint64(local - minSec)
	year, month, day := civil(uint32(since0 / 86400))
	secOfDay := uint32(since0 % 86400)
	put2(buf[0:], year/100)
	put2(buf[2:], year%100)
	buf[4] = '-'
	put2(buf[5:], month)
	buf[7] = '-'
	put2(buf[8:], day)
	buf[10] = 'T'
	put2(buf[11:], secOfDay/3600)
	buf[13] = ':'
	put2(buf[14:], secOfDay/60%60)
	buf[16] = ':'
	put2(buf[17:], secOfDay%60)
	n := 19

	if ns := uint32(t.Nanosecond()); trim {
		if ns != 0 {
			buf[n] = '.'
			put9(buf[n+1:], ns)
			n += 10
			for buf[n-1] == '0' {
				n--
			}
		}
	} else if digits > 0 {
		buf[n] = '.'
		if digits <= 3 {
			put3(buf[n+1:], ns/1000000)
		} else {
			put9(buf[n+1:], ns)
		}
		n += 1 + digits
	}

	if offset == 0 {
		buf[n] = 'Z'
		n++
	} else {
		buf[n] = '+'
		if zone < 0 {
			buf[n] = '-'
			zone = -zone
		}
		put2(buf[n+1:], uint32(zone/60))
		buf[n+3] = ':'
		put2(buf[n+4:], uint32(zone%60))
		n += 6
	}
	return dst[:n0+n], nil
}

// addSec adds without overflow, reporting whether the sum fits.
func addSec(sec int64, offset int) (int64, bool) {
	s := sec + int64(offset)
	if (offset > 0 && s < sec) || (offset < 0 && s > sec) {
		return 0, false
	}
	return s, true
}

// civil converts days since 0000-01-01 into a proleptic Gregorian date. It
// counts years from March, so that the leap day ends a year, and replaces
// divisions with multiplications and shifts, after Neri and Schneider,
// "Euclidean affine functions and their application to calendar
// algorithms" (2022). days is below 3652425 (year 10000).
func civil(days uint32) (year, month, day uint32) {
	// Days since -0400-03-01: 0000-03-01 is day 60 (0000 is a leap year),
	// and one 400-year era more keeps January and February of 0 unsigned.
	n := days - 60 + 146097
	n1 := 4*n + 3
	century := n1 / 146097
	n2 := n1%146097 | 3 // 4*(day of century)+3
	p2 := 2939745 * uint64(n2)
	yearOfCentury := uint32(p2 >> 32)
	dayOfYear := uint32(p2) / 2939745 / 4
	n3 := 2141*dayOfYear + 197913
	month = n3 >> 16
	day = (n3&0xffff)/2141 + 1
	year = 100*century + yearOfCentury - 400
	if dayOfYear >= 306 { // January or February: the next civil year
		year++
		month -= 12
	}
	return year, month, day
}

// digitPairs holds "00" to "99" as little-endian 16-bit words: one load
// and one store per pair of digits.
var digitPairs = func() (t [100]uint16) {
	for i := range t {
		t[i] = uint16('0'+i/10) | uint16('0'+i%10)<<8
	}
	return t
}()

// put2 writes v < 100 as two digits.
func put2(b []byte, v uint32) {
	binary.LittleEndian.PutUint16(b, digitPairs[v])
}

// put3 writes v < 1000 as three digits.
func put3(b []byte, v uint32) {
	hundreds := v * 41 >> 12 // v/100 for v < 1000
	b[0] = byte('0' + hundreds)
	put2(b[1:], v-100*hundreds)
}

// put9 writes ns < 1e9 as nine digits.
func put9(b []byte, ns uint32) {
	put3(b, ns/1000000)
	put3(b[3:], ns/1000%1000)
	put3(b[6:], ns%1000)
}
