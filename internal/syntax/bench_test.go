package syntax_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/safejson/safejson/internal/syntax"
)

// benchInput is one benchmark document, as stored (indented) or compacted.
type benchInput struct {
	name string
	data []byte
}

var (
	benchOnce   sync.Once
	benchInputs []benchInput
)

func loadBenchInputs(tb testing.TB) []benchInput {
	benchOnce.Do(func() {
		corpora := loadCorpora(tb)
		for _, name := range []string{"twitter_status", "citm_catalog", "canada_geometry"} {
			data := corpora[name]
			var buf bytes.Buffer
			if err := json.Compact(&buf, data); err != nil {
				tb.Fatal(err)
			}
			benchInputs = append(benchInputs,
				benchInput{name, data},
				benchInput{name + "_compact", buf.Bytes()})
		}
		// Small values dominate real MarshalJSON traffic.
		benchInputs = append(benchInputs,
			benchInput{"small", []byte(`{"id":12345,"name":"Ada <Lovelace>","tags":["a","b"],"ok":true}`)},
			benchInput{"deep100", []byte(strings.Repeat(`[{"a":`, 50) + "1" + strings.Repeat(`}]`, 50))})
	})
	return benchInputs
}

// TestBenchInputs checks that the benchmark inputs are valid and that both
// implementations agree on them, so the benchmarks compare equal work.
func TestBenchInputs(t *testing.T) {
	for _, in := range loadBenchInputs(t) {
		if !json.Valid(in.data) {
			t.Fatalf("%s: invalid benchmark input", in.name)
		}
		checkAll(t, in.data)
	}
}

func BenchmarkValid(b *testing.B) {
	for _, in := range loadBenchInputs(b) {
		b.Run(in.name+"/safejson", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.data)))
			for b.Loop() {
				if !syntax.Valid(in.data) {
					b.Fatal("invalid")
				}
			}
		})
		b.Run(in.name+"/encoding_json", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.data)))
			for b.Loop() {
				if !json.Valid(in.data) {
					b.Fatal("invalid")
				}
			}
		})
	}
}

func BenchmarkCompact(b *testing.B) {
	for _, in := range loadBenchInputs(b) {
		b.Run(in.name+"/safejson", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.data)))
			dst := make([]byte, 0, 2*len(in.data))
			for b.Loop() {
				var err error
				if dst, err = syntax.AppendCompact(dst[:0], in.data, false); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(in.name+"/encoding_json", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.data)))
			var buf bytes.Buffer
			buf.Grow(2 * len(in.data))
			for b.Loop() {
				buf.Reset()
				if err := json.Compact(&buf, in.data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCompactHTML is the encoder's MarshalJSON path. encoding/json's
// figure includes Marshal's own overhead around its compact call.
func BenchmarkCompactHTML(b *testing.B) {
	for _, in := range loadBenchInputs(b) {
		b.Run(in.name+"/safejson", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.data)))
			dst := make([]byte, 0, 2*len(in.data))
			for b.Loop() {
				var err error
				if dst, err = syntax.AppendCompact(dst[:0], in.data, true); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(in.name+"/encoding_json_marshal", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.data)))
			for b.Loop() {
				if _, err := json.Marshal(rawMarshaler(in.data)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkIndent(b *testing.B) {
	for _, in := range loadBenchInputs(b) {
		b.Run(in.name+"/safejson", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.data)))
			var dst []byte
			for b.Loop() {
				var err error
				if dst, err = syntax.AppendIndent(dst[:0], in.data, "", "\t"); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(in.name+"/encoding_json", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.data)))
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := json.Indent(&buf, in.data, "", "\t"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkHTMLEscape(b *testing.B) {
	for _, in := range loadBenchInputs(b) {
		b.Run(in.name+"/safejson", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.data)))
			dst := make([]byte, 0, 2*len(in.data))
			for b.Loop() {
				dst = syntax.AppendHTMLEscape(dst[:0], in.data)
			}
		})
		b.Run(in.name+"/encoding_json", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.data)))
			var buf bytes.Buffer
			buf.Grow(2 * len(in.data))
			for b.Loop() {
				buf.Reset()
				json.HTMLEscape(&buf, in.data)
			}
		})
	}
}
