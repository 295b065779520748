//go:build goexperiment.jsonv2 && go1.27 && !nosafejson

package bench

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"io"
	"testing"

	ours "github.com/safejson/safejson/compat/v2"
)

// BenchmarkV2StreamPaths times the ways compat/v2 could serve MarshalEncode
// and UnmarshalDecode, whose *jsontext.Encoder and *jsontext.Decoder are
// the standard library's: the standard library's own call, and the
// engine's Marshal or Unmarshal with the value handed over or read whole
// through the public jsontext API (WriteValue, ReadValue), which checks
// and copies it again. alone is that API call by itself.
func BenchmarkV2StreamPaths(b *testing.B) {
	for _, in := range inputs(b) {
		if !in.UnmarshalOnly {
			for _, path := range []string{"std", "engine+WriteValue", "WriteValue"} {
				b.Run("op=MarshalEncode/corpus="+in.Name+"/path="+path, func(b *testing.B) {
					enc := jsontext.NewEncoder(io.Discard)
					text, err := ours.Marshal(in.Value)
					if err != nil {
						b.Fatal(err)
					}
					b.SetBytes(int64(len(text)))
					for b.Loop() {
						switch path {
						case "std":
							err = jsonv2.MarshalEncode(enc, in.Value)
						case "engine+WriteValue":
							if text, err = ours.Marshal(in.Value); err == nil {
								err = enc.WriteValue(text)
							}
						case "WriteValue":
							err = enc.WriteValue(text)
						}
						if err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
		for _, path := range []string{"std", "ReadValue+engine", "ReadValue"} {
			b.Run("op=UnmarshalDecode/corpus="+in.Name+"/path="+path, func(b *testing.B) {
				r := bytes.NewReader(in.Data)
				dec := jsontext.NewDecoder(r)
				b.SetBytes(int64(len(in.Data)))
				for b.Loop() {
					r.Reset(in.Data)
					dec.Reset(r)
					var err error
					switch path {
					case "std":
						err = jsonv2.UnmarshalDecode(dec, in.New())
					case "ReadValue+engine":
						var v jsontext.Value
						if v, err = dec.ReadValue(); err == nil {
							err = ours.Unmarshal(v, in.New())
						}
					case "ReadValue":
						_, err = dec.ReadValue()
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
