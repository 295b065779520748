// Package timeparse reads the usual JSON text of a time.Time, RFC 3339
// with a Z or a numeric offset, without the general parser of package
// time, and gives the same time.Time that parser does.
package timeparse

import (
	"encoding/binary"
	"time"
)

// RFC3339 reads b, a JSON string's body, as time.Time's UnmarshalJSON and
// UnmarshalText read it, when it has the form they take with no question
// to settle: "2006-01-02T15:04:05" with, optionally, a '.' and one or
// more digits, then "Z" or an offset such as "-07:00". It returns the time
// they store, and false for any other text, which the caller leaves to
// them: a ',' before the fraction, fields out of range, malformed text.
func RFC3339(b []byte) (time.Time, bool) {
	n := len(b)
	if n < len("2006-01-02T15:04:05Z") {
		return time.Time{}, false
	}
	offset, zoneLen := 0, 1
	if b[n-1] != 'Z' {
		z := b[n-len("-07:00"):]
		zh, okH := twoDigits(z[1], z[2])
		zm, okM := twoDigits(z[4], z[5])
		if n < len("2006-01-02T15:04:05-07:00") || z[0] != '+' && z[0] != '-' || z[3] != ':' || !okH || !okM || zh > 23 || zm > 59 {
			return time.Time{}, false
		}
		offset, zoneLen = 3600*zh+60*zm, len(z)
		if z[0] == '-' {
			offset = -offset
		}
	}
	date, badDate := digitsAt(b[0:8], datePattern, dateDigits)
	clock, badClock := digitsAt(b[8:16], clockPattern, clockDigits)
	secs, badSecs := digitsAt(b[11:19], secsPattern, clockDigits)
	date, clock, secs = pairs(date), pairs(clock), pairs(secs)
	year := 100*int(byte(date)) + int(byte(date>>16))
	month, day, hour := int(byte(date>>40)), int(byte(clock)), int(byte(clock>>24))
	minute, sec := int(byte(clock>>48)), int(byte(secs>>48))
	if badDate|badClock|badSecs != 0 ||
		month < 1 || month > 12 || day < 1 || day > daysIn(month, year) || hour > 23 || minute > 59 || sec > 59 {
		return time.Time{}, false
	}
	nsec, ok := fraction(b[19 : n-zoneLen])
	if !ok {
		return time.Time{}, false
	}
	unix := unixDays(year, month, day)*86400 + int64(3600*hour+60*minute+sec-offset)
	t := time.Unix(unix, int64(nsec)) // in time.Local, as time's parser has it where the offset is Local's
	if zoneLen == 1 {
		return t.UTC(), true
	}
	if _, local := t.Zone(); local != offset {
		t = t.In(time.FixedZone("", offset))
	}
	return t, true
}

// twoDigits reads two decimal digits.
func twoDigits(a, b byte) (int, bool) {
	a, b = a-'0', b-'0'
	return int(a)*10 + int(b), a < 10 && b < 10
}

// The date and the clock are read as little-endian words of eight bytes:
// "2006-01-", "02T15:04" and, overlapping it, "15:04:05". XOR with a
// pattern of '0's and separators leaves each digit's value in its byte
// and zero where a separator matched.
const (
	datePattern  = 0x2d30302d30303030 // "0000-00-"
	clockPattern = 0x30303a3030543030 // "00T00:00"
	secsPattern  = 0x30303a30303a3030 // "00:00:00"
	dateDigits   = 0x00ffff00ffffffff // the digits' bytes of "2006-01-"
	clockDigits  = 0xffff00ffff00ffff // the digits' bytes of "02T15:04" and of "15:04:05"
)

// digitsAt XORs the word at b with pattern and reports as bad != 0 a byte
// that is no digit where digits has 0xff, or not pattern's elsewhere.
func digitsAt(b []byte, pattern, digits uint64) (x, bad uint64) {
	x = binary.LittleEndian.Uint64(b) ^ pattern
	// A digit's byte holds 0 to 9: adding 0x76 leaves its top bit clear,
	// and no carry leaves a byte whose own top bit is clear.
	bad = x&^digits | ((x+digits&0x7676767676767676)|x)&digits&0x8080808080808080
	return x, bad
}

// pairs turns the word digitsAt returned into one whose byte i holds the
// number of the digits at bytes i and i+1, where both are digits.
func pairs(x uint64) uint64 {
	return 10*x + x>>8
}

// fraction reads what comes between the seconds and the Z: nothing, or a
// '.' and digits, of which time keeps the first nine as nanoseconds.
func fraction(f []byte) (nsec int, ok bool) {
	if len(f) == 0 {
		return 0, true
	}
	if len(f) < 2 || f[0] != '.' {
		return 0, false
	}
	digits := f[1:]
	i := 0
	if len(digits) >= 8 {
		// Eight digits at once: pairs, then fours, then all eight.
		x := binary.LittleEndian.Uint64(digits) ^ 0x3030303030303030
		if ((x+0x7676767676767676)|x)&0x8080808080808080 != 0 {
			return 0, false
		}
		x = pairs(x) & 0x00ff00ff00ff00ff
		x = (100*x + x>>16) & 0x0000ffff0000ffff
		nsec, i = int(uint32(10000*x+x>>32)), 8
	}
	for ; i < len(digits); i++ {
		d := digits[i] - '0'
		if d >= 10 {
			return 0, false
		}
		if i < 9 {
			nsec = 10*nsec + int(d)
		}
	}
	if k := len(digits); k < 9 {
		nsec *= int(nanoScale[k])
	}
	return nsec, true
}

// nanoScale[k] turns k < 9 fractional digits into nanoseconds.
var nanoScale = [9]int32{1e9, 1e8, 1e7, 1e6, 1e5, 1e4, 1e3, 100, 10}

// daysIn is the number of days in month of year, in the proleptic
// Gregorian calendar.
func daysIn(month, year int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// unixDays is the number of days from 1970-01-01 to the date, for years 0
// to 9999. Years are counted from March, so that the leap day ends one,
// and from the year -400, so that every quantity is positive.
func unixDays(year, month, day int) int64 {
	y := year + 400
	if month <= 2 {
		y--
	}
	era := y / 400
	yearOfEra := y - 400*era
	dayOfYear := (153*((month+9)%12)+2)/5 + day - 1
	dayOfEra := 365*yearOfEra + yearOfEra/4 - yearOfEra/100 + dayOfYear
	// 719468 days from 0000-03-01 to 1970-01-01, and one era more.
	return int64(146097*era+dayOfEra) - 719468 - 146097
}
