package bench

import (
	"bytes"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"sync"
	"testing"
)

var loadInputs = sync.OnceValues(Inputs)

// order, when not 0, seeds a shuffle of the libraries after std. A library
// measured right after std was 10-30% slower on twitter_status Marshal than
// the same library later in the pass (goccy as much as safejson), so in a
// fixed order the library after std is always the one that pays; run.sh
// gives each pass its own order.
var order = flag.Uint64("order", 0, "seed for the order of the libraries after std (0: as Libraries lists them)")

// benchLibraries returns Libraries in this run's order: std first, then the
// rest as -order says.
func benchLibraries() []Library {
	libs := Libraries()
	if *order != 0 {
		rest := libs[1:]
		rand.New(rand.NewPCG(*order, 0)).Shuffle(len(rest), func(i, j int) {
			rest[i], rest[j] = rest[j], rest[i]
		})
	}
	return libs
}

func inputs(tb testing.TB) []Input {
	tb.Helper()
	ins, err := loadInputs()
	if err != nil {
		tb.Fatal(err)
	}
	return ins
}

// stdSize is the length of encoding/json's output for v, used for SetBytes
// so that MB/s compares libraries on the same amount of work.
func stdSize(b *testing.B, v any) int64 {
	out, err := json.Marshal(v)
	if err != nil {
		b.Fatal(err)
	}
	return int64(len(out))
}

// eachEncoded runs bench as a sub-benchmark of each library on each input
// that is encoded, with encoding/json's output size for the input.
func eachEncoded(b *testing.B, bench func(b *testing.B, in Input, lib Library, size int64)) {
	for _, in := range inputs(b) {
		if in.UnmarshalOnly {
			continue
		}
		size := stdSize(b, in.Value)
		for _, lib := range benchLibraries() {
			b.Run("corpus="+in.Name+"/lib="+lib.Name, func(b *testing.B) { bench(b, in, lib, size) })
		}
	}
}

// benchMarshal measures marshal on v, counting size bytes a call.
func benchMarshal(b *testing.B, marshal func(any) ([]byte, error), v any, size int64) {
	b.ReportAllocs()
	b.SetBytes(size)
	for b.Loop() {
		if _, err := marshal(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMarshal(b *testing.B) {
	eachEncoded(b, func(b *testing.B, in Input, lib Library, size int64) {
		if _, err := lib.Marshal(in.Value); err != nil {
			b.Skipf("%s cannot marshal this input: %v", lib.Name, err)
		}
		benchMarshal(b, lib.Marshal, in.Value, size)
	})
}

func BenchmarkEncode(b *testing.B) {
	eachEncoded(b, func(b *testing.B, in Input, lib Library, size int64) {
		var buf bytes.Buffer
		enc := lib.NewEncoder(&buf)
		if err := enc.Encode(in.Value); err != nil {
			b.Skipf("%s cannot encode this input: %v", lib.Name, err)
		}
		b.ReportAllocs()
		b.SetBytes(size)
		for b.Loop() {
			buf.Reset()
			if err := enc.Encode(in.Value); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkUnmarshal(b *testing.B) {
	for _, in := range inputs(b) {
		for _, lib := range benchLibraries() {
			b.Run("corpus="+in.Name+"/lib="+lib.Name, func(b *testing.B) {
				if err := lib.Unmarshal(in.Data, in.New()); err != nil {
					b.Skipf("%s cannot unmarshal this input: %v", lib.Name, err)
				}
				b.ReportAllocs()
				b.SetBytes(int64(len(in.Data)))
				for b.Loop() {
					if err := lib.Unmarshal(in.Data, in.New()); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
