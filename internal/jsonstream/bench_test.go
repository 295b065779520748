package jsonstream

import (
	"bytes"
	"io"
	"testing"

	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/escape"
)

// BenchmarkReencode re-encodes each corpus, as safejson encode does.
func BenchmarkReencode(b *testing.B) {
	for _, name := range corpus.Names() {
		src, err := corpus.Load(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if err := Reencode(io.Discard, bytes.NewReader(src), Options{Escape: escape.HTML}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
