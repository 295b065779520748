package compat

import (
	"bytes"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/syntax"
)

// Valid reports whether data is a valid JSON encoding.
func Valid(data []byte) bool { return syntax.Valid(data) }

// Compact appends to dst the JSON-encoded src with insignificant space
// characters elided. On error nothing is written.
func Compact(dst *bytes.Buffer, src []byte) error {
	dst.Grow(len(src))
	b, err := syntax.AppendCompact(dst.AvailableBuffer(), src, false)
	dst.Write(b)
	return grammar.AsJSON(err)
}

// Indent appends to dst an indented form of the JSON-encoded src, as
// encoding/json.Indent does. On error nothing is written.
func Indent(dst *bytes.Buffer, src []byte, prefix, indent string) error {
	// Twice src, as encoding/json grows it; where twice does not fit in an
	// int (32-bit machines) it overflows, and IndentRoom is the larger.
	dst.Grow(max(2*len(src), syntax.IndentRoom(len(src))))
	b, err := syntax.AppendIndent(dst.AvailableBuffer(), src, prefix, indent)
	dst.Write(b)
	return grammar.AsJSON(err)
}

// HTMLEscape appends to dst the JSON-encoded src with <, >, &, U+2028 and
// U+2029 characters inside string literals changed to \u003c, \u003e,
// \u0026, \u2028, \u2029.
func HTMLEscape(dst *bytes.Buffer, src []byte) {
	dst.Grow(len(src))
	dst.Write(syntax.AppendHTMLEscape(dst.AvailableBuffer(), src))
}
