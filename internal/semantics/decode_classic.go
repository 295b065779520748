//go:build !goexperiment.jsonv2 || !go1.27

package semantics

// DecodeNonStringText is the Err of the type error for a non-string value
// decoded into a TextUnmarshaler; the classic decoder gives none.
const DecodeNonStringText = ""

// DecodeNilEmbeddedText is the message of the error for a field promoted
// through a nil pointer to an unexported struct type, followed by the type.
const DecodeNilEmbeddedText = "json: cannot set embedded pointer to unexported struct: "

// DecodeRawEmbedNotObjectText is the Err of the type error for a member
// that an `embed` jsontext.Value holding no object cannot take.
const DecodeRawEmbedNotObjectText = ""

// DecodeFormatText follows the name of a field with a `format` option in
// the Err of the type error for decoding into its struct.
const DecodeFormatText = ""

// DecodeSurrogateText has no use in this semantics: the classic decoder
// unquotes a `,string` string field's string loosely.
func DecodeSurrogateText(what string) string { return "" }
