//go:build !goexperiment.jsonv2 || !go1.27

package semantics

import "strconv"

// SyntaxError returns the message and Offset of the *json.SyntaxError that
// entry reports for text failing at text[pos] in ctx (see [SyntaxCtx]).
// The offset counts from text[0].
//
// Go 1.26 names the failing byte as a Latin-1 rune and counts the bytes read
// up to and including it (len(text) at the end); Compact counts nothing.
func SyntaxError(text []byte, pos int, ctx SyntaxCtx, entry SyntaxEntry) (string, int64) {
	var off int64
	if entry != EntryCompact {
		off = int64(min(pos+1, len(text)))
	}
	// At the end the scanner is fed a space, which fails only inside tokens.
	c := byte(' ')
	if pos < len(text) {
		c = text[pos]
	} else if !spaceFails(ctx) {
		return MsgEOF, off
	}
	return "invalid character " + strconv.QuoteRune(rune(c)) + " " + classicText(text, pos, ctx), off
}

func classicText(text []byte, pos int, ctx SyntaxCtx) string {
	if words, ok := sharedText(text, pos, ctx); ok {
		return words
	}
	switch ctx {
	case CtxAfterElem:
		return "after array element"
	case CtxString:
		return "in string literal"
	case CtxEscape:
		return "in string escape code"
	case CtxHexEscape:
		return `in \u hexadecimal character escape`
	case CtxNumber:
		return "in numeric literal"
	case CtxDecimal:
		return "after decimal point in numeric literal"
	case CtxExponent:
		return "in exponent of numeric literal"
	case CtxDepth:
		return "exceeded max depth"
	}
	panic("semantics: no syntax context " + strconv.Itoa(int(ctx)))
}

// spaceFails reports whether a space cannot continue a token in ctx: Go
// 1.26's scanner, fed a space at the end of the text, fails in these
// contexts with "invalid character ' '", and with "unexpected end" in all
// others.
func spaceFails(ctx SyntaxCtx) bool {
	switch ctx {
	case CtxEscape, CtxHexEscape, CtxNumber, CtxDecimal, CtxExponent, CtxTrue, CtxFalse, CtxNull:
		return true
	}
	return false
}
