package decoder

import (
	"fmt"
	"testing"
	"time"
)

// timeTexts are the texts of JSON values read into time.Time: the UTC form
// read without time's parser, with fractions of every length, next to
// forms only time's parser takes, dates and fields out of range, escapes,
// and values that are not strings.
var timeTexts = []string{
	`"2006-01-02T15:04:05Z"`, `"0001-01-01T00:00:00Z"`, `"0000-01-01T00:00:00Z"`, `"9999-12-31T23:59:59Z"`,
	`"2024-02-29T12:00:00Z"`, `"2023-02-29T12:00:00Z"`, `"1900-02-29T00:00:00Z"`, `"2000-02-29T00:00:00Z"`,
	`"2006-01-02T15:04:05.1Z"`, `"2006-01-02T15:04:05.123456789Z"`, `"2006-01-02T15:04:05.1234567891234Z"`,
	`"2006-01-02T15:04:05.Z"`, `"2006-01-02T15:04:05,5Z"`, `"2006-01-02T15:04:05+07:00"`, `"2006-01-02T15:04:05-00:00"`,
	`"2006-01-02T24:04:05Z"`, `"2006-01-02T15:60:05Z"`, `"2006-01-02T15:04:60Z"`, `"2006-13-02T15:04:05Z"`,
	`"2006-00-02T15:04:05Z"`, `"2006-01-00T15:04:05Z"`, `"2006-04-31T15:04:05Z"`, `"2006-01-02t15:04:05z"`,
	`"2006-01-02T1:04:05Z"`, `"2006-01-02T15:04:05"`, `"2006-01-02T15:04:05\u005a"`, `"2006-01-02T15:04:05Z\n"`,
	`"10000-01-02T15:04:05Z"`, `"-006-01-02T15:04:05Z"`, `""`, `"x"`, `null`, `1`, `true`, `{}`, `[]`,
	`"2006-01-02T15:04:05.` + "1234567890123456789012345678901234567890123456789012345678901234567890" + `Z"`,
}

// TestTimes decodes each of timeTexts into time.Time where it stands alone,
// behind a pointer, in a struct, a slice and a map, into zero and filled
// targets, and compares with encoding/json.
func TestTimes(t *testing.T) {
	filled := time.Date(2001, 2, 3, 4, 5, 6, 7, time.FixedZone("x", 3600))
	targets := map[string]func() any{
		"time":    func() any { return new(time.Time) },
		"filled":  func() any { v := filled; return &v },
		"pointer": func() any { return new(*time.Time) },
		"struct": func() any {
			return &struct {
				T time.Time
				P *time.Time
				S string
			}{T: filled, S: "old"}
		},
		"slice": func() any { return new([]time.Time) },
		"map":   func() any { return &map[string]time.Time{"k": filled} },
	}
	for _, text := range timeTexts {
		for name, mk := range targets {
			var inputs []string
			switch name {
			case "struct":
				inputs = []string{fmt.Sprintf(`{"T":%s,"P":%s,"S":"new"}`, text, text)}
			case "slice":
				inputs = []string{fmt.Sprintf(`[%s,%s]`, text, text)}
			case "map":
				inputs = []string{fmt.Sprintf(`{"k":%s,"j":%s}`, text, text)}
			default:
				inputs = []string{text, " " + text + " "}
			}
			for _, in := range inputs {
				if d := diffUnmarshal([]byte(in), mk, Options{}); d != "" {
					t.Errorf("%s into %s: %s", in, name, d)
				}
			}
		}
	}
}
