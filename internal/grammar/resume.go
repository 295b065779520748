package grammar

import (
	"encoding/binary"
	"math/bits"

	"github.com/safejson/safejson/internal/semantics"
)

// The token rules in resumable form, for readers of streams: a token can be
// given in pieces, and a Partial records where inside it the scan stopped,
// so that going on never reads a byte of the token twice. Each Resume
// function reads src[i:], which may end anywhere, and reports one of:
//   - an error: ctx is not CtxNone, and end is the position of the byte
//     that breaks the token (never len(src)), as the in-memory rule reports
//     it;
//   - the end of the token: the Partial is Done and end is just past the
//     token;
//   - need more: the Partial is not Done and end is len(src). Call again
//     with more text after it, from end, with that Partial; or, when the
//     input has ended, ask the Partial's AtEnd.
//
// No function reads before i or past len(src), and each call either reads
// to len(src) or stops at the token's end or error, so a caller that feeds
// the input a piece at a time cannot loop.

// Partial is where a resumable scan stopped inside a token.
type Partial uint8

// ResumeFunc is the form of the resumable rules: ResumeString,
// ResumeNumber and ResumeLiteral.
type ResumeFunc func(src []byte, i int, p Partial) (int, Partial, semantics.SyntaxCtx)

// The Partials a caller starts from, and Done.
const (
	Done         Partial = iota // the token ended: not inside one
	StringBody                  // in a string body: start after the opening quote
	NumberStart                 // before a number's first byte, '-' or a digit
	LiteralStart                // before the first byte of true, false or null

	strEscape // after a backslash
	strHex0   // after \u, then after each of its four hex digits but the last
	strHex1
	strHex2
	strHex3

	numMinus // after the '-'
	numZero  // after the integer, which cannot take another digit
	numInt   // in the integer's digits
	numDot   // after the '.'
	numFrac  // in the fraction's digits
	numE     // after the 'e' or 'E'
	numSign  // after the exponent's sign
	numExp   // in the exponent's digits

	litTrue  // "t" matched; each byte of "true" matched after it adds one
	litFalse = litTrue + 3
	litNull  = litFalse + 4
)

// AtEnd returns CtxNone if the input may end in p, the token being whole
// there (a number in its digits, or Done), and otherwise the context of the
// error at the end of input.
func (p Partial) AtEnd() semantics.SyntaxCtx {
	switch {
	case p == Done, p == numZero, p == numInt, p == numFrac, p == numExp:
		return semantics.CtxNone
	case p == NumberStart, p == LiteralStart:
		return semantics.CtxValue
	case p == StringBody:
		return semantics.CtxString
	case p == strEscape:
		return semantics.CtxEscape
	case p <= strHex3:
		return semantics.CtxHexEscape
	case p == numMinus:
		return semantics.CtxNumber
	case p == numDot:
		return semantics.CtxDecimal
	case p <= numSign:
		return semantics.CtxExponent
	}
	_, _, ctx := literalOf(p)
	return ctx
}

// ResumeString goes on with a string body from src[i] in p, which is
// StringBody or where an earlier call stopped in this string. Its loop is
// ScanString's, kept in step by hand (FuzzResume holds the two equal):
// calling ScanString instead cost the stream Decoders 2-3% more
// instructions, one call more a string.
func ResumeString(src []byte, i int, p Partial) (int, Partial, semantics.SyntaxCtx) {
	var ctx semantics.SyntaxCtx
	if p != StringBody {
		if i, p, ctx = resumeEscape(src, i, p); p != StringBody || ctx != semantics.CtxNone {
			return i, p, ctx
		}
	}
	for {
		for len(src)-i >= 8 {
			if m := PlainMask(binary.LittleEndian.Uint64(src[i:])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			i += 8
		}
		for i < len(src) && !Is(src[i], StopPlain) {
			i++
		}
		if i >= len(src) {
			return i, StringBody, semantics.CtxNone
		}
		switch src[i] {
		case '"':
			return i + 1, Done, semantics.CtxNone
		case '\\':
			// A whole \uXXXX in one table lookup per digit, as ScanString.
			if len(src)-i >= 6 && src[i+1] == 'u' &&
				hexValue[src[i+2]]|hexValue[src[i+3]]|hexValue[src[i+4]]|hexValue[src[i+5]] >= 0 {
				i += 6
				continue
			}
			if i, p, ctx = resumeEscape(src, i+1, strEscape); p != StringBody || ctx != semantics.CtxNone {
				return i, p, ctx
			}
		default:
			return i, StringBody, semantics.CtxString
		}
	}
}

// resumeEscape goes on with an escape from src[i] in p, strEscape or a
// strHex state, and returns StringBody once the escape is whole.
func resumeEscape(src []byte, i int, p Partial) (int, Partial, semantics.SyntaxCtx) {
	if p == strEscape {
		if i >= len(src) {
			return i, p, semantics.CtxNone
		}
		switch src[i] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			return i + 1, StringBody, semantics.CtxNone
		case 'u':
			i, p = i+1, strHex0
		default:
			return i, p, semantics.CtxEscape
		}
	}
	for ; i < len(src); i++ {
		if !IsHex(src[i]) {
			return i, p, semantics.CtxHexEscape
		}
		if p == strHex3 {
			return i + 1, StringBody, semantics.CtxNone
		}
		p++
	}
	return i, p, semantics.CtxNone
}

// ResumeNumber goes on with a number from src[i] in p, which is NumberStart
// or where an earlier call stopped in this number. A number can go on as
// long as its input does: at the end of input, AtEnd says whether it is
// whole.
func ResumeNumber(src []byte, i int, p Partial) (int, Partial, semantics.SyntaxCtx) {
	n := len(src)
	switch p {
	case numMinus:
		goto minus
	case numZero:
		goto afterInt
	case numInt:
		goto intDigits
	case numDot:
		goto dot
	case numFrac:
		goto frac
	case numE:
		goto exponent
	case numSign:
		goto sign
	case numExp:
		goto expDigits
	}
	if i >= n {
		return i, NumberStart, semantics.CtxNone
	}
	if src[i] == '-' {
		i++
	}
minus:
	if i >= n {
		return i, numMinus, semantics.CtxNone
	}
	if !IsDigit(src[i]) {
		return i, numMinus, semantics.CtxNumber
	}
	if src[i] == '0' {
		i++
		goto afterInt
	}
	i++
intDigits:
	if i = SkipDigits(src, i); i >= n {
		return i, numInt, semantics.CtxNone
	}
afterInt:
	if i >= n {
		return i, numZero, semantics.CtxNone
	}
	if src[i] != '.' {
		goto afterFrac
	}
	i++
dot:
	if i >= n {
		return i, numDot, semantics.CtxNone
	}
	if !IsDigit(src[i]) {
		return i, numDot, semantics.CtxDecimal
	}
	i++
frac:
	if i = SkipDigits(src, i); i >= n {
		return i, numFrac, semantics.CtxNone
	}
afterFrac:
	if src[i]|0x20 != 'e' {
		return i, Done, semantics.CtxNone
	}
	i++
exponent:
	if i >= n {
		return i, numE, semantics.CtxNone
	}
	if src[i] == '+' || src[i] == '-' {
		i++
	}
sign:
	if i >= n {
		return i, numSign, semantics.CtxNone
	}
	if !IsDigit(src[i]) {
		return i, numSign, semantics.CtxExponent
	}
	i++
expDigits:
	if i = SkipDigits(src, i); i >= n {
		return i, numExp, semantics.CtxNone
	}
	return i, Done, semantics.CtxNone
}

// ResumeLiteral goes on with true, false or null from src[i] in p, which is
// LiteralStart or where an earlier call stopped in this literal. From
// LiteralStart, the first byte picks the literal, as in ScanLiteral.
func ResumeLiteral(src []byte, i int, p Partial) (int, Partial, semantics.SyntaxCtx) {
	if p == LiteralStart {
		if i >= len(src) {
			return i, p, semantics.CtxNone
		}
		switch src[i] {
		case 't':
			p = litTrue
		case 'f':
			p = litFalse
		default:
			p = litNull
		}
		i++
	}
	lit, k, ctx := literalOf(p)
	for ; k < len(lit); k++ {
		if i >= len(src) {
			return i, p, semantics.CtxNone
		}
		if src[i] != lit[k] {
			return i, p, ctx
		}
		i, p = i+1, p+1
	}
	return i, Done, semantics.CtxNone
}

// literalOf is the literal a literal Partial is in, how many of its bytes
// have matched, and the context of an error in it.
func literalOf(p Partial) (lit string, matched int, ctx semantics.SyntaxCtx) {
	switch {
	case p < litFalse:
		return "true", int(p-litTrue) + 1, semantics.CtxTrue
	case p < litNull:
		return "false", int(p-litFalse) + 1, semantics.CtxFalse
	}
	return "null", int(p-litNull) + 1, semantics.CtxNull
}
