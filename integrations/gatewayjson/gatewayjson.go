// Package gatewayjson plugs safejson into grpc-gateway v2 as a
// runtime.Marshaler, in place of runtime.JSONBuiltin.
//
// A marshaler is registered per ServeMux and per MIME type:
//
//	mux := runtime.NewServeMux(
//		runtime.WithMarshalerOption("application/json", &gatewayjson.Marshaler{}),
//		runtime.WithMarshalerOption("text/javascript", &gatewayjson.Marshaler{Policy: policy.New(policy.ScriptSafe())}),
//	)
//
// Marshaler{} writes the bytes and returns the errors of JSONBuiltin, which
// is encoding/json. Like JSONBuiltin it does not know protobuf's JSON
// mapping (oneofs, well-known types): for that the gateway's default
// runtime.JSONPb, built on protojson, is the one to keep.
package gatewayjson

import (
	"io"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/policy"
)

// Marshaler is a runtime.Marshaler that encodes under Policy and decodes
// with compat. The zero Marshaler behaves as runtime.JSONBuiltin.
type Marshaler struct {
	Policy policy.Policy
}

var (
	_ runtime.Marshaler = (*Marshaler)(nil)
	_ runtime.Delimited = (*Marshaler)(nil)
)

// ContentType returns "application/json", as JSONBuiltin does.
func (m *Marshaler) ContentType(any) string {
	return "application/json"
}

// Marshal returns the JSON encoding of v under m.Policy.
func (m *Marshaler) Marshal(v any) ([]byte, error) {
	return m.Policy.Marshal(v)
}

// MarshalIndent is Marshal indented as [encoding/json.MarshalIndent] does.
func (m *Marshaler) MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	return m.Policy.With(policy.Indent(prefix, indent)).Marshal(v)
}

// Unmarshal decodes data into v as [encoding/json.Unmarshal] does.
func (m *Marshaler) Unmarshal(data []byte, v any) error {
	return compat.Unmarshal(data, v)
}

// NewDecoder returns a [compat.Decoder] reading from r.
func (m *Marshaler) NewDecoder(r io.Reader) runtime.Decoder {
	return compat.NewDecoder(r)
}

// NewEncoder returns an encoder writing to w under m.Policy.
func (m *Marshaler) NewEncoder(w io.Writer) runtime.Encoder {
	return m.Policy.NewEncoder(w)
}

// Delimiter separates the messages of a streamed response, as JSONBuiltin's.
func (m *Marshaler) Delimiter() []byte {
	return []byte("\n")
}
