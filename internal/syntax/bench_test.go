package syntax_test

import (
	"bytes"
	"encoding/json"
	"errors"
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

// benchImpl is one implementation of a benchmarked call: prepare returns,
// for one input, the call that each iteration makes, with the buffers it
// reuses.
type benchImpl struct {
	name    string
	prepare func(data []byte) func() error
}

// benchImpls runs a benchmark of each implementation on each input.
func benchImpls(b *testing.B, impls ...benchImpl) {
	for _, in := range loadBenchInputs(b) {
		for _, impl := range impls {
			b.Run(in.name+"/"+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(in.data)))
				call := impl.prepare(in.data)
				for b.Loop() {
					if err := call(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

var errInvalid = errors.New("invalid")

func BenchmarkValid(b *testing.B) {
	valid := func(name string, valid func([]byte) bool) benchImpl {
		return benchImpl{name, func(data []byte) func() error {
			return func() error {
				if !valid(data) {
					return errInvalid
				}
				return nil
			}
		}}
	}
	benchImpls(b, valid("safejson", syntax.Valid), valid("encoding_json", json.Valid))
}

// appendCompact is syntax.AppendCompact into a buffer it reuses.
func appendCompact(escapeHTML bool) benchImpl {
	return benchImpl{"safejson", func(data []byte) func() error {
		dst := make([]byte, 0, 2*len(data))
		return func() (err error) {
			dst, err = syntax.AppendCompact(dst[:0], data, escapeHTML)
			return err
		}
	}}
}

func BenchmarkCompact(b *testing.B) {
	benchImpls(b, appendCompact(false), benchImpl{"encoding_json", func(data []byte) func() error {
		var buf bytes.Buffer
		buf.Grow(2 * len(data))
		return func() error {
			buf.Reset()
			return json.Compact(&buf, data)
		}
	}})
}

// BenchmarkCompactHTML is the encoder's MarshalJSON path. encoding/json's
// figure includes Marshal's own overhead around its compact call.
func BenchmarkCompactHTML(b *testing.B) {
	benchImpls(b, appendCompact(true), benchImpl{"encoding_json_marshal", func(data []byte) func() error {
		return func() error {
			_, err := json.Marshal(rawMarshaler(data))
			return err
		}
	}})
}

func BenchmarkIndent(b *testing.B) {
	benchImpls(b, benchImpl{"safejson", func(data []byte) func() error {
		var dst []byte
		return func() (err error) {
			dst, err = syntax.AppendIndent(dst[:0], data, "", "\t")
			return err
		}
	}}, benchImpl{"encoding_json", func(data []byte) func() error {
		var buf bytes.Buffer
		return func() error {
			buf.Reset()
			return json.Indent(&buf, data, "", "\t")
		}
	}})
}

func BenchmarkHTMLEscape(b *testing.B) {
	benchImpls(b, benchImpl{"safejson", func(data []byte) func() error {
		dst := make([]byte, 0, 2*len(data))
		return func() error {
			dst = syntax.AppendHTMLEscape(dst[:0], data)
			return nil
		}
	}}, benchImpl{"encoding_json", func(data []byte) func() error {
		var buf bytes.Buffer
		buf.Grow(2 * len(data))
		return func() error {
			buf.Reset()
			json.HTMLEscape(&buf, data)
			return nil
		}
	}})
}
