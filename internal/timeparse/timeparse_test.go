package timeparse

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"
)

// check holds RFC3339(text) to time.Time's UnmarshalText of text: where UTC
// takes the text, time must store the same value, field for field. It
// reports whether UTC took it.
func check(t *testing.T, text string) bool {
	t.Helper()
	got, ok := RFC3339([]byte(text))
	if !ok {
		return false
	}
	var want time.Time
	if err := want.UnmarshalText([]byte(text)); err != nil {
		t.Fatalf("RFC3339(%q) = %v, but time: %v", text, got, err)
	}
	var viaJSON time.Time
	if err := viaJSON.UnmarshalJSON([]byte(`"` + text + `"`)); err != nil || !reflect.DeepEqual(viaJSON, want) {
		t.Fatalf("UnmarshalJSON(%q) = %v, %v; UnmarshalText: %v", text, viaJSON, err, want)
	}
	// UTC and Local are shared Locations, which must be the same; time
	// makes a Location of its own for other offsets, which compare deeply.
	shared := func(l *time.Location) bool { return l == time.UTC || l == time.Local }
	sameLoc := got.Location() == want.Location() || !shared(got.Location()) && !shared(want.Location())
	if !reflect.DeepEqual(got, want) || !sameLoc {
		t.Fatalf("RFC3339(%q) = %#v, time: %#v", text, got, want)
	}
	return true
}

// TestEveryDay reads midnight and a late second of every day of years
// around the calendar's edges (0, leap centuries, the epoch, 9999), in UTC,
// at offsets and at Local's, and the first of every month of every year.
func TestEveryDay(t *testing.T) {
	for _, year := range []int{0, 1, 3, 4, 99, 100, 399, 400, 1600, 1699, 1700, 1900, 1969, 1970, 1971, 2000, 2024, 2100, 9996, 9999} {
		for day := time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC); day.Year() == year; day = day.AddDate(0, 0, 1) {
			// Texts time itself refuses (years before 0 at an offset) are
			// left out: only what it takes must be taken.
			late := day.Add(86399*time.Second + 999999999)
			for _, text := range []string{day.Format("2006-01-02T15:04:05Z"), late.Format(time.RFC3339Nano),
				day.In(time.FixedZone("", -5*3600)).Format(time.RFC3339), late.In(time.FixedZone("", 5*3600+1800)).Format(time.RFC3339Nano),
				day.In(time.Local).Format(time.RFC3339), day.Format("2006-01-02T15:04:05+00:00"), day.Format("2006-01-02T15:04:05-00:00")} {
				var want time.Time
				if !check(t, text) && want.UnmarshalText([]byte(text)) == nil {
					t.Fatalf("RFC3339(%q) declined", text)
				}
			}
		}
	}
	for year := range 10000 {
		for month := 1; month <= 12; month++ {
			if text := fmt.Sprintf("%04d-%02d-01T12:30:45Z", year, month); !check(t, text) {
				t.Fatalf("RFC3339(%q) declined", text)
			}
		}
	}
}

// TestFields reads texts whose every field is drawn in range and out of
// it, offsets too, with fractions of 0 to 12 digits and mutated bytes, and holds each
// taken text to time's reading; texts that time takes in this form must be
// taken.
func TestFields(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	taken := 0
	for range 200000 {
		text := fmt.Sprintf("%04d-%02d-%02dT%02d:%02d:%02d", r.IntN(10000), r.IntN(14), r.IntN(33), r.IntN(25), r.IntN(61), r.IntN(61))
		if n := r.IntN(14); n > 0 {
			text += "."
			for range n - 1 {
				text += string(rune('0' + r.IntN(10)))
			}
		}
		if r.IntN(2) == 0 {
			text += "Z"
		} else {
			text += fmt.Sprintf("%c%02d:%02d", "+-"[r.IntN(2)], r.IntN(26), r.IntN(62))
		}
		b := []byte(text)
		if r.IntN(4) == 0 {
			const mutations = "0123456789-:.TZ+,tz \\\"a\xff/\x00?\xb5\xba\x8a"
			b[r.IntN(len(b))] = mutations[r.IntN(len(mutations))]
		}
		var want time.Time
		plain := want.UnmarshalText(b) == nil && inForm(b)
		if check(t, string(b)) {
			taken++
		} else if plain {
			t.Fatalf("RFC3339(%q) declined a text time takes", b)
		}
	}
	if taken < 10000 {
		t.Fatalf("only %d texts taken", taken)
	}
}

// inForm reports whether a text that time takes has the form RFC3339
// reads: no ',' before a fraction, and a Z or an offset in range (time
// also takes an offset of 24 hours or more, or 60 minutes or more).
func inForm(b []byte) bool {
	if bytes.IndexByte(b, ',') >= 0 {
		return false
	}
	if n := len(b); b[n-1] != 'Z' {
		return n >= 6 && string(b[n-5:n-3]) < "24" && string(b[n-2:]) < "60"
	}
	return true
}

// TestPatterns holds the word constants to the texts they stand for.
func TestPatterns(t *testing.T) {
	word := func(s string) uint64 { return binary.LittleEndian.Uint64([]byte(s)) }
	mask := func(s string) (m uint64) {
		for i := range 8 {
			if s[i] == '0' {
				m |= 0xff << (8 * i)
			}
		}
		return m
	}
	for _, c := range []struct {
		got, want uint64
	}{
		{datePattern, word("0000-00-")}, {clockPattern, word("00T00:00")}, {secsPattern, word("00:00:00")},
		{dateDigits, mask("0000-00-")}, {clockDigits, mask("00T00:00")}, {clockDigits, mask("00:00:00")},
	} {
		if c.got != c.want {
			t.Errorf("constant %#x, text %#x", c.got, c.want)
		}
	}
}

// FuzzRFC3339 holds RFC3339 to time's reading of any text.
func FuzzRFC3339(f *testing.F) {
	for _, s := range []string{"2006-01-02T15:04:05Z", "0000-02-29T00:00:00.5Z", "9999-12-31T23:59:59.999999999999Z", "2006-01-02T15:04:05+01:00", "0000-01-01T00:00:00+23:59"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { check(t, s) })
}
