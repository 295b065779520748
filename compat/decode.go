package compat

import (
	"io"

	"github.com/safejson/safejson/internal/decoder"
	"github.com/safejson/safejson/internal/streamdecoder"
)

// Unmarshal parses the JSON-encoded data and stores the result in the value
// pointed to by v, exactly as [encoding/json.Unmarshal] does.
func Unmarshal(data []byte, v any) error { return decoder.Unmarshal(data, v, decoder.Options{}) }

// A Decoder reads and decodes JSON values from an input stream.
type Decoder struct {
	d *streamdecoder.Decoder
}

// NewDecoder returns a new decoder that reads from r.
func NewDecoder(r io.Reader) *Decoder { return &Decoder{d: streamdecoder.NewDecoder(r, decodeValid)} }

// decodeValid is the engine behind a Decoder: each value the stream
// decoder reads is decoded as Unmarshal decodes it.
func decodeValid(data []byte, v any, o streamdecoder.Options) error {
	return decoder.DecodeValid(data, v, decoder.Options(o))
}

// UseNumber causes the Decoder to unmarshal a number into an any as a
// Number instead of as a float64.
func (dec *Decoder) UseNumber() { dec.d.UseNumber() }

// DisallowUnknownFields causes the Decoder to return an error when the
// destination is a struct and the input contains object keys which do not
// match any non-ignored, exported fields in the destination.
func (dec *Decoder) DisallowUnknownFields() { dec.d.DisallowUnknownFields() }

// Decode reads the next JSON-encoded value from its input and stores it in
// the value pointed to by v.
func (dec *Decoder) Decode(v any) error { return dec.d.Decode(v) }

// Buffered returns a reader of the data remaining in the Decoder's buffer.
func (dec *Decoder) Buffered() io.Reader { return dec.d.Buffered() }

// Token returns the next JSON token in the input stream. At the end of the
// input stream, Token returns nil, io.EOF.
func (dec *Decoder) Token() (Token, error) { return dec.d.Token() }

// More reports whether there is another element in the current array or
// object being parsed.
func (dec *Decoder) More() bool { return dec.d.More() }

// InputOffset returns the input stream byte offset of the current decoder
// position.
func (dec *Decoder) InputOffset() int64 { return dec.d.InputOffset() }
