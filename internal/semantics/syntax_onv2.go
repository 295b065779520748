//go:build goexperiment.jsonv2 && go1.27

package semantics

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// SyntaxError returns the message and Offset of the *json.SyntaxError that
// entry reports for text failing at text[pos] in ctx (see [SyntaxCtx]).
// The offset counts from text[0].
//
// Go 1.27 words its errors as jsontext does, through v1's replacements:
// it names the failing character (a whole UTF-8 sequence, or '\x80' for a
// byte that is not one) and counts the bytes up to the end of it; it names a
// bad escape by its text; and any end of text is "unexpected end of JSON
// input", at the offset where the unfinished token or UTF-8 sequence began.
func SyntaxError(text []byte, pos int, ctx SyntaxCtx, entry SyntaxEntry) (string, int64) {
	if pos >= len(text) {
		return MsgEOF, int64(eofOffset(text, ctx, entry))
	}
	switch ctx {
	case CtxDepth:
		return "exceeded max depth", int64(pos + 1)
	case CtxEscape, CtxHexEscape:
		// jsontext quotes \x or \uXXXX whole, or what is left of the text
		// when fewer than six bytes remain.
		bs := backslash(text, pos)
		end := bs + 2
		if ctx == CtxHexEscape {
			end = bs + 6
		}
		end = min(end, len(text))
		return "invalid escape sequence " + quoteText(string(text[bs:end])) + " in string", int64(end)
	}
	r, size := utf8.DecodeRune(text[pos:])
	q := strconv.QuoteRune(r)
	if r == utf8.RuneError && size == 1 {
		q = `'\x` + strconv.FormatUint(uint64(text[pos]), 16) + `'`
	}
	return "invalid character " + q + " " + onV2Text(text, pos, ctx, entry), int64(pos + size)
}

func onV2Text(text []byte, pos int, ctx SyntaxCtx, entry SyntaxEntry) string {
	if words, ok := sharedText(text, pos, ctx); ok {
		return words
	}
	switch ctx {
	case CtxAfterElem:
		// The decoder's wording is replaced by v1's; the encoder's, which
		// Compact and Indent run, is not.
		if entry == EntryValid {
			return "after array element"
		}
		return "after array value"
	case CtxString:
		return "in string"
	case CtxNumber, CtxDecimal, CtxExponent:
		return "in numeric literal"
	}
	panic("semantics: no syntax context " + strconv.Itoa(int(ctx)))
}

// eofOffset is where jsontext places the end of text in ctx.
func eofOffset(text []byte, ctx SyntaxCtx, entry SyntaxEntry) int {
	n := len(text)
	switch ctx {
	case CtxNumber, CtxDecimal, CtxExponent:
		// The decoder rewinds to the number; the encoder to the part of
		// it that is unfinished.
		start := numberStart(text, n)
		if entry == EntryValid || ctx == CtxNumber {
			return start
		}
		i := start
		for i < n && (ctx == CtxDecimal && text[i] != '.' || ctx == CtxExponent && text[i]|0x20 != 'e') {
			i++
		}
		return i
	case CtxEscape, CtxHexEscape:
		return backslash(text, n)
	case CtxString:
		// A UTF-8 sequence cut off by the end is where the string stops.
		for k := 1; k <= 3 && k <= n; k++ {
			c := text[n-k]
			if c >= 0xC0 {
				if !utf8.FullRune(text[n-k:]) {
					return n - k
				}
				break
			}
			if c < 0x80 {
				break
			}
		}
	}
	return n
}

// quoteText quotes the text of an escape as jsontext does: in backquotes,
// or as a Go string if it holds a backquote, a space, or a character that
// is invalid or not printable.
func quoteText(s string) string {
	if strings.ContainsFunc(s, func(r rune) bool {
		return r == '`' || r == utf8.RuneError || unicode.IsSpace(r) || !unicode.IsPrint(r)
	}) {
		return strconv.Quote(s)
	}
	return "`" + s + "`"
}

// backslash is the start of the escape that fails at text[pos].
func backslash(text []byte, pos int) int {
	i := pos - 1
	for i > 0 && text[i] != '\\' {
		i--
	}
	return max(i, 0)
}

// numberStart is the first byte of the number that fails at text[pos]: the
// bytes before it are none of a number's.
func numberStart(text []byte, pos int) int {
	i := pos
	for i > 0 {
		c := text[i-1]
		if c-'0' >= 10 && c != '-' && c != '+' && c != '.' && c|0x20 != 'e' {
			break
		}
		i--
	}
	return i
}
