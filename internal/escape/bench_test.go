package escape

import (
	"encoding/json"
	"testing"

	"github.com/safejson/safejson/internal/corpus"
)

func benchStrings(b *testing.B, name string) []string {
	data, err := corpus.Load(name)
	if err != nil {
		b.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		b.Fatal(err)
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, v)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for k, e := range v {
				out = append(out, k)
				walk(e)
			}
		}
	}
	walk(v)
	return out
}

func BenchmarkAppendString(b *testing.B) {
	for _, name := range []string{"string_unicode", "twitter_status", "citm_catalog", "synthea_fhir"} {
		strs := benchStrings(b, name)
		n := 0
		for _, s := range strs {
			n += len(s)
		}
		for _, m := range []struct {
			name string
			mode Mode
		}{{"html", HTML}, {"script", Script}} {
			b.Run(name+"/"+m.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(n))
				buf := make([]byte, 0, 4*n)
				for b.Loop() {
					buf = buf[:0]
					for _, s := range strs {
						buf = AppendString(buf, s, m.mode)
					}
				}
			})
		}
	}
}
