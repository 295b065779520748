package semantics

import "strconv"

// StreamCtx names the failures a json.Decoder reports beyond the syntax of
// a value (those are [SyntaxCtx]): calls that do not fit where Token has
// left the stream. Each semantics reports its own set; a Decoder asks
// [StreamError] for the words and never builds them.
type StreamCtx uint8

const (
	// Go 1.26: Decode where Token has left the stream at no value.
	StreamNotAtValue StreamCtx = iota + 1
	// Go 1.26: Decode after an array element, where Token would read ','.
	StreamNeedComma
	// Go 1.26: Decode after an object key, where Token would read ':'.
	StreamNeedColon
	// Go 1.26: Token right after '{' at a byte that starts no key; its
	// message names the byte and nothing else.
	StreamBadFirstKey
	// Go 1.27: a value other than a string where an object key must come.
	StreamNonStringKey
	// Go 1.27: '}' right after an object key and its colon.
	StreamMissingValue
)

// StreamError returns the message of the *json.SyntaxError a Decoder
// reports for ctx; c is the byte found, which only StreamBadFirstKey names.
func StreamError(ctx StreamCtx, c byte) string {
	switch ctx {
	case StreamNotAtValue:
		return "not at beginning of value"
	case StreamNeedComma:
		return "expected comma after array element"
	case StreamNeedColon:
		return "expected colon after object key"
	case StreamBadFirstKey:
		return "invalid character " + strconv.QuoteRune(rune(c))
	case StreamNonStringKey:
		return "object member name must be a string"
	case StreamMissingValue:
		return "missing value after object key"
	}
	panic("semantics: no stream context " + strconv.Itoa(int(ctx)))
}
