package streamdecoder

import (
	"io"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/semantics"
)

// The lexing steps of Go 1.27's streaming reader (jsontext's). Each reads
// one token from the front of b, which may end anywhere: a token cut off by
// the end of b reports io.ErrUnexpectedEOF and, for strings and numbers,
// where to resume once more input has arrived. Invalid UTF-8 is let
// through, as v1 semantics require.

// onV2Kind is the kind of the token a byte starts: the byte itself for
// literals, strings and brackets, '0' for numbers, 0 for anything else.
func onV2Kind(c byte) byte { return onV2Kinds[c] }

var onV2Kinds = func() (t [256]byte) {
	for _, c := range []byte(`nft"{}[]`) {
		t[c] = c
	}
	for _, c := range []byte("-0123456789") {
		t[c] = '0'
	}
	return t
}()

// onV2Literal is the literal a token of kind k must be.
func onV2Literal(k byte) string {
	switch k {
	case 'n':
		return "null"
	case 'f':
		return "false"
	}
	return "true"
}

// spaceRun returns the number of whitespace bytes b starts with.
func spaceRun(b []byte) int {
	n := 0
	for n < len(b) && grammar.Is(b[n], grammar.Space) {
		n++
	}
	return n
}

// lexLiteral checks that b starts with lit.
func lexLiteral(b []byte, lit string) (int, error) {
	for i := 0; i < len(b) && i < len(lit); i++ {
		if b[i] != lit[i] {
			return i, &onV2Fault{ctx: literalCtx(lit)}
		}
	}
	if len(b) < len(lit) {
		return len(b), io.ErrUnexpectedEOF
	}
	return len(lit), nil
}

// plainString returns the length of the string b starts with if it has
// only ASCII that needs no attention, and 0 otherwise.
func plainString(b []byte) int {
	if len(b) == 0 || b[0] != '"' {
		return 0
	}
	n := 1 + grammar.PlainASCIIRun(b, 1)
	if n < len(b) && b[n] == '"' {
		return n + 1
	}
	return 0
}

// lexString reads the string b starts with, resuming at n (0: from the
// start) after a cut.
func lexString(b []byte, n int) (int, error) {
	if n == 0 {
		switch {
		case len(b) == 0:
			return 0, io.ErrUnexpectedEOF
		case b[0] != '"':
			return 0, &onV2Fault{ctx: semantics.CtxKey}
		}
		n = 1
	}
	for n < len(b) {
		n += grammar.PlainASCIIRun(b, n)
		if n == len(b) {
			break
		}
		switch c := b[n]; {
		case c == '"':
			return n + 1, nil
		case c == '\\':
			if len(b) < n+2 {
				return n, io.ErrUnexpectedEOF
			}
			switch b[n+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				n += 2
			case 'u':
				// A bad digit counts before a cut: jsontext quotes what
				// it has of the escape.
				for i, h := range b[n+2 : min(n+6, len(b))] {
					if !grammar.IsHex(h) {
						return n, &onV2Fault{ctx: semantics.CtxHexEscape, skip: 2 + i}
					}
				}
				if len(b) < n+6 {
					return n, io.ErrUnexpectedEOF
				}
				n += 6
			default:
				return n, &onV2Fault{ctx: semantics.CtxEscape, skip: 1}
			}
		case c < ' ':
			return n, &onV2Fault{ctx: semantics.CtxString}
		default:
			r, size := utf8.DecodeRune(b[n:])
			if r == utf8.RuneError && size == 1 && !utf8.FullRune(b[n:]) {
				return n, io.ErrUnexpectedEOF
			}
			n += size
		}
	}
	return n, io.ErrUnexpectedEOF
}

// plainNumber returns the length of the integer b starts with if no
// fraction or exponent follows it in b, and 0 otherwise.
func plainNumber(b []byte) int {
	n := 0
	switch {
	case len(b) == 0:
		return 0
	case b[0] == '0':
		n = 1
	case b[0]-'1' < 9:
		n = 1
		for n < len(b) && b[n]-'0' < 10 {
			n++
		}
	default:
		return 0
	}
	if n == len(b) || b[n] != '.' && b[n]|0x20 != 'e' {
		return n
	}
	return 0
}

// numState is where lexNumber stopped in a number.
type numState uint8

const (
	numInit numState = iota
	numBeforeInt
	numInInt
	numBeforeFrac
	numInFrac
	numBeforeExp
	numInExp
)

// lexNumber reads the number b starts with, resuming at n in state st
// after a cut. A number can go on past the end of b, so the caller also
// reads more when n reaches len(b) without an error.
func lexNumber(b []byte, n int, st numState) (int, numState, error) {
	if st > numInit {
		switch st {
		case numInInt, numInFrac, numInExp:
			for n < len(b) && b[n]-'0' < 10 {
				n++
			}
			if n == len(b) {
				return n, st, nil
			}
			st++
		}
		switch st {
		case numBeforeInt:
			goto beforeInt
		case numBeforeFrac:
			goto beforeFrac
		case numBeforeExp:
			goto beforeExp
		}
		return n, st, nil
	}

beforeInt:
	{
		resume := n
		if len(b) > 0 && b[0] == '-' {
			n++
		}
		switch {
		case len(b) <= n:
			return resume, numBeforeInt, io.ErrUnexpectedEOF
		case b[n] == '0':
			n++
			st = numBeforeFrac
		case b[n]-'1' < 9:
			n++
			for n < len(b) && b[n]-'0' < 10 {
				n++
			}
			st = numInInt
		default:
			return n, st, &onV2Fault{ctx: semantics.CtxNumber}
		}
	}

beforeFrac:
	if n < len(b) && b[n] == '.' {
		resume := n
		n++
		switch {
		case len(b) <= n:
			return resume, numBeforeFrac, io.ErrUnexpectedEOF
		case b[n]-'0' < 10:
			n++
		default:
			return n, st, &onV2Fault{ctx: semantics.CtxNumber}
		}
		for n < len(b) && b[n]-'0' < 10 {
			n++
		}
		st = numInFrac
	}

beforeExp:
	if n < len(b) && b[n]|0x20 == 'e' {
		resume := n
		n++
		if n < len(b) && (b[n] == '-' || b[n] == '+') {
			n++
		}
		switch {
		case len(b) <= n:
			return resume, numBeforeExp, io.ErrUnexpectedEOF
		case b[n]-'0' < 10:
			n++
		default:
			return n, st, &onV2Fault{ctx: semantics.CtxNumber}
		}
		for n < len(b) && b[n]-'0' < 10 {
			n++
		}
		st = numInExp
	}
	return n, st, nil
}

// literalCtx is the context of a failure inside lit.
func literalCtx(lit string) semantics.SyntaxCtx {
	switch lit[0] {
	case 'n':
		return semantics.CtxNull
	case 'f':
		return semantics.CtxFalse
	}
	return semantics.CtxTrue
}
