package compat

import (
	"github.com/safejson/safejson/internal/encoder"
	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/syntax"
)

// htmlSafe is encoding/json's default: <, > and & escaped in strings.
var htmlSafe = encoder.Options{Escape: escape.HTML}

// Marshal returns the JSON encoding of v, exactly as encoding/json.Marshal.
func Marshal(v any) ([]byte, error) {
	return encoder.Marshal(v, htmlSafe)
}

// MarshalIndent is like Marshal but applies Indent to format the output,
// exactly as encoding/json.MarshalIndent.
func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	enc, err := encoder.Encode(v, htmlSafe)
	if err != nil {
		return nil, err
	}
	defer enc.Release()
	b := enc.Bytes()
	out, err := syntax.AppendIndent(make([]byte, 0, 2*len(b)), b, prefix, indent)
	if err != nil {
		return nil, syntaxError(err)
	}
	return out, nil
}
