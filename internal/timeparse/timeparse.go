// Package timeparse reads the usual JSON text of a time.Time, RFC 3339
// with a Z or a numeric offset, without the general parser of package
// time, and gives the same time.Time that parser does.
package timeparse

import "time"

// RFC3339 reads b, a JSON string's body, as time.Time's UnmarshalJSON and
// UnmarshalText read it, when it has the form they take with no question
// to settle: "2006-01-02T15:04:05" with, optionally, a '.' and one or
// more digits, then "Z" or an offset such as "-07:00". It returns the time
// they store, and false for any other text, which the caller leaves to
// them: a ',' before the fraction, fields out of range, malformed text.
func RFC3339(b []byte) (time.Time, bool) {
	n := len(b)
	if n < len("2006-01-02T15:04:05Z") || b[4] != '-' || b[7] != '-' || b[10] != 'T' || b[13] != ':' || b[16] != ':' {
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
	hi, okHi := twoDigits(b[0], b[1])
	lo, okLo := twoDigits(b[2], b[3])
	month, okMonth := twoDigits(b[5], b[6])
	day, okDay := twoDigits(b[8], b[9])
	hour, okHour := twoDigits(b[11], b[12])
	minute, okMinute := twoDigits(b[14], b[15])
	sec, okSec := twoDigits(b[17], b[18])
	year := 100*hi + lo
	if !(okHi && okLo && okMonth && okDay && okHour && okMinute && okSec) ||
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

// fraction reads what comes between the seconds and the Z: nothing, or a
// '.' and digits, of which time keeps the first nine as nanoseconds.
func fraction(f []byte) (nsec int, ok bool) {
	if len(f) == 0 {
		return 0, true
	}
	if len(f) < 2 || f[0] != '.' {
		return 0, false
	}
	scale := 1_000_000_000
	for _, c := range f[1:] {
		if c-'0' >= 10 {
			return 0, false
		}
		if scale > 1 {
			scale /= 10
			nsec += int(c-'0') * scale
		}
	}
	return nsec, true
}

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
