package decoder

import (
	"encoding/json"
	"testing"

	"github.com/safejson/safejson/internal/corpus"
)

// corpusCases are the benchmark inputs: each corpus into its Go type and
// into any.
func corpusCases(t testing.TB) []struct {
	name string
	data []byte
	mk   func() any
} {
	var cs []struct {
		name string
		data []byte
		mk   func() any
	}
	for _, c := range corpus.Typed() {
		data, err := corpus.Load(c.Name)
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, struct {
			name string
			data []byte
			mk   func() any
		}{c.Name, data, c.New}, struct {
			name string
			data []byte
			mk   func() any
		}{c.Name + "_any", data, func() any { return new(any) }})
	}
	return cs
}

func TestCorpora(t *testing.T) {
	for _, c := range corpusCases(t) {
		if d := diffUnmarshal(c.data, c.mk, Options{}); d != "" {
			t.Errorf("%s: %s", c.name, d)
		}
		// Into a value already filled by a first decode: the path that
		// validates first and merges.
		refill := func() any {
			v := c.mk()
			if err := json.Unmarshal(c.data, v); err != nil {
				t.Fatal(err)
			}
			return v
		}
		if d := diffUnmarshal(c.data, refill, Options{}); d != "" {
			t.Errorf("%s, refilled: %s", c.name, d)
		}
	}
}

func BenchmarkUnmarshal(b *testing.B) {
	for _, c := range corpusCases(b) {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.data)))
			for b.Loop() {
				if err := Unmarshal(c.data, c.mk(), Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkUnmarshalSmall(b *testing.B) {
	data := []byte(`{"id":1042,"name":"gopher","admin":true,"score":9.5,"tags":["go"]}`)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var v Small
		if err := Unmarshal(data, &v, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// Decoders are compiled and cached while other goroutines decode; run with
// -race.
func TestConcurrentUnmarshal(t *testing.T) {
	in := []byte(`{"I":1,"S":"x","SS":[{"x":1}],"A":[1,"a"],"M":{"k":2},"Tm":"2024-03-05T07:08:09Z"}`)
	done := make(chan error)
	for g := range 4 {
		go func() {
			var err error
			for range 50 {
				if g%2 == 0 {
					err = Unmarshal(in, new(All), Options{})
				} else {
					err = newDecoder(bytesReader(in)).Decode(new(any))
				}
				if err != nil {
					break
				}
			}
			done <- err
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

func BenchmarkUnmarshalEscaped(b *testing.B) {
	data, err := corpus.Load("string_escaped")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var v map[string]string
		if err := Unmarshal(data, &v, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
