package decoder

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/syntax"
)

// v2Where says where Go 1.27's reader found invalid text.
type v2Where uint8

const (
	whereValue     v2Where = iota // at the start of a value
	whereString                   // at the start of a string (an object key)
	whereAfterKey                 // after an object key
	whereAfterPair                // after an object member
	whereAfterElem                // after an array element
	whereLiteral                  // inside true, false or null
	whereNumber                   // inside a number
	whereControl                  // a control character inside a string
	whereEscape                   // a bad escape sequence inside a string
)

// v2Text is invalid text found by Go 1.27's reader, before its position is
// known.
type v2Text struct {
	what   string // the invalid text
	where  v2Where
	lit    string // whereLiteral: the literal
	expect byte   // whereLiteral: the byte it needed
}

func (e *v2Text) Error() string { return e.message() }

// message words the error as v1 on v2 does: jsontext's text with v1's
// terms put back.
func (e *v2Text) message() string {
	label := "invalid character "
	if e.where == whereEscape {
		label = "invalid escape sequence "
	}
	msg := label + quoteText(e.what)
	switch e.where {
	case whereValue:
		return msg + " " + syntax.CtxValue
	case whereString:
		return msg + " " + syntax.CtxKey
	case whereAfterKey:
		return msg + " " + syntax.CtxAfterKey
	case whereAfterPair:
		return msg + " " + syntax.CtxAfterPair
	case whereAfterElem:
		return msg + " " + syntax.CtxAfterElem
	case whereLiteral:
		return msg + " in literal " + e.lit + " (expecting " + strconv.QuoteRune(rune(e.expect)) + ")"
	case whereNumber:
		return msg + " " + syntax.CtxNumber
	}
	return msg + " in string"
}

// quoteText quotes invalid text as jsontext does: one character as a Go
// rune literal (a byte of invalid UTF-8 as '\xff'), more in backquotes
// unless they need escaping.
func quoteText(s string) string {
	if utf8.RuneCountInString(s) == 1 {
		r, n := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError && n == 1 {
			return `'\x` + strconv.FormatUint(uint64(s[0]), 16) + `'`
		}
		return strconv.QuoteRune(r)
	}
	if strings.ContainsFunc(s, func(r rune) bool {
		return r == '`' || r == utf8.RuneError || unicode.IsSpace(r) || !unicode.IsPrint(r)
	}) {
		return strconv.Quote(s)
	}
	return "`" + s + "`"
}

// Structural errors of Go 1.27's reader.
var (
	errV2Depth    = errors.New(syntax.CtxDepthLimit)
	errV2Mismatch = errors.New("mismatching structural token for object or array")
	errV2NonName  = errors.New("object member name must be a string")
	errV2Missing  = errors.New("missing value after object key")
)

// v2EOF reports input that ends inside a value. Each call turns it into
// what encoding/json reports there.
type v2EOF struct{ offset int64 }

func (e *v2EOF) Error() string { return syntax.MsgEOF }

func (e *v2EOF) syntaxError() error { return mem.NewSyntaxError(syntax.MsgEOF, e.offset) }

// v2ReadError is an error from the reader, which reaches the caller as it
// is.
type v2ReadError struct{ err error }

func (e v2ReadError) Error() string { return e.err.Error() }
