package syntax

import "strconv"

// SyntaxErr carries the message and offset of a syntax error, exactly as
// encoding/json's *SyntaxError would hold them. (The compat package converts
// it to *json.SyntaxError, whose msg field is unexported.)
type SyntaxErr struct {
	Msg    string
	Offset int64
}

func (e *SyntaxErr) Error() string { return e.Msg }

// MsgEOF doubles as the failure context for running out of input: it is the
// only failure whose message is not "invalid character ...".
const MsgEOF = "unexpected end of JSON input"

// Failure contexts, worded as encoding/json's scanner words them. A syntax
// error's message is "invalid character 'c' " followed by one of them.
// They are exported for the stream re-encoder, which must word its errors
// the same way.
const (
	CtxValue      = "looking for beginning of value"
	CtxKey        = "looking for beginning of object key string"
	CtxAfterKey   = "after object key"
	CtxAfterPair  = "after object key:value pair"
	CtxAfterElem  = "after array element"
	CtxAfterTop   = "after top-level value"
	CtxString     = "in string literal"
	CtxEscape     = "in string escape code"
	CtxHexEscape  = `in \u hexadecimal character escape`
	CtxNumber     = "in numeric literal"
	CtxDecimal    = "after decimal point in numeric literal"
	CtxExponent   = "in exponent of numeric literal"
	CtxDepthLimit = "exceeded max depth"
)

// newSyntaxErr describes the failure ctx found at src[pos]. pos == len(src)
// means the input ended; encoding/json then feeds its state machine a space,
// so that is the character the message names.
//
// counted selects the offset convention: encoding/json counts bytes read
// (pos+1, or len(src) at the end) everywhere except Compact, which reports 0.
func newSyntaxErr(src []byte, pos int, ctx string, counted bool) *SyntaxErr {
	var off int64
	if counted {
		off = int64(min(pos+1, len(src)))
	}
	if ctx == MsgEOF {
		return &SyntaxErr{Msg: MsgEOF, Offset: off}
	}
	c := byte(' ')
	if pos < len(src) {
		c = src[pos]
	}
	return &SyntaxErr{Msg: "invalid character " + quoteChar(c) + " " + ctx, Offset: off}
}

// quoteChar formats c the way encoding/json's error messages do: the byte is
// read as a Latin-1 rune and quoted as a Go rune literal: a single quote is
// backslash-escaped, a double quote is not, and non-printables come out as
// \x01 or \u0085.
func quoteChar(c byte) string {
	return strconv.QuoteRune(rune(c))
}

// literalCtx is the context for a mismatch at lit[k] inside a literal.
func literalCtx(lit string, k int) string {
	return "in literal " + lit + " (expecting '" + lit[k:k+1] + "')"
}
