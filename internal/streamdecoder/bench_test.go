package streamdecoder_test

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"github.com/safejson/safejson/internal/corpus"
)

// chunkReader reads at most 512 bytes a call, as a network stream might
// deliver them, so the Decoder stops inside tokens and goes on.
type chunkReader struct{ r *bytes.Reader }

func (c chunkReader) Read(p []byte) (int, error) { return c.r.Read(p[:min(len(p), 512)]) }

// BenchmarkDecoder frames each corpus, read in 512-byte pieces: whole, as
// one value into a RawMessage, and token by token.
func BenchmarkDecoder(b *testing.B) {
	for _, name := range corpus.Names() {
		src, err := corpus.Load(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name+"/value", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				var raw json.RawMessage
				if err := newDecoder(chunkReader{bytes.NewReader(src)}).Decode(&raw); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/tokens", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				dec := newDecoder(chunkReader{bytes.NewReader(src)})
				for {
					if _, err := dec.Token(); err == io.EOF {
						break
					} else if err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
