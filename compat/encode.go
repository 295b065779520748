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
	var out []byte
	err := encoder.Scratch(v, htmlSafe, func(b []byte) error {
		var err error
		out, err = syntax.AppendIndent(make([]byte, 0, 2*len(b)), b, prefix, indent)
		return syntaxError(err)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
