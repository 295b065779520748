package timefmt

import (
	"testing"
	"time"
)

// One instant in UTC and in a fixed zone: the zone costs a lookup.
var benchTimes = []time.Time{
	time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.UTC),
	time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.UTC).In(time.FixedZone("EST", -5*3600)),
}

func BenchmarkAppend(b *testing.B) {
	buf := make([]byte, 0, 64)
	for _, tm := range benchTimes {
		b.Run("lib=timefmt/zone="+tm.Location().String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				buf, _ = Append(buf[:0], tm, 3, false)
			}
		})
		b.Run("lib=std/zone="+tm.Location().String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				buf, _ = tm.AppendText(buf[:0])
			}
		})
	}
}
