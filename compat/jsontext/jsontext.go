//go:build goexperiment.jsonv2 && go1.27

// Package jsontext is a drop-in for Go 1.27's encoding/json/jsontext: import
// github.com/safejson/safejson/compat/jsontext in its place.
//
// Every type is an alias of the standard library's ([Encoder], [Decoder],
// [Token], [Value], [Kind], [Pointer], [SyntacticError], [Options]), so
// tokens, values, options and errors pass freely between code that imports
// this package and code that imports encoding/json/jsontext. The functions call the standard library's:
// this package is the syntactic layer that
// [github.com/safejson/safejson/compat/v2] reads and writes through, and
// its Encoder and Decoder are the ones user methods such as MarshalJSONTo
// are written against.
//
// The tokens [Null], [False], [True], [BeginObject], [EndObject],
// [BeginArray] and [EndArray] and the errors [ErrDuplicateName] and
// [ErrNonStringName] are encoding/json/jsontext's own values, re-exported:
// a token of either package is the same token, and the errors match with
// [errors.Is] whichever package spelled them. They are the only exported variables in safejson, and
// nothing in safejson reads them, so assigning to one changes no output.
// Left out is Internal, a hook between the standard library's own
// packages.
//
// Like the standard library's package, this one exists only in builds where
// encoding/json runs on encoding/json/v2: Go 1.27 without
// GOEXPERIMENT=nojsonv2.
package jsontext

import (
	"io"

	"encoding/json/jsontext"
)

type (
	// Decoder is encoding/json/jsontext's [jsontext.Decoder].
	Decoder = jsontext.Decoder
	// Encoder is encoding/json/jsontext's [jsontext.Encoder].
	Encoder = jsontext.Encoder
	// Kind is encoding/json/jsontext's [jsontext.Kind].
	Kind = jsontext.Kind
	// Options is encoding/json/jsontext's [jsontext.Options].
	Options = jsontext.Options
	// Pointer is encoding/json/jsontext's [jsontext.Pointer].
	Pointer = jsontext.Pointer
	// SyntacticError is encoding/json/jsontext's [jsontext.SyntacticError].
	SyntacticError = jsontext.SyntacticError
	// Token is encoding/json/jsontext's [jsontext.Token].
	Token = jsontext.Token
	// Value is encoding/json/jsontext's [jsontext.Value].
	Value = jsontext.Value
)

// The kinds of [Token] and [Value], as in encoding/json/jsontext.
const (
	KindInvalid     = jsontext.KindInvalid
	KindNull        = jsontext.KindNull
	KindFalse       = jsontext.KindFalse
	KindTrue        = jsontext.KindTrue
	KindString      = jsontext.KindString
	KindNumber      = jsontext.KindNumber
	KindBeginObject = jsontext.KindBeginObject
	KindEndObject   = jsontext.KindEndObject
	KindBeginArray  = jsontext.KindBeginArray
	KindEndArray    = jsontext.KindEndArray
)

// The tokens of the JSON literals and delimiters: encoding/json/jsontext's
// values.
var (
	Null        = jsontext.Null
	False       = jsontext.False
	True        = jsontext.True
	BeginObject = jsontext.BeginObject
	EndObject   = jsontext.EndObject
	BeginArray  = jsontext.BeginArray
	EndArray    = jsontext.EndArray
)

// The errors an Encoder or Decoder wraps for a repeated member name and for
// a member name that is not a string: encoding/json/jsontext's values, so
// errors.Is matches them against either package's.
var (
	ErrDuplicateName = jsontext.ErrDuplicateName
	ErrNonStringName = jsontext.ErrNonStringName
)

// NewDecoder returns a [Decoder] reading from r, as [jsontext.NewDecoder].
func NewDecoder(r io.Reader, opts ...Options) *Decoder { return jsontext.NewDecoder(r, opts...) }

// NewEncoder returns an [Encoder] writing to w, as [jsontext.NewEncoder].
func NewEncoder(w io.Writer, opts ...Options) *Encoder { return jsontext.NewEncoder(w, opts...) }

// Bool returns the true or false token, as [jsontext.Bool].
func Bool(b bool) Token { return jsontext.Bool(b) }

// Float returns a number token for n, as [jsontext.Float].
func Float(n float64) Token { return jsontext.Float(n) }

// Float32 returns a number token for n, as [jsontext.Float32].
func Float32(n float32) Token { return jsontext.Float32(n) }

// Int returns a number token for n, as [jsontext.Int].
func Int(n int64) Token { return jsontext.Int(n) }

// Uint returns a number token for n, as [jsontext.Uint].
func Uint(n uint64) Token { return jsontext.Uint(n) }

// String returns a string token for s, as [jsontext.String].
func String(s string) Token { return jsontext.String(s) }

// AppendFloat appends src formatted as a JSON number, as
// [jsontext.AppendFloat].
func AppendFloat(dst []byte, src float64, bits int) []byte {
	return jsontext.AppendFloat(dst, src, bits)
}

// AppendFormat appends the JSON value src formatted by opts, as
// [jsontext.AppendFormat].
func AppendFormat[Bytes ~[]byte | ~string](dst []byte, src Bytes, opts ...Options) ([]byte, error) {
	return jsontext.AppendFormat(dst, src, opts...)
}

// AppendQuote appends src as a JSON string, as [jsontext.AppendQuote].
func AppendQuote[Bytes ~[]byte | ~string](dst []byte, src Bytes) ([]byte, error) {
	return jsontext.AppendQuote(dst, src)
}

// AppendUnquote appends the contents of the JSON string src, as
// [jsontext.AppendUnquote].
func AppendUnquote[Bytes ~[]byte | ~string](dst []byte, src Bytes) ([]byte, error) {
	return jsontext.AppendUnquote(dst, src)
}

// AllowDuplicateNames is [jsontext.AllowDuplicateNames].
func AllowDuplicateNames(v bool) Options { return jsontext.AllowDuplicateNames(v) }

// AllowInvalidUTF8 is [jsontext.AllowInvalidUTF8].
func AllowInvalidUTF8(v bool) Options { return jsontext.AllowInvalidUTF8(v) }

// CanonicalizeRawFloats is [jsontext.CanonicalizeRawFloats].
func CanonicalizeRawFloats(v bool) Options { return jsontext.CanonicalizeRawFloats(v) }

// CanonicalizeRawInts is [jsontext.CanonicalizeRawInts].
func CanonicalizeRawInts(v bool) Options { return jsontext.CanonicalizeRawInts(v) }

// EscapeForHTML is [jsontext.EscapeForHTML].
func EscapeForHTML(v bool) Options { return jsontext.EscapeForHTML(v) }

// EscapeForJS is [jsontext.EscapeForJS].
func EscapeForJS(v bool) Options { return jsontext.EscapeForJS(v) }

// Multiline is [jsontext.Multiline].
func Multiline(v bool) Options { return jsontext.Multiline(v) }

// PreserveRawStrings is [jsontext.PreserveRawStrings].
func PreserveRawStrings(v bool) Options { return jsontext.PreserveRawStrings(v) }

// ReorderRawObjects is [jsontext.ReorderRawObjects].
func ReorderRawObjects(v bool) Options { return jsontext.ReorderRawObjects(v) }

// SpaceAfterColon is [jsontext.SpaceAfterColon].
func SpaceAfterColon(v bool) Options { return jsontext.SpaceAfterColon(v) }

// SpaceAfterComma is [jsontext.SpaceAfterComma].
func SpaceAfterComma(v bool) Options { return jsontext.SpaceAfterComma(v) }

// WithIndent is [jsontext.WithIndent].
func WithIndent(indent string) Options { return jsontext.WithIndent(indent) }

// WithIndentPrefix is [jsontext.WithIndentPrefix].
func WithIndentPrefix(prefix string) Options { return jsontext.WithIndentPrefix(prefix) }
