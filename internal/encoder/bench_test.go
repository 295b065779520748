package encoder

import (
	"encoding/json"
	"testing"

	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/escape"
)

// These benchmarks profile the engine alone; comparisons with other
// libraries live in the bench module.
func BenchmarkMarshal(b *testing.B) {
	type input struct {
		name string
		v    any
	}
	var inputs []input
	for _, c := range corpus.Typed() {
		v, err := corpus.DecodeTyped(c.Name)
		if err != nil {
			b.Fatal(err)
		}
		inputs = append(inputs, input{c.Name, v})
	}
	for _, name := range []string{"twitter_status", "citm_catalog"} {
		v, err := corpus.DecodeAny(name)
		if err != nil {
			b.Fatal(err)
		}
		inputs = append(inputs, input{name + "_any", v})
	}
	inputs = append(inputs, input{"small", corpus.Small()})
	for _, in := range inputs {
		out, err := json.Marshal(in.v)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(in.name+"/lib=safejson", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(out)))
			for b.Loop() {
				if _, err := Marshal(in.v, Options{Escape: escape.HTML}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(in.name+"/lib=std", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(out)))
			for b.Loop() {
				if _, err := json.Marshal(in.v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
