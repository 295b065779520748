// Package compat is a drop-in replacement for encoding/json.
//
// It has exactly the exported API of the encoding/json of the toolchain
// that builds it, and with no options it writes the same bytes and returns
// errors of the same types with the same messages. Swapping the import is
// the whole migration:
//
//	import json "github.com/safejson/safejson/compat"
//
// That encoding/json is Go 1.26's classic implementation, or Go 1.27's,
// which implements v1 on top of encoding/json/v2 unless built with
// GOEXPERIMENT=nojsonv2. compat picks the same semantics at compile time, by
// the same build constraint: under Go 1.27 it writes invalid UTF-8 as a raw
// U+FFFD, follows v2's tag rules (`embed`, `case:ignore`, `case:strict`, the
// error for `format`), calls MarshalJSONTo, UnmarshalJSONFrom and
// AppendText methods (with the standard library's own jsontext Encoder and
// Decoder), and reports v1-on-v2's errors and offsets. It then also exports
// Options and its constructors, which are encoding/json's own values.
//
// The types shared with encoding/json (RawMessage, Number, Marshaler,
// Unmarshaler, Token, Delim and every error type) are aliases, so values and
// errors pass between the two packages freely and errors.As matches either
// spelling.
//
// # Encoding
//
// Marshal, MarshalIndent and Encoder run safejson's own engine: per-type
// encoders compiled once and cached, table-driven string escaping and one
// output buffer. Valid, Compact, Indent and HTMLEscape run safejson's own
// syntax layer.
//
// # Decoding
//
// Unmarshal and Decoder run safejson's own decoder (internal/decoder):
// per-type decoders compiled once and cached, with encoding/json's values,
// errors and offsets. Strings decoded in one call share a few larger
// allocations, so a string that is kept keeps its chunk alive.
package compat
