// Package ginjson plugs safejson into gin through gin's codec/json API.
//
// gin reads its JSON codec from one package variable, json.API, so the
// choice is process-wide: it is gin's design, and the only hook gin has.
// Set it once, before the engine serves:
//
//	json.API = ginjson.Codec{}                                         // exactly encoding/json
//	json.API = ginjson.Codec{Policy: policy.New(policy.ScriptSafe())} // safe inside <script>
//
// Codec{} writes the bytes and returns the errors of encoding/json, as
// gin's default codec does. Decoding always runs [compat.Decoder] and
// [compat.Unmarshal], so gin's binding.EnableDecoderUseNumber and
// binding.EnableDecoderDisallowUnknownFields keep working.
package ginjson

import (
	"io"

	"github.com/gin-gonic/gin/codec/json"
	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/policy"
)

// Codec is a gin json.Core that encodes under Policy and decodes with
// compat. The zero Codec behaves as encoding/json.
type Codec struct {
	Policy policy.Policy
}

var _ json.Core = Codec{}

// Marshal returns the JSON encoding of v under c.Policy.
func (c Codec) Marshal(v any) ([]byte, error) {
	return c.Policy.Marshal(v)
}

// Unmarshal decodes data into v as [encoding/json.Unmarshal] does.
func (c Codec) Unmarshal(data []byte, v any) error {
	return compat.Unmarshal(data, v)
}

// MarshalIndent is Marshal with c.Policy's indentation replaced by prefix
// and indent, as [encoding/json.MarshalIndent] does.
func (c Codec) MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	return c.Policy.With(policy.Indent(prefix, indent)).Marshal(v)
}

// NewEncoder returns an encoder writing to w under c.Policy; gin's PureJSON
// calls its SetEscapeHTML(false), which cannot weaken a ScriptSafe policy.
func (c Codec) NewEncoder(w io.Writer) json.Encoder {
	return &encoder{w: w, p: c.Policy}
}

// NewDecoder returns a [compat.Decoder] reading from r.
func (c Codec) NewDecoder(r io.Reader) json.Decoder {
	return compat.NewDecoder(r)
}

type encoder struct {
	w   io.Writer
	p   policy.Policy
	enc *policy.Encoder // built on first Encode, after any SetEscapeHTML
}

func (e *encoder) SetEscapeHTML(on bool) {
	e.p = e.p.With(policy.EscapeHTML(on))
	e.enc = nil
}

func (e *encoder) Encode(v any) error {
	if e.enc == nil {
		e.enc = e.p.NewEncoder(e.w)
	}
	return e.enc.Encode(v)
}
