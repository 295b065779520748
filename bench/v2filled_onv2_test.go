//go:build goexperiment.jsonv2 && go1.27 && !nosafejson

package bench

import (
	"reflect"
	"testing"

	jsonv2 "encoding/json/v2"
)

// BenchmarkV2UnmarshalFilled times Unmarshal into a target that holds what
// the same document decoded to before, as a program that reuses one value
// for each document it reads does: v2 merges into it, decoding slices into
// their arrays. Each library reuses its own target; each call leaves it as
// it found it.
func BenchmarkV2UnmarshalFilled(b *testing.B) {
	for _, in := range inputs(b) {
		want := in.New()
		if err := jsonv2.Unmarshal(in.Data, want); err != nil {
			b.Fatal(err)
		}
		for _, lib := range v2OptionLibraries {
			b.Run("corpus="+in.Name+"/lib="+lib.name, func(b *testing.B) {
				v := in.New()
				if err := lib.unmarshal(in.Data, v, 0); err != nil {
					b.Skipf("%s cannot unmarshal this input: %v", lib.name, err)
				}
				if err := lib.unmarshal(in.Data, v, 0); err != nil || !reflect.DeepEqual(v, want) {
					b.Fatalf("%s: decoding into the filled target differs from encoding/json/v2's (%v)", lib.name, err)
				}
				b.ReportAllocs()
				b.SetBytes(int64(len(in.Data)))
				for b.Loop() {
					if err := lib.unmarshal(in.Data, v, 0); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
