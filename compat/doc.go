// Package compat is a drop-in replacement for encoding/json.
//
// It has exactly the exported API of Go 1.26's encoding/json, and with no
// options it writes the same bytes and returns errors of the same types with
// the same messages. Swapping the import is the whole migration:
//
//	import json "github.com/safejson/safejson/compat"
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
