package bench

import (
	"bytes"
	"testing"

	"github.com/minio/simdjson-go"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/safe"
)

// physicalOps are the passes over JSON text measured beside memmove, the
// floor of any pass that writes its input out again: each runs over src,
// writing into dst where it writes.
var physicalOps = []struct {
	name string
	run  func(b *testing.B, dst *bytes.Buffer, src []byte)
}{
	{"memmove", func(b *testing.B, dst *bytes.Buffer, src []byte) {
		dst.Reset()
		dst.Write(src)
	}},
	{"Valid", func(b *testing.B, _ *bytes.Buffer, src []byte) {
		if !compat.Valid(src) {
			b.Fatal("invalid corpus")
		}
	}},
	{"Compact", func(b *testing.B, dst *bytes.Buffer, src []byte) {
		dst.Reset()
		if err := compat.Compact(dst, src); err != nil {
			b.Fatal(err)
		}
	}},
	{"safe.Escape", func(b *testing.B, dst *bytes.Buffer, src []byte) {
		out, err := safe.Escape(dst.AvailableBuffer(), src)
		if err != nil {
			b.Fatal(err)
		}
		dst.Reset()
		dst.Write(out[:0]) // keeps the buffer's room for the next run
	}},
}

// BenchmarkPhysical measures Valid, Compact and safe.Escape in bytes per
// second on each corpus, beside memmove and beside simdjson-go's parse
// (amd64 with AVX2 and CLMUL only; it builds a tape, which none of the
// others does, and is skipped where the CPU lacks them).
func BenchmarkPhysical(b *testing.B) {
	for _, name := range corpus.Names() {
		src, err := corpus.Load(name)
		if err != nil {
			b.Fatal(err)
		}
		for _, op := range physicalOps {
			b.Run("corpus="+name+"/op="+op.name, func(b *testing.B) {
				dst := bytes.NewBuffer(make([]byte, 0, 2*len(src)))
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				for b.Loop() {
					op.run(b, dst, src)
				}
			})
		}
		b.Run("corpus="+name+"/op=simdjson-go", func(b *testing.B) {
			if !simdjson.SupportedCPU() {
				b.Skip("simdjson-go needs AVX2 and CLMUL")
			}
			var pj *simdjson.ParsedJson
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if pj, err = simdjson.Parse(src, pj); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
