package compat

import (
	"io"

	"github.com/safejson/safejson/internal/encoder"
	"github.com/safejson/safejson/internal/escape"
)

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
