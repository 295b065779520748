package timefmt

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// layouts[d] formats with exactly d fraction digits; Go's Format writes the
// zone as Append does ("Z" for a zero offset, else ±hh:mm).
var layouts = func() [MaxDigits + 1]string {
	var l [MaxDigits + 1]string
	for d := range l {
		frac := ""
		if d > 0 {
			frac = "." + strings.Repeat("0", d)
		}
		l[d] = "2006-01-02T15:04:05" + frac + "Z07:00"
	}
	return l
}()

// oracle formats with the standard library: truncate, then Format. Errors
// come from MarshalText, whose checks Append must share.
func oracle(t time.Time, digits int, utc bool) (string, string) {
	if utc {
		t = t.UTC()
	}
	if _, err := t.MarshalText(); err != nil {
		return "", strings.TrimPrefix(err.Error(), "Time.MarshalText: ")
	}
	unit := time.Second
	for range digits {
		unit /= 10
	}
	return t.Truncate(unit).Format(layouts[digits]), ""
}

func check(t *testing.T, tm time.Time, digits int, utc bool) {
	t.Helper()
	want, wantErr := oracle(tm, digits, utc)
	got, err := Append([]byte("x"), tm, digits, utc)
	if wantErr != "" {
		if err == nil || err.Error() != wantErr || string(got) != "x" {
			t.Fatalf("Append(%v, %d, %v) = %q, %v; want error %q", tm, digits, utc, got, err, wantErr)
		}
		if _, ok := err.(*Error); !ok {
			t.Fatalf("error type %T, want *Error", err)
		}
		return
	}
	if err != nil || string(got) != "x"+want {
		t.Fatalf("Append(%v, %d, %v) = %q, %v; want %q", tm, digits, utc, got, err, "x"+want)
	}
}

func checkTrimmed(t *testing.T, tm time.Time, utc bool) {
	t.Helper()
	src := tm
	if utc {
		src = tm.UTC()
	}
	want, wantErr := src.MarshalText()
	got, err := AppendTrimmed(nil, tm, utc)
	if wantErr != nil {
		if err == nil || "Time.MarshalText: "+err.Error() != wantErr.Error() {
			t.Fatalf("AppendTrimmed(%v, %v) error %v, want %v", tm, utc, err, wantErr)
		}
		return
	}
	if err != nil || string(got) != string(want) {
		t.Fatalf("AppendTrimmed(%v, %v) = %q, %v; want %q", tm, utc, got, err, want)
	}
}

func TestDesignExamples(t *testing.T) {
	at := time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.UTC)
	cases := []struct {
		t      time.Time
		digits int
		want   string
	}{
		{at, 3, "2024-03-05T07:08:09.123Z"},
		{at, 0, "2024-03-05T07:08:09Z"},
		{at, 9, "2024-03-05T07:08:09.123456789Z"},
		{time.Date(2024, 3, 5, 7, 8, 9, 0, time.UTC), 3, "2024-03-05T07:08:09.000Z"},
		{at.In(time.FixedZone("", -1800)), 3, "2024-03-05T06:38:09.123-00:30"},
	}
	for _, c := range cases {
		got, err := Append(nil, c.t, c.digits, false)
		if err != nil || string(got) != c.want {
			t.Errorf("Append(%v, %d) = %q, %v; want %q", c.t, c.digits, got, err, c.want)
		}
		check(t, c.t, c.digits, false)
	}
}

// zones covers whole hours, minutes, offsets with seconds (which Go drops),
// offsets under a minute (which Go writes as +00:00), and hours beyond 23.
var zones = []*time.Location{
	time.UTC, time.Local,
	time.FixedZone("", 0), time.FixedZone("X", 3600), time.FixedZone("", -1800),
	time.FixedZone("", 5*3600+45*60), time.FixedZone("", -(9*3600 + 30*60 + 17)),
	time.FixedZone("", 30), time.FixedZone("", -30), time.FixedZone("", -90),
	time.FixedZone("", 23*3600+59*60+59), time.FixedZone("", -(23*3600 + 59*60)),
	time.FixedZone("", 24*3600), time.FixedZone("", -24*3600), time.FixedZone("", 100*3600),
}

func TestEdges(t *testing.T) {
	instants := []time.Time{
		{},
		time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(-1, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Date(0, 2, 29, 12, 0, 0, 1, time.UTC),
		time.Date(0, 3, 1, 0, 0, 0, 0, time.UTC),
		time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(1600, 2, 29, 0, 0, 0, 0, time.UTC),
		time.Date(1900, 2, 28, 23, 59, 59, 999999999, time.UTC),
		time.Date(1969, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2000, 2, 29, 0, 0, 0, 100, time.UTC),
		time.Date(2024, 12, 31, 23, 59, 59, 10, time.UTC),
		time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Unix(1<<62, 0),
		time.Unix(-1<<62, 0),
		time.Now(),
	}
	for _, in := range instants {
		for _, z := range zones {
			tm := in.In(z)
			for d := 0; d <= MaxDigits; d++ {
				check(t, tm, d, false)
				check(t, tm, d, true)
			}
			checkTrimmed(t, tm, false)
			checkTrimmed(t, tm, true)
		}
	}
}

// TestZero holds the zero time, written as one copy, to the standard
// library's text at every precision.
func TestZero(t *testing.T) {
	for d := 0; d <= MaxDigits; d++ {
		check(t, time.Time{}, d, false)
		check(t, time.Time{}, d, true)
	}
	checkTrimmed(t, time.Time{}, false)
	checkTrimmed(t, time.Time{}, true)
}

func TestRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200000; i++ {
		sec := r.Int64N(endSec-minSec+4*86400*366) + minSec - 2*86400*366
		tm := time.Unix(sec, r.Int64N(1e9)).In(zones[r.IntN(len(zones))])
		if i%7 == 0 {
			tm = tm.Round(time.Millisecond)
		}
		check(t, tm, r.IntN(MaxDigits+1), r.IntN(4) == 0)
		checkTrimmed(t, tm, r.IntN(4) == 0)
	}
}

func TestDigitsOutOfRangePanics(t *testing.T) {
	for _, d := range []int{-1, 10, math.MaxInt} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Append with digits %d did not panic", d)
				}
			}()
			Append(nil, time.Time{}, d, false)
		}()
	}
}

func TestNoAllocations(t *testing.T) {
	buf := make([]byte, 0, 64)
	tm := time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.FixedZone("", 3600))
	allocs := testing.AllocsPerRun(100, func() {
		buf, _ = Append(buf[:0], tm, 3, false)
		buf, _ = AppendTrimmed(buf[:0], tm, false)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run, want 0", allocs)
	}
}

func FuzzAppend(f *testing.F) {
	f.Add(int64(1709622489), int64(123456789), 0, uint8(3), false)
	f.Add(int64(minSec), int64(0), -1800, uint8(0), true)
	f.Add(int64(endSec-1), int64(999999999), 86400, uint8(9), false)
	f.Fuzz(func(t *testing.T, sec, nsec int64, offset int, digits uint8, utc bool) {
		tm := time.Unix(sec, nsec).In(time.FixedZone("", offset))
		check(t, tm, int(digits%(MaxDigits+1)), utc)
		checkTrimmed(t, tm, utc)
	})
}

func TestCivilEveryDay(t *testing.T) {
	start := time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC)
	for d := uint32(0); d < (endSec-minSec)/86400; d++ {
		y, m, day := civil(d)
		wy, wm, wd := start.AddDate(0, 0, int(d)).Date()
		if int(y) != wy || time.Month(m) != wm || int(day) != wd {
			t.Fatalf("civil(%d) = %d-%d-%d, want %d-%d-%d", d, y, m, day, wy, wm, wd)
		}
	}
}

func TestDigitWriters(t *testing.T) {
	var b [9]byte
	for v := uint32(0); v < 1000; v++ {
		put3(b[:], v)
		if got, want := string(b[:3]), fmt.Sprintf("%03d", v); got != want {
			t.Fatalf("put3(%d) = %q", v, got)
		}
		if v < 100 {
			put2(b[:], v)
			if got, want := string(b[:2]), fmt.Sprintf("%02d", v); got != want {
				t.Fatalf("put2(%d) = %q", v, got)
			}
		}
	}
}
