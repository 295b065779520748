package compat

import (
	"encoding/json"
	"io"

	"github.com/safejson/safejson/internal/encoder"
	"github.com/safejson/safejson/internal/escape"
)

// Unmarshal parses the JSON-encoded data and stores the result in the value
// pointed to by v, exactly as encoding/json.Unmarshal (to which it currently
// delegates).
func Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

// An Encoder writes JSON values to an output stream.
type Encoder struct {
	s    *encoder.Stream
	opts encoder.Options
}

// NewEncoder returns a new encoder that writes to w.
func NewEncoder(w io.Writer) *Encoder {
	return &Encoder{s: encoder.NewStream(w), opts: htmlSafe}
}

// Encode writes the JSON encoding of v to the stream, followed by a newline.
// Nothing is written if encoding fails.
func (enc *Encoder) Encode(v any) error { return enc.s.Encode(v, enc.opts) }

// SetIndent makes the encoder format each subsequent value as if indented by
// the package-level function Indent(dst, src, prefix, indent). As in
// encoding/json, empty prefix and indent turn indentation off.
func (enc *Encoder) SetIndent(prefix, indent string) {
	enc.opts.Indented = prefix != "" || indent != ""
	enc.opts.Prefix, enc.opts.Indent = prefix, indent
}

// SetEscapeHTML specifies whether problematic HTML characters should be
// escaped inside JSON quoted strings. The default is true.
func (enc *Encoder) SetEscapeHTML(on bool) {
	enc.opts.Escape = escape.Plain
	if on {
		enc.opts.Escape = escape.HTML
	}
}

// A Decoder reads and decodes JSON values from an input stream. It currently
// delegates to encoding/json's Decoder.
type Decoder struct {
	d *json.Decoder
}

// NewDecoder returns a new decoder that reads from r.
func NewDecoder(r io.Reader) *Decoder { return &Decoder{d: json.NewDecoder(r)} }

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
