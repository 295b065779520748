package compat

import (
	"github.com/safejson/safejson/internal/encoder"
	"github.com/safejson/safejson/internal/escape"
)

// htmlSafe is encoding/json's default: <, > and & escaped in strings.
var htmlSafe = encoder.Options{Escape: escape.HTML}

// Marshal returns the JSON encoding of v, exactly as [encoding/json.Marshal].
func Marshal(v any) ([]byte, error) {
	return encoder.Marshal(v, htmlSafe)
}

// MarshalIndent is like [Marshal] but applies [Indent] to format the output,
// exactly as [encoding/json.MarshalIndent].
func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	o := htmlSafe
	o.Indented, o.Prefix, o.Indent = true, prefix, indent
	return encoder.Marshal(v, o)
}
