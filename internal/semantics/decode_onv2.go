//go:build goexperiment.jsonv2 && go1.27

package semantics

// DecodeNonStringText is the Err of the type error for a non-string value
// decoded into a TextUnmarshaler.
const DecodeNonStringText = "JSON value must be string type"

// DecodeNilEmbeddedText is the Err of the type error, naming the outer
// struct, for a field promoted through a nil pointer to an unexported
// struct type.
const DecodeNilEmbeddedText = "cannot set embedded pointer to unexported struct type"

// DecodeRawEmbedNotObjectText is the Err of the type error for a member
// that an `embed` jsontext.Value holding no object cannot take.
const DecodeRawEmbedNotObjectText = "embedded raw value must be a JSON object"

// DecodeFormatText follows the name of a field with a `format` option in
// the Err of the type error for decoding into its struct.
const DecodeFormatText = "has unsupported `format` tag option"

// DecodeNonSingularText and DecodeUnsupportedMutationText are the errors,
// as v1 on v2 reports them, of an UnmarshalJSONFrom method that read other
// than one value, or read and then returned errors.ErrUnsupported.
const (
	DecodeNonSingularText         = "must read or write exactly one value"
	DecodeUnsupportedMutationText = "unsupported calls must not read or write any tokens"
)

// DecodeNonNilReferenceText and DecodeNilInterfaceText are the texts of
// encoding/json/v2's errors for a target that is not a non-nil pointer, and
// for a nil interface with methods.
const (
	DecodeNonNilReferenceText = "value must be passed as a non-nil pointer reference"
	DecodeNilInterfaceText    = "cannot derive concrete type for nil interface with finite type set"
)

// DecodeUnexpectedEndText is the syntax error for input that ends where
// v1 on v2 reads on after a method that read too much.
const DecodeUnexpectedEndText = "unexpected end of JSON input"

// DecodeSurrogateText is jsontext's error for the bad surrogate escape what
// in the string that a `,string` string field holds.
func DecodeSurrogateText(what string) string {
	return "invalid surrogate pair " + quoteText(what) + " in string"
}
