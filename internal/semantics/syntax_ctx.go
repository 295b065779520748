package semantics

import "strconv"

// SyntaxCtx names the state a JSON lexer is in when the text stops it: what
// it was looking for, or which token it was inside. Lexers report a failure
// as a SyntaxCtx and a position and ask [SyntaxError] for the words; they
// never build or compare error texts themselves.
//
// The position is the one Go 1.26's scanner stops at: the first byte that
// cannot continue the text, or len(text) when the text ends first. For an
// end of text the context is that of the unfinished token (CtxNumber,
// CtxEscape, CtxTrue, CtxString...) or, outside tokens, what was expected
// next.
//
// A lexer that reads a window of its input passes the window as text and
// adds the window's input offset to the offset it gets back. The window
// must hold what the wording looks at, which is only ever the current
// token: from pos, the whole UTF-8 sequence there (up to four bytes, or to
// the end of input); for CtxEscape and CtxHexEscape, the escape from its
// backslash, six bytes or to the end of input; for a literal context, the
// literal from its first byte; for a number context, the number from its
// first byte; for CtxString at the end, the last three bytes of the string.
// Only pass pos == len(text) when the input has really ended.
type SyntaxCtx uint8

const (
	CtxNone      SyntaxCtx = iota // no failure
	CtxValue                      // looking for the first byte of a value
	CtxKey                        // looking for an object key's opening quote
	CtxAfterKey                   // after an object key, where ':' must follow
	CtxAfterPair                  // after an object member, where ',' or '}' must follow
	CtxAfterElem                  // after an array element, where ',' or ']' must follow
	CtxAfterTop                   // after the top-level value, where only space may follow
	CtxString                     // in a string body (a control byte stops it)
	CtxEscape                     // at the byte after a backslash
	CtxHexEscape                  // at one of the four hex digits of a \u escape
	CtxNumber                     // after a number's '-', where a digit must follow
	CtxDecimal                    // after a number's '.', where a digit must follow
	CtxExponent                   // after a number's 'e' and sign, where a digit must follow
	CtxTrue                       // inside the literal true
	CtxFalse                      // inside the literal false
	CtxNull                       // inside the literal null
	CtxDepth                      // at a bracket that opens one level too many

	// CtxLimit is the first value that is not a syntax context. Lexers may
	// number their own non-syntax failures from it up (syntax's hazards).
	CtxLimit
)

// SyntaxEntry names the encoding/json function whose error a failure is
// worded for: the same text fails with different messages or offsets in
// different entry points.
type SyntaxEntry uint8

const (
	// EntryValid is the reading side: Valid, Unmarshal, Decoder.Decode.
	EntryValid SyntaxEntry = iota
	// EntryIndent is Indent.
	EntryIndent
	// EntryCompact is Compact, and the compaction encoding/json applies to
	// MarshalJSON output.
	EntryCompact
)

// MsgEOF is encoding/json's message for text that ends inside a value.
const MsgEOF = "unexpected end of JSON input"

// literalOf is the literal a literal context is inside of.
func literalOf(ctx SyntaxCtx) string {
	switch ctx {
	case CtxTrue:
		return "true"
	case CtxFalse:
		return "false"
	}
	return "null"
}

// literalText is the context of a literal that fails at text[pos]: its
// first byte is the nearest lit[0] before pos (no other byte of true,
// false or null repeats the first).
func literalText(text []byte, pos int, ctx SyntaxCtx) string {
	lit := literalOf(ctx)
	k := 1
	for k < len(lit) && pos-k > 0 && text[pos-k] != lit[0] {
		k++
	}
	return "in literal " + lit + " (expecting " + strconv.QuoteRune(rune(lit[min(k, len(lit)-1)])) + ")"
}

// sharedText is the wording of the contexts that both semantics word
// alike; ok is false for the others.
func sharedText(text []byte, pos int, ctx SyntaxCtx) (words string, ok bool) {
	switch ctx {
	case CtxValue:
		return "looking for beginning of value", true
	case CtxKey:
		return "looking for beginning of object key string", true
	case CtxAfterKey:
		return "after object key", true
	case CtxAfterPair:
		return "after object key:value pair", true
	case CtxAfterTop:
		return "after top-level value", true
	case CtxTrue, CtxFalse, CtxNull:
		return literalText(text, pos, ctx), true
	}
	return "", false
}
