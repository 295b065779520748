//go:build !nosafejson

package bench

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/policy"
	"github.com/safejson/safejson/safe"
	"github.com/safejson/safejson/timefmt"
)

// The targets of the policy, safe and timefmt packages, each measured
// against the baseline it is held to (bench/RESULTS.md).

// BenchmarkSafeMarshal: safe.Marshal against compat.Marshal on the typed
// corpora, in both type sets (set B as corpus=NAME_b; target: within 10%).
func BenchmarkSafeMarshal(b *testing.B) {
	benchTypedMarshal(b, []namedMarshal{{"compat", compat.Marshal}, {"safe", safe.Marshal}})
}

// namedMarshal is a Marshal function under the name its benchmarks carry.
type namedMarshal struct {
	name    string
	marshal func(any) ([]byte, error)
}

// benchTypedMarshal runs each of libs on the typed corpora of both type
// sets, as corpus=NAME/lib=LIB (NAME_b for set B).
func benchTypedMarshal(b *testing.B, libs []namedMarshal) {
	for _, c := range append(corpus.Typed(), corpus.TypedB()...) {
		if c.Set == "b" && c.Name == "string_escaped" {
			continue // decodes to the same value as string_unicode
		}
		v, err := c.Decode()
		if err != nil {
			b.Fatal(err)
		}
		name := c.Name
		if c.Set == "b" {
			name += "_b"
		}
		size := stdSize(b, v)
		for _, lib := range libs {
			b.Run("corpus="+name+"/lib="+lib.name, func(b *testing.B) { benchMarshal(b, lib.marshal, v, size) })
		}
	}
}

// BenchmarkTimePrecision: TimePrecision(3) against compat on time-heavy
// records (target: within 5%), with encoding/json for scale.
func BenchmarkTimePrecision(b *testing.B) {
	events := TimeEvents()
	size := stdSize(b, events)
	p3 := policy.New(policy.TimePrecision(3))
	for _, lib := range []struct {
		name    string
		marshal func(any) ([]byte, error)
	}{{"std", json.Marshal}, {"compat", compat.Marshal}, {"precision3", p3.Marshal}} {
		b.Run("lib="+lib.name, func(b *testing.B) { benchMarshal(b, lib.marshal, events, size) })
	}
}

// BenchmarkTimefmt: timefmt.Append at 3 digits against
// time.Time.AppendText (target: 0 allocs, at least 2x faster).
func BenchmarkTimefmt(b *testing.B) {
	for _, tm := range []time.Time{
		time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.UTC),
		time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.UTC).In(time.FixedZone("EST", -5*3600)),
	} {
		buf := make([]byte, 0, 64)
		zone := tm.Location().String()
		b.Run("zone="+zone+"/lib=std", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				buf, _ = tm.AppendText(buf[:0])
			}
		})
		b.Run("zone="+zone+"/lib=timefmt", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				buf, _ = timefmt.Append(buf[:0], tm, 3, false)
			}
		})
	}
}

// BenchmarkEscape: safe.Escape against encoding/json.Compact on the same
// text (target: at least 3x Compact's throughput).
func BenchmarkEscape(b *testing.B) {
	for _, name := range []string{"twitter_status", "citm_catalog"} {
		src, err := corpus.Load(name)
		if err != nil {
			b.Fatal(err)
		}
		var dst bytes.Buffer
		b.Run("corpus="+name+"/lib=std", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				dst.Reset()
				if err := json.Compact(&dst, src); err != nil {
					b.Fatal(err)
				}
			}
		})
		out := make([]byte, 0, 2*len(src))
		b.Run("corpus="+name+"/lib=safe", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if out, err = safe.Escape(out[:0], src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
