package setb

import (
	"fmt"
	"strconv"
	"time"
)

// RubyTime is a timestamp in Twitter's layout, time.RubyDate
// ("Mon Jan 02 15:04:05 -0700 2006"), written and read as a JSON string.
type RubyTime struct{ time.Time }

// MarshalJSON writes the time in time.RubyDate layout.
func (t RubyTime) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, len(time.RubyDate)+2)
	b = append(b, '"')
	b = t.AppendFormat(b, time.RubyDate)
	return append(b, '"'), nil
}

// UnmarshalJSON reads a string in time.RubyDate layout; null leaves t as it
// is, as encoding/json does for its own types.
func (t *RubyTime) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	if len(data) < 2 || data[0] != '"' || data[len(data)-1] != '"' {
		return fmt.Errorf("setb: RubyTime: not a JSON string: %.40s", data)
	}
	parsed, err := time.Parse(time.RubyDate, string(data[1:len(data)-1]))
	if err != nil {
		return fmt.Errorf("setb: RubyTime: %w", err)
	}
	t.Time = parsed
	return nil
}

// UnixTime is a timestamp written as a JSON integer of seconds since the
// Unix epoch.
type UnixTime struct{ time.Time }

// MarshalJSON writes the time as whole seconds since the epoch.
func (t UnixTime) MarshalJSON() ([]byte, error) {
	return strconv.AppendInt(nil, t.Unix(), 10), nil
}

// UnmarshalJSON reads an integer of seconds; null leaves t as it is.
func (t *UnixTime) UnmarshalJSON(data []byte) error {
	n, ok, err := parseInteger("UnixTime", data)
	if ok {
		t.Time = time.Unix(n, 0).UTC()
	}
	return err
}

// UnixMilli is a timestamp written as a JSON integer of milliseconds since
// the Unix epoch.
type UnixMilli struct{ time.Time }

// MarshalJSON writes the time as whole milliseconds since the epoch.
func (t UnixMilli) MarshalJSON() ([]byte, error) {
	return strconv.AppendInt(nil, t.UnixMilli(), 10), nil
}

// UnmarshalJSON reads an integer of milliseconds; null leaves t as it is.
func (t *UnixMilli) UnmarshalJSON(data []byte) error {
	n, ok, err := parseInteger("UnixMilli", data)
	if ok {
		t.Time = time.UnixMilli(n).UTC()
	}
	return err
}

// parseInteger reads a JSON integer for the Unix types. ok is false for
// null and on error.
func parseInteger(typeName string, data []byte) (n int64, ok bool, err error) {
	if string(data) == "null" {
		return 0, false, nil
	}
	n, err = strconv.ParseInt(string(data), 10, 64)
	if err != nil {
		return 0, false, fmt.Errorf("setb: %s: %w", typeName, err)
	}
	return n, true, nil
}

// Date is a calendar date without a time or zone, FHIR's date type,
// written as "2006-01-02".
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

const dateLayout = "2006-01-02"

// MarshalText writes the date as YYYY-MM-DD.
func (d Date) MarshalText() ([]byte, error) {
	if d.Year < 0 || d.Year > 9999 {
		return nil, fmt.Errorf("setb: Date: year %d outside [0,9999]", d.Year)
	}
	return fmt.Appendf(nil, "%04d-%02d-%02d", d.Year, d.Month, d.Day), nil
}

// UnmarshalText reads a YYYY-MM-DD date.
func (d *Date) UnmarshalText(text []byte) error {
	t, err := time.Parse(dateLayout, string(text))
	if err != nil {
		return fmt.Errorf("setb: Date: %w", err)
	}
	d.Year, d.Month, d.Day = t.Date()
	return nil
}
