// Package timefmt writes [time.Time] values as RFC 3339 text with a fixed
// number of fractional-second digits: call [Append] with the digits you
// want.
//
// encoding/json writes a time.Time with as many fraction digits as it needs
// (none, 3, 6 or 9, or anything between), so two timestamps of one API can
// differ in length and precision. [Append] always writes exactly the digits
// asked for, truncating (never rounding) the nanoseconds, so equal-length
// strings sort in time order when they share a zone.
//
// Append allocates nothing and does not use [time.Time.Format]. Its errors
// carry the wording of [time.Time.MarshalText] and [time.Time.MarshalJSON],
// which refuse the same instants: years outside [0,9999] and zone offsets
// of 24 hours or more.
package timefmt
